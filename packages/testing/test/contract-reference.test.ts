import { DEFAULT_CATALOGUE, toURL } from '@playq/query';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as arbitraries from '../src/arbitraries/index';
import { CONTRACT_CHECKS, checkContract, formatContractReport, validateEnvelope } from '../src/index';
import { createTestService, type TestService } from '../src/service/test-service';

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ seed: 3, sessions: 20_000 });
}, 60_000);
afterAll(() => t?.close());

const options = () => ({
  baseUrl: t.baseUrl,
  planUrl: t.planUrl,
  customerId: 'demo',
  apiKey: 'demo-key',
  clientCredentials: { clientId: 'demo', clientSecret: 'demo-secret' },
  otherCustomer: { customerId: 'other', apiKey: 'other-key' },
  fetch: t.fetch,
  requestsPerSecond: Number.POSITIVE_INFINITY,
  period: { start: t.period.end - 7 * 86_400, end: t.period.end },
});

describe('checkContract against the reference service', () => {
  it('passes every check, strictly', async () => {
    const report = await checkContract({ ...options(), strict: true });
    // The suite never provokes a 429 and this service does not rate-limit, so that check skips.
    expect(
      report.checks.filter((c) => c.status !== 'pass' && c.name !== 'http.rate-limit-retry-after'),
      formatContractReport(report),
    ).toEqual([]);
    const rate = report.checks.find((c) => c.name === 'http.rate-limit-retry-after');
    expect(rate?.status).toBe('skip');
    expect(rate?.detail).toMatch(/no 429 arrived/);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual(CONTRACT_CHECKS.map((c) => c.name));
    expect(report.requests).toBeLessThanOrEqual(200);
  }, 60_000);
});

describe('the shape rules against the reference service', () => {
  it('accept its answers to generated valid queries on both endpoints', async () => {
    const tokenResponse = await t.fetch(
      new Request(t.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa('demo:demo-secret')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }),
    );
    const { access_token } = (await tokenResponse.json()) as { access_token: string };
    const queries = arbitraries.query({
      catalogue: DEFAULT_CATALOGUE,
      customerIds: ['demo'],
      planLevels: ['2'],
      minTime: t.period.start,
      maxTime: t.period.end,
    });
    await fc.assert(
      fc.asyncProperty(queries, async (query) => {
        const small = { ...query, limit: Math.min(query.limit, 50), offset: query.offset % 100 };
        const headers: Record<string, string> =
          small.endpoint === 'session'
            ? { authorization: `Bearer ${access_token}` }
            : { 'x-api-key': 'demo-key' };
        const response = await t.fetch(new Request(toURL(small, { baseUrl: t.baseUrl }), { headers }));
        expect(response.status).toBe(200);
        expect(validateEnvelope(small, await response.json())).toEqual([]);
      }),
      { numRuns: 80 },
    );
  }, 60_000);
});

describe('the rate-limit check against a rate-limited reference service', () => {
  it('passes when the 429 it meets carries Retry-After, and counts the retry in the budget', async () => {
    const limited = await createTestService({
      seed: 4,
      sessions: 2_000,
      rateLimit: { ratePerSecond: 1, burst: 2 },
    });
    try {
      const url = `${limited.baseUrl}/metricquery/demo?period=start=${limited.period.start},end=${limited.period.end}&metrics=viewercount`;
      // Spend the key's burst first, so the check's single ordinary request meets a 429.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.fetch(new Request(url, { headers: { 'x-api-key': 'demo-key' } }));
        statuses.push(res.status);
      }
      expect(statuses).toContain(429);
      const report = await checkContract({
        baseUrl: limited.baseUrl,
        customerId: 'demo',
        apiKey: 'demo-key',
        fetch: limited.fetch,
        requestsPerSecond: Number.POSITIVE_INFINITY,
        period: { start: limited.period.end - 7 * 86_400, end: limited.period.end },
        strict: true,
        only: ['http.rate-limit-retry-after'],
      });
      const result = report.checks[0]!;
      expect(result.status, result.detail).toBe('pass');
      expect(result.detail).toMatch(/1 429 answer/);
      // The refused request and its retry both count.
      expect(result.requests).toBe(2);
      expect(report.requests).toBe(2);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
