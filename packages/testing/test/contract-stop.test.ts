// A rejected credential or a service that does not answer stops the contract run after the first
// check, with one reason for every check not run and one line for them in the printed report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract, formatContractReport } from '../src/index';
import { createTestService, type TestService } from '../src/service/test-service';

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ seed: 5, sessions: 2_000 });
}, 60_000);
afterAll(() => t?.close());

const base = () => ({
  baseUrl: t.baseUrl,
  planUrl: t.planUrl,
  customerId: 'demo',
  fetch: t.fetch,
  requestsPerSecond: Number.POSITIVE_INFINITY,
});

describe('checkContract stops early', () => {
  it('after the first 401, with one reason and one report line for the rest', async () => {
    const report = await checkContract({ ...base(), apiKey: 'not-a-key' });
    const [first, ...rest] = report.checks;
    expect(first?.name).toBe('service.reachable');
    expect(first?.status).toBe('fail');
    expect(first?.detail).toMatch(/answered 401/);
    expect(rest.length).toBeGreaterThan(20);
    expect(new Set(rest.map((c) => `${c.status}: ${c.detail}`))).toEqual(
      new Set(['skip: not run: the service rejected the credential with 401 (see service.reachable)']),
    );
    expect(report.requests).toBeLessThanOrEqual(3);
    const text = formatContractReport(report);
    expect(text.split('\n')).toHaveLength(4); // header, the failure, the skipped run, the summary
    expect(text).toContain(`and ${rest.length - 1} more`);
  });

  it('when nothing answers', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed');
    };
    const report = await checkContract({ ...base(), apiKey: 'demo-key', fetch: refused });
    expect(report.checks[0]?.status).toBe('fail');
    expect(new Set(report.checks.slice(1).map((c) => c.detail))).toEqual(
      new Set(['the service did not answer any request (see the first failure)']),
    );
  });

  it('runs everything when the credential is right', async () => {
    const report = await checkContract({
      ...base(),
      apiKey: 'demo-key',
      only: ['service.', 'envelope.metricquery'],
    });
    expect(report.checks.every((c) => c.status === 'pass')).toBe(true);
  });
});
