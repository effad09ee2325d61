// The agg=2 plan (one record per error event) on the fixed data set of semantics-fixture.ts: conditions on an event's own
// values, session-level conditions joined by AND, and ordering by time in either direction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { node, openV2Dataset, run, runNode } from './semantics-fixture';

let db: Engine;
beforeAll(async () => {
  db = await openV2Dataset();
});
afterAll(() => db.close());

const events = async (p: Record<string, string | number>) =>
  (await run(db, { planlevel: 2, metrics: 'errors,key', agg: 2, ...p }, 'session')).records;

describe('agg=2 conditions', () => {
  it("tests fatalerrors on each event's own value: 1 on a fatal event, 0 on the others", async () => {
    // Fatal: MANIFEST_404 (session d), and NOT_ENTITLED, a business error, counted only with businesserror.
    expect(await events({ qoefilter: 'fatalerrors>=1' })).toStrictEqual([{ errors: 1, key: 'MANIFEST_404' }]);
    expect(await events({ qoefilter: 'fatalerrors<1' })).toStrictEqual([
      { errors: 1, key: 'CDN_5XX' },
      { errors: 1, key: 'CDN_5XX' },
    ]);
    expect(await events({ qoefilter: 'fatalerrors>=1', businesserror: 'true' })).toStrictEqual([
      { errors: 1, key: 'MANIFEST_404' },
      { errors: 1, key: 'NOT_ENTITLED' },
    ]);
  });

  it('joins several session-level conditions by AND', async () => {
    const one = await events({ qoefilter: 'latency>0.5' });
    expect(one).toStrictEqual([{ errors: 1, key: 'CDN_5XX' }]);
    expect(await events({ qoefilter: 'latency>0.5 AND latency<100' })).toStrictEqual(one);
    expect(await events({ qoefilter: 'latency>0.5 AND latency>100' })).toStrictEqual([]);
  });
});

describe('agg=2 values', () => {
  it('puts fatalerrors 1 on a fatal event, 0 on the others, and 0 for any other metric (unvalidated: validation refuses the metric here)', async () => {
    const query = node(
      {
        planlevel: 2,
        metrics: 'errors,fatalerrors,latency,key',
        agg: 2,
        aggby: 'timestamp',
        orderby: 'timestamp',
      },
      'session',
      false,
    );
    const { records } = await runNode(db, query);
    expect(records.map((r) => [r.key, r.errors, r.fatalerrors, r.latency])).toStrictEqual([
      ['CDN_5XX', 1, 0, 0],
      ['MANIFEST_404', 1, 1, 0],
      ['CDN_5XX', 1, 0, 0],
    ]);
  });
});

describe('agg=2 order', () => {
  it('orders by time ascending or descending, as asked', async () => {
    const asc = await events({
      aggby: 'timestamp',
      orderby: 'timestamp',
      order: 'asc',
      businesserror: 'true',
    });
    const desc = await events({
      aggby: 'timestamp',
      orderby: 'timestamp',
      order: 'desc',
      businesserror: 'true',
    });
    expect(asc).toHaveLength(4);
    expect(desc).toStrictEqual([...asc].reverse());
    expect(asc.map((r) => r.key)).not.toStrictEqual(desc.map((r) => r.key));
    // Without an order, timestamp ascends.
    expect(await events({ aggby: 'timestamp', orderby: 'timestamp', businesserror: 'true' })).toStrictEqual(
      asc,
    );
  });
});
