// Auth adapters against a fake service: the right header per endpoint, token caching and early
// refresh, single-flight refresh under concurrency, one retry after a 401, and input checks.
import { describe, expect, it } from 'vitest';
import {
  apiKeyAuth,
  bearerAuth,
  clientCredentials,
  createClient,
  PlayqResponseError,
  PlayqUnauthorizedError,
} from '../src/index';
import {
  BASE,
  fakeService,
  faultTransport,
  json,
  metricNode,
  problem,
  sessionNode,
} from './support/fake-service';

const TOKEN_URL = `${BASE}/oauth/token`;
const fastRetry = { retries: 2, minDelayMs: 1, maxDelayMs: 2 };

describe('apiKeyAuth and bearerAuth', () => {
  it('sends X-API-Key to metricquery and the bearer token to session, each its own', async () => {
    const service = fakeService({ apiKey: 'demo-key', validTokens: new Set(['tok-static']) });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: { metricquery: apiKeyAuth('demo-key'), session: bearerAuth('tok-static') },
    });
    await client.run(metricNode());
    await client.run(sessionNode({ planlevel: '2' }));
    const [metric, session] = service.calls;
    expect(metric!.headers.get('x-api-key')).toBe('demo-key');
    expect(metric!.headers.get('authorization')).toBeNull();
    expect(session!.headers.get('authorization')).toBe('Bearer tok-static');
    expect(session!.headers.get('x-api-key')).toBeNull();
  });

  it('calls a token provider per request and once more after a 401', async () => {
    let n = 0;
    const service = fakeService({ validTokens: new Set(['p-2', 'p-3']) });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: { session: bearerAuth(async () => `p-${++n}`) },
    });
    const page = await client.run(sessionNode({ planlevel: '2' }));
    expect(page.records.length).toBe(10);
    expect(service.calls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer p-1', 'Bearer p-2']);
  });

  it('does not retry a 401 with a static token', async () => {
    const service = fakeService({ validTokens: new Set(['good']) });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: { session: bearerAuth('bad-token') },
    });
    await expect(client.run(sessionNode({ planlevel: '2' }))).rejects.toSatisfy(
      PlayqUnauthorizedError.isInstance,
    );
    expect(service.calls).toHaveLength(1);
  });

  it.each([
    ['apiKeyAuth', () => apiKeyAuth(''), /apiKeyAuth\(\) needs a non-empty string key/],
    ['apiKeyAuth', () => apiKeyAuth(42 as unknown as string), /got number/],
    ['bearerAuth', () => bearerAuth('a\nb'), /line break/],
    [
      'clientCredentials',
      () => clientCredentials({ tokenUrl: 'nope', clientId: 'a', clientSecret: 'b' }),
      /^@playq\/client: clientCredentials\(\) needs an absolute http\(s\) tokenUrl$/,
    ],
    [
      'clientCredentials',
      () =>
        clientCredentials({
          tokenUrl: 'ftp://id:s3cr3t@files.example/token',
          clientId: 'a',
          clientSecret: 'b',
        }),
      // The URL is not echoed: it may carry a credential.
      /^@playq\/client: clientCredentials\(\) needs an absolute http\(s\) tokenUrl$/,
    ],
    [
      'clientCredentials',
      () => clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'a', clientSecret: '' }),
      /clientSecret/,
    ],
  ])('%s rejects bad input early', (_, make, message) => {
    expect(make).toThrow(message);
  });

  it('rejects a provider that returns no token, naming the adapter', async () => {
    const service = fakeService();
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: { session: bearerAuth(async () => '') },
    });
    await expect(client.run(sessionNode({ planlevel: '2' }))).rejects.toThrow(
      /bearerAuth\(\) needs a non-empty string token from the provider/,
    );
  });
});

