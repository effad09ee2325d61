// createClient checked exactly where the other tests only look loosely: the URL and millisecond
// option checks and their messages, which extra headers count as credentials, per-endpoint auth
// with gaps, catalogue choice, warnings versus errors, session pages, per-call deadlines on page
// walks, and how often all() starts over. Transports answer at once; no test waits on real time
// beyond a few milliseconds.
import { defineCatalogue } from '@playq/query';
import { describe, expect, it } from 'vitest';
import {
  apiKeyAuth,
  type ClientOptions,
  createClient,
  PlayqBadRequestError,
  PlayqConsistencyError,
  PlayqNetworkError,
  PlayqResponseError,
  PlayqTimeoutError,
  PlayqValidationError,
} from '../src/index';
import {
  BASE,
  envelopeFor,
  fakeService,
  json,
  metricNode,
  PLANS,
  problem,
  sessionNode,
} from './support/fake-service';

/** A transport that records each request and answers like the fake service after `delayMs`. */
function delayed(delayMs: number) {
  const service = fakeService();
  const seen: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request);
    await new Promise((r) => setTimeout(r, delayMs));
    return service.fetch(request);
  };
  return { fetch, seen };
}

/** A transport that always fails with `error`, recording each request. */
function failing(error: unknown) {
  const seen: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    seen.push(request);
    throw error;
  };
  return { fetch, seen };
}

const URL_OF_METRIC_NODE = `${BASE}/metricquery/demo?period=start%3D1700000000%2Cend%3D1700086400&metrics=errors&aggby=country&limit=10`;

describe('createClient option checks', () => {
  it('refuses null with the options message', () => {
    expect(() => createClient(null as never)).toThrow(
      new TypeError('@playq/client: createClient() needs an options object with at least baseUrl'),
    );
  });

  it.each([
    ['a user name only', 'http://user@playq.test/api/v1'],
    ['a password only', 'http://:pw@playq.test/api/v1'],
    ['both', 'http://user:pw@playq.test/api/v1'],
  ])('refuses a baseUrl carrying credentials (%s)', (_, baseUrl) => {
    expect(() => createClient({ baseUrl })).toThrow(
      new TypeError(
        '@playq/client: baseUrl must not carry credentials (user:password@); pass them with auth',
      ),
    );
  });

  it('drops every trailing slash of the base URL', () => {
    const client = createClient({ baseUrl: `${BASE}///` });
    expect(client.url(metricNode())).toBe(URL_OF_METRIC_NODE);
  });

  it.each([
    ['timeoutMs', { timeoutMs: Number.NaN }, 'NaN'],
    ['timeoutMs', { timeoutMs: '10' }, '10'],
    ['timeoutMs', { timeoutMs: -0.5 }, '-0.5'],
    ['deadlineMs', { deadlineMs: -1 }, '-1'],
    ['deadlineMs', { deadlineMs: Number.NaN }, 'NaN'],
    ['planLevelTtlMs', { planLevelTtlMs: -1 }, '-1'],
    ['planLevelTtlMs', { planLevelTtlMs: '5' }, '5'],
  ])('refuses a bad %s (%j)', (name, extra, shown) => {
    expect(() => createClient({ baseUrl: BASE, ...(extra as Partial<ClientOptions>) })).toThrow(
      new TypeError(`@playq/client: ${name} must be a number of milliseconds >= 0, got ${shown}`),
    );
  });

  it.each([
    ['0', 0],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('treats timeoutMs %s as no timeout at all', async (_, timeoutMs) => {
    // A zero or unbounded timer would fire within a millisecond and cut the request short.
    const { fetch, seen } = delayed(15);
    const client = createClient({ baseUrl: BASE, fetch, retry: false, timeoutMs });
    const page = await client.run(metricNode());
    expect(page.records).toHaveLength(10);
    expect(seen).toHaveLength(1);
  });

  it.each([
    ['0', 0],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('treats deadlineMs %s as no deadline at all', async (_, deadlineMs) => {
    const { fetch, seen } = delayed(15);
    const client = createClient({ baseUrl: BASE, fetch, retry: false, deadlineMs });
    const page = await client.run(metricNode());
    expect(page.records).toHaveLength(10);
    expect(seen).toHaveLength(1);
  });
});

describe('auth per endpoint', () => {
  it('accepts an endpoint left undefined and uses the adapters that are set', async () => {
    const service = fakeService({ apiKey: 'demo-key' });
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      retry: false,
      auth: { metricquery: apiKeyAuth('demo-key'), session: undefined },
    });
    const page = await client.run(metricNode());
    expect(page.records).toHaveLength(10);
    expect(service.calls[0]!.headers.get('x-api-key')).toBe('demo-key');
  });

  it.each([
    ['an object without headers()', { kind: 'x', secrets: () => [] }],
    [
      'a function, even one with headers()',
      Object.assign(() => {}, { headers: () => ({}), secrets: () => [] }),
    ],
  ])('refuses %s as an adapter', (_, adapter) => {
    expect(() => createClient({ baseUrl: BASE, auth: { session: adapter as never } })).toThrow(
      new TypeError(
        '@playq/client: auth.session must be an auth adapter (apiKeyAuth, bearerAuth, clientCredentials)',
      ),
    );
  });
});

describe('headers', () => {
  it('sends @playq/client as the default user agent', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, fetch: service.fetch, retry: false });
    await client.run(metricNode());
    expect(service.calls[0]!.headers.get('user-agent')).toBe('@playq/client');
    expect(service.calls[0]!.headers.get('accept')).toBe('application/json');
  });

  it('lets an extra header replace a default one whatever its case', async () => {
    const service = fakeService();
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      retry: false,
      headers: { Accept: 'application/problem+json', 'User-Agent': 'mine/1' },
    });
    await client.run(metricNode());
    expect(service.calls[0]!.headers.get('accept')).toBe('application/problem+json');
    expect(service.calls[0]!.headers.get('user-agent')).toBe('mine/1');
  });

  it('redacts the values of extra credential headers from errors, whatever their case', async () => {
    const { fetch } = failing(new TypeError('proxy refused Bearer s3cr3t-value and key-4242'));
    const client = createClient({
      baseUrl: BASE,
      fetch,
      retry: false,
      headers: { Authorization: 'Bearer s3cr3t-value', 'X-API-KEY': 'key-4242' },
    });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqNetworkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `@playq/client: GET ${URL_OF_METRIC_NODE} failed: proxy refused [REDACTED] and [REDACTED]`,
    );
  });

  it('does not treat headers that merely contain a credential header name as credentials', async () => {
    const { fetch } = failing(new TypeError('proxy saw plain-value-1 and plain-value-2'));
    const client = createClient({
      baseUrl: BASE,
      fetch,
      retry: false,
      headers: { 'X-Session-Cookie': 'plain-value-1', 'Authorization-Hint': 'plain-value-2' },
    });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `@playq/client: GET ${URL_OF_METRIC_NODE} failed: proxy saw plain-value-1 and plain-value-2`,
    );
  });
});

