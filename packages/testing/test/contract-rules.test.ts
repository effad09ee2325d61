import { describe, expect, it } from 'vitest';
import { orderFindings } from '../src/contract/ordering-rules';
import { pageTotalsFindings, tilingFindings } from '../src/contract/paging-rules';
import {
  type EnvelopeExpectation,
  envelopeFindings,
  pageCountFindings,
  problemFindings,
  recordsFindings,
} from '../src/contract/shape-rules';
import { page } from './support/fetched-page';

const breakdown: EnvelopeExpectation = {
  endpoint: 'metricquery',
  metrics: ['viewercount', 'latency'],
  aggby: ['country'],
  limit: 2,
  offset: 0,
};

const envelope = (response: unknown[], totalrecords = response.length, limit = 2) => ({
  totalcount: response.length,
  pagecount: Math.ceil(totalrecords / limit),
  totalrecords,
  response,
});

const messages = (findings: readonly { message: string }[]) => findings.map((f) => f.message).join('\n');

describe('envelopeFindings', () => {
  it('accepts a well-formed page', () => {
    const body = envelope(
      [
        { viewercount: 3, latency: 1.5, country: 'US' },
        { viewercount: 1, latency: 0, country: 'FR' },
      ],
      3,
    );
    expect(envelopeFindings(body, breakdown)).toEqual([]);
  });

  it.each([
    ['a non-object', [], /not a JSON object/],
    ['a string totalcount', { ...envelope([]), totalcount: '0' }, /totalcount/],
    ['a missing response', { totalcount: 0, pagecount: 0, totalrecords: 0 }, /response/],
    [
      'a wrong totalcount',
      { ...envelope([{ viewercount: 1, latency: 1, country: 'US' }]), totalcount: 2 },
      /totalcount is 2/,
    ],
    [
      'a wrong pagecount',
      { ...envelope([{ viewercount: 1, latency: 1, country: 'US' }], 5), pagecount: 2 },
      /make 3 pages/,
    ],
    ['a short page', envelope([{ viewercount: 1, latency: 1, country: 'US' }], 5), /should return 2, got 1/],
    [
      'a missing field',
      envelope([{ viewercount: 1, country: 'US' }], 1),
      /lacks the requested field `latency`/,
    ],
    [
      'an extra field',
      envelope([{ viewercount: 1, latency: 1, country: 'US', platform: 'web' }], 1),
      /not requested: `platform`/,
    ],
    [
      'a string metric',
      envelope([{ viewercount: '1', latency: 1, country: 'US' }], 1),
      /`viewercount` is not a finite number/,
    ],
    [
      'a numeric dimension',
      envelope([{ viewercount: 1, latency: 1, country: 7 }], 1),
      /`country` is not a string/,
    ],
  ])('reports %s as a specification finding', (_, body, pattern) => {
    const findings = envelopeFindings(body, breakdown);
    expect(messages(findings)).toMatch(pattern);
    expect(findings.some((f) => f.basis === 'spec')).toBe(true);
  });

  it('reports playq-specific departures as design findings only', () => {
    const findings = envelopeFindings(
      envelope([{ viewercount: 1.5, latency: -1, country: 'US' }], 1),
      breakdown,
    );
    expect(findings.map((f) => f.basis)).toEqual(['design', 'design']);
    expect(messages(findings)).toMatch(/not an integer[\s\S]*negative/);
  });

  it('requires one time field on time-series records and prefers it named timestamp', () => {
    const series: EnvelopeExpectation = {
      endpoint: 'metricquery',
      metrics: ['viewercount'],
      aggby: ['timestamp'],
      limit: 10,
      offset: 0,
      bucketSeconds: 3600,
      period: { start: 7200, end: 14400 },
    };
    expect(recordsFindings([{ viewercount: 1, timestamp: 7200 }], series)).toEqual([]);
    expect(messages(recordsFindings([{ viewercount: 1 }], series))).toMatch(/one timestamp field/);
    const renamed = recordsFindings([{ viewercount: 1, ts: 7200 }], series);
    expect(renamed).toEqual([
      expect.objectContaining({ basis: 'design', message: expect.stringMatching(/`ts`/) }),
    ]);
    expect(messages(recordsFindings([{ viewercount: 1, timestamp: 7201 }], series))).toMatch(/not aligned/);
    expect(messages(recordsFindings([{ viewercount: 1, timestamp: 14400 }], series))).toMatch(
      /outside the queried period/,
    );
  });

  it('requires totalpages on session records, equal on every record', () => {
    const session: EnvelopeExpectation = {
      endpoint: 'session',
      metrics: ['errors', 'subscriberid'],
      aggby: ['subscriberid'],
      agg: 1,
      limit: 2,
      offset: 0,
    };
    const ok = envelope(
      [
        { errors: 2, subscriberid: 'a', totalpages: 2 },
        { errors: 1, subscriberid: 'b', totalpages: 2 },
      ],
      3,
    );
    expect(envelopeFindings(ok, session)).toEqual([]);
    const missing = envelope(
      [
        { errors: 2, subscriberid: 'a' },
        { errors: 1, subscriberid: 'b', totalpages: 2 },
      ],
      3,
    );
    expect(messages(envelopeFindings(missing, session))).toMatch(/lacks the requested field `totalpages`/);
    const differing = envelope(
      [
        { errors: 2, subscriberid: 'a', totalpages: 2 },
        { errors: 1, subscriberid: 'b', totalpages: 3 },
      ],
      3,
    );
    expect(messages(envelopeFindings(differing, session))).toMatch(/totalpages=3, record 0 has 2/);
  });

  it('counts zero pages for an empty result, and one page as a design difference', () => {
    expect(pageCountFindings({ pagecount: 0, totalrecords: 0 }, { limit: 10 })).toEqual([]);
    expect(pageCountFindings({ pagecount: 1, totalrecords: 0 }, { limit: 10 })).toEqual([
      expect.objectContaining({ basis: 'design' }),
    ]);
  });
});

