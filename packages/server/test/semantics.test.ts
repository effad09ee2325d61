// Metric semantics against answers computed by hand from the fixture (DESIGN section 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, datasetFromRecords, type Service } from '../src/index';
import { ERRORS, PERIOD, SESSIONS, T0 } from './fixture';
import { metricquery, session, token } from './helpers';

let service: Service;
let bearer: string;

beforeAll(async () => {
  const dataset = await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS });
  service = await createService({ data: { dataset }, rateLimit: false });
  bearer = await token(service);
});
afterAll(async () => {
  await service.close();
  await service.db.close();
});

const ALL = 'viewercount,users,latency,bufferingratio,concurviewavg,errors';

describe('metrics by country', () => {
  it('computes each metric and every group, including one that only has errors', async () => {
    const { status, body } = await metricquery(service, { period: PERIOD, metrics: ALL, aggby: 'country' });
    expect(status).toBe(200);
    expect(body.totalrecords).toBe(3);
    expect(body.pagecount).toBe(1);
    const [us, gb, de] = body.response;
    expect(us).toMatchObject({ country: 'US', viewercount: 2, users: 2, errors: 2 });
    expect(us!.latency).toBeCloseTo(2.0, 12); // (1000 + 3000) / 2 ms, in seconds
    expect(us!.bufferingratio).toBeCloseTo((100 * 20_000) / 2_520_000, 12);
    expect(us!.concurviewavg).toBeCloseTo((600 + 2400) / 7200, 12);
    expect(gb).toMatchObject({ country: 'GB', viewercount: 1, users: 2, errors: 1 });
    expect(gb!.latency).toBeCloseTo(2.0, 12); // the failed start (s3) is not a play
    expect(gb!.bufferingratio).toBeCloseTo((100 * 60_000) / 3_060_000, 12);
    expect(gb!.concurviewavg).toBeCloseTo((100 + 1800) / 7200, 12); // s4 is cut at the period end
    expect(de).toEqual({
      viewercount: 0,
      users: 0,
      latency: 0,
      bufferingratio: 0,
      concurviewavg: 0,
      errors: 1,
      country: 'DE',
    });
  });

  it('breaks ties by the dimension value ascending', async () => {
    const { body } = await metricquery(service, { period: PERIOD, metrics: 'latency', aggby: 'country' });
    // US and GB both average 2 s: GB comes first; DE (0) last.
    expect(body.response.map((r) => r.country)).toEqual(['GB', 'US', 'DE']);
    const asc = await metricquery(service, {
      period: PERIOD,
      metrics: 'errors',
      aggby: 'country',
      orderby: 'errors',
      order: 'asc',
    });
    expect(asc.body.response.map((r) => [r.country, r.errors])).toEqual([
      ['DE', 1],
      ['GB', 1],
      ['US', 2],
    ]);
    const byDim = await metricquery(service, {
      period: PERIOD,
      metrics: 'errors',
      aggby: 'country',
      orderby: 'country',
    });
    expect(byDim.body.response.map((r) => r.country)).toEqual(['DE', 'GB', 'US']);
  });

  it('totals without aggby in one record', async () => {
    const { body } = await metricquery(service, { period: PERIOD, metrics: 'viewercount,users,errors' });
    expect(body.response).toEqual([{ viewercount: 3, users: 3, errors: 4 }]);
  });

  it('applies a filter to sessions and errors alike', async () => {
    const { body } = await metricquery(service, {
      period: PERIOD,
      metrics: 'errors,viewercount',
      filter: '[country=US|DE]',
    });
    expect(body.response).toEqual([{ errors: 3, viewercount: 2 }]);
    const both = await metricquery(service, {
      period: PERIOD,
      metrics: 'viewercount',
      aggby: 'platform',
      filter: '[country=US][platform=web|ios]',
    });
    expect(both.body.response).toEqual([
      { viewercount: 1, platform: 'ios' },
      { viewercount: 1, platform: 'web' },
    ]);
    const unknown = await metricquery(service, { period: PERIOD, metrics: 'errors', filter: '[country=ZZ]' });
    expect(unknown.body).toMatchObject({ totalcount: 0, pagecount: 0, totalrecords: 0, response: [] });
  });

  it('filters and groups errors by category and key', async () => {
    const { body } = await metricquery(service, {
      period: PERIOD,
      metrics: 'errors',
      aggby: 'country',
      filter: '[category=network]',
    });
    expect(body.response).toEqual([
      { errors: 2, country: 'US' },
      { errors: 1, country: 'DE' },
    ]);
    const keys = await metricquery(service, { period: PERIOD, metrics: 'errors', aggby: 'category,key' });
    expect(keys.body.response).toEqual([
      { errors: 2, category: 'network', key: 'CDN_5XX' },
      { errors: 1, category: 'network', key: 'SEGMENT_TIMEOUT' },
      { errors: 1, category: 'startup', key: 'MANIFEST_404' },
    ]);
  });

  it('applies qoefilter to aggregated records (HAVING), also on metrics not returned', async () => {
    const played = await metricquery(service, {
      period: PERIOD,
      metrics: 'errors',
      aggby: 'country',
      qoefilter: 'viewercount>=1',
    });
    expect(played.body.response).toEqual([
      { errors: 2, country: 'US' },
      { errors: 1, country: 'GB' },
    ]);
    const two = await metricquery(service, {
      period: PERIOD,
      metrics: 'viewercount',
      aggby: 'country',
      qoefilter: 'errors>1 AND latency<=2',
    });
    expect(two.body.response).toEqual([{ viewercount: 2, country: 'US' }]);
  });
});