describe('resolvePlanLevel input checks', () => {
  it('refuses a customer id that is not a string, without asking the plan host', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: service.fetch });
    const error = await client.resolvePlanLevel(123 as never).catch((e: unknown) => e);
    expect(PlayqValidationError.isInstance(error)).toBe(true);
    expect((error as PlayqValidationError).diagnostics).toStrictEqual([
      {
        code: 'invalid_customer',
        param: 'customerId',
        severity: 'error',
        message: 'The customer id must be 1 to 128 characters of letters, digits, ".", "_" or "-".',
      },
    ]);
    expect(service.planCalls).toBe(0);
  });

  it('says that planlevel is missing when the client has no planUrl', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeService().fetch });
    const error = await client.resolvePlanLevel('demo').catch((e: unknown) => e);
    expect((error as PlayqValidationError).diagnostics).toStrictEqual([
      {
        code: 'missing_parameter',
        param: 'planlevel',
        severity: 'error',
        message:
          'The session query has no planlevel and the client has no planUrl to look it up: set one of them.',
      },
    ]);
    expect((error as Error).message).toBe(
      '@playq/client: invalid query: planlevel: The session query has no planlevel and the client has no planUrl to look it up: set one of them.',
    );
  });
});

describe('validation before sending', () => {
  const shop = defineCatalogue({
    metrics: { carts: { unit: 'count', level: 'group', description: 'Carts.' } },
    dimensions: { store: { description: 'Store.' } },
  });

  it('checks names against the catalogue given in the options', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, fetch: service.fetch, retry: false, catalogue: shop });
    await client.run(metricNode({ metrics: ['carts'], aggby: ['store'] }));
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0]!.url.searchParams.get('metrics')).toBe('carts');
    // The default catalogue's names are unknown to this one.
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect((error as PlayqValidationError).diagnostics.map((d) => [d.code, d.param])).toStrictEqual([
      ['unknown_metric', 'metrics'],
      ['unknown_dimension', 'aggby'],
    ]);
    expect(service.calls).toHaveLength(1);
  });

  it('sends a query that has warnings only', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, fetch: service.fetch, retry: false });
    const page = await client.run(metricNode({ metrics: ['errors', 'errors'] }));
    expect(page.records).toHaveLength(10);
    expect(service.calls[0]!.url.searchParams.get('metrics')).toBe('errors,errors');
  });

  it('looks up the plan level of a session query that has warnings only', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: service.fetch, retry: false });
    const page = await client.run(
      sessionNode({ planlevel: undefined, metrics: ['errors', 'subscriberid', 'errors'] }),
    );
    expect(page.records).toHaveLength(10);
    expect(service.planCalls).toBe(1);
    expect(service.calls[1]!.url.searchParams.get('planlevel')).toBe('2');
  });

  it('reports the errors of a session query before looking up its plan level', async () => {
    const service = fakeService();
    const withPlans = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: service.fetch });
    const error = await withPlans
      .run(sessionNode({ planlevel: undefined, metrics: ['errors', 'errrors', 'subscriberid'] }))
      .catch((e: unknown) => e);
    expect((error as PlayqValidationError).diagnostics.map((d) => [d.code, d.param])).toStrictEqual([
      ['unknown_metric', 'metrics'],
    ]);
    expect(service.calls).toHaveLength(0);
    // Without a plan host the query's own error still comes first, not the missing plan level.
    const without = createClient({ baseUrl: BASE, fetch: service.fetch });
    const second = await without
      .run(sessionNode({ planlevel: undefined, metrics: ['errors', 'errrors', 'subscriberid'] }))
      .catch((e: unknown) => e);
    expect((second as PlayqValidationError).diagnostics.map((d) => [d.code, d.param])).toStrictEqual([
      ['unknown_metric', 'metrics'],
    ]);
  });
});

