// A filter on a small dimension, with the service's in-memory dictionaries, tests each row's code by
// a lookup in a list of flags (population.ts); without them the values are resolved in SQL. Both
// must select the same rows: over generated data and random filters (several values, values absent
// from the data, several dimensions, on sessions and on error events) the records are the same.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { QueryExecutor } from '../src/exec/executor';
import { type Dataset, generateDataset } from '../src/index';
import { compileQuery } from '../src/sql/compile';
import { isSmallDimension } from '../src/sql/dimension-sql';
import { duckParameters, Params } from '../src/sql/params';
import { filterConditions } from '../src/sql/population';
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

  test('several codes become one bit mask (codes below 53); one code stays a comparison', async () => {
    const several = await records({ filter: '[country=US|BR|ZZ]', metrics: 'attempts' }, true);
    expect(several.plan.sql).toMatch(/\(\$\d+ >> country\) & 1 = 1/);
    const one = await records({ filter: '[country=US]', metrics: 'attempts' }, true);
    expect(one.plan.sql).not.toMatch(/>> country|\[country \+ 1\]/);
    expect(several.page.records[0]?.attempts).toBeGreaterThan(one.page.records[0]?.attempts as number);
  });

  // Dictionaries of up to 4096 codes: a set of codes and the rows it selects, over codes 0..299 and
  // null, whichever form (bit mask, list of flags, IN list) the set gets.
  const codeSets = fc.uniqueArray(
    fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 299 })),
    { minLength: 1, maxLength: 8 },
  );
  test.prop([codeSets], { numRuns: 60 })('selects exactly the rows of the chosen codes', async (codes) => {
    const values = Array.from({ length: 300 }, (_, i) => `v${i}`);
    const dictionary = { codes: new Map(values.map((v, i) => [v, i])), values };
    const params = new Params();
    const filter = {
      type: 'filter',
      clauses: [{ type: 'clause', dimension: 'country', values: codes.map((c) => `v${c}`) }],
    } as const;
    const [condition] = filterConditions(filter, params, { dictionary: () => dictionary }, 'sessions') ?? [];
    const rows = await db.all(
      `SELECT country FROM (SELECT unnest(range(0, 300))::INTEGER AS country UNION ALL SELECT NULL) WHERE ${condition} ORDER BY country`,
      duckParameters(params.list).values,
    );
    expect(rows.map((r) => Number(r[0]))).toEqual([...codes].sort((a, b) => a - b));
    if (codes.length > 1)
      expect(condition).toMatch(Math.max(...codes) < 53 ? />> country/ : /\[country \+ 1\]/);
  });
});
