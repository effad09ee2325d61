// Every remaining query parameter against hand-computed answers on the fixed data set (see the
// table atop semantics.test.ts and semantics-fixture.ts). Default S = {a, b, c, d, h}.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { compileQuery } from '../src/sql/compile';
import { node, openV2Dataset, run, T0 } from './semantics-fixture';

let db: Engine;
beforeAll(async () => {
  db = await openV2Dataset();
});
afterAll(async () => {
  await db.close();
});

describe('filter', () => {
  it('applies to sessions and error events alike, also on dimensions taken from the session', async () => {
    // cdnB: sessions b, h (S), e (active); errors of h (business, left out) -> 0
    const { records } = await run(db, { metrics: 'attempts,concurviewavg,errors', filter: '[cdn=cdnB]' });
    expect(records).toEqual([{ attempts: 2, concurviewavg: 3, errors: 0 }]);
    // an error-only dimension filters events; sessions cannot match it
    const net = await run(db, {
      metrics: 'errors,fatalerrors',
      aggby: 'country',
      filter: '[category=network]',
    });
    expect(net.records).toEqual([
      { errors: 1, fatalerrors: 0, country: 'FR' }, // 7100 (first metric desc, ties by country asc)
      { errors: 1, fatalerrors: 0, country: 'US' }, // 100
    ]);
  });

  it('a value absent from the data matches nothing', async () => {
    const { records, plan } = await run(db, { metrics: 'attempts', filter: '[country=XX]' });
    expect(records).toEqual([]);
    expect(plan.kind).toBe('groups');
  });
});

describe('null dimension values', () => {
  it('are their own group, returned as "" and sorted first among equal values', async () => {
    // started in P, any status, by cdn: cdnA {c, d, g}, cdnB {b, e, h}, null {f}
    const { records } = await run(db, {
      metrics: 'attempts',
      aggby: 'cdn',
      sessiontype: 'started',
      allstatus: 1,
      orderby: 'cdn',
      order: 'asc',
    });
    expect(records).toEqual([
      { attempts: 1, cdn: '' },
      { attempts: 3, cdn: 'cdnA' },
      { attempts: 3, cdn: 'cdnB' },
    ]);
  });
});

describe('order, limit and offset', () => {
  it('orderby defaults to desc; ties by the dimension ascending; paging slices that order', async () => {
    // errors with businesserror=true: US 2 (100, 2100), GB 1, FR 1
    const p = { metrics: 'errors', aggby: 'country', businesserror: 'true' };
    expect((await run(db, { ...p, orderby: 'errors' })).records.map((r) => r.country)).toEqual([
      'US',
      'FR',
      'GB',
    ]);
    expect((await run(db, { ...p, orderby: 'errors', order: 'asc' })).records.map((r) => r.country)).toEqual([
      'FR',
      'GB',
      'US',
    ]);
    expect((await run(db, { ...p, orderby: 'country' })).records.map((r) => r.country)).toEqual([
      'US',
      'GB',
      'FR',
    ]);
    const page = await run(db, { ...p, limit: 1, offset: 1 });
    expect(page).toMatchObject({ records: [{ country: 'FR', errors: 1 }], totalrecords: 3 });
    expect(await run(db, { ...p, limit: 5, offset: 3 })).toMatchObject({ records: [], totalrecords: 3 });
  });

  it('a time series defaults to timestamp ascending; orderby=timestamp&order=desc reverses it', async () => {
    const p = { metrics: 'concurviewavg', aggby: 'timestamp', granularity: 'hour' };
    expect((await run(db, p)).records.map((r) => r.timestamp)).toEqual([T0, T0 + 3600]);
    expect(
      (await run(db, { ...p, orderby: 'timestamp', order: 'desc' })).records.map((r) => r.timestamp),
    ).toEqual([T0 + 3600, T0]);
  });

  it('all pages concatenated equal the unpaged result', async () => {
    const p = {
      metrics: 'concurviewavg,attempts',
      aggby: 'timestamp',
      granularity: 'minute',
      concurrency: 1,
    };
    const whole = await run(db, p);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), async (limit) => {
        const pages: Record<string, unknown>[] = [];
        for (let offset = 0; offset < whole.totalrecords; offset += limit)
          pages.push(...(await run(db, { ...p, limit, offset })).records);
        expect(pages).toEqual(whole.records);
      }),
      { numRuns: 8 },
    );
  });
});

describe('granularities', () => {
  it('minute, 5minute, 10minute, hour and day buckets are UTC multiples', async () => {
    // errors in P (non-business): 100, 3650, 7100
    const at = async (granularity: string) =>
      (await run(db, { metrics: 'errors', aggby: 'timestamp', granularity })).records.map(
        (r) => Number(r.timestamp) - T0,
      );
    expect(await at('minute')).toEqual([60, 3600, 7080]);
    expect(await at('5minute')).toEqual([0, 3600, 6900]);
    expect(await at('10minute')).toEqual([0, 3600, 6600]);
    expect(await at('hour')).toEqual([0, 3600]);
    // T0 is 22:00 UTC: the day bucket starts 22 hours earlier and holds all three
    expect(await at('day')).toEqual([-22 * 3600]);
  });
});

describe('agg=2 (one record per error event)', () => {
  it('lists events in the period under the businesserror rule', async () => {
    // default order: errors (all 1) descending, then category ascending, then time
    const p = { planlevel: '2', metrics: 'errors,category', agg: 2 };
    expect((await run(db, p, 'session')).records).toEqual([
      { errors: 1, category: 'network' }, // 100
      { errors: 1, category: 'network' }, // 7100; 7250 is outside P
      { errors: 1, category: 'startup' }, // 3650
    ]);
    const all = await run(db, { ...p, businesserror: 'true' }, 'session');
    expect(all.records.map((r) => r.category)).toEqual(['entitlement', 'network', 'network', 'startup']);
    // a session-level condition keeps the events of sessions satisfying it: c has no first frame
    const fast = await run(db, { ...p, qoefilter: 'latency<2' }, 'session');
    expect(fast.records.map((r) => r.category)).toEqual(['network', 'network']); // sessions a (1 s), g (0.5 s)
  });
});

describe('filters that match nothing', () => {
  it('leave no parameter behind when an earlier clause matched (in-memory dictionaries)', async () => {
    // country resolves through a dictionary; the second clause has no code: no session can match,
    // while errors (by their own country) still answer for the error metric.
    const dictionaries = { country: { codes: new Map([['US', 0]]), values: ['US'] } } as const;
    // (validation refuses category beside attempts; the compiler must not depend on that)
    const q = node(
      { metrics: 'attempts,errors', filter: '[country=US][category=network]' },
      'metricquery',
      false,
    );
    const plan = compileQuery(q, {
      customerCode: 0,
      dictionary: (d) => (d in dictionaries ? dictionaries[d as 'country'] : undefined),
    });
    const refs = new Set(plan.sql.match(/\$\d+/g));
    expect(refs.size).toBe(plan.parameters.length + 2); // + limit and offset
  });
});
