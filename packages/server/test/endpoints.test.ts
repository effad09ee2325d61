import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../src/index';
import { END, metricquery, session, token, url, WEEK } from './helpers';

let service: Service;
let demoToken: string;
let otherToken: string;

beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 20_000, seed: 7, end: END } } });
  demoToken = await token(service);
  otherToken = await token(service, 'other', 'other-secret');
});
afterAll(() => service.close());

describe('metricquery', () => {
  it('answers a breakdown with the envelope and one key per requested name', async () => {
    const { status, body, headers } = await metricquery(service, {
      period: WEEK,
      metrics: 'viewercount,latency,errors',
      aggby: 'country',
      limit: 5,
    });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(body.totalcount).toBe(body.response.length);
    expect(body.response.length).toBeLessThanOrEqual(5);
    expect(body.pagecount).toBe(Math.ceil(body.totalrecords / 5));
    for (const r of body.response) {
      expect(Object.keys(r)).toEqual(['viewercount', 'latency', 'errors', 'country']);
      expect(typeof r.country).toBe('string');
      expect(typeof r.viewercount).toBe('number');
      expect(r).not.toHaveProperty('totalpages');
    }
  });

  it('refuses a missing, unknown or other endpoint credential with 401', async () => {
    const plain = await service.fetch(
      new Request(url('/metricquery/demo', { period: WEEK, metrics: 'errors' })),
    );
    expect(plain.status).toBe(401);
    expect(plain.headers.get('content-type')).toBe('application/problem+json');
    expect(await plain.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
    const wrong = await metricquery(service, { period: WEEK, metrics: 'errors' }, 'demo', 'nope-key');
    expect(wrong.status).toBe(401);
    const bearer = await service.fetch(
      new Request(url('/metricquery/demo', { period: WEEK, metrics: 'errors' }), {
        headers: { Authorization: `Bearer ${demoToken}` },
      }),
    );
    expect(bearer.status).toBe(401);
    expect(((await bearer.json()) as { detail: string }).detail).toMatch(/X-API-Key/);
  });

  it("gives 403 for another customer's data and 404 for an unknown customer", async () => {
    const other = await metricquery(service, { period: WEEK, metrics: 'errors' }, 'other', 'demo-key');
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'forbidden' });
    const reverse = await metricquery(service, { period: WEEK, metrics: 'errors' }, 'demo', 'other-key');
    expect(reverse.status).toBe(403);
    const unknown = await metricquery(service, { period: WEEK, metrics: 'errors' }, 'nobody');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found' });
  });

  it('keeps the two demo customers apart', async () => {
    const demo = await metricquery(service, { period: WEEK, metrics: 'viewercount' });
    const other = await metricquery(service, { period: WEEK, metrics: 'viewercount' }, 'other', 'other-key');
    expect(demo.status).toBe(200);
    expect(other.status).toBe(200);
    const total = await service.db.all(
      `SELECT count(startup_ms)::DOUBLE FROM sessions WHERE start_ts >= ${END - 7 * 86_400} AND start_ts < ${END}`,
    );
    expect(demo.body.response[0]!.viewercount).not.toBe(other.body.response[0]!.viewercount);
    expect(Number(demo.body.response[0]!.viewercount) + Number(other.body.response[0]!.viewercount)).toBe(
      total[0]![0],
    );
  });
});

