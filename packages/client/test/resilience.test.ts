// The fault-injecting transport scenarios of issue 5: rate-limit storms, transient 5xx, resets,
// stalls past the timeout, broken bodies, aborts during backoff, deadlines, and which statuses
// are never retried.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  apiKeyAuth,
  createClient,
  PlayqBadRequestError,
  PlayqForbiddenError,
  PlayqHttpError,
  PlayqNetworkError,
  PlayqNotFoundError,
  PlayqRateLimitError,
  PlayqResponseError,
  PlayqServerError,
  PlayqTimeoutError,
  PlayqUnauthorizedError,
} from '../src/index';
import {
  BASE,
  fakeService,
  faultTransport,
  metricNode,
  reset,
  stall,
  stallBody,
  status,
  text,
} from './support/fake-service';

const fastRetry = { retries: 3, minDelayMs: 1, maxDelayMs: 5, factor: 2 };

function setup(
  faults: Parameters<typeof faultTransport>[1],
  extra: Partial<Parameters<typeof createClient>[0]> = {},
) {
  const service = fakeService({ total: 25, apiKey: 'demo-key' });
  const transport = faultTransport(service.fetch, faults);
  const client = createClient({
    baseUrl: BASE,
    auth: { metricquery: apiKeyAuth('demo-key') },
    fetch: transport,
    retry: fastRetry,
    ...extra,
  });
  return { client, transport, service };
}

describe('retries', () => {
  it('waits out a 429 storm, honouring Retry-After each time, then succeeds', async () => {
    const { client, transport } = setup([
      status(429, { 'retry-after': '0.1' }),
      status(429, { 'retry-after': '0.1' }),
      status(429, { 'retry-after': '0.1' }),
    ]);
    const page = await client.run(metricNode());
    expect(page.records).toHaveLength(10);
    expect(transport.seen).toHaveLength(4);
    for (let i = 1; i < transport.seen.length; i++) {
      // Lower bounds only: the client must not retry before the server said it may.
      expect(transport.seen[i]!.at - transport.seen[i - 1]!.at).toBeGreaterThanOrEqual(95);
    }
  });

  it('gives up on a 429 storm after the configured retries with a typed error carrying retryAfter', async () => {
    const storm = Array.from({ length: 10 }, () => status(429, { 'retry-after': '0' }));
    const { client, transport } = setup(storm);
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqRateLimitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 0, retryable: true });
    expect(transport.seen).toHaveLength(4);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs', async () => {
    const { client, transport } = setup([status(429, { 'retry-after': '3600' })], {
      retry: { ...fastRetry, maxRetryAfterMs: 1000 },
    });
    await expect(client.run(metricNode())).rejects.toMatchObject({ status: 429, retryAfter: 3600 });
    expect(transport.seen).toHaveLength(1);
  });

  it('reads Retry-After given as an HTTP date', async () => {
    const when = new Date(Date.now() + 150).toUTCString();
    const { client, transport } = setup([status(503, { 'retry-after': when })]);
    await client.run(metricNode());
    expect(transport.seen).toHaveLength(2);
  });

  it('retries 503 then succeeds', async () => {
    const { client, transport } = setup([status(503)]);
    const page = await client.run(metricNode());
    expect(page.totalrecords).toBe(25);
    expect(transport.seen).toHaveLength(2);
  });

  it.each([502, 504])('retries %i', async (code) => {
    const { client, transport } = setup([status(code), status(code)]);
    await client.run(metricNode());
    expect(transport.seen).toHaveLength(3);
  });

  it('does not retry 500 by default, but does when configured to', async () => {
    const first = setup([status(500)]);
    const error = await first.client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqServerError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 500, retryable: false });
    expect(first.transport.seen).toHaveLength(1);
    const second = setup([status(500)], { retry: { ...fastRetry, statuses: [500, 503] } });
    await second.client.run(metricNode());
    expect(second.transport.seen).toHaveLength(2);
  });

  it.each([
    [400, PlayqBadRequestError, 'invalid_filter'],
    [401, PlayqUnauthorizedError, 'unauthenticated'],
    [403, PlayqForbiddenError, 'forbidden'],
    [404, PlayqNotFoundError, 'not_found'],
    [405, PlayqHttpError, 'method_not_allowed'],
  ] as const)('never retries %i, which becomes %o', async (code, cls, problemCode) => {
    const { client, transport } = setup([
      status(
        code,
        {},
        {
          type: 'about:blank',
          title: 't',
          status: code,
          detail: 'nope',
          code: problemCode,
          param: 'filter',
          offset: 3,
        },
      ),
    ]);
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(cls.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: code,
      code: problemCode,
      param: 'filter',
      offset: 3,
      retryable: false,
    });
    expect(transport.seen).toHaveLength(1);
  });

  it('retries a connection reset and succeeds', async () => {
    const { client, transport } = setup([reset, reset]);
    const page = await client.run(metricNode());
    expect(page.records).toHaveLength(10);
    expect(transport.seen).toHaveLength(3);
  });

  it('turns persistent resets into PlayqNetworkError naming the cause', async () => {
    const { client } = setup([reset, reset, reset, reset]);
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqNetworkError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('ECONNRESET');
    expect((error as PlayqNetworkError).url).toContain('/metricquery/demo');
  });

  it('treats a body that breaks mid-stream as a network failure and retries it', async () => {
    const broken = () =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"totalcount":'));
            c.error(new TypeError('terminated'));
          },
        }),
      );
    const { client, transport } = setup([broken]);
    await client.run(metricNode());
    expect(transport.seen).toHaveLength(2);
  });
});

