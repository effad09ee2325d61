// Every refusal of the application in process, with the exact answer a client sees: status, the
// headers a client acts on (WWW-Authenticate, Allow, Retry-After, RateLimit-*) and the whole
// problem body, detail included. The other suites check the codes; these check the words too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, datasetFromRecords, type Service } from '../src/index';
import { ERRORS, PERIOD, SESSIONS } from './fixture';
import { token, url } from './helpers';

let service: Service;
let limitedService: Service;
let bearer: string;

beforeAll(async () => {
  const dataset = await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS });
  service = await createService({
    data: { dataset },
    rateLimit: false,
    maxUrlLength: 2_000,
    corsOrigins: '*',
  });
  limitedService = await createService({
    data: { dataset: await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS }) },
    rateLimit: { ratePerSecond: 0.001, burst: 1 },
  });
  bearer = await token(service);
});
afterAll(async () => {
  for (const s of [service, limitedService]) {
    await s.close();
    await s.db.close();
  }
});

const problem = (status: number, title: string, code: string, detail: string, more: object = {}) => ({
  type: `https://playq.dev/problems/${code}`,
  title,
  status,
  detail,
  code,
  ...more,
});

/** Status, the named headers (absent ones as null) and the body. */
async function answer(res: Response, ...names: string[]) {
  return {
    status: res.status,
    headers: Object.fromEntries(names.map((n) => [n, res.headers.get(n)])),
    body: await res.json(),
  };
}

const query = `?period=${encodeURIComponent(PERIOD)}&metrics=errors`;
const sessionQuery = `?planlevel=2&period=${encodeURIComponent(PERIOD)}&metrics=errors,subscriberid&aggby=subscriberid&agg=1`;
const get = (path: string, headers: Record<string, string> = {}, s = service) =>
  s.fetch(new Request(`http://svc.test${path}`, { headers }));
const postToken = (body: string, headers: Record<string, string>) =>
  service.fetch(new Request(url('/oauth/token'), { method: 'POST', body, headers }));
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('routing', () => {
  it('answers 414 for a URL over maxUrlLength, naming both lengths', async () => {
    const path = `/api/v1/metricquery/demo?filter=${'a'.repeat(2_000)}`;
    const length = `http://svc.test${path}`.length;
    expect(await answer(await get(path), 'content-type')).toStrictEqual({
      status: 414,
      headers: { 'content-type': 'application/problem+json' },
      body: problem(
        414,
        'URI Too Long',
        'uri_too_long',
        `The request URL is ${length} characters long; the limit is 2000.`,
      ),
    });
  });

  it('serves a URL of exactly maxUrlLength characters and refuses one more', async () => {
    const prefix = '/api/v1/metricquery/demo?metrics=errors&x=';
    const pad = 2_000 - `http://svc.test${prefix}`.length;
    const atLimit = await get(`${prefix}${'a'.repeat(pad)}`);
    expect(atLimit.status).not.toBe(414);
    await atLimit.body?.cancel();
    expect((await get(`${prefix}${'a'.repeat(pad + 1)}`)).status).toBe(414);
  });

  it('answers 405 with Allow for a method a resource does not take', async () => {
    const del = (path: string) => service.fetch(new Request(`http://svc.test${path}`, { method: 'DELETE' }));
    expect(await answer(await del('/api/v1/metricquery/demo'), 'allow')).toStrictEqual({
      status: 405,
      headers: { allow: 'GET, HEAD, OPTIONS' },
      body: problem(
        405,
        'Method Not Allowed',
        'method_not_allowed',
        'This resource accepts GET, HEAD, OPTIONS.',
      ),
    });
    expect(await answer(await get('/api/v1/oauth/token'), 'allow')).toStrictEqual({
      status: 405,
      headers: { allow: 'POST, OPTIONS' },
      body: problem(405, 'Method Not Allowed', 'method_not_allowed', 'This resource accepts POST, OPTIONS.'),
    });
    for (const path of ['/healthz', '/plans/planLevelByCustId/demo', '/api/v1/session/demo']) {
      expect((await answer(await del(path), 'allow')).headers).toStrictEqual({ allow: 'GET, HEAD, OPTIONS' });
    }
  });

  it('answers 404 for an unknown resource and an unknown customer on the plan host', async () => {
    expect(await answer(await get('/api/v1/nothing'))).toStrictEqual({
      status: 404,
      headers: {},
      body: problem(404, 'Not Found', 'not_found', 'No such resource.'),
    });
    expect(await answer(await get('/plans/planLevelByCustId/nobody'))).toStrictEqual({
      status: 404,
      headers: {},
      body: problem(404, 'Not Found', 'not_found', 'No such customer.', { param: 'customerId' }),
    });
  });

  it('answers 400 invalid_customer for a malformed customer id on every route', async () => {
    const expected = {
      status: 400,
      headers: {},
      body: problem(
        400,
        'Bad Request',
        'invalid_customer',
        'The customer id must be 1 to 128 characters of A-Z, a-z, 0-9, ".", "_" or "-".',
        { param: 'customerId' },
      ),
    };
    const bad = 'a%20b';
    expect(await answer(await get(`/plans/planLevelByCustId/${bad}`))).toStrictEqual(expected);
    expect(
      await answer(await get(`/api/v1/metricquery/${bad}${query}`, { 'X-API-Key': 'demo-key' })),
    ).toStrictEqual(expected);
    expect(
      await answer(await get(`/api/v1/session/${bad}${query}`, { Authorization: `Bearer ${bearer}` })),
    ).toStrictEqual(expected);
  });
});

