// The completion value provider backed by the service: against the reference service in process,
// with a counting transport to see the cache, and a stalling one to see cancellation.

import { getEventListeners } from 'node:events';
import { complete } from '@playq/query';
import { createService, type Service } from '@playq/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyAuth, createClient, type PlayqClient, PlayqServerError, serviceValues } from '../src/index';
import { valuesQuery } from '../src/values/service-values';
import { BASE, json, stall, status } from './support/fake-service';

let service: Service;
const requests: URL[] = [];

beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 3000, seed: 7 } }, rateLimit: false });
}, 60_000);
afterAll(async () => {
  await service?.close();
});

const client = (fetch: (r: Request) => Promise<Response> = (r) => service.fetch(r)) =>
  createClient({
    baseUrl: 'http://in-process.test/api/v1',
    auth: apiKeyAuth('demo-key'),
    retry: false,
    fetch: (r) => {
      requests.push(new URL(r.url));
      return fetch(r);
    },
  });

describe('serviceValues', () => {
  it('lists the distinct values of a dimension, most used first, as the breakdown query does', async () => {
    const end = Math.floor(Date.now() / 1000 / 3600) * 3600 + 3600;
    const period = { start: end - 30 * 86400, end };
    const c = client();
    const values = await serviceValues(c, { customerId: 'demo', period })({
      dimension: 'country',
      prefix: '',
    });
    const page = await c.run(valuesQuery('demo', 'country', period, 100));
    expect(values.length).toBeGreaterThan(1);
    expect(values.map((v) => v.value)).toEqual(page.records.map((r) => r.country));
    const counts = values.map((v) => v.count ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const r = await complete('filter', `[country=${values[0]!.value.slice(0, 1)}`, 10, {
      values: serviceValues(c, { customerId: 'demo', period }),
    });
    expect(r.suggestions.some((s) => s.type === 'value' && s.label === values[0]!.value)).toBe(true);
  });

  it('asks for errors, not plays, for error-only dimensions', () => {
    const q = valuesQuery('demo', 'category', { start: 0, end: 3600 }, 10);
    expect(q.metrics).toEqual(['errors']);
    expect(q.orderby).toBe('errors');
  });

  it('answers from its cache for the same dimension and period', async () => {
    requests.length = 0;
    const provider = serviceValues(client(), { customerId: 'demo', period: { start: 0, end: 86400 * 30 } });
    const [a, b] = await Promise.all([
      provider({ dimension: 'platform', prefix: '' }),
      provider({ dimension: 'platform', prefix: 'i' }),
    ]);
    await provider({ dimension: 'platform', prefix: '' });
    expect(a).toEqual(b);
    expect(requests.filter((u) => u.pathname.includes('metricquery'))).toHaveLength(1);
  });

  it('aborts the request when its caller gives up, and rejects that caller', async () => {
    let seen: AbortSignal | undefined;
    const stalling = (r: Request) => {
      seen = r.signal;
      return new Promise<Response>((_, reject) =>
        r.signal.addEventListener('abort', () => reject(r.signal.reason)),
      );
    };
    const provider = serviceValues(client(stalling), { customerId: 'demo' });
    const controller = new AbortController();
    const pending = provider({ dimension: 'country', prefix: '', signal: controller.signal });
    await vi.waitFor(() => expect(seen).toBeDefined());
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    expect(seen?.aborted).toBe(true);
  });
});

type Answer = (request: Request) => Response | Promise<Response>;

/** An envelope holding these records. */
const answer =
  (...records: Record<string, unknown>[]): Answer =>
  () =>
    json({ totalcount: records.length, pagecount: 1, totalrecords: records.length, response: records });

/** A deferred answer: the request waits until `release` is called (or its signal aborts). */
function held() {
  let release!: (response: Response) => void;
  const gate = new Promise<Response>((resolve) => {
    release = resolve;
  });
  const run: Answer = (request) => Promise.race([gate, stall(request)]);
  return { run, release: (make: Answer, r = new Request(BASE)) => release(make(r) as Response) };
}

/** A client whose requests answer in script order (the last answer repeats); records requests. */
function scripted(...script: Answer[]) {
  const requests: Request[] = [];
  const client: PlayqClient = createClient({
    baseUrl: BASE,
    retry: false,
    fetch: async (request) => {
      requests.push(request);
      const next = script.length > 1 ? script.shift()! : script[0]!;
      return next(request);
    },
  });
  return { client, requests };
}

const PERIOD = { start: 0, end: 30 * 86400 };
const US = answer({ country: 'US', viewercount: 12 }, { country: 'FR', viewercount: 3 });
const US_VALUES = [
  { value: 'US', count: 12 },
  { value: 'FR', count: 3 },
];

const realNow = Date.now;
afterEach(() => {
  Date.now = realNow;
});

/**
 * Settles within `ms`: the outcome, or 'pending'. The bound only turns a hang into a quick failure
 * (well under the test timeout); it is generous because a loaded CI machine can stall the loop.
 */
function within<T>(p: Promise<T>, ms = 5_000): Promise<{ ok: T } | { error: unknown } | 'pending'> {
  return Promise.race([
    p.then(
      (ok) => ({ ok }),
      (error: unknown) => ({ error }),
    ),
    new Promise<'pending'>((r) => setTimeout(() => r('pending'), ms)),
  ]);
}

describe('valuesQuery', () => {
  it('counts sessions (viewercount) for dimensions that have them, errors for error-only ones', () => {
    const q = valuesQuery('demo', 'country', { start: 0, end: 3600 }, 10);
    expect([q.metrics, q.aggby, q.orderby, q.limit]).toStrictEqual([
      ['viewercount'],
      ['country'],
      'viewercount',
      10,
    ]);
    const e = valuesQuery('demo', 'category', { start: 0, end: 3600 }, 10);
    expect([e.metrics, e.orderby]).toStrictEqual([['errors'], 'errors']);
  });
});

describe('serviceValues answers', () => {
  it('looks at the 7 days up to the end of the current hour by default', async () => {
    const { client, requests } = scripted(US);
    const now = 1_700_000_123_456; // 2023-11-14T22:15:23Z
    Date.now = () => now;
    await serviceValues(client, { customerId: 'demo' })({ dimension: 'country', prefix: '' });
    const end = 1_700_002_800; // 23:00 that day
    expect(requests.map((r) => r.url)).toStrictEqual([
      client.url(valuesQuery('demo', 'country', { start: end - 7 * 86400, end }, 100)),
    ]);
  });

  it('gives each value its count, and no count key when a record has no number', async () => {
    const { client } = scripted(answer({ country: 'US', viewercount: 12 }, { country: 'FR' }));
    const values = await serviceValues(client, { customerId: 'demo', period: PERIOD })({
      dimension: 'country',
      prefix: '',
    });
    expect(values).toStrictEqual([{ value: 'US', count: 12 }, { value: 'FR' }]);
  });

  it('caches per dimension and per period', async () => {
    const { client, requests } = scripted(
      US,
      answer({ platform: 'ios', viewercount: 5 }),
      answer({ country: 'DE', viewercount: 1 }),
      answer({ platform: 'web', viewercount: 2 }),
    );
    let period = PERIOD;
    const provider = serviceValues(client, { customerId: 'demo', period: () => period });
    expect(await provider({ dimension: 'country', prefix: '' })).toStrictEqual(US_VALUES);
    expect(await provider({ dimension: 'platform', prefix: '' })).toStrictEqual([{ value: 'ios', count: 5 }]);
    period = { start: 86400, end: 31 * 86400 };
    expect(await provider({ dimension: 'country', prefix: '' })).toStrictEqual([{ value: 'DE', count: 1 }]);
    expect(await provider({ dimension: 'platform', prefix: '' })).toStrictEqual([{ value: 'web', count: 2 }]);
    expect(requests).toHaveLength(4);
  });

  it('reuses an answer for exactly ttlMs, then asks again', async () => {
    const { client, requests } = scripted(US);
    let now = 1_000_000;
    Date.now = () => now;
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD, ttlMs: 5000 });
    await provider({ dimension: 'country', prefix: '' });
    now += 5000;
    await provider({ dimension: 'country', prefix: '' });
    expect(requests).toHaveLength(1);
    now += 1;
    await provider({ dimension: 'country', prefix: '' });
    expect(requests).toHaveLength(2);
  });
});