describe('session pages', () => {
  it('checks the totalpages every session record repeats, and names GET in the error', async () => {
    const body = JSON.stringify({
      totalcount: 1,
      pagecount: 1,
      totalrecords: 1,
      response: [{ subscriberid: 's1', errors: 1, totalpages: 7 }],
    });
    const client = createClient({
      baseUrl: BASE,
      fetch: async () => new Response(body, { status: 200 }),
      retry: false,
    });
    const node = sessionNode({ planlevel: '2' });
    const error = await client.run(node).catch((e: unknown) => e);
    expect(PlayqResponseError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      method: 'GET',
      status: 200,
      reason: 'record 0 has totalpages 7, expected 1',
      excerpt: body,
    });
    expect((error as Error).message).toBe(
      `@playq/client: GET ${client.url(node)} returned an invalid body: record 0 has totalpages 7, expected 1 (body starts: ${JSON.stringify(body)})`,
    );
  });
});

describe('deadlines on page walks', () => {
  it('applies the deadlineMs given to pages() to each page', async () => {
    const stalled = (request: Request): Promise<Response> =>
      new Promise((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    const client = createClient({ baseUrl: BASE, fetch: stalled, retry: false, timeoutMs: 0 });
    const started = Date.now();
    let error: unknown;
    try {
      for await (const _ of client.pages(metricNode(), { deadlineMs: 15 })) {
        // no page arrives
      }
    } catch (e) {
      error = e;
    }
    expect(PlayqTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'deadline', timeoutMs: 15 });
    expect((error as Error).message).toBe(
      `@playq/client: GET ${URL_OF_METRIC_NODE} exceeded the deadline of 15 ms`,
    );
    // Bounded far below the test timeout, far above what a loaded machine adds to 15 ms.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('all() restarts', () => {
  it('starts over exactly as often as asked, then throws the consistency error', async () => {
    // Every walk sees page 0 again at offset 10. A third walk gets a 400 at offset 0, so that a
    // client which kept restarting would end with a different error.
    const seen: string[] = [];
    const fetch = async (request: Request): Promise<Response> => {
      const offset = new URL(request.url).searchParams.get('offset') ?? '0';
      seen.push(offset);
      if (seen.filter((o) => o === '0').length > 2) return problem(400, 'invalid_filter');
      return json(envelopeFor(25, 10, 0));
    };
    const client = createClient({ baseUrl: BASE, fetch, retry: false });
    const error = await client.all(metricNode(), { restarts: 1, concurrency: 1 }).catch((e: unknown) => e);
    expect(PlayqConsistencyError.isInstance(error)).toBe(true);
    expect(PlayqBadRequestError.isInstance(error)).toBe(false);
    expect(error).toMatchObject({ kind: 'overlap', offset: 10 });
    expect(seen.filter((o) => o === '0')).toHaveLength(2);
  });
});
