// Against the reference service, both in process (its fetch as the transport) and over a real
// socket on 127.0.0.1: both endpoints, both usages of the session endpoint, plan lookup, token
// issuing and refresh, and every error class.
import { metricQuery, sessionQuery } from '@playq/query';
import { createService, type Service } from '@playq/server';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  apiKeyAuth,
  bearerAuth,
  type ClientOptions,
  clientCredentials,
  createClient,
  fillTimeSeries,
  PlayqBadRequestError,
  PlayqForbiddenError,
  PlayqNetworkError,
  PlayqNotFoundError,
  PlayqRateLimitError,
  PlayqResponseError,
  PlayqServerError,
  PlayqTimeoutError,
  PlayqUnauthorizedError,
  PlayqValidationError,
  type RequestInfo,
} from '../src/index';
import { faultTransport, stall, status } from './support/fake-service';

interface Target {
  baseUrl: string;
  planUrl: string;
  fetch: ((r: Request) => Promise<Response>) | undefined;
}

let service: Service;
const targets: Record<'in-process' | 'socket', Target> = {
  'in-process': {
    baseUrl: 'http://in-process.test/api/v1',
    planUrl: 'http://in-process.test/plans',
    fetch: undefined,
  },
  socket: { baseUrl: '', planUrl: '', fetch: undefined },
};

beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 3000, seed: 7 } }, rateLimit: false });
  targets['in-process'].fetch = service.fetch;
  const info = await service.listen({ port: 0, host: '127.0.0.1' });
  targets.socket.baseUrl = info.baseUrl;
  targets.socket.planUrl = info.planUrl;
}, 60_000);

afterAll(async () => {
  await service?.close();
});

const WINDOW = metricQuery('demo').last(30, 'days');

