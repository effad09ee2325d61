// Every check of the contract suite must be able to fail: each runs against a variant of the
// reference service that breaks exactly the promise the check guards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_CHECKS, type ContractOptions, checkContract } from '../src/index';
import { createTestService, type TestService } from '../src/service/test-service';
import { brokenVariants, type Tokens } from './support/broken-variants';

/** Which variant(s) each check must catch. */
const CATCHES: Record<string, readonly string[]> = {
  'service.reachable': ['answers HTML instead of JSON'],
  'envelope.metricquery.breakdown': ['adds an unrequested field to breakdown records'],
  'envelope.metricquery.totals': ['drops a metric from totals records'],
  'envelope.metricquery.timeseries': ['reports time buckets in milliseconds'],
  'plan.lookup': ['has no plan host'],
  'envelope.session.total-errors': ['omits totalpages from session records'],
  'envelope.session.error-insights': ['answers error counts as strings in error insights'],
  'catalogue.metrics': ['answers playdur as a string'],
  'catalogue.dimensions': ['refuses breakdowns by cdn'],
  'paging.pagecount': ['counts one page too many'],
  'paging.page-sizes': ['drops the last record of every page'],
  'paging.no-overlap-or-gap': ['overlaps pages by one record', 'skips one record between pages'],
  'paging.session': ['overlaps session pages by one record'],
  'ordering.explicit': ['ignores order'],
  'ordering.default': ['sorts ascending by default'],
  'filter.single-value': ['ignores the filter'],
  'filter.alternatives': ['honours only the first alternative of a clause'],
  'filter.intersection': ['honours only the first filter clause'],
  'filter.no-match': ['falls back to unfiltered data when a filter matches nothing'],
  'breakdown.sums': ['loses the smallest group of a breakdown'],
  'population.defaults': ['defaults sessiontype to started'],
  'population.allstatus': ['inverts allstatus'],
  'population.concurrency': ['ignores concurrency'],
  'population.businesserror': ['inverts businesserror'],
  'granularity.auto': ['uses day buckets when granularity is left out'],
  'metrics.units': ['answers p95 latency below the median'],
  'qoefilter.threshold': ['ignores the qoefilter'],
  'qoefilter.conjunction': ['honours only the first qoefilter condition'],
  'auth.metricquery.missing-key': ['lets requests without an API key through'],
  'auth.metricquery.invalid-key': ['accepts any API key'],
  'auth.metricquery.cross-customer': ["accepts a customer's key for another customer"],
  'auth.session.missing-token': ['lets session requests without a token through'],
  'auth.session.invalid-token': ['accepts any bearer token'],
  'auth.session.cross-customer': ["accepts a customer's token for another customer"],
  'auth.credential-swap': ['accepts the API key on the session endpoint'],
  'errors.missing-parameter': ['defaults a missing period'],
  'errors.invalid-filter': ['drops a filter it cannot parse'],
  'errors.unknown-metric': ['drops unknown metrics'],
  'errors.invalid-period': ['swaps a reversed period'],
  'errors.invalid-limit': ['treats limit=0 as the default'],
  'errors.unknown-parameter': ['ignores unknown parameters'],
  'errors.invalid-planlevel': ['accepts any plan level'],
  'errors.problem-details': ['answers errors as plain text', 'echoes the API key in error details'],
  'envelope.listsessions': ['answers list fields in another order', 'adds totalpages to list records'],
  'ordering.listsessions': [
    'sorts lists ascending by default',
    'ignores order',
    'breaks list ties by sessionid descending',
  ],
  'paging.listsessions': ['overlaps pages by one record', 'skips one record between pages'],
  'population.listsessions': ['ignores concurrency on lists', 'ignores the filter on lists'],
  'errors.listsessions': [
    'accepts a breakdown on lists',
    'ignores granularity on lists',
    'drops group-level metrics from lists',
    'refuses aggby=sessionid on lists',
    'ignores the qoefilter',
    'ignores the filter',
  ],
  'auth.listsessions': [
    'lets list requests without an API key through',
    "accepts a customer's key for another customer on lists",
  ],
  'http.head': ['refuses HEAD'],
  'http.method-not-allowed': ['answers POST like GET'],
  'http.cors-preflight': ['ignores CORS preflights'],
  'http.rate-limit-retry-after': ['answers one 429 without Retry-After'],
};

let t: TestService;
let variants: ReturnType<typeof brokenVariants>;
beforeAll(async () => {
  t = await createTestService({ seed: 5, sessions: 15_000 });
  const tokens: Record<string, { apiKey: string; token: string }> = {};
  for (const c of t.credentials) {
    const res = await t.fetch(
      new Request(t.tokenUrl, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa(`${c.clientId}:${c.clientSecret}`)}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }),
    );
    tokens[c.customerId] = {
      apiKey: c.apiKey,
      token: ((await res.json()) as { access_token: string }).access_token,
    };
  }
  variants = brokenVariants(t.fetch, tokens as Tokens);
}, 60_000);
afterAll(() => t?.close());

const options = (fetch: ContractOptions['fetch']): ContractOptions => ({
  baseUrl: t.baseUrl,
  planUrl: t.planUrl,
  customerId: 'demo',
  apiKey: 'demo-key',
  clientCredentials: { clientId: 'demo', clientSecret: 'demo-secret' },
  otherCustomer: { customerId: 'other', apiKey: 'other-key' },
  fetch,
  requestsPerSecond: Number.POSITIVE_INFINITY,
  period: { start: t.period.end - 7 * 86_400, end: t.period.end },
  strict: true,
});

describe('every contract check can fail', () => {
  it('has a broken variant for every check', () => {
    expect(Object.keys(CATCHES).sort()).toEqual(CONTRACT_CHECKS.map((c) => c.name).sort());
  });

  const cases = Object.entries(CATCHES).flatMap(([check, names]) =>
    names.map((variant) => [check, variant] as const),
  );
  it.each(cases)('%s fails against a service that %s', async (check, variant) => {
    const fetch = variants[variant];
    expect(fetch, `variant "${variant}" exists`).toBeDefined();
    const report = await checkContract({ ...options(fetch), only: [check] });
    const result = report.checks.find((c) => c.name === check)!;
    expect(result.status, result.detail).toBe('fail');
    expect(report.ok).toBe(false);
    // The same check passes on the unbroken service, so the variant is what it caught.
    // (The rate-limit check has nothing to judge on a service that never answers 429: it skips.)
    const clean = await checkContract({ ...options(t.fetch), only: [check] });
    const want = check === 'http.rate-limit-retry-after' ? 'skip' : 'pass';
    expect(clean.checks[0]!.status, clean.checks[0]!.detail).toBe(want);
  });
});
