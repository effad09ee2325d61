// The top-by-errors plan (subscribers ordered by errors, most first) must answer exactly as the
// general plan: same rows, same order, same totalrecords, on every page, including pages that reach
// past the subscribers with errors into the zero-error ones, with filters and for both customers.
import { fc, test } from '@fast-check/vitest';
import { fromURL } from '@playq/query';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { compileQuery, type Dataset, generateDataset } from '../src/index';
import { END } from './helpers';

let db: Dataset;

beforeAll(async () => {
  db = await generateDataset({ sessions: 6_000, seed: 5, end: END, days: 7 });
});
afterAll(() => db.close());

async function run(url: string, fast: boolean): Promise<unknown[][]> {
  const parsed = fromURL(url);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const q = parsed.query;
  const customerCode = db.customerCode(q.customerId)!;
  const compiled = compileQuery(q, {
    customerCode,
    dictionary: (d) => db.dictionary(d),
    subscriberCodes: fast ? db.subscriberCodes() : undefined,
  });
  const n = compiled.params.values.length;
  return db.all(compiled.page(`$${n + 1}`, `$${n + 2}`), [
    ...compiled.params.values,
    BigInt(q.limit),
    BigInt(q.offset),
  ]);
}

const queryArb = fc.record({
  customer: fc.constantFrom('demo', 'other'),
  fromDay: fc.integer({ min: 0, max: 6 }),
  days: fc.integer({ min: 1, max: 7 }),
  metrics: fc.constantFrom('errors', 'errors,subscriberid', 'subscriberid,errors'),
  orderby: fc.constantFrom(undefined, 'errors'),
  order: fc.constantFrom(undefined, 'desc'),
  filter: fc.constantFrom(
    undefined,
    '[country=US|GB]',
    '[platform=web]',
    '[country=ZZ]',
    '[category=network]',
  ),
  limit: fc.integer({ min: 1, max: 400 }),
  offset: fc.integer({ min: 0, max: 1_500 }),
});

describe('top-by-errors plan', () => {
  test('is used: the statement groups only error events', () => {
    const parsed = fromURL(
      `http://x/api/v1/session/demo?planlevel=2&agg=1&period=start%3D${END - 86_400}%2Cend%3D${END}&metrics=errors&aggby=subscriberid`,
    );
    if (!parsed.ok) throw new Error('query did not parse');
    const compiled = compileQuery(parsed.query, {
      customerCode: 0,
      dictionary: (d) => db.dictionary(d),
      subscriberCodes: db.subscriberCodes(),
    });
    expect(compiled.page('$9', '$10')).toContain('bitstring_agg');
  });

  test.prop([queryArb], { numRuns: 40 })('gives the same page and total as the general plan', async (q) => {
    const start = END - 7 * 86_400 + q.fromDay * 86_400;
    const end = Math.min(END, start + q.days * 86_400);
    const p = new URLSearchParams({
      planlevel: '2',
      agg: '1',
      period: `start=${start},end=${end}`,
      metrics: q.metrics,
      aggby: 'subscriberid',
      limit: String(q.limit),
      offset: String(q.offset),
    });
    if (q.orderby) p.set('orderby', q.orderby);
    if (q.order) p.set('order', q.order);
    if (q.filter) p.set('filter', q.filter);
    const url = `http://x/api/v1/session/${q.customer}?${p}`;
    const fast = await run(url, true);
    const general = await run(url, false);
    expect(fast).toEqual(general);
  });

  test('a page past the errors lists zero-error subscribers in ascending order', async () => {
    const url = `http://x/api/v1/session/other?planlevel=2&agg=1&period=start%3D${END - 7 * 86_400}%2Cend%3D${END}&metrics=errors,subscriberid&aggby=subscriberid`;
    const all = await run(`${url}&limit=10000`, false);
    const errorGroups = all.filter((r) => (r[0] as number) > 0).length;
    expect(errorGroups).toBeGreaterThan(5);
    expect(all.length).toBeGreaterThan(errorGroups + 50);
    const later = await run(`${url}&limit=50&offset=${errorGroups - 5}`, true);
    expect(later.map((r) => r[0])).toEqual([
      ...Array(5)
        .fill(1)
        .map((_, i) => all[errorGroups - 5 + i]![0]),
      ...Array(45).fill(0),
    ]);
    expect(later).toEqual(all.slice(errorGroups - 5, errorGroups + 45));
  });
});
