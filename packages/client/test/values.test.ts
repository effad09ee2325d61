// The completion value provider backed by the service: against the reference service in process,
// with a counting transport to see the cache, and a stalling one to see cancellation.
import { complete } from '@playq/query';
import { createService, type Service } from '@playq/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyAuth, createClient, serviceValues } from '../src/index';
import { valuesQuery } from '../src/values/service-values';

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
