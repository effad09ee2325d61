// Hostile input in every parameter: a correct answer or a 400, never a 500, never a leak.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, datasetFromRecords, type Service } from '../src/index';
import { ERRORS, PERIOD, SESSIONS } from './fixture';
import { metricquery, session, token, url } from './helpers';

let service: Service;
let bearer: string;

const NASTY = [
  "'",
  "' OR '1'='1",
  "US'; DROP TABLE sessions; --",
  '"; SELECT * FROM dict_customer; --',
  ';',
  'UNION SELECT value FROM dict_subscriberid',
  '$1',
  '?',
  '\\',
  '%00',
  '\u0000',
  'ünïcødé 🎬',
  '\u202e',
  'x'.repeat(5000),
  'null',
  'NaN',
  '1e309',
  '-0',
  '[',
  ']',
  '|',
  '=',
];

beforeAll(async () => {
  // Hostile values inside the data too: they must round-trip as plain strings.
  const sessions = [
    ...SESSIONS,
    { ...SESSIONS[0]!, session_id: 'h1', country: "O'Brien; DROP", subscriber_id: "u'; --" },
    { ...SESSIONS[0]!, session_id: 'h2', country: 'Zürich 🎬', subscriber_id: 'ünï' },
  ];
  service = await createService({
    data: { dataset: await datasetFromRecords({ sessions, errors: ERRORS }) },
    rateLimit: false,
  });
  bearer = await token(service);
});
afterAll(async () => {
  await service.close();
  await service.db.close();
});

/** 200 or 400, and nothing internal in the body once the caller's own input (echoed in details) is removed. */
function expectSafe(status: number, body: unknown, input = '') {
  expect([200, 400]).toContain(status);
  let text = JSON.stringify(body);
  for (const echo of [input, JSON.stringify(input).slice(1, -1)]) if (echo) text = text.split(echo).join('');
  expect(text).not.toMatch(/duckdb|binder|parser error|catalog error|dict_|__total|\bcust\b|stack|internal/i);
}

describe('hostile parameters', () => {
  const PARAMS = [
    'period',
    'metrics',
    'aggby',
    'granularity',
    'filter',
    'qoefilter',
    'orderby',
    'order',
    'limit',
    'offset',
  ];
  for (const name of PARAMS) {
    it(`never fails with 500 on hostile ${name}`, async () => {
      for (const v of NASTY) {
        const base: Record<string, string> = { period: PERIOD, metrics: 'errors', aggby: 'country' };
        const { status, body } = await metricquery(service, { ...base, [name]: v });
        expectSafe(status, body, v);
      }
    });
  }

  it('treats hostile filter values as plain data', async () => {
    for (const v of NASTY.filter((x) => !/[[\]|"\\\u0000]/.test(x))) {
      const { status, body } = await metricquery(service, {
        period: PERIOD,
        metrics: 'errors,viewercount',
        filter: `[country=${v}]`,
      });
      expectSafe(status, body, v);
      if (status === 200) expect(body.response).toEqual([]);
    }
    const quoted = await metricquery(service, {
      period: PERIOD,
      metrics: 'viewercount',
      aggby: 'country,subscriberid',
      filter: `[country="O'Brien; DROP"|Zürich 🎬]`,
    });
    expect(quoted.status).toBe(200);
    expect(quoted.body.response).toEqual([
      { viewercount: 1, country: "O'Brien; DROP", subscriberid: "u'; --" },
      { viewercount: 1, country: 'Zürich 🎬', subscriberid: 'ünï' },
    ]);
    const sub = await metricquery(service, {
      period: PERIOD,
      metrics: 'viewercount',
      filter: `[subscriberid=u'; --]`,
    });
    expect(sub.body.response).toEqual([{ viewercount: 1 }]);
  });

  it('answers 10,000-alternative filters on every dimension', { timeout: 60_000 }, async () => {
    for (const dim of ['country', 'platform', 'player', 'subscriberid', 'category', 'key']) {
      const values = Array.from({ length: 10_000 }, (_, i) => `v${i}`);
      values[5000] =
        dim === 'subscriberid' ? 'u1' : dim === 'category' ? 'network' : dim === 'key' ? 'CDN_5XX' : 'web';
      if (dim === 'country') values[5000] = 'US';
      if (dim === 'player') values[5000] = 'html5';
      const { status, body } = await metricquery(service, {
        period: PERIOD,
        metrics: 'errors',
        filter: `[${dim}=${values.join('|')}]`,
      });
      expectSafe(status, body);
      expect(status).toBe(200);
      expect(Number(body.response[0]?.errors ?? 0)).toBeGreaterThan(0);
    }
  });

  test.prop(
    [
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('filter', 'qoefilter', 'period', 'metrics', 'aggby', 'orderby'),
    ],
    {
      numRuns: 60,
    },
  )('arbitrary text in a parameter gives 200 or 400', async (text, name) => {
    const { status, body } = await metricquery(service, { period: PERIOD, metrics: 'errors', [name]: text });
    expectSafe(status, body, text);
  });

  it('hostile customer ids, paths and headers', async () => {
    for (const id of ["demo'--", 'demo%00', '..%2F..%2Fetc', 'x'.repeat(200), '%E0%A4%A']) {
      const res = await service.fetch(
        new Request(
          `http://svc.test/api/v1/metricquery/${id}?metrics=errors&period=${encodeURIComponent(PERIOD)}`,
          {
            headers: { 'X-API-Key': 'demo-key' },
          },
        ),
      );
      expect([400, 404]).toContain(res.status);
    }
    const key = await metricquery(service, { period: PERIOD, metrics: 'errors' }, 'demo', "' OR 1=1 --");
    expect(key.status).toBe(401);
    const bad = await session(service, `${bearer}'; DROP`, {
      planlevel: 2,
      period: PERIOD,
      metrics: 'errors',
      agg: 1,
    });
    expect(bad.status).toBe(401);
    const planSql = await service.fetch(
      new Request("http://svc.test/plans/planLevelByCustId/demo'%20OR%201=1"),
    );
    expect(planSql.status).toBe(400);
  });

  it('keeps the data intact after all of the above', async () => {
    const { body } = await metricquery(service, { period: PERIOD, metrics: 'errors' });
    expect(body.response).toEqual([{ errors: 4 }]);
    void url;
  });
});
