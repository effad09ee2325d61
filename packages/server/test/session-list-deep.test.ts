// Deep pages of the session list (limit plus offset beyond list-threshold.ts's TOP_N_ROWS), which
// DuckDB serving large data answers from the rows reaching a key threshold estimated on a sample,
// and small data by sorting the whole list: under either profile, on generated data large enough
// for the sample to narrow the rows, every deep page is the same slice of the whole list, with the
// whole list's total (a page past the end included), and the whole list is in the documented order
// (the key, nulls last descending and first ascending, then the session id ascending), whatever
// the key, direction and population.
import { fc, test } from '@fast-check/vitest';
import type { QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { QueryExecutor } from '../src/exec/executor';
import { Dataset, generateDataset } from '../src/index';
import { TOP_N_ROWS } from '../src/sql/list-threshold';
import { populationOptions } from '../src/sql/population';
import { compileSessionList } from '../src/sql/session-list';
import { asEngineUnderTest, ENGINE_UNDER_TEST, planContext } from './engine-under-test';
import { node } from './semantics-fixture';

const END = 1_767_225_600;
let db: Engine;
beforeAll(async () => {
  db = await asEngineUnderTest(await generateDataset({ sessions: 40_000, seed: 29, days: 2, end: END }));
});
afterAll(() => db.close());

/** Keys of several kinds: measured numbers, counts with many ties, times, error counts, coded text. */
const KEYS = [
  'latency',
  'bufferingratio',
  'buffcount',
  'starttime',
  'endtime',
  'errors',
  'country',
  'subscriberid',
];

const shape = fc.record({
  key: fc.constantFrom(...KEYS),
  order: fc.constantFrom('asc' as const, 'desc' as const),
  concurrency: fc.constantFrom(0, 1),
  hours: fc.constantFrom(12, 36, 48),
  qoefilter: fc.constantFrom(undefined, 'latency>1', 'bufferingratio<=2 AND buffcount<3'),
  limit: fc.integer({ min: 1, max: 700 }),
  beyond: fc.integer({ min: 1, max: 14_000 }),
});
type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

async function list(s: Shape, limit: number, offset: number) {
  const base = node({
    metrics: 'attempts',
    period: `start=${END - s.hours * 3600},end=${END}`,
    ...(s.concurrency ? { concurrency: 1 } : {}),
    ...(s.qoefilter ? { qoefilter: s.qoefilter } : {}),
  });
  const fields = s.key === 'sessionid' ? ['sessionid'] : [s.key, 'sessionid'];
  const query: QueryNode = {
    ...base,
    metrics: fields,
    aggby: [],
    limit,
    offset,
    orderby: s.key,
    order: s.order,
  };
  const executor = new QueryExecutor(db, { timeoutMs: 20_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const plan = compileSessionList(query, planContext(db), populationOptions(query));
  return { ...(await executor.page(plan, limit, offset)), sql: plan.sql };
}

/** The documented order of two records: the key (a missing value lowest), then the session id. */
function compare(key: string, order: 'asc' | 'desc') {
  const low = (v: unknown) => v === null || v === '';
  return (a: Record<string, unknown>, b: Record<string, unknown>): number => {
    const [x, y] = [a[key], b[key]];
    let byKey = 0;
    if (low(x) || low(y)) byKey = low(x) === low(y) ? 0 : low(x) ? -1 : 1;
    else byKey = x! < y! ? -1 : x! > y! ? 1 : 0;
    if (order === 'desc') byKey = -byKey;
    return byKey !== 0 ? byKey : String(a.sessionid) < String(b.sessionid) ? -1 : 1;
  };
}

/** Checks a deep page against the whole list; returns the whole list's records. */
async function checkDeepPage(s: Shape) {
  const whole = await list(s, 100_000, 0);
  const expected = [...whole.records].sort(compare(s.key, s.order));
  expect(whole.records).toEqual(expected);
  // limit + offset beyond TOP_N_ROWS: the threshold's plan, when the engine needs one.
  const offset = TOP_N_ROWS - s.limit + s.beyond;
  const page = await list(s, s.limit, offset);
  expect(page.records).toEqual(expected.slice(offset, offset + s.limit));
  expect(page.totalrecords).toBe(whole.totalrecords);
  return whole.records;
}

const DEEP: Shape = {
  key: 'latency',
  order: 'desc',
  concurrency: 0,
  hours: 48,
  qoefilter: undefined,
  limit: 500,
  beyond: 1000,
};

/** DuckDB's serving profiles; chdb has one (its sort keeps the top rows, however many). */
const PROFILES = ENGINE_UNDER_TEST === 'chdb' ? (['large'] as const) : (['large', 'small'] as const);

describe.each(PROFILES)('a deep page of the session list, %s data', (profile) => {
  beforeAll(async () => {
    if (db instanceof Dataset) await db.serveAs(profile);
  });

  test('is read from the rows reaching the threshold on large data, from the whole list sorted on small', async () => {
    const { sql } = await list(DEEP, DEEP.limit, TOP_N_ROWS);
    const narrowed = sql.includes('list_sort(');
    if (!(db instanceof Dataset)) expect(narrowed).toBe(false);
    else expect(narrowed).toBe(profile === 'large');
  });

  test("past the end of the list, gives no record and the whole list's total", async () => {
    const whole = await list(DEEP, 1, 0);
    const past = await list({ ...DEEP, qoefilter: 'latency>1' }, 100, whole.totalrecords + 7);
    const filtered = await list({ ...DEEP, qoefilter: 'latency>1' }, 1, 0);
    expect(past.records).toEqual([]);
    expect(past.totalrecords).toBe(filtered.totalrecords);
    expect(filtered.totalrecords).toBeGreaterThan(0);
  });

  test.prop([shape], { numRuns: 20 })(
    'is the slice of the whole list, in the documented order',
    async (s) => {
      await checkDeepPage(s);
    },
  );

  test('the data makes deep pages a part of the list, not all of it (the sample narrows the rows)', async () => {
    expect((await list(DEEP, 1, 0)).totalrecords).toBeGreaterThan(5 * TOP_N_ROWS);
  });

  test('ascending, sessions without the key come first and the page still counts them', async () => {
    const whole = await checkDeepPage({ ...DEEP, key: 'subscriberid', order: 'asc' });
    const missing = whole.filter((r) => r.subscriberid === '').length;
    expect(missing).toBeGreaterThan(0);
    expect(missing).toBeLessThan(TOP_N_ROWS);
  });
});
