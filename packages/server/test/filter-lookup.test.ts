// A filter on a small dimension, with the service's in-memory dictionaries, tests each row's code by
// a lookup in a list of flags (population.ts); without them the values are resolved in SQL. Both
// must select the same rows: over generated data and random filters (several values, values absent
// from the data, several dimensions, on sessions and on error events) the records are the same.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type Dataset, generateDataset } from '../src/index';
import { compileQuery } from '../src/sql/compile';
import { isSmallDimension } from '../src/sql/dimension-sql';
import { QueryExecutor } from '../src/sql/execute';
import { planContext } from './engine-under-test';
import { node } from './v2-fixture';

const END = 1_767_225_600;
let db: Dataset;
beforeAll(async () => {
  db = await generateDataset({ sessions: 6000, seed: 41, days: 2, end: END });
});
afterAll(() => db.close());

const VALUES = {
  country: ['US', 'GB', 'DE', 'FR', 'BR', 'IN', 'ZZ'],
  platform: ['web', 'ios', 'android', 'roku', 'smarttv', 'nowhere'],
  cdn: ['akamai', 'cloudfront', 'fastly', 'none'],
} as const;
type Dim = keyof typeof VALUES;

const clause = (dim: Dim) =>
  fc
    .uniqueArray(fc.constantFrom(...VALUES[dim]), { minLength: 1, maxLength: 4 })
    .map((vs) => `[${dim}=${vs.join('|')}]`);

const query = fc.record({
  filter: fc
    .uniqueArray(fc.constantFrom<Dim>('country', 'platform', 'cdn'), { minLength: 1, maxLength: 2 })
    .chain((dims) => fc.tuple(...dims.map(clause)).map((cs) => cs.join(''))),
  metrics: fc.constantFrom('attempts,errors', 'viewercount,bufferingratio', 'errors'),
  aggby: fc.constantFrom(undefined, 'country', 'platform'),
});

async function records(p: Record<string, string>, dictionaries: boolean) {
  const q = node({ period: `start=${END - 2 * 86_400},end=${END}`, limit: 10_000, ...p });
  const ctx = planContext(db);
  const plan = compileQuery(
    q,
    dictionaries ? { ...ctx, dictionary: (d) => (isSmallDimension(d) ? db.dictionary(d) : undefined) } : ctx,
  );
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  return { plan, page: await executor.page(plan, q.limit, q.offset) };
}

describe('a filter by code lookup', () => {
  test.prop([query], { numRuns: 25 })('selects what the values resolved in SQL select', async (q) => {
    const p = { filter: q.filter, metrics: q.metrics, ...(q.aggby ? { aggby: q.aggby } : {}) };
    const looked = await records(p, true);
    const resolved = await records(p, false);
    expect(looked.page).toEqual(resolved.page);
  });

  test('several codes become one list of flags; one code stays a comparison', async () => {
    const several = await records({ filter: '[country=US|BR|ZZ]', metrics: 'attempts' }, true);
    expect(several.plan.sql).toMatch(/\)\[country \+ 1\] = 1/);
    const one = await records({ filter: '[country=US]', metrics: 'attempts' }, true);
    expect(one.plan.sql).not.toMatch(/\[country \+ 1\]/);
    expect(several.page.records[0]?.attempts).toBeGreaterThan(one.page.records[0]?.attempts as number);
  });
});