describe('the token endpoint', () => {
  it('asks for grant_type in a form body, and names the OAuth error', async () => {
    const expected = {
      status: 400,
      headers: { 'www-authenticate': null },
      body: problem(
        400,
        'Bad Request',
        'missing_parameter',
        'grant_type=client_credentials is required in a form body.',
        { param: 'grant_type', error: 'invalid_request' },
      ),
    };
    expect(await answer(await postToken('', FORM), 'www-authenticate')).toStrictEqual(expected);
    // A form sent with another content type is not read as a form.
    expect(
      await answer(
        await postToken('grant_type=client_credentials', { 'Content-Type': 'text/plain' }),
        'www-authenticate',
      ),
    ).toStrictEqual(expected);
  });

  it('refuses any grant but client_credentials', async () => {
    expect(await answer(await postToken('grant_type=password', FORM))).toStrictEqual({
      status: 400,
      headers: {},
      body: problem(
        400,
        'Bad Request',
        'missing_parameter',
        'Only grant_type=client_credentials is supported.',
        {
          param: 'grant_type',
          error: 'unsupported_grant_type',
        },
      ),
    });
  });

  it('answers 401 with a Basic challenge for a wrong secret, a missing secret or an unknown client', async () => {
    const expected = {
      status: 401,
      headers: { 'www-authenticate': 'Basic realm="playq"' },
      body: problem(401, 'Unauthorized', 'unauthenticated', 'Unknown client or wrong client secret.', {
        error: 'invalid_client',
      }),
    };
    const grant = 'grant_type=client_credentials';
    const basic = (id: string, secret: string) => ({
      ...FORM,
      Authorization: `Basic ${btoa(`${id}:${secret}`)}`,
    });
    expect(await answer(await postToken(grant, basic('demo', 'wrong')), 'www-authenticate')).toStrictEqual(
      expected,
    );
    expect(await answer(await postToken(`${grant}&client_id=demo`, FORM), 'www-authenticate')).toStrictEqual(
      expected,
    );
    expect(
      await answer(await postToken(`${grant}&client_secret=demo-secret`, FORM), 'www-authenticate'),
    ).toStrictEqual(expected);
    expect(
      await answer(
        await postToken(`${grant}&client_id=nobody&client_secret=demo-secret`, FORM),
        'www-authenticate',
      ),
    ).toStrictEqual(expected);
  });

  it('issues a token for credentials in the form as well as in a Basic header', async () => {
    const res = await postToken(
      'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
      FORM,
    );
    expect([res.status, res.headers.get('cache-control'), res.headers.get('pragma')]).toStrictEqual([
      200,
      'no-store',
      'no-cache',
    ]);
    expect(await res.json()).toMatchObject({ token_type: 'Bearer' });
  });
});