describe.each(['in-process', 'socket'] as const)('against the reference service (%s)', (mode) => {
  const target = () => targets[mode];
  const make = (extra: Partial<ClientOptions> = {}) => {
    const t = target();
    return createClient({
      baseUrl: t.baseUrl,
      planUrl: t.planUrl,
      ...(t.fetch ? { fetch: t.fetch } : {}),
      auth: {
        metricquery: apiKeyAuth('demo-key'),
        session: clientCredentials({
          tokenUrl: `${t.baseUrl}/oauth/token`,
          clientId: 'demo',
          clientSecret: 'demo-secret',
        }),
      },
      ...extra,
    });
  };

  it('runs a metric breakdown with typed records and pages through it', async () => {
    const client = make();
    const q = WINDOW.metrics('errors', 'viewercount').aggBy('country').limit(4);
    const page = await client.run(q);
    expectTypeOf(page.records[0]!).toEqualTypeOf<{ errors: number; viewercount: number; country: string }>();
    expect(page.records).toHaveLength(4);
    expect(page.pagecount).toBe(Math.ceil(page.totalrecords / 4));
    for (const r of page.records) {
      expect(typeof r.country).toBe('string');
      expect(typeof r.errors).toBe('number');
    }
    const all = await client.all(q, { concurrency: 3 });
    expect(all).toHaveLength(page.totalrecords);
    expect(all.slice(0, 4)).toEqual(page.records);
    expect(new Set(all.map((r) => r.country)).size).toBe(all.length);
  });

  it('runs a time series and fills its missing buckets', async () => {
    const client = make();
    const end = Math.floor(Date.now() / 1000 / 3600) * 3600;
    const start = end - 48 * 3600;
    const q = metricQuery('demo').between(start, end).metrics('errors', 'viewercount').timeseries('hour');
    const records = await client.all(q);
    expectTypeOf(records[0]!.timestamp).toEqualTypeOf<number>();
    const filled = fillTimeSeries(records, { period: { start, end }, granularity: 'hour' });
    expect(filled).toHaveLength(48);
    expect(filled[0]!.timestamp).toEqual(new Date(start * 1000));
    const byTime = new Map(records.map((r) => [r.timestamp * 1000, r]));
    for (const bucket of filled) {
      const found = byTime.get(bucket.timestamp.getTime());
      expect(bucket.errors).toBe(found ? found.errors : 0);
    }
  });

  it('runs the "total errors for all users" session usage, resolving the plan level once', async () => {
    const kinds: RequestInfo['kind'][] = [];
    const client = make({ hooks: { beforeRequest: (info) => void kinds.push(info.kind) } });
    const q = sessionQuery('demo')
      .last(30, 'days')
      .metrics('errors', 'subscriberid')
      .aggBy('subscriberid')
      .agg(1)
      .limit(50);
    const records = await client.all(q, { concurrency: 2 });
    expectTypeOf(records[0]!.subscriberid).toEqualTypeOf<string>();
    expect(records.length).toBeGreaterThan(50);
    expect(records.every((r) => typeof r.subscriberid === 'string' && typeof r.errors === 'number')).toBe(
      true,
    );
    expect(records.every((r) => r.totalpages === Math.ceil(records.length / 50))).toBe(true);
    await client.run(q);
    expect(kinds.filter((k) => k === 'plan')).toHaveLength(1);
  });

  it('runs the "error insights with classifications" session usage', async () => {
    const client = make();
    const q = sessionQuery('demo')
      .last(30, 'days')
      .metrics('category', 'key', 'errors', 'player')
      .aggBy('category', 'key', 'player')
      .agg(1);
    const page = await client.run(q);
    expect(page.totalrecords).toBeGreaterThan(0);
    for (const r of page.records) {
      expect([typeof r.category, typeof r.key, typeof r.player, typeof r.errors]).toEqual([
        'string',
        'string',
        'string',
        'number',
      ]);
    }
  });

  it('resolves plan levels per customer from the plan host', async () => {
    const client = make();
    expect(await client.resolvePlanLevel('demo')).toBe('2');
    expect(await client.resolvePlanLevel('other')).toBe('1');
    await expect(client.resolvePlanLevel('nobody')).rejects.toSatisfy(PlayqNotFoundError.isInstance);
  });

  it('issues a token, and after the service rejects it as expired, refreshes and retries', async () => {
    const t = target();
    // A clock stuck in the past makes the client trust a token the service considers expired.
    const shortLived = await createService({
      data: { dataset: service.db },
      tokenTtlSeconds: 1,
      rateLimit: false,
    });
    const info = t.fetch ? undefined : await shortLived.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = info?.baseUrl ?? t.baseUrl;
    const inner = t.fetch ? shortLived.fetch : (r: Request) => fetch(r);
    let tokenRequests = 0;
    try {
      const wrapped = (r: Request) => {
        if (r.url.endsWith('/oauth/token')) tokenRequests++;
        return inner(r);
      };
      const client = createClient({
        baseUrl,
        fetch: wrapped,
        auth: {
          session: clientCredentials({
            tokenUrl: `${baseUrl}/oauth/token`,
            clientId: 'demo',
            clientSecret: 'demo-secret',
            refreshSkewSeconds: 0,
            now: () => 0,
          }),
        },
      });
      const q = sessionQuery('demo')
        .last(30, 'days')
        .planLevel(2)
        .metrics('errors', 'subscriberid')
        .aggBy('subscriberid')
        .agg(1)
        .limit(5);
      await client.run(q);
      expect(tokenRequests).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
      await expect(client.run(q)).resolves.toMatchObject({ limit: 5 });
      expect(tokenRequests).toBe(2);
    } finally {
      await shortLived.close();
    }
  });

  describe('errors', () => {
    it('400 → PlayqBadRequestError for a plan level that is not the customer’s', async () => {
      const q = sessionQuery('demo')
        .last(1, 'days')
        .planLevel(1)
        .metrics('errors', 'subscriberid')
        .aggBy('subscriberid')
        .agg(1);
      const error = await make()
        .run(q)
        .catch((e: unknown) => e);
      expect(PlayqBadRequestError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ status: 400, code: 'invalid_planlevel', retryable: false });
    });

    it('401 → PlayqUnauthorizedError for a wrong API key, and for an API key on the session endpoint', async () => {
      const wrong = make({ auth: { metricquery: apiKeyAuth('wrong-key') } });
      await expect(wrong.run(WINDOW.metrics('errors'))).rejects.toMatchObject({
        status: 401,
        code: 'unauthenticated',
      });
      const crossed = make({ auth: { session: apiKeyAuth('demo-key') } });
      const q = sessionQuery('demo')
        .last(1, 'days')
        .planLevel(2)
        .metrics('errors', 'subscriberid')
        .aggBy('subscriberid')
        .agg(1);
      await expect(crossed.run(q)).rejects.toSatisfy(PlayqUnauthorizedError.isInstance);
      const badToken = make({ auth: { session: bearerAuth('not.a.jwt') } });
      await expect(badToken.run(q)).rejects.toSatisfy(PlayqUnauthorizedError.isInstance);
    });

    it('401 → PlayqUnauthorizedError for wrong client credentials', async () => {
      const t = target();
      const client = make({
        auth: {
          session: clientCredentials({
            tokenUrl: `${t.baseUrl}/oauth/token`,
            clientId: 'demo',
            clientSecret: 'wrong-secret',
          }),
        },
      });
      const q = sessionQuery('demo')
        .last(1, 'days')
        .planLevel(2)
        .metrics('errors', 'subscriberid')
        .aggBy('subscriberid')
        .agg(1);
      const error = await client.run(q).catch((e: unknown) => e);
      expect(PlayqUnauthorizedError.isInstance(error)).toBe(true);
      expect(JSON.stringify(error) + (error as Error).message).not.toContain('wrong-secret');
    });

    it('403 → PlayqForbiddenError for another customer’s data', async () => {
      const error = await make()
        .run(metricQuery('other').last(1, 'days').metrics('errors'))
        .catch((e: unknown) => e);
      expect(PlayqForbiddenError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ status: 403, code: 'forbidden' });
    });

    it('404 → PlayqNotFoundError for an unknown customer', async () => {
      await expect(make().run(metricQuery('nobody').last(1, 'days').metrics('errors'))).rejects.toMatchObject(
        {
          status: 404,
          code: 'not_found',
          name: 'PlayqNotFoundError',
        },
      );
    });

    it('429 → PlayqRateLimitError with retryAfter, and retried to success when allowed', async () => {
      const limited = await createService({
        data: { dataset: service.db },
        rateLimit: { ratePerSecond: 5, burst: 1 },
      });
      try {
        const t = target();
        const info = t.fetch ? undefined : await limited.listen({ port: 0, host: '127.0.0.1' });
        const options = {
          baseUrl: info?.baseUrl ?? t.baseUrl,
          ...(t.fetch ? { fetch: limited.fetch } : {}),
          auth: { metricquery: apiKeyAuth('demo-key') },
        };
        const q = WINDOW.metrics('errors');
        const strict = createClient({ ...options, retry: false });
        await strict.run(q);
        const error = await strict.run(q).catch((e: unknown) => e);
        expect(PlayqRateLimitError.isInstance(error)).toBe(true);
        expect((error as PlayqRateLimitError).retryAfter).toBeGreaterThanOrEqual(0);
        const patient = createClient({ ...options, retry: { retries: 5, minDelayMs: 10, maxDelayMs: 100 } });
        await expect(patient.run(q)).resolves.toMatchObject({ totalcount: 1 });
      } finally {
        await limited.close();
      }
    });

    it('5xx → PlayqServerError (injected in front of the real service)', async () => {
      const t = target();
      const inner = t.fetch ?? ((r: Request) => fetch(r));
      const client = make({ fetch: faultTransport(inner, [status(503), status(503)]), retry: false });
      await expect(client.run(WINDOW.metrics('errors'))).rejects.toSatisfy(PlayqServerError.isInstance);
      const retrying = make({
        fetch: faultTransport(inner, [status(503)]),
        retry: { minDelayMs: 1, maxDelayMs: 2 },
      });
      await expect(retrying.run(WINDOW.metrics('errors'))).resolves.toMatchObject({ totalcount: 1 });
    });

    it('PlayqTimeoutError for a stalled answer', async () => {
      const t = target();
      const inner = t.fetch ?? ((r: Request) => fetch(r));
      const client = make({ fetch: faultTransport(inner, [stall]), timeoutMs: 30, retry: false });
      await expect(client.run(WINDOW.metrics('errors'))).rejects.toSatisfy(PlayqTimeoutError.isInstance);
    });

    it('PlayqResponseError for a truncated body', async () => {
      const t = target();
      const inner = t.fetch ?? ((r: Request) => fetch(r));
      const truncate = async (r: Request) => {
        const text = await (await inner(r)).text();
        return new Response(text.slice(0, Math.floor(text.length / 2)), { status: 200 });
      };
      const client = make({ fetch: truncate });
      const error = await client.run(WINDOW.metrics('errors').aggBy('country')).catch((e: unknown) => e);
      expect(PlayqResponseError.isInstance(error)).toBe(true);
      expect((error as PlayqResponseError).excerpt.length).toBeGreaterThan(0);
    });

    it('PlayqValidationError before sending an invalid query', async () => {
      const sent: string[] = [];
      const client = make({ hooks: { beforeRequest: (i) => void sent.push(i.url) } });
      const node = { ...WINDOW.metrics('errors').toQuery(), metrics: ['erors'] };
      const error = await client.run(node).catch((e: unknown) => e);
      expect(PlayqValidationError.isInstance(error)).toBe(true);
      expect((error as PlayqValidationError).diagnostics[0]).toMatchObject({
        code: 'unknown_metric',
        param: 'metrics',
      });
      expect(sent).toEqual([]);
    });
  });
});

describe('over a socket only', () => {
  it('PlayqNetworkError when nothing listens', async () => {
    const probe = await createService({ data: { dataset: service.db } });
    const info = await probe.listen({ port: 0, host: '127.0.0.1' });
    await probe.close();
    const client = createClient({
      baseUrl: info.baseUrl,
      auth: apiKeyAuth('demo-key'),
      retry: { retries: 1, minDelayMs: 1, maxDelayMs: 1 },
    });
    const error = await client.run(WINDOW.metrics('errors')).catch((e: unknown) => e);
    expect(PlayqNetworkError.isInstance(error)).toBe(true);
    expect((error as PlayqNetworkError).url).toContain('127.0.0.1');
  });
});
