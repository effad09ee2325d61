// The scenarios example of docs/testing.md, kept here so that it is known to run; the test below
// the example checks that the page shows exactly this code.
import { readFileSync } from 'node:fs';
// test/dashboard-scenarios.test.ts
import { metricQuery } from '@playq/query';
import {
  checkContract,
  createTestService,
  errorEvent,
  formatContractReport,
  session,
  type TestService,
} from '@playq/testing';
import { playqHandlers } from '@playq/testing/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The code under test: a dashboard tile showing one country's mean startup time, over plain fetch.
async function latencyTile(
  baseUrl: string,
  apiKey: string,
  country: string,
  period: { start: number; end: number },
) {
  const url = new URL(`${baseUrl}/metricquery/demo`);
  url.searchParams.set('period', `start=${period.start},end=${period.end}`);
  url.searchParams.set('metrics', 'latency');
  url.searchParams.set('filter', `[country=${country}]`);
  const res = await fetch(url, { headers: { 'X-API-Key': apiKey } });
  if (!res.ok) throw new Error(`analytics answered ${res.status}`);
  const body = (await res.json()) as { response: { latency: number }[] };
  return `${(body.response[0]?.latency ?? 0).toFixed(1)} s`;
}

let t: TestService;
beforeAll(async () => {
  // Four sessions a minute apart from the start of t.period; every column left out is a default.
  t = await createTestService({
    data: {
      rows: {
        sessions: [
          session({ country: 'BR', startup_ms: 2000 }),
          session({ country: 'BR', startup_ms: 4000 }),
          session({ country: 'BR', startup_ms: 6000, watch_ms: 270_000, rebuffer_ms: 30_000 }),
          session({ country: 'US', startup_ms: null }), // s4 never started: a startup failure
        ],
        errors: [errorEvent({ session_id: 's4', category: 'startup', key: 'MANIFEST_404', fatal: true })],
      },
    },
  });
});
afterAll(() => t.close());

it('answers exact numbers', async () => {
  const rows = await t.client.all(
    metricQuery('demo')
      .period(t.period)
      .metrics('attempts', 'latency', 'bufferingratio', 'failurerate', 'errors')
      .aggBy('country'),
  );
  expect(rows).toEqual(
    expect.arrayContaining([
      { country: 'BR', attempts: 3, latency: 4, bufferingratio: 10, failurerate: 0, errors: 0 },
      { country: 'US', attempts: 1, latency: 0, bufferingratio: 0, failurerate: 100, errors: 1 },
    ]),
  );
});

describe('your own HTTP code, under MSW', () => {
  const server = setupServer();
  beforeAll(() => {
    server.use(...playqHandlers(t, { baseUrl: 'https://analytics.example.com/api/v1' }));
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());

  it('shows 4.0 s for three sessions in BR with startup 2, 4 and 6 s', async () => {
    expect(await latencyTile('https://analytics.example.com/api/v1', 'demo-key', 'BR', t.period)).toBe(
      '4.0 s',
    );
  });
});

it('honours the API contract on the scenario too', async () => {
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
// (end of the example)

it('is the example docs/testing.md shows under "Scenarios"', () => {
  const here = readFileSync(new URL(import.meta.url), 'utf8');
  const example = here.slice(
    here.indexOf('// test/dashboard-scenarios'),
    here.indexOf('// (end of the example)'),
  );
  const page = readFileSync(new URL('../../../docs/testing.md', import.meta.url), 'utf8');
  const section = page.slice(page.indexOf('## Scenarios'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  expect(block).toBe(example);
});