describe('metricquery credentials', () => {
  const path = `/api/v1/metricquery/demo${query}`;

  it('asks for X-API-Key, and says so when a bearer token came instead', async () => {
    expect(await answer(await get(path))).toStrictEqual({
      status: 401,
      headers: {},
      body: problem(401, 'Unauthorized', 'unauthenticated', 'Missing X-API-Key header.'),
    });
    expect(await answer(await get(path, { 'X-API-Key': '' }))).toStrictEqual({
      status: 401,
      headers: {},
      body: problem(401, 'Unauthorized', 'unauthenticated', 'Missing X-API-Key header.'),
    });
    expect(await answer(await get(path, { Authorization: `Bearer ${bearer}` }))).toStrictEqual({
      status: 401,
      headers: {},
      body: problem(
        401,
        'Unauthorized',
        'unauthenticated',
        'metricquery takes an X-API-Key header; bearer tokens are accepted only on the session endpoint.',
      ),
    });
  });

  it('refuses an unknown key, another customer (403) and a customer that does not exist (404)', async () => {
    expect(await answer(await get(path, { 'X-API-Key': 'nope' }))).toStrictEqual({
      status: 401,
      headers: {},
      body: problem(401, 'Unauthorized', 'unauthenticated', 'Unknown API key.'),
    });
    expect(
      await answer(await get(`/api/v1/metricquery/other${query}`, { 'X-API-Key': 'demo-key' })),
    ).toStrictEqual({
      status: 403,
      headers: {},
      body: problem(403, 'Forbidden', 'forbidden', 'This credential does not grant access to that customer.'),
    });
    expect(
      await answer(await get(`/api/v1/metricquery/nobody${query}`, { 'X-API-Key': 'demo-key' })),
    ).toStrictEqual({
      status: 404,
      headers: {},
      body: problem(404, 'Not Found', 'not_found', 'No such customer.', { param: 'customerId' }),
    });
  });
});

describe('session credentials', () => {
  const path = `/api/v1/session/demo${query}`;

  it('asks for a bearer token, with the challenge that fits what came', async () => {
    expect(await answer(await get(path), 'www-authenticate')).toStrictEqual({
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="playq"' },
      body: problem(
        401,
        'Unauthorized',
        'unauthenticated',
        'Missing or malformed Authorization: Bearer header.',
      ),
    });
    expect(await answer(await get(path, { Authorization: 'Bearer' }), 'www-authenticate')).toStrictEqual({
      status: 401,
      headers: {
        'www-authenticate':
          'Bearer realm="playq", error="invalid_request", error_description="malformed Authorization header"',
      },
      body: problem(
        401,
        'Unauthorized',
        'unauthenticated',
        'Missing or malformed Authorization: Bearer header.',
      ),
    });
    expect(await answer(await get(path, { 'X-API-Key': 'demo-key' }), 'www-authenticate')).toStrictEqual({
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="playq"' },
      body: problem(
        401,
        'Unauthorized',
        'unauthenticated',
        'session takes an Authorization: Bearer token; API keys are accepted only on metricquery and listsessions.',
      ),
    });
  });

  it('answers an invalid token with an invalid_token challenge', async () => {
    const forged = `${bearer.slice(0, -4)}AAAA`;
    expect(
      await answer(await get(path, { Authorization: `Bearer ${forged}` }), 'www-authenticate'),
    ).toStrictEqual({
      status: 401,
      headers: {
        'www-authenticate': 'Bearer realm="playq", error="invalid_token", error_description="invalid token"',
      },
      body: problem(401, 'Unauthorized', 'unauthenticated', 'The bearer token is not valid.'),
    });
  });

  it('refuses a token of another customer (403)', async () => {
    expect(
      await answer(await get(`/api/v1/session/other${query}`, { Authorization: `Bearer ${bearer}` })),
    ).toStrictEqual({
      status: 403,
      headers: {},
      body: problem(403, 'Forbidden', 'forbidden', 'This credential does not grant access to that customer.'),
    });
  });
});

