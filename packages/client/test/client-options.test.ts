// createClient's input checks, the headers it sends, and url().
import { metricQuery } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { apiKeyAuth, createClient, PlayqValidationError } from '../src/index';
import { BASE, fakeService, metricNode } from './support/fake-service';

describe('createClient', () => {
  it.each([
    [{ baseUrl: 'ftp://x/api' }, /baseUrl must be an absolute http\(s\) URL/],
    [{ baseUrl: '/api/v1' }, /baseUrl must be an absolute http\(s\) URL/],
    [{ baseUrl: BASE, planUrl: 'nope' }, /planUrl must be an absolute/],
    [{ baseUrl: BASE, timeoutMs: -1 }, /timeoutMs must be a number of milliseconds >= 0, got -1/],
    [{ baseUrl: BASE, retry: { retries: 1.5 } }, /retry.retries must be an integer >= 0, got 1.5/],
    [
      { baseUrl: BASE, retry: { minDelayMs: 50, maxDelayMs: 10 } },
      /maxDelayMs \(10\) is below retry.minDelayMs \(50\)/,
    ],
    [{ baseUrl: BASE, retry: { factor: 0.5 } }, /retry.factor must be a finite number >= 1/],
    [{ baseUrl: BASE, auth: { session: 'demo-key' } }, /auth.session must be an auth adapter/],
    [{ baseUrl: BASE, fetch: 'fetch' }, /fetch must be a function/],
  ])('refuses %o', (options, message) => {
    expect(() => createClient(options as never)).toThrow(message);
  });

  it('refuses a missing options object', () => {
    expect(() => createClient(undefined as never)).toThrow(/needs an options object/);
  });

  it('sends accept, user agent and extra headers; auth headers win over extra ones', async () => {
    const service = fakeService();
    const client = createClient({
      baseUrl: `${BASE}/`,
      fetch: service.fetch,
      userAgent: 'dashboards/1.2',
      headers: { 'X-Trace': 'abc', 'x-api-key': 'stale' },
      auth: apiKeyAuth('demo-key'),
    });
    await client.run(metricNode());
    const headers = service.calls[0]!.headers;
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('user-agent')).toBe('dashboards/1.2');
    expect(headers.get('x-trace')).toBe('abc');
    expect(headers.get('x-api-key')).toBe('demo-key');
    expect(service.calls[0]!.url.pathname).toBe('/api/v1/metricquery/demo');
  });

  it('url() gives the canonical URL of a builder or a node', () => {
    const client = createClient({ baseUrl: BASE });
    const q = metricQuery('demo').between(1_700_000_000, 1_700_003_600).metrics('errors').aggBy('country');
    expect(client.url(q)).toBe(
      `${BASE}/metricquery/demo?period=start%3D1700000000%2Cend%3D1700003600&metrics=errors&aggby=country`,
    );
    expect(client.url(q.toQuery())).toBe(client.url(q));
  });

  it('rejects things that are not queries with a clear message', async () => {
    const client = createClient({ baseUrl: BASE, fetch: fakeService().fetch });
    await expect(client.run(null as never)).rejects.toThrow(
      /expected a query builder or a query node, got null/,
    );
    await expect(client.run({ endpoint: 'metricquery' } as never)).rejects.toThrow(
      /an object with type "query"/,
    );
  });

  it('validates before sending and reports every problem', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, fetch: service.fetch });
    const error = await client.run(metricNode({ metrics: ['errrors'], limit: 0 })).catch((e: unknown) => e);
    expect(PlayqValidationError.isInstance(error)).toBe(true);
    const codes = (error as PlayqValidationError).diagnostics.map((d) => d.code);
    expect(codes).toEqual(expect.arrayContaining(['unknown_metric', 'invalid_limit']));
    expect(service.calls).toHaveLength(0);
  });
});
