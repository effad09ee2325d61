// Properties of the session list on generated data, over random populations (period, sessiontype,
// allstatus, concurrency, businesserror, filter, session-level conditions): the list counts what a
// metricquery counts as `attempts`, every listed session passes every condition, and paging visits
// each session exactly once.
import { fc, test } from '@fast-check/vitest';
import type { QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { QueryExecutor } from '../src/exec/executor';
import { generateDataset } from '../src/index';
import { populationOptions } from '../src/sql/population';
import { compileSessionList } from '../src/sql/session-list';
import { asEngineUnderTest, planContext } from './engine-under-test';
import { node, run } from './v2-fixture';

const END = 1_767_225_600;
const HOUR = 3600;
let db: Engine;
beforeAll(async () => {
  db = await asEngineUnderTest(await generateDataset({ sessions: 8000, seed: 17, days: 2, end: END }));
});
afterAll(() => db.close());

/** Session-level conditions and how to check one on a listed record. */
const CONDITIONS = ['latency', 'bufferingratio', 'buffcount', 'playdur', 'errors', 'fatalerrors'] as const;
const OPERATORS = {
  '>': (a: number, b: number) => a > b,
  '<': (a: number, b: number) => a < b,
  '>=': (a: number, b: number) => a >= b,
  '<=': (a: number, b: number) => a <= b,
} as const;
const THRESHOLDS: Record<(typeof CONDITIONS)[number], number[]> = {
  latency: [0.5, 1, 2, 5],
  bufferingratio: [0, 0.5, 5],
  buffcount: [0, 1, 3],
  playdur: [0, 5, 30],
  errors: [0, 1],
  fatalerrors: [0, 1],
};

const condition = fc.constantFrom(...CONDITIONS).chain((metric) =>
  fc.record({
    metric: fc.constant(metric),
    op: fc.constantFrom(...(Object.keys(OPERATORS) as (keyof typeof OPERATORS)[])),
    value: fc.constantFrom(...THRESHOLDS[metric]),
  }),
);

const population = fc.record({
  period: fc
    .tuple(fc.integer({ min: 1, max: 47 }), fc.integer({ min: 1, max: 24 }))
    .map(
      ([from, hours]) => `start=${END - from * HOUR},end=${Math.min(END, END - from * HOUR + hours * HOUR)}`,
    ),
  sessiontype: fc.constantFrom('ended', 'started'),
  allstatus: fc.constantFrom(0, 1),
  concurrency: fc.constantFrom(0, 0, 1),
  businesserror: fc.constantFrom('false', 'true'),
  countries: fc.option(
    fc.uniqueArray(fc.constantFrom('US', 'GB', 'DE', 'BR', 'IN'), { minLength: 1, maxLength: 3 }),
    {
      nil: undefined,
    },
  ),
  conditions: fc.uniqueArray(condition, { maxLength: 2, selector: (c) => c.metric }),
});
type Population = typeof population extends fc.Arbitrary<infer T> ? T : never;

/** The URL parameters of the population (metricquery spelling). */
function params(p: Population): Record<string, string | number> {
  return {
    period: p.period,
    sessiontype: p.sessiontype,
    allstatus: p.allstatus,
    businesserror: p.businesserror,
    ...(p.concurrency ? { concurrency: 1 } : {}),
    ...(p.countries ? { filter: `[country=${p.countries.join('|')}]` } : {}),
    ...(p.conditions.length > 0
      ? { qoefilter: p.conditions.map((c) => `${c.metric}${c.op}${c.value}`).join(' AND ') }
      : {}),
  };
}

async function list(p: Population, fields: string[], limit: number, offset: number) {
  const base = node({ metrics: 'attempts', ...params(p) });
  const query: QueryNode = {
    ...base,
    metrics: fields,
    aggby: [],
    limit,
    offset,
    orderby: undefined,
    order: undefined,
  };
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const plan = compileSessionList(query, planContext(db), populationOptions(query));
  return executor.page(plan, limit, offset);
}

describe('the session list', () => {
  test.prop([population], { numRuns: 25 })(
    'counts the population a metricquery counts as attempts',
    async (p) => {
      const listed = await list(p, ['sessionid'], 1, 0);
      const counted = (await run(db, { metrics: 'attempts', ...params(p) })).records[0]?.attempts ?? 0;
      expect(listed.totalrecords).toBe(counted);
    },
  );

  test.prop([population], { numRuns: 25 })('lists only sessions that pass every condition', async (p) => {
    const fields = ['sessionid', ...p.conditions.map((c) => c.metric)];
    const { records } = await list(p, fields, 10_000, 0);
    for (const r of records)
      for (const c of p.conditions) expect(OPERATORS[c.op](Number(r[c.metric]), c.value)).toBe(true);
  });

  test.prop([population, fc.integer({ min: 1, max: 97 })], { numRuns: 15 })(
    'pages visit each session exactly once, in the order of the whole list',
    async (p, limit) => {
      const fields = ['playdur', 'sessionid'];
      const whole = await list(p, fields, 10_000, 0);
      const seen: unknown[] = [];
      for (let offset = 0; offset < whole.totalrecords; offset += limit) {
        const page = await list(p, fields, limit, offset);
        expect(page.totalrecords).toBe(whole.totalrecords);
        seen.push(...page.records.map((r) => r.sessionid));
      }
      expect(seen).toEqual(whole.records.map((r) => r.sessionid));
      expect(new Set(seen).size).toBe(whole.totalrecords);
    },
  );
});
