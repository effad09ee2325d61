import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractOptions, checkContract, formatContractReport } from '../src/index';
import { withTestServer } from '../src/service/test-server';
import { createTestService, type TestService } from '../src/service/test-service';
import { rewriteRequest } from './support/broken-variants';

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ seed: 8, sessions: 6_000, days: 10 });
}, 60_000);
afterAll(() => t?.close());

const base = (): ContractOptions => ({
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

describe('strict and lenient judgement', () => {
  // Accepting a misspelt parameter departs from playq's design, not from the specification.
  const lenientService = rewriteRequest(
    (r) => t.fetch(r),
    (url) => url.searchParams.delete('oderby'),
  );

  it('reports a design-only departure as information by default and as a failure when strict', async () => {
    const lenient = await checkContract({
      ...base(),
      fetch: lenientService,
      only: ['errors.unknown-parameter'],
    });
    expect(lenient.checks[0]).toMatchObject({
      status: 'info',
      findings: [expect.objectContaining({ basis: 'design' })],
    });
    expect(lenient.ok).toBe(true);
    const strict = await checkContract({
      ...base(),
      fetch: lenientService,
      only: ['errors.unknown-parameter'],
      strict: true,
    });
    expect(strict.checks[0]!.status).toBe('fail');
    expect(strict.ok).toBe(false);
  });

  it('fails a specification breach even when lenient', async () => {
    const overlapping = rewriteRequest(
      (r) => t.fetch(r),
      (url) => {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        if (offset > 0) url.searchParams.set('offset', String(offset - 1));
      },
    );
    const report = await checkContract({ ...base(), fetch: overlapping, only: ['paging.'] });
    expect(report.checks.find((c) => c.name === 'paging.no-overlap-or-gap')!.status).toBe('fail');
    expect(report.ok).toBe(false);
  });
});

describe('running against any deployment', () => {
  it('finds the latest week with data when no period is given', async () => {
    const report = await checkContract({
      ...base(),
      period: undefined,
      now: () => (t.period.end + 40 * 86_400) * 1000,
      only: ['envelope.metricquery.breakdown'],
    });
    expect(report.checks[0]!.status).toBe('pass');
    const [start, end] = report.period!.match(/\d+/g)!.map(Number);
    expect(end).toBe(t.period.end);
    expect(end! - start!).toBe(7 * 86_400);
  });

  it('skips data checks when the period holds no data, saying why', async () => {
    const report = await checkContract({
      ...base(),
      period: { start: 1_000_000, end: 1_086_400 },
      only: ['filter.', 'paging.'],
    });
    for (const check of report.checks) {
      expect(check.status, check.name).toBe('skip');
      expect(check.detail, check.name).toMatch(/in the period/);
    }
  });

  it('skips session checks without a token, and cross-customer probes fall back to design level', async () => {
    const report = await checkContract({
      ...base(),
      clientCredentials: undefined,
      otherCustomer: undefined,
      only: ['envelope.session.total-errors', 'auth.metricquery.cross-customer'],
    });
    expect(report.checks[0]).toMatchObject({
      status: 'skip',
      detail: expect.stringMatching(/no bearer token/),
    });
    expect(report.checks[1]).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/unknown customer id answered 403|404/),
    });
  });

  it('stays within its request budget and skips what it could not afford', async () => {
    const report = await checkContract({ ...base(), maxRequests: 10 });
    expect(report.requests).toBeLessThanOrEqual(10);
    const skipped = report.checks.filter((c) => c.status === 'skip');
    expect(skipped.length).toBeGreaterThan(0);
    expect(skipped[0]!.detail).toMatch(/request budget of 10 is spent/);
    expect(report.checks.some((c) => c.status === 'fail')).toBe(false);
  });

  it('paces requests and checks a deployment over a real socket, staying under its rate limit', async () => {
    await withTestServer(
      async (server) => {
        const statuses: number[] = [];
        const report = await checkContract({
          baseUrl: server.baseUrl,
          planUrl: server.planUrl,
          customerId: 'demo',
          apiKey: 'demo-key',
          clientCredentials: { clientId: 'demo', clientSecret: 'demo-secret' },
          otherCustomer: { customerId: 'other', apiKey: 'other-key' },
          period: { start: server.period.end - 7 * 86_400, end: server.period.end },
          requestsPerSecond: 40,
          only: ['service.', 'paging.', 'auth.metricquery.'],
          fetch: async (request) => {
            const response = await fetch(request);
            statuses.push(response.status);
            return response;
          },
        });
        expect(report.checks.filter((c) => c.status !== 'pass')).toEqual([]);
        // Paced at 40 per second, the suite never trips a limit of 50 per second with bursts of 5.
        expect(statuses.length).toBeGreaterThan(10);
        expect(statuses).not.toContain(429);
      },
      { sessions: 3_000, rateLimit: { ratePerSecond: 50, burst: 5 } },
    );
  }, 60_000);
});

