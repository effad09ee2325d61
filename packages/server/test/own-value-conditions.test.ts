// A session-level condition on a value computed from the session's row is compiled for the scan:
// the buffering ratio with a pre-test, `rebuffer_ms <> 0`, when 0 fails the comparison; watch time
// and MB downloaded as a comparison of the integer column with a bound (population.ts). The
// sessions selected must be exactly those whose own value passes, for every operator and value,
// on each engine (PLAYQ_TEST_ENGINE).
import { fc, test } from '@fast-check/vitest';
import type { ComparisonOperator } from '@playq/grammar';
import type { QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { QueryExecutor } from '../src/exec/executor';
import { generateDataset } from '../src/index';
import { QOE_TESTS } from '../src/sql/operators';
import { populationOptions } from '../src/sql/population';
import { compileSessionList } from '../src/sql/session-list';
import { asEngineUnderTest, planContext } from './engine-under-test';
import { node, run } from './v2-fixture';

const END = 1_767_225_600;
const HOUR = 3600;
let db: Engine;
beforeAll(async () => {
  db = await asEngineUnderTest(await generateDataset({ sessions: 4000, seed: 23, days: 2, end: END }));
});
afterAll(() => db.close());

const OPERATORS = Object.keys(QOE_TESTS) as ComparisonOperator[];
/** Values to compare with: ratios (%), watch time (min, tested on watch_ms) and MB (on bytes_downloaded). */
const VALUES = {
  bufferingratio: [0, 0.001, 0.5, 2.5, 10, 100],
  cirrbufferingratio: [0, 0.5, 10],
  playdur: [0, 0.5, 5, 30],
  cbrsize: [0, 1, 50, 500],
} as const;

async function list(p: Record<string, string | number>, fields: string[]) {
  const query: QueryNode = {
    ...node({ metrics: 'attempts', ...p }),
    metrics: fields,
    aggby: [],
    limit: 10_000,
  };
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const plan = compileSessionList(query, planContext(db), populationOptions(query));
  return { plan, page: await executor.page(plan, 10_000, 0) };
}

const period = fc
  .tuple(fc.integer({ min: 1, max: 47 }), fc.integer({ min: 1, max: 24 }))
  .map(
    ([from, hours]) => `start=${END - from * HOUR},end=${Math.min(END, END - from * HOUR + hours * HOUR)}`,
  );

describe('a condition on a session’s own value', () => {
  test.prop(
    [
      period,
      fc
        .constantFrom(...(Object.keys(VALUES) as (keyof typeof VALUES)[]))
        .chain((m) => fc.tuple(fc.constant(m), fc.constantFrom(...VALUES[m]))),
      fc.constantFrom(...OPERATORS),
    ],
    { numRuns: 40 },
  )('selects exactly the sessions whose own value passes', async (p, [metric, value], op) => {
    const all = await list({ period: p }, ['sessionid', metric]);
    const passing = all.page.records.filter((r) => QOE_TESTS[op](Number(r[metric]), value));
    const selected = await list({ period: p, qoefilter: `${metric}${op}${value}` }, ['sessionid', metric]);
    expect(selected.page.records).toEqual(passing);
    // metricquery's population is the list's: the same count
    const counted = await run(db, { period: p, metrics: 'attempts', qoefilter: `${metric}${op}${value}` });
    expect(counted.records[0]?.attempts ?? 0).toBe(passing.length);
  });

  it('the data holds sessions that never rebuffered, with and without watch time', async () => {
    const { page } = await list({ period: `start=${END - 48 * HOUR},end=${END}` }, [
      'watchtime',
      'bufferingratio',
    ]);
    const zero = page.records.filter((r) => r.bufferingratio === 0);
    expect(zero.some((r) => Number(r.watchtime) > 0)).toBe(true);
    expect(zero.some((r) => r.watchtime === 0)).toBe(true);
    expect(page.records.some((r) => Number(r.bufferingratio) > 0)).toBe(true);
  });

  it('is pre-tested by rebuffer_ms <> 0 only when a ratio of 0 fails it', async () => {
    const sql = async (qoefilter: string) => (await list({ qoefilter }, ['sessionid'])).plan.sql;
    for (const failsAtZero of [
      'bufferingratio>0.5',
      'bufferingratio>0',
      'bufferingratio=3',
      'bufferingratio>=1',
    ])
      expect(await sql(failsAtZero)).toContain('rebuffer_ms <> 0');
    for (const passesAtZero of [
      'bufferingratio<0.5',
      'bufferingratio>=0',
      'bufferingratio!=3',
      'bufferingratio=0',
    ])
      expect(await sql(passesAtZero)).not.toContain('rebuffer_ms <> 0');
  });
});