describe('session', () => {
  it('answers both documented usages with totalpages on every record', async () => {
    const totals = await session(service, demoToken, {
      planlevel: 2,
      period: WEEK,
      metrics: 'errors,subscriberid',
      aggby: 'subscriberid',
      agg: 1,
      limit: 10,
    });
    expect(totals.status).toBe(200);
    expect(totals.body.response).toHaveLength(10);
    for (const r of totals.body.response) {
      expect(Object.keys(r)).toEqual(['errors', 'subscriberid', 'totalpages']);
      expect(r.totalpages).toBe(totals.body.pagecount);
    }
    const insights = await session(service, demoToken, {
      planlevel: 2,
      period: WEEK,
      metrics: 'category,key,errors,player',
      aggby: 'category,key,player',
      agg: 1,
    });
    expect(insights.status).toBe(200);
    for (const r of insights.body.response) {
      expect(Object.keys(r)).toEqual(['category', 'key', 'errors', 'player', 'totalpages']);
    }
  });

  it('refuses a wrong planlevel, an API key, and a token of another customer', async () => {
    const params = { planlevel: 1, period: WEEK, metrics: 'errors', agg: 1 };
    const plan = await session(service, demoToken, params);
    expect(plan.status).toBe(400);
    expect(plan.body).toMatchObject({ code: 'invalid_planlevel', param: 'planlevel' });
    const key = await service.fetch(
      new Request(url('/session/demo', params), { headers: { 'X-API-Key': 'demo-key' } }),
    );
    expect(key.status).toBe(401);
    expect(key.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const cross = await session(service, otherToken, { ...params, planlevel: 2 });
    expect(cross.status).toBe(403);
  });

  it('rejects forged and expired tokens', async () => {
    const [h, p] = demoToken.split('.');
    const forged = await session(service, `${h}.${p}.AAAA`, {
      planlevel: 2,
      period: WEEK,
      metrics: 'errors',
      agg: 1,
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'unauthenticated' });
    const short = await createService({
      data: { dataset: service.db },
      tokenTtlSeconds: 1,
      jwtSecret: 'x'.repeat(32),
    });
    const t = await token(short);
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await session(short, t, { planlevel: 2, period: WEEK, metrics: 'errors', agg: 1 });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'token_expired' });
    expect(expired.headers.get('www-authenticate')).toMatch(/invalid_token/);
    await short.close();
    // A service does not close a dataset it was given.
    expect((await metricquery(service, { period: WEEK, metrics: 'errors' })).status).toBe(200);
  });
});

describe('token endpoint', () => {
  it('issues a bearer token for valid client credentials only', async () => {
    const ok = await service.fetch(
      new Request('http://svc.test/api/v1/oauth/token', {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('demo:demo-secret')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      access_token: expect.any(String),
    });
    const bad = await service.fetch(
      new Request('http://svc.test/api/v1/oauth/token', {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('demo:Zq9-guessed-secret')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }),
    );
    expect(bad.status).toBe(401);
    const text = await bad.text();
    expect(text).not.toContain('Zq9-guessed-secret');
    expect(JSON.parse(text)).toMatchObject({ code: 'unauthenticated', error: 'invalid_client' });
    const grant = await service.fetch(
      new Request('http://svc.test/api/v1/oauth/token', {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('demo:demo-secret')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=password',
      }),
    );
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const get = await service.fetch(new Request('http://svc.test/api/v1/oauth/token'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toContain('POST');
  });
});

describe('plan host and misc', () => {
  it('answers the plan lookup and 404 for an unknown customer', async () => {
    const res = await service.fetch(new Request('http://svc.test/plans/planLevelByCustId/demo'));
    expect(await res.json()).toEqual({ customerId: 'demo', planLevel: '2' });
    const other = await service.fetch(new Request('http://svc.test/plans/planLevelByCustId/other'));
    expect(await other.json()).toEqual({ customerId: 'other', planLevel: '1' });
    const none = await service.fetch(new Request('http://svc.test/plans/planLevelByCustId/nobody'));
    expect(none.status).toBe(404);
  });

  it('answers 405 with Allow, 404 for unknown paths, HEAD without a body, and CORS preflight', async () => {
    const del = await service.fetch(new Request(url('/metricquery/demo'), { method: 'DELETE' }));
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await del.json()).toMatchObject({ code: 'method_not_allowed' });
    const missing = await service.fetch(new Request('http://svc.test/api/v1/nothing'));
    expect(missing.status).toBe(404);
    const head = await service.fetch(
      new Request(url('/metricquery/demo', { period: WEEK, metrics: 'errors' }), {
        method: 'HEAD',
        headers: { 'X-API-Key': 'demo-key' },
      }),
    );
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const preflight = await service.fetch(
      new Request(url('/metricquery/demo'), {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-api-key',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
    const health = await service.fetch(new Request('http://svc.test/healthz'));
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('answers 400 invalid_customer for a malformed customer id', async () => {
    const res = await service.fetch(
      new Request('http://svc.test/api/v1/metricquery/a%20b?metrics=errors', {
        headers: { 'X-API-Key': 'demo-key' },
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_customer', param: 'customerId' });
  });
});