describe('selecting checks', () => {
  it('takes names and groups, with or without the dot', async () => {
    const names = async (only: string[]) =>
      (
        await checkContract({
          ...base(),
          only,
          maxRequests: 1,
          fetch: async () => new Response('', { status: 503 }),
        })
      ).checks.map((c) => c.name);
    expect(await names(['auth.session'])).toEqual([
      'auth.session.missing-token',
      'auth.session.invalid-token',
      'auth.session.cross-customer',
    ]);
    expect(await names(['paging'])).toEqual(await names(['paging.']));
    expect(await names(['plan.lookup', 'errors.invalid-limit'])).toEqual([
      'plan.lookup',
      'errors.invalid-limit',
    ]);
  });
});

describe('an unreachable deployment', () => {
  it('fails the reachability check with the network error and skips the rest', async () => {
    const report = await checkContract({
      ...base(),
      fetch: async () => {
        throw new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:9');
      },
    });
    expect(report.checks[0]).toMatchObject({ name: 'service.reachable', status: 'fail' });
    expect(report.checks[0]!.detail).toMatch(/network error \(fetch failed: connect ECONNREFUSED/);
    expect(
      report.checks.slice(1).every((c) => c.status === 'skip' && /did not answer any request/.test(c.detail)),
    ).toBe(true);
    expect(report.requests).toBe(1);
  });
});

describe('options and report', () => {
  it('refuses unusable options with a specific message', async () => {
    const cases: [Partial<ContractOptions>, RegExp][] = [
      [{ baseUrl: 'ftp://x' }, /`baseUrl` must be an absolute http\(s\) URL/],
      [{ apiKey: '' }, /`apiKey` must be a non-empty string/],
      [{ maxRequests: 0 }, /`maxRequests` must be a positive integer/],
      [{ requestsPerSecond: 0 }, /`requestsPerSecond` must be positive/],
      [{ period: 'yesterday' }, /`period` must be/],
      [{ period: { start: 10, end: 5 } }, /start < end/],
      [{ only: ['paging.nope'] }, /no check is named "paging.nope"/],
      [{ only: ['pag'] }, /no check is named "pag"/],
    ];
    for (const [override, message] of cases) {
      await expect(checkContract({ ...base(), ...override } as ContractOptions)).rejects.toThrow(message);
    }
  });

  it('formats a report as plain text and never prints a credential', async () => {
    const leaky = rewriteRequest(
      (r) => t.fetch(r),
      () => undefined,
    );
    const echoing = async (request: Request) => {
      const response = await leaky(request);
      if (response.status < 400) return response;
      return new Response(
        JSON.stringify({ code: 'x', detail: `bad key demo-key / ${request.headers.get('authorization')}` }),
        {
          status: response.status,
          headers: { 'content-type': 'application/json' },
        },
      );
    };
    const report = await checkContract({
      ...base(),
      fetch: echoing,
      only: ['auth.', 'errors.problem-details'],
    });
    const text = formatContractReport(report, { verbose: true });
    expect(text).toMatch(
      /^playq contract: http:\/\/playq\.test\/api\/v1 \(customer demo, period start=\d+,end=\d+\)/,
    );
    expect(text).toMatch(/ {2}FAIL {2}errors\.problem-details +.*echoes a credential/);
    expect(text).toMatch(/\d+ passed, \d+ failed, \d+ informational, 0 skipped · \d+ requests in \d+\.\d s$/);
    expect(text).not.toContain('demo-key');
    expect(text).not.toContain('demo-secret');
    expect(JSON.stringify(report)).not.toContain('demo-key');
  });
});
