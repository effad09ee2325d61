// concurviewavg by whole hours or days over a window of whole hours, with no filter and no
// session-level condition, counts the ended sessions from their counts by hour (sql/derived-tables.ts
// ACTIVE_HOURS): the same series as the plan that reads every session, on every engine, over
// random windows; any other query keeps reading the sessions.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { QueryExecutor } from '../src/exec/executor';
import { generateDataset } from '../src/index';
import { compileQuery } from '../src/sql/compile';
import { asEngineUnderTest, planContext } from './engine-under-test';
import { node } from './v2-fixture';

const END = 1_767_225_600;
const HOUR = 3600;
let db: Engine;
beforeAll(async () => {
  db = await asEngineUnderTest(await generateDataset({ sessions: 6000, seed: 31, days: 3, end: END }));
});
afterAll(() => db.close());

/** The series as served, and as the plan that reads the sessions only computes it. */
async function both(p: Record<string, string | number>) {
  const query = node({ metrics: 'concurviewavg', aggby: 'timestamp', limit: 10_000, ...p });
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const served = compileQuery(query, planContext(db));
  const plain = compileQuery(query, { ...planContext(db), target: { ...db.target, derivedTables: false } });
  const [a, b] = await Promise.all([served, plain].map((plan) => executor.page(plan, 10_000, 0)));
  return { served: a!, plain: b!, sql: served.sql };
}

const window = fc
  .tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 1, max: 96 }))
  .map(([from, hours]) => ({ start: END - (from + 1) * HOUR * 2, hours }));

describe('concurviewavg from the sessions counted by hour', () => {
  test.prop([window, fc.constantFrom('hour', 'day', 'auto')], { numRuns: 30 })(
    'a window of whole hours has the series of the plan that reads every session',
    async (w, granularity) => {
      const period = `start=${w.start},end=${w.start + w.hours * HOUR}`;
      const { served, plain, sql } = await both({ period, granularity });
      expect(served).toStrictEqual(plain);
      const g = granularity === 'auto' && w.hours <= 6 ? 'minutes' : 'hours';
      // Read where the engine keeps the derived tables and the buckets are whole hours.
      expect(sql.includes('active_hours')).toBe(db.target.derivedTables && g === 'hours');
    },
  );

  it('reads every session for a filter, a session-level condition, minutes or a window not of whole hours', async () => {
    const start = END - 30 * HOUR;
    const whole = `start=${start},end=${start + 10 * HOUR}`;
    const cases: Record<string, string>[] = [
      { period: whole, granularity: 'hour', filter: '[country=US]' },
      { period: whole, granularity: 'hour', qoefilter: 'latency>1' },
      { period: whole, granularity: '10minute' },
      { period: `start=${start + 60},end=${start + 10 * HOUR}`, granularity: 'hour' },
      { period: `start=${start},end=${start + 10 * HOUR - 60}`, granularity: 'hour' },
    ];
    for (const p of cases) {
      const { served, plain, sql } = await both(p);
      expect(sql).not.toContain('active_hours');
      expect(served).toStrictEqual(plain);
      expect(served.records.length).toBeGreaterThan(0);
    }
  });
});
