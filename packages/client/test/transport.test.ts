// The transport layer checked exactly: timers the executor leaves behind, the deadline's boundary,
// what hooks see (durations, the user's abort reason), auth provider failures versus timeouts, how
// a transport failure is described and redacted, listeners the abort helpers drop, redaction
// edge cases, and fractional Retry-After values. Clocks are faked where a duration is asserted;
// no test waits more than a few tens of milliseconds.
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AuthAdapter,
  apiKeyAuth,
  createClient,
  PlayqNetworkError,
  PlayqServerError,
  PlayqTimeoutError,
  type ResponseInfo,
} from '../src/index';
import { linkedController, raceSignal, sleep } from '../src/transport/abort';
import { REDACTED, redactText, redactUrl } from '../src/transport/redact';
import { parseRetryAfter } from '../src/transport/retry-policy';
import { BASE, fakeService, faultTransport, metricNode, status } from './support/fake-service';

const URL_OF_METRIC_NODE = `${BASE}/metricquery/demo?period=start%3D1700000000%2Cend%3D1700086400&metrics=errors&aggby=country&limit=10`;

afterEach(() => {
  vi.useRealTimers();
});

/** The message a failed transport call ends with, retries off. */
async function networkMessage(thrown: unknown, headers: Record<string, string> = {}): Promise<string> {
  const client = createClient({
    baseUrl: BASE,
    retry: false,
    headers,
    fetch: async () => {
      throw thrown;
    },
  });
  const error = await client.run(metricNode()).catch((e: unknown) => e);
  expect(PlayqNetworkError.isInstance(error)).toBe(true);
  return (error as Error).message;
}

const failedWith = (detail: string) => `@playq/client: GET ${URL_OF_METRIC_NODE} failed: ${detail}`;

describe('executor timers', () => {
  it('clears the per-attempt timeout and the deadline once the call is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const service = fakeService();
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      retry: false,
      timeoutMs: 5_000,
      deadlineMs: 5_000,
    });
    const page = await client.run(metricNode());
    expect(page.records).toHaveLength(10);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the per-attempt timeout of a failed attempt too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = createClient({
      baseUrl: BASE,
      fetch: async () => status(500)(),
      retry: false,
      timeoutMs: 5_000,
    });
    await expect(client.run(metricNode())).rejects.toSatisfy(PlayqServerError.isInstance);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('deadline', () => {
  it('retries while the backoff still ends within the deadline', async () => {
    const transport = faultTransport(fakeService().fetch, [status(503), status(503)]);
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      retry: { retries: 3, minDelayMs: 1, maxDelayMs: 2 },
      deadlineMs: 5_000,
    });
    const page = await client.run(metricNode());
    expect(page.records).toHaveLength(10);
    expect(transport.seen).toHaveLength(3);
  });

  it('does not start a backoff that would end exactly at the deadline', async () => {
    // The clock stands still, so the elapsed time is exactly 0 and the wait exactly 20 ms.
    vi.useFakeTimers({ toFake: ['Date'] });
    const transport = faultTransport(fakeService().fetch, [status(503, { 'retry-after': '0.02' })]);
    const client = createClient({
      baseUrl: BASE,
      fetch: transport,
      retry: { retries: 3, minDelayMs: 0, maxDelayMs: 0 },
      deadlineMs: 20,
    });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqServerError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, retryAfter: 0.02 });
    expect(transport.seen).toHaveLength(1);
  });
});

describe('hooks', () => {
  it('report the duration of a successful attempt', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    const service = fakeService();
    const seen: ResponseInfo[] = [];
    const client = createClient({
      baseUrl: BASE,
      retry: false,
      fetch: async (request) => {
        vi.setSystemTime(Date.now() + 7);
        return service.fetch(request);
      },
      hooks: { afterResponse: (info) => void seen.push(info) },
    });
    await client.run(metricNode());
    expect(seen.map((i) => [i.status, i.durationMs, i.error])).toStrictEqual([[200, 7, undefined]]);
  });

  it('report the duration of a failed attempt', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_700_000_000_000 });
    const seen: ResponseInfo[] = [];
    const client = createClient({
      baseUrl: BASE,
      retry: false,
      fetch: async () => {
        vi.setSystemTime(Date.now() + 9);
        throw new TypeError('fetch failed');
      },
      hooks: { afterResponse: (info) => void seen.push(info) },
    });
    await expect(client.run(metricNode())).rejects.toSatisfy(PlayqNetworkError.isInstance);
    expect(seen.map((i) => [i.status, i.durationMs, PlayqNetworkError.isInstance(i.error)])).toStrictEqual([
      [undefined, 9, true],
    ]);
  });

  it("see the user's abort reason as the attempt's error, not a network failure", async () => {
    const controller = new AbortController();
    const reason = new Error('user gave up');
    const errors: unknown[] = [];
    const client = createClient({
      baseUrl: BASE,
      retry: false,
      fetch: () => {
        controller.abort(reason);
        return new Promise<Response>(() => {});
      },
      hooks: { afterResponse: (info) => void errors.push(info.error) },
    });
    await expect(client.run(metricNode(), { signal: controller.signal })).rejects.toBe(reason);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBe(reason);
  });
});

