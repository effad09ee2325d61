import { toURL } from '@playq/query';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arbitraries,
  CONTRACT_CHECKS,
  checkContract,
  formatContractReport,
  validateEnvelope,
} from '../src/index';
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
    expect(
      report.checks.filter((c) => c.status !== 'pass'),
      formatContractReport(report),
    ).toEqual([]);
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