describe('CORS', () => {
  it('answers a preflight with exactly the methods, headers and max age a browser client needs', async () => {
    const preflight = await service.fetch(
      new Request(url('/session/demo'), {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      }),
    );
    const names = [
      'access-control-allow-origin',
      'access-control-allow-methods',
      'access-control-allow-headers',
    ];
    expect([
      preflight.status,
      ...names.map((n) => preflight.headers.get(n)),
      preflight.headers.get('access-control-max-age'),
    ]).toStrictEqual([204, '*', 'GET,HEAD,POST,OPTIONS', 'X-API-Key,Authorization,Content-Type', '600']);
  });

  it('exposes the data span, limit, retry and challenge headers to a browser on every answer', async () => {
    const res = await get(`/api/v1/metricquery/demo${query}`, { Origin: 'https://app.example' });
    expect([res.status, res.headers.get('access-control-expose-headers')]).toStrictEqual([
      401,
      'Playq-Data-Span,RateLimit-Limit,RateLimit-Remaining,RateLimit-Reset,RateLimit-Policy,Retry-After,WWW-Authenticate',
    ]);
  });
});

describe('session plan level', () => {
  it("names the customer's plan lookup URL when the planlevel is not the customer's", async () => {
    const wrong = sessionQuery.replace('planlevel=2', 'planlevel=9');
    expect(
      await answer(await get(`/api/v1/session/demo${wrong}`, { Authorization: `Bearer ${bearer}` })),
    ).toStrictEqual({
      status: 400,
      headers: {},
      body: problem(
        400,
        'Bad Request',
        'invalid_planlevel',
        // In process, without a listener or a configured plan URL: the plan path, never the Host.
        'planlevel "9" is not this customer\'s plan level; look it up at /plans/planLevelByCustId/demo.',
        { param: 'planlevel' },
      ),
    });
  });
});

describe('answers', () => {
  it('are JSON, never cached', async () => {
    const ok = await get(`/api/v1/metricquery/demo${query}`, { 'X-API-Key': 'demo-key' });
    expect([ok.status, ok.headers.get('content-type'), ok.headers.get('cache-control')]).toStrictEqual([
      200,
      'application/json; charset=utf-8',
      'no-store',
    ]);
  });
});

describe('the per-credential rate limit', () => {
  it('answers 429 with the RateLimit headers and Retry-After once the burst is used, per credential', async () => {
    const names = ['ratelimit-limit', 'ratelimit-remaining', 'retry-after'];
    const first = await get(`/api/v1/metricquery/demo${query}`, { 'X-API-Key': 'demo-key' }, limitedService);
    expect([
      first.status,
      first.headers.get('ratelimit-remaining'),
      first.headers.get('retry-after'),
    ]).toStrictEqual([200, '0', null]);
    expect(
      await answer(
        await get(`/api/v1/metricquery/demo${query}`, { 'X-API-Key': 'demo-key' }, limitedService),
        ...names,
      ),
    ).toStrictEqual({
      status: 429,
      headers: { 'ratelimit-limit': '1', 'ratelimit-remaining': '0', 'retry-after': '1000' },
      body: problem(
        429,
        'Too Many Requests',
        'rate_limited',
        'Too many requests for this credential; retry after the delay given.',
      ),
    });
    // The limit of a key is not the limit of the bearer tokens of the same customer, nor of another.
    const own = await token(limitedService);
    expect(
      (await get(`/api/v1/session/demo${sessionQuery}`, { Authorization: `Bearer ${own}` }, limitedService))
        .status,
    ).toBe(200);
    expect(
      (await get(`/api/v1/session/demo${sessionQuery}`, { Authorization: `Bearer ${own}` }, limitedService))
        .status,
    ).toBe(429);
    expect(
      (await get(`/api/v1/metricquery/other${query}`, { 'X-API-Key': 'other-key' }, limitedService)).status,
    ).toBe(200);
    const otherToken = await token(limitedService, 'other', 'other-secret');
    const otherSession = `/api/v1/session/other${sessionQuery.replace('planlevel=2', 'planlevel=1')}`;
    expect((await get(otherSession, { Authorization: `Bearer ${otherToken}` }, limitedService)).status).toBe(
      200,
    );
    // The limit comes before the customer check: a spent key asking for another customer gets 429.
    const spent = await get(`/api/v1/metricquery/demo${query}`, { 'X-API-Key': 'other-key' }, limitedService);
    expect([spent.status, spent.headers.get('ratelimit-limit')]).toStrictEqual([429, '1']);
  });
});
