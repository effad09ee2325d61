// Odd but valid-looking combinations: each is answered (200) or refused (400), never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, datasetFromRecords, type Service } from '../src/index';
import { ERRORS, PERIOD, SESSIONS } from './fixture';
import { metricquery, session, token } from './helpers';

let service: Service;
let bearer: string;

beforeAll(async () => {
  service = await createService({
    data: { dataset: await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS }) },
    rateLimit: false,
  });
  bearer = await token(service);
});
afterAll(async () => {
  await service.close();
  await service.db.close();
});

describe('edge combinations', () => {
  const metric: Record<string, string | number>[] = [
    { orderby: 'timestamp' },
    { aggby: 'timestamp', orderby: 'errors', order: 'asc' },
    { aggby: 'timestamp', orderby: 'country' },
    { aggby: 'timestamp,country' },
    { metrics: 'errors,errors' },
    { metrics: 'errors', aggby: 'country,country' },
    { metrics: 'country' },
    { metrics: 'errors', aggby: 'key', filter: '[category=network][key=CDN_5XX]' },
    { metrics: 'errors', qoefilter: 'latency>0' },
    { metrics: 'latency', filter: '[category=network]' },
    { metrics: 'errors', filter: '[country=US][country=GB]' },
    { metrics: 'errors', limit: 10_000, offset: 1_000_000_000 },
    { metrics: 'errors', limit: '1.5' },
    { metrics: 'errors', offset: '1e3' },
    { metrics: 'errors', agg: 2 },
    { metrics: 'errors', planlevel: 2 },
  ];
  for (const extra of metric) {
    it(`metricquery ${JSON.stringify(extra)}`, async () => {
      const { status, body } = await metricquery(service, { period: PERIOD, metrics: 'errors', ...extra });
      expect([200, 400], JSON.stringify(body)).toContain(status);
    });
  }
  const sessions: Record<string, string | number>[] = [
    { metrics: 'subscriberid', agg: 1 },
    { metrics: 'category,key', aggby: 'player', agg: 1 },
    { metrics: 'errors,latency', aggby: 'subscriberid', agg: 1 },
    { metrics: 'errors,latency', agg: 2 },
    { metrics: 'errors,player', agg: 2, orderby: 'player', order: 'desc' },
    { metrics: 'errors', agg: 2, aggby: 'timestamp' },
    { metrics: 'errors', agg: 2, qoefilter: 'errors>1' },
    { metrics: 'errors', agg: 1, aggby: 'timestamp', granularity: 'minute' },
  ];
  for (const extra of sessions) {
    it(`session ${JSON.stringify(extra)}`, async () => {
      const { status, body } = await session(service, bearer, { planlevel: 2, period: PERIOD, ...extra });
      expect([200, 400], JSON.stringify(body)).toContain(status);
    });
  }

  it('agg=2 ordered by a dimension descending, then by time', async () => {
    const { status, body } = await session(service, bearer, {
      planlevel: 2,
      period: PERIOD,
      metrics: 'errors,player',
      agg: 2,
      orderby: 'player',
      order: 'desc',
    });
    expect(status).toBe(200);
    expect(body.response.map((r) => r.player)).toEqual(['html5', 'html5', 'html5', 'exo']);
  });

  // Regression: ordering agg=2 by an aggby dimension that is not in metrics was a 500 (the inner
  // statement did not select the column). agg=2 ignores aggby for grouping but each event has the
  // field, so the events are ordered by it, ties by the returned dimensions, then by time.
  it('agg=2 ordered by an aggby dimension absent from metrics orders by that event field', async () => {
    const base = { planlevel: 2, period: PERIOD, metrics: 'errors,player', aggby: 'key,platform', agg: 2 };
    const asc = await session(service, bearer, { ...base, orderby: 'key', order: 'asc' });
    expect(asc.status, JSON.stringify(asc.body)).toBe(200);
    // keys: CDN_5XX (exo at 7000, html5 at 100), MANIFEST_404 (html5), SEGMENT_TIMEOUT (html5);
    // records carry only the names in metrics.
    expect(asc.body.response).toEqual(
      ['exo', 'html5', 'html5', 'html5'].map((player) => ({ errors: 1, player, totalpages: 1 })),
    );
    const desc = await session(service, bearer, { ...base, orderby: 'key', order: 'desc' });
    expect(desc.body.response.map((r) => r.player)).toEqual(['html5', 'html5', 'exo', 'html5']);
    const paged = [0, 1, 2, 3].map((offset) =>
      session(service, bearer, { ...base, orderby: 'key', order: 'desc', limit: 1, offset }),
    );
    const pages = await Promise.all(paged);
    expect(pages.map((p) => p.body.response[0]?.player)).toEqual(['html5', 'html5', 'exo', 'html5']);
    const bare = await session(service, bearer, { ...base, metrics: 'errors', orderby: 'platform' });
    expect(bare.status).toBe(200);
    expect(bare.body.totalrecords).toBe(4);
  });

  it('agg=2 ordered by timestamp descending', async () => {
    const { status, body } = await session(service, bearer, {
      planlevel: 2,
      period: PERIOD,
      metrics: 'errors,key',
      aggby: 'timestamp',
      agg: 2,
      orderby: 'timestamp',
      order: 'desc',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.response.map((r) => r.key)).toEqual([
      'CDN_5XX',
      'MANIFEST_404',
      'SEGMENT_TIMEOUT',
      'CDN_5XX',
    ]);
  });

  it('a qoefilter no event can meet leaves agg=2 empty', async () => {
    const { body } = await session(service, bearer, {
      planlevel: 2,
      period: PERIOD,
      metrics: 'errors',
      agg: 2,
      qoefilter: 'viewercount>0',
    });
    expect(body).toMatchObject({ totalrecords: 0, pagecount: 0, response: [] });
  });
});