describe('clientCredentials', () => {
  it('sends the client-credentials grant with HTTP Basic and caches the token', async () => {
    const service = fakeService({ validTokens: new Set(['tok-1']) });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: {
        session: clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 'demo-secret' }),
      },
    });
    await client.run(sessionNode({ planlevel: '2' }));
    await client.run(sessionNode({ planlevel: '2' }));
    expect(service.tokenCalls).toBe(1);
    const tokenCall = service.calls.find((c) => c.url.pathname.endsWith('/oauth/token'))!;
    expect(tokenCall.method).toBe('POST');
    expect(tokenCall.headers.get('authorization')).toBe(`Basic ${btoa('demo:demo-secret')}`);
  });

  it('refreshes shortly before expiry', async () => {
    let now = 1_000_000;
    const service = fakeService({
      validTokens: new Set(['tok-1', 'tok-2']),
      tokens: { prefix: 'tok', expiresIn: 600 },
    });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: {
        session: clientCredentials({
          tokenUrl: TOKEN_URL,
          clientId: 'demo',
          clientSecret: 's3cret',
          refreshSkewSeconds: 60,
          now: () => now,
        }),
      },
    });
    await client.run(sessionNode({ planlevel: '2' }));
    now += 530_000; // 70 s before expiry: still fresh
    await client.run(sessionNode({ planlevel: '2' }));
    expect(service.tokenCalls).toBe(1);
    now += 20_000; // 50 s before expiry: inside the skew
    await client.run(sessionNode({ planlevel: '2' }));
    expect(service.tokenCalls).toBe(2);
    expect(service.calls.at(-1)!.headers.get('authorization')).toBe('Bearer tok-2');
  });

  it('after a 401 with an expired token, refreshes once and retries once', async () => {
    const service = fakeService({ validTokens: new Set(['tok-2']) });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: { session: clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 's3cret' }) },
    });
    const page = await client.run(sessionNode({ planlevel: '2' }));
    expect(page.totalrecords).toBe(25);
    expect(service.tokenCalls).toBe(2);
    const apiCalls = service.calls.filter((c) => c.url.pathname.includes('/session/'));
    expect(apiCalls.map((c) => c.headers.get('authorization'))).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('gives up after one re-authentication', async () => {
    const service = fakeService({ validTokens: new Set(['never']) });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: { session: clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 's3cret' }) },
    });
    const error = await client.run(sessionNode({ planlevel: '2' })).catch((e: unknown) => e);
    expect(PlayqUnauthorizedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'token_expired' });
    expect(service.tokenCalls).toBe(2);
  });

  it('runs exactly one token request for many concurrent requests, also after a shared 401', async () => {
    const service = fakeService({
      validTokens: new Set(['tok-1']),
      tokens: { prefix: 'tok', expiresIn: 3600, delayMs: 30 },
    });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: { session: clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 's3cret' }) },
    });
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => client.run(sessionNode({ planlevel: '2' }))),
    );
    expect(pages.every((p) => p.records.length === 10)).toBe(true);
    expect(service.tokenCalls).toBe(1);

    // Every in-flight request fails with the same now-rejected token: one refresh, not twenty.
    const second = fakeService({
      validTokens: new Set(['tok-2']),
      tokens: { prefix: 'tok', expiresIn: 3600, delayMs: 30 },
    });
    const client2 = createClient({
      baseUrl: BASE,
      fetch: second.fetch,
      auth: { session: clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 's3cret' }) },
    });
    await Promise.all(Array.from({ length: 20 }, () => client2.run(sessionNode({ planlevel: '2' }))));
    expect(second.tokenCalls).toBe(2);
  });

  it('a caller aborting does not cancel the refresh the others wait for', async () => {
    const service = fakeService({ tokens: { prefix: 'tok', expiresIn: 3600, delayMs: 40 } });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      auth: { session: clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 's3cret' }) },
    });
    const controller = new AbortController();
    const aborted = client.run(sessionNode({ planlevel: '2' }), { signal: controller.signal });
    const other = client.run(sessionNode({ planlevel: '2' }));
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    await expect(other).resolves.toMatchObject({ totalrecords: 25 });
    expect(service.tokenCalls).toBe(1);
  });

  it('reports refused client credentials as PlayqUnauthorizedError without the secret', async () => {
    const transport = faultTransport(fakeService().fetch, [
      () => problem(401, 'unauthenticated', 'bad client'),
    ]);
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      retry: fastRetry,
      auth: {
        session: clientCredentials({
          tokenUrl: TOKEN_URL,
          clientId: 'demo',
          clientSecret: 'super-secret-value',
        }),
      },
    });
    const error = await client.run(sessionNode({ planlevel: '2' })).catch((e: unknown) => e);
    expect(PlayqUnauthorizedError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /token endpoint .* refused the client credentials \(401 unauthenticated\)/,
    );
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain('super-secret-value');
  });

  it('retries a token endpoint that answers 503, then proceeds', async () => {
    const transport = faultTransport(fakeService().fetch, [() => problem(503, 'internal')]);
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      retry: fastRetry,
      auth: { session: clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 's3cret' }) },
    });
    await expect(client.run(sessionNode({ planlevel: '2' }))).resolves.toMatchObject({ totalrecords: 25 });
  });

  it.each([
    ['not JSON', 'oops', /not JSON/],
    ['no access_token', JSON.stringify({ token_type: 'Bearer', expires_in: 60 }), /access_token is missing/],
    [
      'a non-bearer type',
      JSON.stringify({ access_token: 'abcdef', token_type: 'mac', expires_in: 60 }),
      /is not Bearer/,
    ],
    [
      'a bad expires_in',
      JSON.stringify({ access_token: 'abcdef', token_type: 'Bearer', expires_in: -1 }),
      /expires_in/,
    ],
  ])('rejects a token response with %s', async (_, body, reason) => {
    const transport = faultTransport(fakeService().fetch, [() => new Response(body)]);
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      auth: { session: clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 's3cret' }) },
    });
    const error = await client.run(sessionNode({ planlevel: '2' })).catch((e: unknown) => e);
    expect(PlayqResponseError.isInstance(error)).toBe(true);
    expect((error as PlayqResponseError).reason).toMatch(reason);
    expect(JSON.stringify(error)).not.toContain('abcdef');
  });

  it('uses its own fetch when given one', async () => {
    const tokens = fakeService();
    const api = fakeService({ validTokens: new Set(['tok-1']) });
    const client = createClient({
      baseUrl: BASE,
      fetch: api.fetch,
      auth: {
        session: clientCredentials({
          tokenUrl: TOKEN_URL,
          clientId: 'demo',
          clientSecret: 's3cret',
          fetch: tokens.fetch,
        }),
      },
    });
    await client.run(sessionNode({ planlevel: '2' }));
    expect(tokens.tokenCalls).toBe(1);
    expect(api.tokenCalls).toBe(0);
    void json;
  });
});
