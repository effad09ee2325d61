// Every error status and code of docs/decisions.md#errors, as problem+json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, datasetFromRecords, generateDataset, type Service } from '../src/index';
import { ERRORS, PERIOD, SESSIONS, T0 } from './fixture';
import { metricquery, session, token, url } from './helpers';

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

const base = { period: PERIOD, metrics: 'errors' };

describe('400 problems name the code and the parameter', () => {
  const cases: [string, Record<string, string | number>, string, string | undefined][] = [
    ['no period', { metrics: 'errors' }, 'missing_parameter', 'period'],
    ['no metrics', { period: PERIOD }, 'missing_parameter', 'metrics'],
    ['bad filter', { ...base, filter: '[country=US' }, 'invalid_filter', 'filter'],
    ['bad qoefilter', { ...base, qoefilter: 'errors>>1' }, 'invalid_qoefilter', 'qoefilter'],
    ['bad period', { ...base, period: 'start=10,end=5' }, 'invalid_period', 'period'],
    ['unknown metric', { ...base, metrics: 'errors,latncy' }, 'unknown_metric', 'metrics'],
    ['unknown dimension', { ...base, aggby: 'contry' }, 'unknown_dimension', 'aggby'],
    [
      'incompatible dimension',
      { ...base, metrics: 'viewercount', aggby: 'category' },
      'incompatible_dimension',
      undefined,
    ],
    ['limit 0', { ...base, limit: 0 }, 'invalid_limit', 'limit'],
    ['limit too big', { ...base, limit: 10_001 }, 'invalid_limit', 'limit'],
    ['negative offset', { ...base, offset: -1 }, 'invalid_offset', 'offset'],
    ['bad order', { ...base, order: 'up' }, 'invalid_order', 'order'],
    ['orderby not requested', { ...base, orderby: 'latency' }, 'invalid_orderby', 'orderby'],
    [
      'bad granularity',
      { ...base, aggby: 'timestamp', granularity: 'week' },
      'invalid_granularity',
      'granularity',
    ],
    [
      'period too long',
      { ...base, period: `start=${T0 - 400 * 86_400},end=${T0}` },
      'period_too_long',
      'period',
    ],
    [
      'too many buckets',
      { ...base, period: `start=${T0 - 30 * 86_400},end=${T0}`, aggby: 'timestamp', granularity: 'minute' },
      'too_many_buckets',
      undefined,
    ],
    ['unknown parameter', { ...base, oderby: 'errors' }, 'unknown_parameter', 'oderby'],
  ];
  for (const [name, params, code, param] of cases) {
    it(`${name} -> ${code}`, async () => {
      const { status, body, headers } = await metricquery(service, params);
      expect(status).toBe(400);
      expect(headers.get('content-type')).toBe('application/problem+json');
      expect(body).toMatchObject({
        status: 400,
        code,
        title: 'Bad Request',
        type: expect.stringContaining(code),
      });
      if (param) expect(body.param).toBe(param);
      expect(typeof body.detail).toBe('string');
    });
  }

  it('gives the offset inside a filter', async () => {
    const { body } = await metricquery(service, { ...base, filter: '[country=US][]' });
    expect(body).toMatchObject({ code: 'invalid_filter', param: 'filter', offset: expect.any(Number) });
  });

  it('refuses a repeated parameter', async () => {
    const res = await service.fetch(
      new Request(`${url('/metricquery/demo', base)}&metrics=latency`, {
        headers: { 'X-API-Key': 'demo-key' },
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'duplicate_parameter', param: 'metrics' });
  });

  it('session: missing planlevel, bad agg, wrong planlevel', async () => {
    const noPlan = await session(service, bearer, { ...base, agg: 1 });
    expect(noPlan.body).toMatchObject({ code: 'missing_parameter', param: 'planlevel' });
    const agg = await session(service, bearer, { ...base, planlevel: 2, agg: 3 });
    expect(agg.body).toMatchObject({ code: 'invalid_agg', param: 'agg' });
    const plan = await session(service, bearer, { ...base, planlevel: 7, agg: 1 });
    expect(plan.body).toMatchObject({ code: 'invalid_planlevel' });
  });

  it('can be told to ignore unknown parameters', async () => {
    const lenient = await createService({ data: { dataset: service.db }, ignoreUnknownParameters: true });
    const { status } = await metricquery(lenient, { ...base, utm_source: 'mail' });
    expect(status).toBe(200);
    await lenient.close();
  });
});

describe('429, 414, 503 and 500', () => {
  it('rate limits per credential with Retry-After and RateLimit headers', async () => {
    const limited = await createService({
      data: { dataset: service.db },
      rateLimit: { ratePerSecond: 0.05, burst: 2 },
    });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof metricquery>> | undefined;
    for (let i = 0; i < 3; i++) {
      last = await metricquery(limited, base);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last!.body).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get('ratelimit-limit')).toBe('2');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    // Another customer's credential has its own bucket.
    expect((await metricquery(limited, base, 'other', 'other-key')).status).toBe(200);
    await limited.close();
  });

  it('answers 414 for an overlong URL', async () => {
    const small = await createService({ data: { dataset: service.db }, maxUrlLength: 500 });
    const { status, body } = await metricquery(small, { ...base, filter: `[country=${'A'.repeat(600)}]` });
    expect(status).toBe(414);
    expect(body).toMatchObject({ code: 'uri_too_long' });
    await small.close();
  });

  it('cancels a query over its time budget and answers 503', async () => {
    const big = await generateDataset({ sessions: 60_000, seed: 3, end: T0 + 86_400, days: 30 });
    const slow = await createService({ data: { dataset: big }, queryTimeoutMs: 1, cacheTtlMs: 0 });
    const res = await metricquery(slow, {
      period: `start=${T0 - 29 * 86_400},end=${T0 + 86_400}`,
      metrics: 'users,concurviewavg,bufferingratio,errors',
      aggby: 'subscriberid',
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.body).toStrictEqual({
      type: 'https://playq.dev/problems/query_timeout',
      title: 'Service Unavailable',
      status: 503,
      detail: 'The query took longer than 1 ms and was cancelled; narrow the period or the filter.',
      code: 'query_timeout',
    });
    // The connection is usable again after the interrupt.
    const fast = await createService({ data: { dataset: big } });
    expect((await metricquery(fast, { period: PERIOD, metrics: 'errors' })).status).toBe(200);
    await slow.close();
    await fast.close();
    await big.close();
  }, 30_000);

  it('answers 500 without internals when the database fails', async () => {
    const dataset = await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS });
    const lines: string[] = [];
    const broken = await createService({ data: { dataset }, logger: (l) => lines.push(l) });
    await dataset.close();
    const res = await broken.fetch(
      new Request(url('/metricquery/demo', base), { headers: { 'X-API-Key': 'demo-key' } }),
    );
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internal', detail: 'An unexpected error occurred.' });
    expect(text).not.toMatch(/dataset|duckdb|sql|stack|at /i);
    expect(lines.some((l) => l.includes(' 500 '))).toBe(true);
    await broken.close();
  });
});
