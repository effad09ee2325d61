import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_CHECKS, checkContract, formatContractReport } from '../src/index';
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
    console.log(formatContractReport(report));
    expect(report.checks.filter((c) => c.status !== 'pass')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual(CONTRACT_CHECKS.map((c) => c.name));
    expect(report.requests).toBeLessThanOrEqual(200);
  }, 60_000);
});