describe('serviceValues failures', () => {
  it('does not keep a failed answer', async () => {
    const { client, requests } = scripted(status(500), US);
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD });
    await expect(provider({ dimension: 'country', prefix: '' })).rejects.toSatisfy(
      PlayqServerError.isInstance,
    );
    expect(await provider({ dimension: 'country', prefix: '' })).toStrictEqual(US_VALUES);
    expect(requests).toHaveLength(2);
  });

  it('keeps the newer answer when an expired request fails after it was replaced', async () => {
    const first = held();
    const { client, requests } = scripted(first.run, US);
    let now = 1_000_000;
    Date.now = () => now;
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD, ttlMs: 1000 });
    const old = provider({ dimension: 'country', prefix: '' });
    now += 1001;
    expect(await provider({ dimension: 'country', prefix: '' })).toStrictEqual(US_VALUES);
    first.release(status(500));
    await expect(old).rejects.toSatisfy(PlayqServerError.isInstance);
    expect(await provider({ dimension: 'country', prefix: '' })).toStrictEqual(US_VALUES);
    expect(requests).toHaveLength(2);
  });

  it("rejects a caller with a signal with the request's error and removes its listener", async () => {
    const { client } = scripted(status(500));
    const controller = new AbortController();
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD });
    const outcome = await within(provider({ dimension: 'country', prefix: '', signal: controller.signal }));
    expect(outcome !== 'pending' && 'error' in outcome && PlayqServerError.isInstance(outcome.error)).toBe(
      true,
    );
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('serviceValues cancellation', () => {
  it('resolves a caller with a signal and then forgets that signal', async () => {
    const { client, requests } = scripted(US);
    const controller = new AbortController();
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD });
    expect(
      await within(provider({ dimension: 'country', prefix: '', signal: controller.signal })),
    ).toStrictEqual({
      ok: US_VALUES,
    });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    // Giving up after the answer came does not throw the cached answer away.
    controller.abort();
    expect(await provider({ dimension: 'country', prefix: '' })).toStrictEqual(US_VALUES);
    expect(requests).toHaveLength(1);
  });

  it('rejects at once with the reason of a signal that is already aborted', async () => {
    const { client } = scripted(US);
    const controller = new AbortController();
    const reason = new Error('gave up');
    controller.abort(reason);
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD });
    expect(
      await within(provider({ dimension: 'country', prefix: '', signal: controller.signal })),
    ).toStrictEqual({
      error: reason,
    });
  });

  it("rejects with the signal's own reason, or an AbortError when it has none", async () => {
    const { client } = scripted(stall);
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD });
    const a = new AbortController();
    const pending = provider({ dimension: 'country', prefix: '', signal: a.signal });
    const reason = new Error('user left');
    a.abort(reason);
    await expect(pending).rejects.toBe(reason);
    const b = new AbortController();
    const other = provider({ dimension: 'platform', prefix: '', signal: b.signal });
    b.abort(null);
    const error = (await other.catch((e: unknown) => e)) as DOMException;
    expect([error instanceof DOMException, error.name, error.message]).toStrictEqual([
      true,
      'AbortError',
      'The value request was aborted',
    ]);
  });

  it('keeps the request going while another caller still waits', async () => {
    const gate = held();
    const { client, requests } = scripted(gate.run);
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD });
    const a = new AbortController();
    const b = new AbortController();
    const first = provider({ dimension: 'country', prefix: '', signal: a.signal });
    const second = provider({ dimension: 'country', prefix: '', signal: b.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    a.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    // The aborted caller's listener went with the abort, before the request settled.
    expect(getEventListeners(a.signal, 'abort')).toHaveLength(0);
    expect(requests[0]!.signal.aborted).toBe(false);
    gate.release(US);
    expect(await second).toStrictEqual(US_VALUES);
    expect(requests).toHaveLength(1);
  });

  it('forgets an abandoned request at once, so the next caller asks again', async () => {
    const { client, requests } = scripted(stall, US);
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD });
    const controller = new AbortController();
    const pending = provider({ dimension: 'country', prefix: '', signal: controller.signal });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    const next = provider({ dimension: 'country', prefix: '' });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(await next).toStrictEqual(US_VALUES);
    expect(requests).toHaveLength(2);
  });

  it('keeps the newer answer when the last caller of an expired request gives up', async () => {
    const { client, requests } = scripted(stall, US);
    let now = 1_000_000;
    Date.now = () => now;
    const provider = serviceValues(client, { customerId: 'demo', period: PERIOD, ttlMs: 1000 });
    const controller = new AbortController();
    const old = provider({ dimension: 'country', prefix: '', signal: controller.signal });
    now += 1001;
    expect(await provider({ dimension: 'country', prefix: '' })).toStrictEqual(US_VALUES);
    controller.abort();
    await expect(old).rejects.toMatchObject({ name: 'AbortError' });
    expect(await provider({ dimension: 'country', prefix: '' })).toStrictEqual(US_VALUES);
    expect(requests).toHaveLength(2);
  });
});