describe('timeouts and deadlines', () => {
  it('times out a stalled request, retries it, and succeeds', async () => {
    const { client, transport } = setup([stall], { timeoutMs: 50 });
    const page = await client.run(metricNode());
    expect(page.records).toHaveLength(10);
    expect(transport.seen).toHaveLength(2);
  });

  it('times out a body that never completes', async () => {
    const { client } = setup([stallBody, stallBody, stallBody, stallBody], { timeoutMs: 40 });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'request', timeoutMs: 40 });
  });

  it('times out a transport that ignores the abort signal', async () => {
    const deaf = () => new Promise<Response>(() => {});
    const { client } = setup([deaf], { timeoutMs: 30, retry: false });
    await expect(client.run(metricNode())).rejects.toMatchObject({
      name: 'PlayqTimeoutError',
      kind: 'request',
    });
  });

  it('stops at the overall deadline even while retries remain', async () => {
    const { client, transport } = setup(
      Array.from({ length: 10 }, () => stall),
      {
        timeoutMs: 1000,
        deadlineMs: 80,
        retry: { ...fastRetry, retries: 10 },
      },
    );
    const started = Date.now();
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'deadline', timeoutMs: 80, retryable: false });
    expect(transport.seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('does not start a backoff that would end past the deadline', async () => {
    const { client, transport } = setup([status(503, { 'retry-after': '5' })], { deadlineMs: 1000 });
    await expect(client.run(metricNode())).rejects.toMatchObject({ status: 503 });
    expect(transport.seen).toHaveLength(1);
  });
});

describe('abort', () => {
  it('aborts during a backoff sleep without another request', async () => {
    const { client, transport } = setup([status(503, { 'retry-after': '10' }), status(503)], {
      retry: { ...fastRetry, maxRetryAfterMs: 60_000 },
    });
    const controller = new AbortController();
    const started = Date.now();
    const pending = client.run(metricNode(), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user gave up')), 50);
    await expect(pending).rejects.toThrow('user gave up');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(transport.seen).toHaveLength(1);
  });

  it('aborts an in-flight request with a standard AbortError', async () => {
    const { client } = setup([stall]);
    const controller = new AbortController();
    const pending = client.run(metricNode(), { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('leaves no listeners behind on a long-lived signal, across runs, retries and page walks', async () => {
    const { client } = setup([status(503), reset]);
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) await client.run(metricNode(), { signal: controller.signal });
    for await (const _ of client.records(metricNode({ limit: 5 }), {
      signal: controller.signal,
      concurrency: 3,
    })) {
      // drain
    }
    for await (const _ of client.records(metricNode({ limit: 5 }), { signal: controller.signal })) break;
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { client, transport } = setup([]);
    await expect(client.run(metricNode(), { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(transport.seen).toHaveLength(0);
  });
});

describe('response bodies', () => {
  it.each([
    [
      'a truncated body',
      '{"totalcount":10,"pagecount":3,"totalrecords":25,"response":[{"country":"a","errors":1},',
      /not valid JSON \(truncated\?\)/,
    ],
    ['a non-JSON body', '<html><body>Bad gateway</body></html>', /not valid JSON/],
    ['an empty body', '', /empty/],
    ['a JSON array', '[1,2]', /not a JSON object/],
    ['a missing field', '{"totalcount":0,"pagecount":0,"response":[]}', /"totalrecords" is missing/],
    [
      'a mistyped field',
      '{"totalcount":"0","pagecount":0,"totalrecords":0,"response":[]}',
      /"totalcount" is not a non-negative integer/,
    ],
    [
      'response not an array',
      '{"totalcount":0,"pagecount":0,"totalrecords":0,"response":{}}',
      /"response" is not an array/,
    ],
    [
      'totalcount disagreeing with response',
      '{"totalcount":2,"pagecount":1,"totalrecords":1,"response":[{"a":1}]}',
      /totalcount is 2/,
    ],
    [
      'a wrong pagecount',
      '{"totalcount":10,"pagecount":2,"totalrecords":25,"response":[' +
        Array(10).fill('{"a":1}').join(',') +
        ']}',
      /pagecount is 2/,
    ],
    [
      'a short page',
      '{"totalcount":1,"pagecount":3,"totalrecords":25,"response":[{"a":1}]}',
      /expected 10 of 25/,
    ],
    [
      'a record that is not an object',
      '{"totalcount":1,"pagecount":1,"totalrecords":1,"response":[3]}',
      /record 0 is not a JSON object/,
    ],
  ])('rejects %s with PlayqResponseError and does not retry', async (_, body, reason) => {
    const { client, transport } = setup([text(body)]);
    const error = await client.run(metricNode({ limit: 10 })).catch((e: unknown) => e);
    expect(PlayqResponseError.isInstance(error)).toBe(true);
    expect((error as PlayqResponseError).reason).toMatch(reason);
    expect((error as PlayqResponseError).excerpt).toBe(body.length > 160 ? `${body.slice(0, 160)}…` : body);
    expect(transport.seen).toHaveLength(1);
  });

  it('describes a non-problem error body by its excerpt', async () => {
    const { client } = setup([
      text('<h1>Bad Gateway</h1>', 502),
      text('<h1>Bad Gateway</h1>', 502),
      text('x', 502),
      text('x', 502),
    ]);
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqServerError.isInstance(error)).toBe(true);
    expect((error as PlayqServerError).status).toBe(502);
  });
});