describe('time series', () => {
  it('buckets by UTC hour, with the bucket as the concurrency window', async () => {
    const { body } = await metricquery(service, {
      period: PERIOD,
      metrics: 'viewercount,users,concurviewavg,errors',
      aggby: 'timestamp',
      granularity: 'hour',
    });
    expect(body.response).toHaveLength(2);
    const [h1, h2] = body.response;
    expect(h1).toMatchObject({ timestamp: T0, viewercount: 2, users: 2, errors: 2 });
    expect(h1!.concurviewavg).toBeCloseTo((600 + 1800) / 3600, 12);
    expect(h2).toMatchObject({ timestamp: T0 + 3600, viewercount: 1, users: 2, errors: 2 });
    expect(h2!.concurviewavg).toBeCloseTo((100 + 1800) / 3600, 12);
  });

  it('aligns buckets to UTC multiples even when the period is not aligned', async () => {
    const { body } = await metricquery(service, {
      period: `start=${T0 + 1800},end=${T0 + 5400}`,
      metrics: 'viewercount',
      aggby: 'timestamp',
      // The default is auto now (minute buckets for this one-hour period).
      granularity: 'hour',
    });
    // s2 (T0+1800) falls in the T0 bucket; s3 did not start; s4 starts at the period end.
    expect(body.response).toEqual([
      { viewercount: 1, timestamp: T0 },
      { viewercount: 0, timestamp: T0 + 3600 },
    ]);
    const day = await metricquery(service, {
      period: PERIOD,
      metrics: 'errors',
      aggby: 'timestamp',
      granularity: 'day',
    });
    expect(day.body.response).toEqual([{ errors: 4, timestamp: Math.floor(T0 / 86_400) * 86_400 }]);
    const desc = await metricquery(service, {
      period: PERIOD,
      metrics: 'errors',
      aggby: 'timestamp',
      order: 'desc',
      orderby: 'timestamp',
      granularity: 'hour',
    });
    expect(desc.body.response.map((r) => r.timestamp)).toEqual([T0 + 3600, T0]);
  });
});

describe('session endpoint', () => {
  it('lists errors per subscriber, including subscribers without errors', async () => {
    const { body } = await session(service, bearer, {
      planlevel: 2,
      period: PERIOD,
      metrics: 'errors,subscriberid',
      aggby: 'subscriberid',
      agg: 1,
    });
    expect(body.response).toEqual([
      { errors: 3, subscriberid: 'u1', totalpages: 1 },
      { errors: 1, subscriberid: 'u5', totalpages: 1 },
      { errors: 0, subscriberid: 'u2', totalpages: 1 },
      { errors: 0, subscriberid: 'u3', totalpages: 1 },
    ]);
  });

  it('agg=2 returns one record per error event, ignoring aggby', async () => {
    const { body } = await session(service, bearer, {
      planlevel: 2,
      period: PERIOD,
      metrics: 'category,key,errors,player',
      aggby: 'category,key,player',
      agg: 2,
    });
    expect(body.totalrecords).toBe(4);
    expect(body.response).toEqual([
      { category: 'network', key: 'CDN_5XX', errors: 1, player: 'exo', totalpages: 1 },
      { category: 'network', key: 'CDN_5XX', errors: 1, player: 'html5', totalpages: 1 },
      { category: 'network', key: 'SEGMENT_TIMEOUT', errors: 1, player: 'html5', totalpages: 1 },
      { category: 'startup', key: 'MANIFEST_404', errors: 1, player: 'html5', totalpages: 1 },
    ]);
  });

  it('pages with totalpages, and an offset past the end is an empty 200', async () => {
    const params = {
      planlevel: 2,
      period: PERIOD,
      metrics: 'errors,subscriberid',
      aggby: 'subscriberid',
      agg: 1,
      limit: 3,
    };
    const first = await session(service, bearer, params);
    expect(first.body).toMatchObject({ totalcount: 3, pagecount: 2, totalrecords: 4 });
    expect(first.body.response.every((r) => r.totalpages === 2)).toBe(true);
    const second = await session(service, bearer, { ...params, offset: 3 });
    expect(second.body.response).toEqual([{ errors: 0, subscriberid: 'u3', totalpages: 2 }]);
    const past = await session(service, bearer, { ...params, offset: 100 });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ totalcount: 0, pagecount: 2, totalrecords: 4, response: [] });
  });
});

describe('customer isolation', () => {
  it("answers only from the caller's own rows", async () => {
    const { body } = await metricquery(
      service,
      { period: PERIOD, metrics: 'viewercount,errors', aggby: 'country' },
      'other',
      'other-key',
    );
    // Both countries have one play: the tie is broken by country, ascending.
    expect(body.response).toEqual([
      { viewercount: 1, errors: 0, country: 'JP' },
      { viewercount: 1, errors: 1, country: 'US' },
    ]);
  });
});
