// No credential may leak: not in messages, URLs, enumerable properties, stacks, causes, or the
// arguments user hooks receive. Each test plants a recognisable secret where a careless client
// would echo it and searches everything the user can see for it.
import { describe, expect, it } from 'vitest';
import {
  apiKeyAuth,
  bearerAuth,
  clientCredentials,
  createClient,
  type RequestInfo,
  type ResponseInfo,
} from '../src/index';
import {
  BASE,
  fakeService,
  faultTransport,
  json,
  metricNode,
  reset,
  sessionNode,
  stall,
} from './support/fake-service';

const API_KEY = 'sk-live-APIKEY-1234567890';
const TOKEN = 'eyJhbGciOi.TOKEN-abcdef-987654';
const CLIENT_SECRET = 'cs-CLIENTSECRET-555';

/** Everything a user can observe on a thrown value. */
function observable(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  const parts = [String(e), e.message, e.stack ?? '', JSON.stringify(e), JSON.stringify(Object.entries(e))];
  let cause = e.cause;
  while (cause !== undefined && cause !== null) {
    parts.push(String(cause), JSON.stringify(cause));
    cause = (cause as { cause?: unknown }).cause;
  }
  return parts.join('\n');
}

function echo(status: number): (request: Request) => Response {
  // A hostile or buggy server that echoes the credentials it received in every field.
  return (request) =>
    json(
      {
        type: 'about:blank',
        title: request.headers.get('authorization') ?? 'none',
        status,
        detail: `got key ${request.headers.get('x-api-key')} and ${request.headers.get('authorization')} at ${request.url}`,
        code: 'unauthenticated',
      },
      status,
    );
}

describe('secrets never leak', () => {
  it('from HTTP errors whose body echoes the API key', async () => {
    const transport = faultTransport(fakeService().fetch, [echo(401)]);
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      auth: { metricquery: apiKeyAuth(API_KEY) },
    });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect((error as Error).message).toContain('[REDACTED]');
    expect(observable(error)).not.toContain(API_KEY);
  });

  it('from HTTP errors whose body echoes the bearer token', async () => {
    const transport = faultTransport(fakeService().fetch, [echo(403)]);
    const client = createClient({ baseUrl: BASE, fetch: transport, auth: { session: bearerAuth(TOKEN) } });
    const error = await client.run(sessionNode({ planlevel: '2' })).catch((e: unknown) => e);
    expect(observable(error)).not.toContain(TOKEN);
  });

  it('from a base URL that carries credentials, refused at creation', () => {
    const error = (() => {
      try {
        createClient({ baseUrl: `https://user:${CLIENT_SECRET}@playq.test/api/v1` });
      } catch (e) {
        return e;
      }
    })();
    expect((error as Error).message).toMatch(/baseUrl must not carry credentials/);
    expect(observable(error)).not.toContain(CLIENT_SECRET);
  });

  it('from a base URL with a query string, refused at creation', () => {
    expect(() => createClient({ baseUrl: `https://playq.test/api/v1?api_key=${CLIENT_SECRET}` })).toThrow(
      /baseUrl must not have a query string/,
    );
    expect(() => createClient({ baseUrl: `not a url ${CLIENT_SECRET}` })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(CLIENT_SECRET) }),
    );
  });

  it('from network errors, timeouts and response errors', async () => {
    const secretTransport = faultTransport(fakeService().fetch, [
      () => {
        throw new TypeError(`connect failed for key ${API_KEY}`);
      },
    ]);
    const client = createClient({
      baseUrl: BASE,
      fetch: secretTransport,
      retry: false,
      auth: apiKeyAuth(API_KEY),
    });
    const network = await client.run(metricNode()).catch((e: unknown) => e);
    expect(observable(network)).not.toContain(API_KEY);

    const slow = createClient({
      baseUrl: BASE,
      fetch: faultTransport(fakeService().fetch, [stall]),
      retry: false,
      timeoutMs: 10,
      auth: apiKeyAuth(API_KEY),
    });
    expect(observable(await slow.run(metricNode()).catch((e: unknown) => e))).not.toContain(API_KEY);

    const bad = createClient({
      baseUrl: BASE,
      fetch: faultTransport(fakeService().fetch, [() => new Response(`{"echo":"${API_KEY}"`)]),
      auth: apiKeyAuth(API_KEY),
    });
    const response = await bad.run(metricNode()).catch((e: unknown) => e);
    expect((response as { excerpt: string }).excerpt).toContain('[REDACTED]');
    expect(observable(response)).not.toContain(API_KEY);
  });

  it('from the arguments of hooks, on success, on retries and on failures', async () => {
    const seen: (RequestInfo | ResponseInfo)[] = [];
    const service = fakeService({ validTokens: new Set(['tok-2']) });
    const transport = faultTransport(service.fetch, [null, reset]);
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      retry: { retries: 2, minDelayMs: 1, maxDelayMs: 1 },
      headers: { 'x-api-key': API_KEY, 'x-trace': 'visible' },
      auth: {
        session: clientCredentials({
          tokenUrl: `${BASE}/oauth/token`,
          clientId: 'demo',
          clientSecret: CLIENT_SECRET,
        }),
      },
      hooks: { beforeRequest: (info) => void seen.push(info), afterResponse: (info) => void seen.push(info) },
    });
    await client.run(sessionNode({ planlevel: '2' }));
    // reset (network error), 401 with tok-1, refresh, success with tok-2.
    expect(seen.map((i) => ('status' in i ? `after ${i.status}` : `before ${i.attempt}`))).toEqual([
      'before 1',
      'after undefined',
      'before 2',
      'after 401',
      'before 2',
      'after 200',
    ]);
    const first = seen[0] as RequestInfo;
    expect(first.headers.authorization).toBe('[REDACTED]');
    expect(first.headers['x-api-key']).toBe('[REDACTED]');
    expect(first.headers['x-trace']).toBe('visible');
    const text = JSON.stringify(seen);
    for (const secret of [API_KEY, CLIENT_SECRET, 'tok-1', 'tok-2', btoa(`demo:${CLIENT_SECRET}`)]) {
      expect(text).not.toContain(secret);
    }
  });

  it('from the adapters themselves when serialised', () => {
    const adapters = [
      apiKeyAuth(API_KEY),
      bearerAuth(TOKEN),
      clientCredentials({ tokenUrl: `${BASE}/oauth/token`, clientId: 'demo', clientSecret: CLIENT_SECRET }),
    ];
    const text = JSON.stringify(adapters) + String(adapters);
    for (const secret of [API_KEY, TOKEN, CLIENT_SECRET]) expect(text).not.toContain(secret);
  });
});
