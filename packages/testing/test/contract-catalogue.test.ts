// The contract suite with a catalogue: the deployment is asked for every name the catalogue has,
// and judged by it. A name the caller's catalogue declares and the service refuses fails the run;
// a name of the default dictionary it refuses is a design finding (info unless strict).
import { readFileSync } from 'node:fs';
import { DEFAULT_CATALOGUE, extendCatalogue } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_CHECKS, type ContractOptions, checkContract, type Transport } from '../src/index';
import { createTestService, type TestService } from '../src/service/test-service';
import { brokenVariants, type Tokens } from './support/broken-variants';

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ seed: 7, sessions: 4_000 });
}, 60_000);
afterAll(() => t?.close());

const options = (extra: Partial<ContractOptions> = {}): ContractOptions => ({
  baseUrl: t.baseUrl,
  customerId: 'demo',
  apiKey: 'demo-key',
  fetch: t.fetch,
  requestsPerSecond: Number.POSITIVE_INFINITY,
  period: { start: t.period.end - 7 * 86_400, end: t.period.end },
  only: ['catalogue.'],
  ...extra,
});

/** A deployment's catalogue: the public dictionary plus one metric and one dimension of its own. */
const mine = extendCatalogue(DEFAULT_CATALOGUE, {
  metrics: { playq_rebuffers: { unit: 'count', level: 'session', description: 'Rebuffer events.' } },
  dimensions: { region: { description: 'Sales region of the subscriber.' } },
});

describe('checkContract with a catalogue', () => {
  it('passes on the reference service with the default catalogue, one query for all metrics', async () => {
    const report = await checkContract(options());
    expect(report.checks.map((c) => [c.name, c.status])).toEqual([
      ['catalogue.metrics', 'pass'],
      ['catalogue.dimensions', 'pass'],
    ]);
    const [metrics, dimensions] = report.checks;
    expect(metrics!.requests).toBe(1);
    expect(metrics!.detail).toBe(`${DEFAULT_CATALOGUE.metricNames.length} metrics answered in one query`);
    expect(dimensions!.requests).toBe(DEFAULT_CATALOGUE.dimensionNames.length);
  });

  it("names each of the caller's names the service refuses, and fails without strict", async () => {
    const report = await checkContract(options({ catalogue: mine }));
    const [metrics, dimensions] = report.checks;
    expect(report.ok).toBe(false);
    expect(metrics!.status).toBe('fail');
    // The whole list is refused, so each metric is asked for alone: one finding, for the unknown one.
    expect(metrics!.requests).toBe(1 + mine.metricNames.length);
    expect(metrics!.findings).toHaveLength(1);
    expect(metrics!.findings[0]!.basis).toBe('spec');
    expect(metrics!.findings[0]!.message).toMatch(
      /^metric `playq_rebuffers` is refused with 400: .*playq_rebuffers/,
    );
    expect(dimensions!.status).toBe('fail');
    expect(dimensions!.findings).toHaveLength(1);
    expect(dimensions!.findings[0]!.message).toMatch(/ by `region` is refused with 400: .*region/);
  });

  it('reports a dictionary name the service refuses as a design finding: info, or fail when strict', async () => {
    const tokens = { demo: { apiKey: 'demo-key', token: '' }, other: { apiKey: 'other-key', token: '' } };
    const refusing: Transport = brokenVariants(t.fetch, tokens as Tokens)['refuses breakdowns by cdn']!;
    const lenient = await checkContract(options({ fetch: refusing, only: ['catalogue.dimensions'] }));
    expect(lenient.checks[0]!.status).toBe('info');
    expect(lenient.ok).toBe(true);
    expect(lenient.checks[0]!.findings).toStrictEqual([
      {
        basis: 'design',
        message: expect.stringMatching(/ by `cdn` is refused with 400: Unknown dimension "cdn"\.$/),
      },
    ]);
    const strict = await checkContract(
      options({ fetch: refusing, only: ['catalogue.dimensions'], strict: true }),
    );
    expect(strict.checks[0]!.status).toBe('fail');
  });

  it('judges answers by the catalogue: a metric of its own answered as a string fails', async () => {
    const asString: Transport = async (request) => {
      const url = new URL(request.url);
      const metrics = url.searchParams.get('metrics')?.split(',') ?? [];
      if (!metrics.includes('playq_rebuffers')) return t.fetch(request);
      // A service that knows the name but answers it as text.
      url.searchParams.set('metrics', metrics.filter((m) => m !== 'playq_rebuffers').join(','));
      const body = (await (await t.fetch(new Request(url, { headers: request.headers }))).json()) as {
        response: Record<string, unknown>[];
      };
      body.response = body.response.map((r) => ({ ...r, playq_rebuffers: '3' }));
      return Response.json(body);
    };
    const report = await checkContract(
      options({ fetch: asString, catalogue: mine, only: ['catalogue.metrics'] }),
    );
    expect(report.checks[0]!.status).toBe('fail');
    expect(report.checks[0]!.detail).toMatch(/metric `playq_rebuffers` is not a finite number \(got "3"\)/);
  });

  it('refuses an option that is not a catalogue, naming it', async () => {
    await expect(checkContract(options({ catalogue: { metrics: {} } as never }))).rejects.toThrow(
      '@playq/testing: checkContract: `catalogue` must be made by defineCatalogue or extendCatalogue of @playq/query',
    );
  });
});

describe('docs/testing.md', () => {
  it('lists every contract check with its title, in order', () => {
    const page = readFileSync(new URL('../../../docs/testing.md', import.meta.url), 'utf8');
    const table = page.slice(page.indexOf('| check | verifies |'));
    const rows = [...table.matchAll(/^\| `([a-z][a-z.-]*\.[a-z.-]+)` \| (.+) \|$/gm)].map((m) => ({
      name: m[1],
      title: m[2]!.replaceAll('`', '').replaceAll('\\|', '|'),
    }));
    // Code spans are the page's markup; the words must match.
    expect(rows).toStrictEqual(
      CONTRACT_CHECKS.map(({ name, title }) => ({ name, title: title.replaceAll('`', '') })),
    );
  });
});