describe('problemFindings', () => {
  const problem = {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'no period',
    code: 'missing_parameter',
  };
  const json = { 'content-type': 'application/problem+json' };

  it('accepts an RFC 9457 problem document', () => {
    expect(problemFindings(400, json, problem, { knownCodes: new Set(['missing_parameter']) })).toEqual([]);
  });

  it('reports a plain-text error, a status mismatch and an unknown code', () => {
    expect(messages(problemFindings(400, { 'content-type': 'text/plain' }, 'oops'))).toMatch(
      /content-type[\s\S]*not a JSON/,
    );
    expect(messages(problemFindings(401, json, problem))).toMatch(/status` is 400, the HTTP status is 401/);
    expect(messages(problemFindings(400, json, problem, { knownCodes: new Set(['x']) }))).toMatch(
      /not one of playq's codes/,
    );
  });

  it('fails (spec-level) on an echoed credential', () => {
    const leaky = { ...problem, detail: 'key demo-key-123 is not valid' };
    expect(problemFindings(400, json, leaky, { secrets: ['demo-key-123'] })).toContainEqual({
      basis: 'spec',
      message: 'the error body echoes a credential',
    });
  });
});

describe('paging rules', () => {
  const whole = ['a', 'b', 'c', 'd', 'e'].map((k) => ({ k }));
  const key = (r: Record<string, unknown>) => String(r.k);

  it('accepts pages that tile the whole result', () => {
    const pages = [page(0, ['a', 'b']), page(2, ['c', 'd']), page(4, ['e'])];
    expect(pageTotalsFindings(pages)).toEqual([]);
    expect(tilingFindings(pages, whole, key)).toEqual([]);
  });

  it('reports overlap, gaps, disagreeing totals and a different order', () => {
    expect(
      messages(tilingFindings([page(0, ['a', 'b']), page(2, ['b', 'c']), page(4, ['e'])], whole, key)),
    ).toMatch(/"b" appears on the page at offset=0 and again at offset=2[\s\S]*1 record\(s\).*"d"/);
    expect(messages(pageTotalsFindings([page(0, ['a', 'b']), page(2, ['c', 'd'], 6)]))).toMatch(
      /totalrecords is 6/,
    );
    const swapped = tilingFindings([page(0, ['b', 'a']), page(2, ['c', 'd']), page(4, ['e'])], whole, key);
    expect(swapped).toEqual([expect.objectContaining({ basis: 'design' })]);
  });
});

describe('orderFindings', () => {
  it('accepts sorted numbers and strings both ways', () => {
    expect(orderFindings([{ v: 3 }, { v: 3 }, { v: 1 }], 'v', 'desc')).toEqual([]);
    expect(orderFindings([{ v: 'AR' }, { v: 'BR' }, { v: 'US' }], 'v', 'asc')).toEqual([]);
  });

  it('reports an inversion', () => {
    expect(messages(orderFindings([{ v: 1 }, { v: 3 }], 'v', 'desc'))).toMatch(
      /record 0 has 1, record 1 has 3/,
    );
    expect(messages(orderFindings([{ v: 'b' }, { v: 'a' }], 'v', 'asc'))).toMatch(/"b" comes before "a"/);
  });

  it('tells a locale collation apart from a wrong order', () => {
    // Code-point order puts 'B' before 'a'; a locale collation puts 'a' first.
    expect(orderFindings([{ v: 'a' }, { v: 'B' }], 'v', 'asc')).toEqual([
      expect.objectContaining({ basis: 'design' }),
    ]);
  });
});
