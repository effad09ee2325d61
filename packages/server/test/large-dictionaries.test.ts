// Large dictionaries (subscriber ids, asset ids and names) decoded in JS by the engine that keeps
// them (engine.ts `largeDictionary`), instead of a join that scans the dictionary on every page:
// the same records as the join on every engine, over random breakdowns, orders, pages and session
// lists; the plan leaves their codes for the record writer only where the engine offers them.
import { fc, test } from '@fast-check/vitest';
import type { QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBy, type Engine } from '../src/engine/engine';
import { codeValues } from '../src/exec/code-values';
import { QueryExecutor } from '../src/exec/executor';
import { generateDataset } from '../src/index';
import { type CompiledQuery, compileQuery } from '../src/sql/compile';
import { isSmallDimension, LARGE_DIMENSIONS } from '../src/sql/dimension-sql';
import { asEngineUnderTest, planContext } from './engine-under-test';
import { node } from './v2-fixture';

const END = 1_767_225_600;
const HOUR = 3600;
let db: Engine;
beforeAll(async () => {
  db = await asEngineUnderTest(await generateDataset({ sessions: 6000, seed: 23, days: 2, end: END }));
});
afterAll(() => db.close());

const period = fc
  .tuple(fc.integer({ min: 1, max: 47 }), fc.integer({ min: 1, max: 48 }))
  .map(
    ([from, hours]) => `start=${END - from * HOUR},end=${Math.min(END, END - from * HOUR + hours * HOUR)}`,
  );

const breakdown = fc.record({
  period,
  metrics: fc.constantFrom('attempts', 'attempts,errors', 'errors', 'playdur,viewercount'),
  aggby: fc.constantFrom(
    'subscriberid',
    'assetname',
    'assetid',
    'country,subscriberid',
    'assetname,platform',
    'assetid,country',
  ),
  order: fc.constantFrom('asc', 'desc'),
  limit: fc.integer({ min: 1, max: 300 }),
  offset: fc.integer({ min: 0, max: 400 }),
});

const listing = fc.record({
  period,
  fields: fc
    .shuffledSubarray(['subscriberid', 'assetname', 'assetid', 'country', 'playdur'], { minLength: 1 })
    .map((f) => [...f, 'sessionid']),
  order: fc.constantFrom('asc', 'desc'),
  limit: fc.integer({ min: 1, max: 300 }),
  offset: fc.integer({ min: 0, max: 400 }),
});

/** The query's plan as the service compiles it, and as it would be with every large dictionary joined. */
function plans(query: QueryNode): { decoded: CompiledQuery; joined: CompiledQuery } {
  return {
    decoded: compileQuery(query, planContext(db)),
    joined: compileQuery(query, { ...planContext(db), decodes: isSmallDimension }),
  };
}

async function answers(query: QueryNode) {
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const { decoded, joined } = plans(query);
  const [a, b] = await Promise.all([decoded, joined].map((p) => executor.page(p, query.limit, query.offset)));
  return { decoded: a!, joined: b!, plan: decoded };
}

/** On the coded layout the plan joins no large dictionary and its large columns carry `decode`. */
function expectDecodedPlan(plan: CompiledQuery, names: readonly string[]): void {
  const coded = db.target.layout === 'coded';
  for (const d of LARGE_DIMENSIONS) {
    expect(plan.sql).not.toContain(`dict_${d}`);
    if (names.includes(d)) expect(plan.columns.find((c) => c.name === d)?.decode).toBe(coded ? d : undefined);
  }
}

describe('large dictionaries decoded by the engine', () => {
  test.prop([breakdown], { numRuns: 30 })(
    'a breakdown by subscriber or asset has the records of the join, page by page',
    async (p) => {
      const query = node({
        period: p.period,
        metrics: p.metrics,
        aggby: p.aggby,
        order: p.order,
        limit: p.limit,
        offset: p.offset,
      });
      const { decoded, joined, plan } = await answers(query);
      expect(decoded).toStrictEqual(joined);
      expectDecodedPlan(plan, p.aggby.split(','));
    },
  );

  test.prop([listing], { numRuns: 20 })(
    'a session list of subscriber and asset fields has the records of the join',
    async (p) => {
      const base = node({ metrics: 'attempts', period: p.period });
      const query: QueryNode = {
        ...base,
        endpoint: 'listsessions',
        metrics: p.fields,
        aggby: [],
        orderby: p.fields[0],
        order: p.order,
        limit: p.limit,
        offset: p.offset,
      };
      const { decoded, joined, plan } = await answers(query);
      expect(decoded).toStrictEqual(joined);
      if (p.offset === 0) expect(decoded.records.length).toBeGreaterThan(0);
      expectDecodedPlan(plan, p.fields);
    },
  );

  it('the coded layout offers every large dictionary, its values read once and equal to the table', async () => {
    for (const d of LARGE_DIMENSIONS) {
      const dictionary = db.largeDictionary?.(d);
      if (db.target.layout === 'raw') {
        expect(dictionary).toBeUndefined();
        continue;
      }
      expect(dictionary).toBeDefined();
      const values = await dictionary!.values();
      expect(dictionary!.values()).toBe(dictionary!.values());
      const rows: [number, string][] = [];
      await db.run(`SELECT code, value FROM dict_${d} ORDER BY code`, [], {}, (columns, n) => {
        for (let r = 0; r < n; r++) rows.push([Number(columns[0]![r]), String(columns[1]![r])]);
      });
      expect(rows.length).toBeGreaterThan(0);
      expect(dictionary!.size).toBe(rows.at(-1)![0] + 1);
      for (const [code, value] of rows) expect(values.json(code)).toBe(JSON.stringify(value));
      expect(values.json(dictionary!.size)).toBeUndefined();
    }
  });

  it('a plan decoding a dictionary the engine does not offer is refused, never written as ""', async () => {
    const without: Engine = { ...db, target: db.target, largeDictionary: () => undefined } as Engine;
    expect(decodedBy(without)('subscriberid')).toBe(false);
    expect(decodedBy(without)('country')).toBe(true);
    await expect(codeValues(without, [{ decode: 'subscriberid' }])).rejects.toThrow(
      'internal: the plan decodes subscriberid, whose values the engine does not keep',
    );
    const small = await codeValues(without, [{ decode: 'country' }]);
    expect(small('subscriberid')).toBeUndefined();
  });
});
