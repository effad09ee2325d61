// Auth adapters against a fake service: the right header per endpoint, token caching and early
// refresh, single-flight refresh under concurrency, one retry after a 401, and input checks.
import { describe, expect, it, vi } from 'vitest';
import type { ClientCredentialsOptions } from '../src/auth/client-credentials';
import {
  apiKeyAuth,
  bearerAuth,
  clientCredentials,
  createClient,
  PlayqBadRequestError,
  PlayqNetworkError,
  PlayqResponseError,
  PlayqServerError,
  PlayqTimeoutError,
  PlayqUnauthorizedError,
} from '../src/index';
import type { AuthAdapter, AuthContext } from '../src/transport/auth-adapter';
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

describe('more cases', () => {
  const TOKEN_URL = 'https://auth.example/oauth/token';
  const SECRET_LIST = ['s3cret', btoa('demo:s3cret')];

  function message(make: () => unknown): string {
    try {
      make();
    } catch (error) {
      return `${(error as Error).constructor.name}: ${(error as Error).message}`;
    }
    return 'no error';
  }

  async function failure(promise: unknown): Promise<unknown> {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('expected a rejection');
  }

  /** A token endpoint stand-in: answers each request with the next response, recording the requests. */
  function tokenEndpoint(answer: (request: Request, n: number) => Response | Promise<Response>) {
    const requests: Request[] = [];
    const bodies: string[] = [];
    return {
      requests,
      bodies,
      async fetch(request: Request): Promise<Response> {
        requests.push(request);
        bodies.push(await request.clone().text());
        return answer(request, requests.length);
      },
    };
  }

  function token(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
  }

  function credentials(
    endpoint: { fetch(request: Request): Promise<Response> },
    extra: Partial<ClientCredentialsOptions> = {},
  ): AuthAdapter {
    return clientCredentials({
      tokenUrl: TOKEN_URL,
      clientId: 'demo',
      clientSecret: 's3cret',
      ...extra,
      fetch: endpoint.fetch,
    });
  }

  const context = (): AuthContext => ({
    fetch: () => Promise.reject(new Error('the client transport must not be used')),
    signal: undefined,
  });

  describe('requireCredential, through the adapter factories', () => {
    it('names an empty string as such', () => {
      expect(message(() => apiKeyAuth(''))).toBe(
        'TypeError: @playq/client: apiKeyAuth() needs a non-empty string key, got an empty string',
      );
    });

    it('rejects a blank string, naming its type', () => {
      expect(message(() => apiKeyAuth('   '))).toBe(
        'TypeError: @playq/client: apiKeyAuth() needs a non-empty string key, got string',
      );
      expect(message(() => bearerAuth(' \t '))).toBe(
        'TypeError: @playq/client: bearerAuth() needs a non-empty string token, got string',
      );
    });

    it('names the bearer factory and its token', () => {
      expect(message(() => bearerAuth(''))).toBe(
        'TypeError: @playq/client: bearerAuth() needs a non-empty string token, got an empty string',
      );
    });
  });

  describe('apiKeyAuth and bearerAuth', () => {
    it('have the kinds apiKey and bearer', () => {
      expect(apiKeyAuth('demo-key').kind).toBe('apiKey');
      expect(bearerAuth('tok-static').kind).toBe('bearer');
      expect(bearerAuth(() => 'tok').kind).toBe('bearer');
    });

    it('a provider-backed bearer remembers nothing before its first call', () => {
      expect([...bearerAuth(() => 'tok-1').secrets()]).toStrictEqual([]);
    });

    it('remembers each provider token once', async () => {
      const values = ['tok-1', 'tok-1', 'tok-2', 'tok-1'];
      let i = 0;
      const auth = bearerAuth(() => values[i++]!);
      const sent = [];
      for (let n = 0; n < values.length; n++) sent.push(await auth.headers(context()));
      expect(sent).toStrictEqual(values.map((v) => ({ authorization: `Bearer ${v}` })));
      expect([...auth.secrets()]).toStrictEqual(['tok-1', 'tok-2']);
    });

    it('remembers at most the eight latest provider tokens', async () => {
      let n = 0;
      const auth = bearerAuth(async () => `tok-${++n}`);
      for (let i = 0; i < 8; i++) await auth.headers(context());
      expect([...auth.secrets()]).toStrictEqual([
        'tok-1',
        'tok-2',
        'tok-3',
        'tok-4',
        'tok-5',
        'tok-6',
        'tok-7',
        'tok-8',
      ]);
      await auth.headers(context());
      expect([...auth.secrets()]).toStrictEqual([
        'tok-2',
        'tok-3',
        'tok-4',
        'tok-5',
        'tok-6',
        'tok-7',
        'tok-8',
        'tok-9',
      ]);
    });
  });

  describe('clientCredentials: options', () => {
    const ok = { tokenUrl: TOKEN_URL, clientId: 'demo', clientSecret: 's3cret' };

    it('needs an options object', () => {
      const expected = 'TypeError: @playq/client: clientCredentials() needs an options object';
      expect(message(() => clientCredentials(null as unknown as ClientCredentialsOptions))).toBe(expected);
      expect(message(() => clientCredentials(undefined as unknown as ClientCredentialsOptions))).toBe(
        expected,
      );
      expect(message(() => clientCredentials('opts' as unknown as ClientCredentialsOptions))).toBe(expected);
    });

    it('names the missing credential', () => {
      expect(message(() => clientCredentials({ ...ok, tokenUrl: undefined as unknown as string }))).toBe(
        'TypeError: @playq/client: clientCredentials() needs a non-empty string tokenUrl, got undefined',
      );
      expect(message(() => clientCredentials({ ...ok, clientId: '' }))).toBe(
        'TypeError: @playq/client: clientCredentials() needs a non-empty string clientId, got an empty string',
      );
      expect(message(() => clientCredentials({ ...ok, clientSecret: 7 as unknown as string }))).toBe(
        'TypeError: @playq/client: clientCredentials() needs a non-empty string clientSecret, got number',
      );
    });

    it('needs a finite, non-negative refreshSkewSeconds', () => {
      const expected =
        'TypeError: @playq/client: clientCredentials() refreshSkewSeconds must be a finite number >= 0';
      expect(message(() => clientCredentials({ ...ok, refreshSkewSeconds: -1 }))).toBe(expected);
      expect(message(() => clientCredentials({ ...ok, refreshSkewSeconds: Number.NaN }))).toBe(expected);
      expect(message(() => clientCredentials({ ...ok, refreshSkewSeconds: Number.POSITIVE_INFINITY }))).toBe(
        expected,
      );
      expect(message(() => clientCredentials({ ...ok, refreshSkewSeconds: 0 }))).toBe('no error');
    });

    it('has the kind clientCredentials and knows the secret and the Basic credential from the start', () => {
      const auth = clientCredentials(ok);
      expect(auth.kind).toBe('clientCredentials');
      expect([...auth.secrets()]).toStrictEqual(SECRET_LIST);
    });
  });

  describe('clientCredentials: the token request', () => {
    it('posts the form-encoded grant with scope, Basic credentials and JSON accept', async () => {
      const endpoint = tokenEndpoint(() => token({ access_token: 'tok-1', token_type: 'Bearer' }));
      const auth = clientCredentials({
        tokenUrl: TOKEN_URL,
        clientId: 'my client',
        clientSecret: 'se cret',
        scope: 'read write',
        fetch: endpoint.fetch,
      });
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-1' });
      const [request] = endpoint.requests;
      expect(request!.method).toBe('POST');
      expect(request!.url).toBe(TOKEN_URL);
      expect(Object.fromEntries(request!.headers)).toStrictEqual({
        accept: 'application/json',
        authorization: `Basic ${btoa('my+client:se+cret')}`,
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(endpoint.bodies).toStrictEqual(['grant_type=client_credentials&scope=read+write']);
      expect([...auth.secrets()]).toStrictEqual(['se cret', btoa('my+client:se+cret'), 'tok-1']);
    });

    it('times out a token request that does not answer in timeoutMs', async () => {
      const endpoint = tokenEndpoint(
        () =>
          new Promise<Response>((resolve) => setTimeout(() => resolve(token({ access_token: 'late' })), 150)),
      );
      const error = await failure(credentials(endpoint, { timeoutMs: 20 }).headers(context()));
      expect(PlayqTimeoutError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(
        `@playq/client: POST ${TOKEN_URL} exceeded the request timeout of 20 ms`,
      );
      expect(error).toMatchObject({ kind: 'request', timeoutMs: 20, method: 'POST', url: TOKEN_URL });
    });

    it('stops its timeout timer once the answer is read', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const endpoint = tokenEndpoint(() => token({ access_token: 'tok-1' }));
        await credentials(endpoint, { timeoutMs: 10 }).headers(context());
        expect(vi.getTimerCount()).toBe(0);
        vi.advanceTimersByTime(1000);
        expect(endpoint.requests[0]!.signal.aborted).toBe(false);
      } finally {
        vi.useRealTimers();
      }
    });

    it('reports a transport failure as a network error', async () => {
      const endpoint = tokenEndpoint(() => {
        throw new TypeError('fetch failed');
      });
      const error = await failure(credentials(endpoint).headers(context()));
      expect(PlayqNetworkError.isInstance(error)).toBe(true);
      expect((error as Error).message).toBe(`@playq/client: POST ${TOKEN_URL} failed: token request failed`);
      expect(error).toMatchObject({ method: 'POST', url: TOKEN_URL });
    });

    it('passes a PlayqError from the transport through unchanged', async () => {
      const own = new PlayqNetworkError({ method: 'GET', url: 'https://elsewhere.example/', detail: 'own' });
      const endpoint = tokenEndpoint(() => {
        throw own;
      });
      expect(await failure(credentials(endpoint).headers(context()))).toBe(own);
    });
  });

  describe('clientCredentials: refused and failing token requests', () => {
    it('reports refused credentials (401 with a problem code)', async () => {
      const problem = { title: 'no', status: 401, code: 'unauthenticated' };
      const endpoint = tokenEndpoint(() => token(problem, 401));
      const error = (await failure(credentials(endpoint).headers(context()))) as PlayqUnauthorizedError;
      expect(PlayqUnauthorizedError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        `@playq/client: the token endpoint ${TOKEN_URL} refused the client credentials (401 unauthenticated)`,
      );
      expect([error.method, error.url, error.retryable, error.retryAfter, error.code]).toStrictEqual([
        'POST',
        TOKEN_URL,
        false,
        undefined,
        'unauthenticated',
      ]);
      expect(error.problem).toStrictEqual(problem);
    });

    it('reports refused credentials (400 without a body) with the bare status', async () => {
      const endpoint = tokenEndpoint(() => token('', 400));
      const error = (await failure(credentials(endpoint).headers(context()))) as PlayqBadRequestError;
      expect(PlayqBadRequestError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        `@playq/client: the token endpoint ${TOKEN_URL} refused the client credentials (400)`,
      );
      expect(error.problem).toBeUndefined();
    });

    it('reports a 401 without a problem code with the bare status', async () => {
      const endpoint = tokenEndpoint(() => token({ title: 'no' }, 401));
      const error = (await failure(credentials(endpoint).headers(context()))) as Error;
      expect(error.message).toBe(
        `@playq/client: the token endpoint ${TOKEN_URL} refused the client credentials (401)`,
      );
    });

    it('reports a failing token endpoint with its own message, Retry-After and retryability', async () => {
      const endpoint = tokenEndpoint(() =>
        token({ title: 'down', detail: 'maintenance', code: 'internal' }, 503, { 'retry-after': '7' }),
      );
      const error = (await failure(credentials(endpoint).headers(context()))) as PlayqServerError;
      expect(PlayqServerError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        `@playq/client: POST ${TOKEN_URL} failed with 503: maintenance (code internal)`,
      );
      expect([error.status, error.method, error.url, error.retryable, error.retryAfter]).toStrictEqual([
        503,
        'POST',
        TOKEN_URL,
        true,
        7,
      ]);
      expect(error.problem).toStrictEqual({ title: 'down', detail: 'maintenance', code: 'internal' });
    });

    it('has no Retry-After when the header is absent', async () => {
      const endpoint = tokenEndpoint(() => token('', 502));
      const error = (await failure(credentials(endpoint).headers(context()))) as PlayqServerError;
      expect(error.message).toBe(`@playq/client: POST ${TOKEN_URL} failed with 502: HTTP 502`);
      expect([error.retryable, error.retryAfter, error.problem]).toStrictEqual([true, undefined, undefined]);
    });
  });

  describe('clientCredentials: malformed token answers', () => {
    async function invalid(body: string): Promise<PlayqResponseError> {
      const endpoint = tokenEndpoint(() => token(body));
      const error = await failure(credentials(endpoint).headers(context()));
      expect(PlayqResponseError.isInstance(error)).toBe(true);
      return error as PlayqResponseError;
    }

    it('masks every token-like member in the excerpt of a body that is not JSON', async () => {
      const error = await invalid('{"access_token":"AAAA1111","scope":"x"');
      expect([error.method, error.url, error.status, error.reason, error.excerpt]).toStrictEqual([
        'POST',
        TOKEN_URL,
        200,
        'the token response is not JSON',
        '{"access_token":"[REDACTED]","scope":"x"',
      ]);
    });

    it('masks token-like members whatever the spacing around the colon and the case', async () => {
      const error = await invalid('{"Refresh_Token" : "BBBB2222", "x_secret":  "CCCC3333", "id":"n", ');
      expect(error.excerpt).toBe('{"Refresh_Token" : "[REDACTED]", "x_secret":  "[REDACTED]", "id":"n", ');
    });

    it('masks an empty token member too', async () => {
      const error = await invalid('{"token":"", "other_token":"v"');
      expect(error.excerpt).toBe('{"token":"[REDACTED]", "other_token":"[REDACTED]"');
    });

    it.each([
      ['null', 'the token response is not a JSON object'],
      ['42', 'the token response is not a JSON object'],
      ['"tok-string"', 'the token response is not a JSON object'],
      ['{"access_token":""}', 'access_token is missing or not a string'],
      ['{"access_token":"a\\nb"}', 'access_token is missing or not a string'],
      ['{"access_token":"tok-1","expires_in":0}', 'expires_in is not a positive number'],
      ['{"access_token":"tok-1","expires_in":true}', 'expires_in is not a positive number'],
      ['{"access_token":"tok-1","expires_in":"soon"}', 'expires_in is not a positive number'],
    ])('rejects the token answer %s', async (body, reason) => {
      const error = await invalid(body);
      expect(error.reason).toBe(reason);
    });

    it('masks the new token inside a rejected token_type', async () => {
      const error = await invalid('{"access_token":"abcdefgh","token_type":"mac abcdefgh"}');
      expect(error.reason).toBe('token_type "mac [REDACTED]" is not Bearer');
    });
  });

  describe('clientCredentials: token lifetime', () => {
    function clocked(body: unknown, extra: Partial<ClientCredentialsOptions> = {}) {
      let n = 0;
      const clock = { now: 1_000_000 };
      const endpoint = tokenEndpoint(() => {
        n++;
        return token(typeof body === 'function' ? (body as (n: number) => unknown)(n) : body);
      });
      const auth = credentials(endpoint, { now: () => clock.now, ...extra });
      return { auth, endpoint, clock };
    }

    it('accepts a token without token_type or expires_in and keeps it', async () => {
      const { auth, endpoint, clock } = clocked({ access_token: 'tok-1' });
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-1' });
      clock.now += 1e12;
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-1' });
      expect(endpoint.requests).toHaveLength(1);
    });

    it('reads a numeric string expires_in as seconds', async () => {
      const { auth, endpoint, clock } = clocked((n: number) => ({
        access_token: `tok-${n}`,
        token_type: 'bearer',
        expires_in: '600',
      }));
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-1' });
      clock.now += 539_999; // refresh 60 s before the 600 s lifetime ends
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-1' });
      clock.now += 1;
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-2' });
      expect(endpoint.requests).toHaveLength(2);
    });

    it('refreshes a short-lived token at half its lifetime when the skew is longer', async () => {
      const { auth, endpoint, clock } = clocked(
        (n: number) => ({ access_token: `tok-${n}`, expires_in: 60 }),
        {
          refreshSkewSeconds: 60,
        },
      );
      await auth.headers(context());
      clock.now += 29_999;
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-1' });
      clock.now += 1;
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-2' });
      expect(endpoint.requests).toHaveLength(2);
    });

    it('remembers at most the eight latest issued tokens', async () => {
      const { auth } = clocked((n: number) => ({ access_token: `tok-${n}` }));
      const tokens = (from: number, to: number) =>
        Array.from({ length: to - from + 1 }, (_, i) => `tok-${from + i}`);
      for (let i = 1; i <= 8; i++) {
        const sent = await auth.headers(context());
        await auth.unauthorized!(sent, context());
      }
      expect([...auth.secrets()]).toStrictEqual([...SECRET_LIST, ...tokens(1, 8)]);
      await auth.headers(context());
      expect([...auth.secrets()]).toStrictEqual([...SECRET_LIST, ...tokens(2, 9)]);
    });
  });

  describe('clientCredentials: 401 handling', () => {
    it('drops the cached token only when the 401 was for that token', async () => {
      let n = 0;
      const endpoint = tokenEndpoint(() => token({ access_token: `tok-${++n}` }));
      const auth = credentials(endpoint);
      const first = await auth.headers(context());
      expect(await auth.unauthorized!({ authorization: 'Bearer stale' }, context())).toBe(true);
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-1' });
      expect(endpoint.requests).toHaveLength(1);
      expect(await auth.unauthorized!(first, context())).toBe(true);
      expect(await auth.headers(context())).toStrictEqual({ authorization: 'Bearer tok-2' });
      expect(endpoint.requests).toHaveLength(2);
    });

    it('answers true to a 401 before any token was fetched', () => {
      const auth = credentials(tokenEndpoint(() => token({ access_token: 'tok-1' })));
      expect(auth.unauthorized!({ authorization: 'Bearer x' }, context())).toBe(true);
    });
  });
});