describe('auth providers', () => {
  it("rethrow a provider's own failure as it is, without a retry or a request", async () => {
    const failure = new Error('token service said no');
    const adapter: AuthAdapter = {
      kind: 'custom',
      headers: () => {
        throw failure;
      },
      secrets: () => [],
    };
    const service = fakeService();
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      retry: { retries: 3, minDelayMs: 1, maxDelayMs: 1 },
      auth: adapter,
    });
    await expect(client.run(metricNode())).rejects.toBe(failure);
    expect(service.calls).toHaveLength(0);
  });

  it('time out a provider that never answers with the request timeout error', async () => {
    const adapter: AuthAdapter = {
      kind: 'custom',
      headers: () => new Promise(() => {}),
      secrets: () => [],
    };
    const service = fakeService();
    const client = createClient({
      baseUrl: BASE,
      fetch: service.fetch,
      retry: false,
      timeoutMs: 10,
      auth: adapter,
    });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect(PlayqTimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'request', timeoutMs: 10, method: 'GET', url: URL_OF_METRIC_NODE });
    expect((error as Error).message).toBe(
      `@playq/client: GET ${URL_OF_METRIC_NODE} exceeded the request timeout of 10 ms`,
    );
    expect(service.calls).toHaveLength(0);
  });
});

describe('network error details', () => {
  it('give the message alone when there is no cause', async () => {
    expect(await networkMessage(new TypeError('fetch failed'))).toBe(failedWith('fetch failed'));
  });

  it("join the message and the cause's code with a colon", async () => {
    const error = new TypeError('fetch failed', { cause: { code: 'ECONNRESET', message: 'socket hang up' } });
    expect(await networkMessage(error)).toBe(failedWith('fetch failed: ECONNRESET'));
  });

  it("use the cause's message when its code is not a string", async () => {
    const error = new TypeError('fetch failed', { cause: { code: 42, message: 'socket hang up' } });
    expect(await networkMessage(error)).toBe(failedWith('fetch failed'));
    const other = new TypeError('fetch failed', { cause: { message: 'socket hang up' } });
    expect(await networkMessage(other)).toBe(failedWith('fetch failed: socket hang up'));
  });

  it('keep the first 200 characters', async () => {
    expect(await networkMessage(new Error('x'.repeat(300)))).toBe(failedWith('x'.repeat(200)));
  });

  it('say "network error" when the transport gives nothing to show', async () => {
    expect(await networkMessage(new Error(''))).toBe(failedWith('network error'));
    expect(await networkMessage({ message: 3 })).toBe(failedWith('network error'));
  });

  it('redact secrets of eight characters or more, and only those', async () => {
    const message = await networkMessage(new Error('refused k9zwxyz and tok4tok4 and long-s3cret'), {
      'x-api-key': 'k9zwxyz',
      cookie: 'tok4tok4',
      authorization: 'long-s3cret',
    });
    expect(message).toBe(failedWith(`refused k9zwxyz and ${REDACTED} and ${REDACTED}`));
  });

  it('redact the secrets of an auth adapter too', async () => {
    const client = createClient({
      baseUrl: BASE,
      retry: false,
      auth: apiKeyAuth('demo-key'),
      fetch: async () => {
        throw new Error('server rejected demo-key');
      },
    });
    const error = await client.run(metricNode()).catch((e: unknown) => e);
    expect((error as Error).message).toBe(failedWith('server rejected [REDACTED]'));
  });
});

describe('abort helpers drop their listeners', () => {
  it('raceSignal, when the promise resolves', async () => {
    const controller = new AbortController();
    await expect(raceSignal(Promise.resolve(1), controller.signal)).resolves.toBe(1);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('raceSignal, when the promise rejects', async () => {
    const controller = new AbortController();
    await expect(raceSignal(Promise.reject(new Error('no')), controller.signal)).rejects.toThrow('no');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('raceSignal, when the signal aborts first', async () => {
    const controller = new AbortController();
    const raced = raceSignal(new Promise(() => {}), controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort(new Error('stop'));
    await expect(raced).rejects.toThrow('stop');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('sleep, when the time is up', async () => {
    const controller = new AbortController();
    await sleep(1, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('sleep, when aborted while waiting', async () => {
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort(new Error('later'));
    await expect(waiting).rejects.toThrow('later');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('linkedController, when the parent aborts', () => {
    const parent = new AbortController();
    const linked = linkedController(parent.signal);
    parent.abort('after');
    expect(linked.controller.signal.reason).toBe('after');
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
  });
});

describe('redaction edge cases', () => {
  it('does not redact its own marker again when a secret is part of it', () => {
    expect(redactText('id REDACTED here', ['REDACTED'])).toBe(`id ${REDACTED} here`);
    expect(redactText('id REDACTED] here', ['REDACTED]'])).toBe(`id ${REDACTED} here`);
  });

  it.each([
    ['user and password', 'https://user:pw@h.example/x?token=abc&keep=1'],
    ['a user only', 'https://user@h.example/x?token=abc&keep=1'],
    ['a password only', 'https://:pw@h.example/x?token=abc&keep=1'],
  ])('removes userinfo (%s) from a URL whose parameters are masked', (_, url) => {
    expect(redactUrl(url, [])).toBe(`https://h.example/x?token=${encodeURIComponent(REDACTED)}&keep=1`);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds with a fraction of several digits', () => {
    expect(parseRetryAfter('1.25', 0)).toBe(1.25);
    expect(parseRetryAfter(' 0.125 ', 0)).toBe(0.125);
  });
});
