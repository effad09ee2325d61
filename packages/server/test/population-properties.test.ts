// Consistency properties of the population switches (docs/server.md#the-population-s) on generated data, over
// random periods: widening the population never lowers a count, and time buckets partition S.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { generateDataset } from '../src/index';
import { asEngineUnderTest } from './engine-under-test';
import { run } from './semantics-fixture';

const END = 1_767_225_600;
const HOUR = 3600;
let db: Engine;
beforeAll(async () => {
  db = await asEngineUnderTest(await generateDataset({ sessions: 4000, seed: 11, days: 2, end: END }));
});
afterAll(async () => {
  await db.close();
});

const periods = fc
  .tuple(fc.integer({ min: 1, max: 47 }), fc.integer({ min: 1, max: 12 }))
  .map(
    ([from, hours]) => `start=${END - from * HOUR},end=${Math.min(END, END - from * HOUR + hours * HOUR)}`,
  );
const counts = 'attempts,viewercount,users,unique_devices';
const total = async (p: Record<string, string | number>) => {
  const r = (await run(db, { metrics: counts, ...p })).records[0] ?? {};
  return Object.fromEntries(counts.split(',').map((m) => [m, Number(r[m] ?? 0)]));
};

describe('population switches', () => {
  test.prop([periods, fc.constantFrom('ended', 'started')], { numRuns: 12 })(
    'allstatus=1 counts at least what allstatus=0 counts',
    async (period, sessiontype) => {
      const narrow = await total({ period, sessiontype });
      const wide = await total({ period, sessiontype, allstatus: 1 });
      for (const m of Object.keys(narrow)) expect(wide[m]).toBeGreaterThanOrEqual(narrow[m]!);
    },
  );

  test.prop([periods], { numRuns: 12 })(
    'every session started in the period is active in it: concurrency=1 counts at least as many',
    async (period) => {
      const started = await total({ period, sessiontype: 'started', allstatus: 1 });
      const active = await total({ period, concurrency: 1 });
      for (const m of Object.keys(started)) expect(active[m]).toBeGreaterThanOrEqual(started[m]!);
    },
  );

  test.prop([periods, fc.constantFrom('ended', 'started')], { numRuns: 12 })(
    'hourly buckets partition S: their attempts add up to the period total',
    async (period, sessiontype) => {
      const whole = await total({ period, sessiontype });
      const buckets = await run(db, {
        metrics: 'attempts',
        aggby: 'timestamp',
        granularity: 'hour',
        period,
        sessiontype,
      });
      expect(buckets.records.reduce((sum, r) => sum + Number(r.attempts), 0)).toBe(whole.attempts);
    },
  );

  test.prop([periods, fc.constantFrom('minute', '10minute', 'hour')], { numRuns: 12 })(
    'concurviewavg per bucket is the same through the running-sum plan and the per-bucket rows',
    async (period, granularity) => {
      // Without concurrency the plan sums +1/-1 at each session's first/last bucket; with it, one
      // row per session and bucket is made. Both count the sessions active in each bucket.
      const p = { metrics: 'concurviewavg', aggby: 'timestamp', granularity, period, limit: 10_000 };
      const sums = await run(db, p);
      const rows = await run(db, { ...p, concurrency: 1 });
      expect(sums.records).toEqual(rows.records);
      expect(sums.records.length).toBeGreaterThan(0);
    },
  );
});
