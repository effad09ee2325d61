// The complete example of docs/testing.md, kept here so that it is known to run.
import { fc, test } from '@fast-check/vitest';
import { fromURL, metricQuery, sessionQuery } from '@playq/query';
import {
  checkContract,
  createTestService,
  formatContractReport,
  recordingTransport,
  replayTransport,
  type TestService,
} from '@playq/testing';
import * as arbitraries from '@playq/testing/arbitraries';
import { playqHandlers } from '@playq/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The code under test: a dashboard loader written against the HTTP API with plain fetch.
async function topCountriesByErrors(baseUrl: string, apiKey: string, period: { start: number; end: number }) {
  const url = new URL(`${baseUrl}/metricquery/demo`);
  url.searchParams.set('period', `start=${period.start},end=${period.end}`);
  url.searchParams.set('metrics', 'errors');
  url.searchParams.set('aggby', 'country');
  url.searchParams.set('limit', '3');
  const res = await fetch(url, { headers: { 'X-API-Key': apiKey } });
  if (!res.ok) throw new Error(`analytics answered ${res.status}`);
  const body = (await res.json()) as { response: { country: string; errors: number }[] };
  return body.response.map((r) => `${r.country}: ${r.errors}`);
}

let t: TestService;
beforeAll(async () => {
  // 20,000 generated sessions over the 30 days before 2026-01-01, the same for every run.
  t = await createTestService({ seed: 42, sessions: 20_000 });
});
afterAll(() => t.close());

describe('with the typed client', () => {
  it('breaks errors down by country', async () => {
    const rows = await t.client.all(metricQuery('demo').period(t.period).metrics('errors').aggBy('country'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => typeof r.country === 'string' && r.errors >= 0)).toBe(true);
  });

  it('pages through the errors of each subscriber', async () => {
    const q = sessionQuery('demo')
      .period(t.period)
      .metrics('errors', 'subscriberid')
      .aggBy('subscriberid')
      .agg(1);
    let pages = 0;
    for await (const page of t.client.pages(q.limit(500))) {
      pages += 1;
      expect(page.records.every((r) => r.totalpages === page.pagecount)).toBe(true);
    }
    expect(pages).toBeGreaterThan(1);
  });
});

describe('with your own HTTP code, under MSW', () => {
  const server = setupServer();
  beforeAll(() => {
    server.use(...playqHandlers(t, { baseUrl: 'https://analytics.example.com/api/v1' }));
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());

  it('shows the three countries with most errors', async () => {
    const lines = await topCountriesByErrors('https://analytics.example.com/api/v1', 'demo-key', t.period);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^[A-Z]{2}: \d+$/);
  });

  it('reports a bad key', async () => {
    await expect(
      topCountriesByErrors('https://analytics.example.com/api/v1', 'nope', t.period),
    ).rejects.toThrow('401');
  });
});

describe('property tests', () => {
  test.prop([arbitraries.queryWithEnvelope()])(
    'every record of an answer becomes one table row',
    ({ envelope }) => {
      const rows = envelope.response.map((r) => Object.values(r).join(' | '));
      expect(rows).toHaveLength(envelope.totalcount);
    },
  );

  test.prop([arbitraries.malformedQueryURL()])('malformed query URLs are refused', (url) => {
    expect(fromURL(url).ok).toBe(false);
  });

  it('samples are reproducible', () => {
    const a = fc.sample(arbitraries.metricQuery(), { numRuns: 5, seed: 1 });
    expect(fc.sample(arbitraries.metricQuery(), { numRuns: 5, seed: 1 })).toEqual(a);
  });
});

describe('pinning answers', () => {
  it('records once, replays offline', async () => {
    const recorder = recordingTransport({ fetch: t.fetch });
    const q = metricQuery('demo').period(t.period).metrics('viewercount').aggBy('platform');
    const url = `${t.baseUrl}/metricquery/demo?${new URL(t.client.url(q)).searchParams}`;
    const live = await (await recorder(new Request(url, { headers: { 'X-API-Key': 'demo-key' } }))).json();
    const fixture = recorder.fixture(); // JSON; the API key is stored as [REDACTED]
    const replay = replayTransport(fixture);
    expect(await (await replay(new Request(url))).json()).toEqual(live);
  });
});

it('the service honours the API contract', async () => {
  const report = await checkContract({
    baseUrl: t.baseUrl,
    planUrl: t.planUrl,
    customerId: 'demo',
    apiKey: 'demo-key',
    clientCredentials: { clientId: 'demo', clientSecret: 'demo-secret' },
    otherCustomer: { customerId: 'other', apiKey: 'other-key' },
    fetch: t.fetch,
    requestsPerSecond: Number.POSITIVE_INFINITY,
    period: t.period,
  });
  expect(report.ok, formatContractReport(report)).toBe(true);
});
