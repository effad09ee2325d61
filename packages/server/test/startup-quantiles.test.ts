// Startup quantiles asked together (median_latency, p95_latency, p99_latency) are one list
// aggregate on DuckDB (dialect.ts `quantile`): each record holds the values the same metric has
// when asked alone, on every engine, over random periods, breakdowns and filters; one quantile
// alone keeps the plain aggregate.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { generateDataset } from '../src/index';
import { compileQuery } from '../src/sql/compile';
import { asEngineUnderTest } from './engine-under-test';
import { node, run } from './semantics-fixture';

const END = 1_767_225_600;
const HOUR = 3600;
const QUANTILES = ['median_latency', 'p95_latency', 'p99_latency'] as const;
let db: Engine;
beforeAll(async () => {
  db = await asEngineUnderTest(await generateDataset({ sessions: 4000, seed: 29, days: 2, end: END }));
});
afterAll(() => db.close());

const query = fc.record({
  period: fc
    .tuple(fc.integer({ min: 1, max: 47 }), fc.integer({ min: 1, max: 48 }))
    .map(
      ([from, hours]) => `start=${END - from * HOUR},end=${Math.min(END, END - from * HOUR + hours * HOUR)}`,
    ),
  quantiles: fc.shuffledSubarray([...QUANTILES], { minLength: 2 }),
  others: fc.subarray(['viewercount', 'latency', 'median_qualityofexperience']),
  aggby: fc.constantFrom('', 'cdn', 'country,platform', 'timestamp'),
  filter: fc.constantFrom('', '[platform=web|android]', '[country=US]'),
});

describe('startup quantiles asked together', () => {
  test.prop([query], { numRuns: 25 })(
    'each record holds what each quantile is when asked alone',
    async (q) => {
      const base = {
        period: q.period,
        limit: 10_000,
        ...(q.aggby ? { aggby: q.aggby } : {}),
        ...(q.aggby === 'timestamp' ? { granularity: 'hour' } : {}),
        ...(q.filter ? { filter: q.filter } : {}),
      };
      const together = await run(db, { ...base, metrics: [...q.quantiles, ...q.others].join(',') });
      const dims = q.aggby.split(',').filter((d) => d !== '');
      const key = (r: Record<string, unknown>) => JSON.stringify(dims.map((d) => r[d]));
      for (const metric of q.quantiles) {
        const alone = await run(db, { ...base, metrics: metric });
        // The same groups (every metric reads the same sessions), each with the same value.
        expect(new Map(together.records.map((r) => [key(r), r[metric]]))).toEqual(
          new Map(alone.records.map((r) => [key(r), r[metric]])),
        );
        expect(together.records).toHaveLength(alone.records.length);
      }
    },
  );

  it('DuckDB computes two or three of them as one list aggregate, one as the plain quantile', () => {
    const sql = (metrics: string) =>
      compileQuery(node({ metrics }), { customerCode: 0, dictionary: () => undefined }).sql;
    const both = sql('p99_latency,median_latency');
    expect(both).toContain('quantile_cont(startup_ms, [0.5, 0.99])[2]');
    expect(both).toContain('quantile_cont(startup_ms, [0.5, 0.99])[1]');
    expect(sql('p95_latency,latency')).toContain('quantile_cont(startup_ms, 0.95)');
    expect(sql('p95_latency,latency')).not.toContain('[');
  });
});
