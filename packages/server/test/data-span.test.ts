// Every answer of the query endpoints advertises the asking customer's span of session starts in
// `Playq-Data-Span` (never another customer's), on every engine, and a browser may read it.
import { DATA_SPAN_HEADER, parseDataSpan } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, datasetFromRecords, type Service } from '../src/index';
import { asEngineUnderTest, ENGINES } from './engine-under-test';
import { ERRORS, PERIOD, SESSIONS, T0 } from './fixture';
import { metricquery, session, token } from './helpers';

describe.each(ENGINES)('the data span on %s', (name) => {
  let service: Service;
  beforeAll(async () => {
    const engine = await asEngineUnderTest(
      await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS }),
      name,
    );
    service = await createService({ data: { engine }, rateLimit: false, corsOrigins: '*' });
  }, 120_000);
  afterAll(async () => {
    await service.close();
    await service.engine.close();
  });

  it("is the customer's first start to one second past its last, on metric and session answers", async () => {
    const demo = await metricquery(service, { metrics: 'viewercount', period: PERIOD });
    expect(demo.status).toBe(200);
    const expected = `start=${T0},end=${T0 + 7200 + 1}`;
    expect(demo.headers.get(DATA_SPAN_HEADER)).toBe(expected);
    const bearer = await token(service);
    const errors = await session(service, bearer, {
      planlevel: 2,
      period: PERIOD,
      metrics: 'errors',
      agg: 2,
    });
    expect(errors.status).toBe(200);
    expect(errors.headers.get(DATA_SPAN_HEADER)).toBe(expected);
    const other = await metricquery(
      service,
      { metrics: 'viewercount', period: PERIOD },
      'other',
      'other-key',
    );
    expect(parseDataSpan(other.headers.get(DATA_SPAN_HEADER))).toEqual({ start: T0 + 100, end: T0 + 201 });
  });

  it('is there on an empty answer whose period misses the data, and exposed to browsers', async () => {
    const res = await service.fetch(
      new Request(`http://svc.test/api/v1/metricquery/demo?metrics=viewercount&period=start=0,end=3600`, {
        headers: { 'X-API-Key': 'demo-key', Origin: 'http://app.test' },
      }),
    );
    expect(((await res.json()) as { totalrecords: number }).totalrecords).toBe(0);
    expect(res.headers.get(DATA_SPAN_HEADER)).toBe(`start=${T0},end=${T0 + 7201}`);
    expect(res.headers.get('Access-Control-Expose-Headers')?.split(',')).toContain(DATA_SPAN_HEADER);
  });

  it('is not sent on a problem answer', async () => {
    const bad = await metricquery(service, { metrics: 'latncy', period: PERIOD });
    expect(bad.status).toBe(400);
    expect(bad.headers.get(DATA_SPAN_HEADER)).toBeNull();
  });
});
