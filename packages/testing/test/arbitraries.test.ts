import { fc, test } from '@fast-check/vitest';
import { fromURL, isMetric } from '@playq/query';
import { describe, expect, it } from 'vitest';
import * as arbitraries from '../src/arbitraries/index';
import { recordsFindings } from '../src/contract/shape-rules';
import { expectationOf, validateEnvelope } from '../src/contract/validate-envelope';

const specFindings = (findings: readonly { basis: string }[]) => findings.filter((f) => f.basis === 'spec');

describe('valid arbitraries', () => {
  test.prop([arbitraries.queryWithEnvelope()], { numRuns: 120 })(
    'envelopes satisfy every contract rule for their query',
    ({ query, envelope }) => {
      expect(validateEnvelope(query, envelope)).toEqual([]);
      expect(envelope.response.length).toBeLessThanOrEqual(query.limit);
    },
  );

  test.prop([arbitraries.query().chain((q) => arbitraries.record(q).map((r) => ({ q, r })))], {
    numRuns: 120,
  })('records hold exactly the requested fields, typed', ({ q, r }) => {
    expect(recordsFindings([r], expectationOf(q))).toEqual([]);
  });

  test.prop([arbitraries.canonicalQueryURL()], { numRuns: 100 })('canonical URLs parse back', (url) => {
    expect(fromURL(url).ok).toBe(true);
  });

  test.prop([arbitraries.metricQuery(), arbitraries.sessionQuery()], { numRuns: 50 })(
    'the endpoint aliases generate for their endpoint',
    (m, s) => {
      expect(m.endpoint).toBe('metricquery');
      expect(s.endpoint).toBe('session');
    },
  );
});

describe('malformed arbitraries', () => {
  test.prop(
    [arbitraries.query().chain((q) => arbitraries.malformedEnvelope(q).map((body) => ({ q, body })))],
    {
      numRuns: 150,
    },
  )('every malformed envelope breaks the specification', ({ q, body }) => {
    expect(specFindings(validateEnvelope(q, body)).length).toBeGreaterThan(0);
  });

  test.prop([arbitraries.query().chain((q) => arbitraries.malformedRecord(q).map((r) => ({ q, r })))], {
    numRuns: 120,
  })('every malformed record breaks the specification', ({ q, r }) => {
    expect(specFindings(recordsFindings([r], expectationOf(q))).length).toBeGreaterThan(0);
  });

  test.prop([arbitraries.malformedQueryURL()], { numRuns: 150 })(
    'fromURL refuses every malformed URL',
    (url) => {
      const parsed = fromURL(url);
      expect(parsed.ok, url).toBe(false);
    },
  );

  const CODES: Record<arbitraries.URLCorruption, string> = {
    'unknown-parameter': 'unknown_parameter',
    'duplicate-parameter': 'duplicate_parameter',
    'missing-parameter': 'missing_parameter',
    'invalid-period': 'invalid_period',
    'invalid-filter': 'invalid_filter',
    'invalid-qoefilter': 'invalid_qoefilter',
    'unknown-metric': 'unknown_metric',
    'invalid-limit': 'invalid_limit',
    'invalid-offset': 'invalid_offset',
    'invalid-order': 'invalid_order',
    'invalid-granularity': 'invalid_granularity',
    'invalid-agg': 'invalid_agg',
  };
  it.each(arbitraries.URL_CORRUPTIONS)('a %s corruption is refused with its own problem code', (kind) => {
    for (const url of fc.sample(arbitraries.malformedQueryURL({ corruptions: [kind] }), {
      numRuns: 25,
      seed: 7,
    })) {
      const parsed = fromURL(url);
      expect(parsed.ok, url).toBe(false);
      if (!parsed.ok)
        expect(
          parsed.errors.map((e) => e.code),
          url,
        ).toContain(CODES[kind]);
    }
  });

  it.each(arbitraries.ENVELOPE_CORRUPTIONS)('a %s corruption can be generated on its own', (kind) => {
    // Record-level corruptions need a record: totals queries past offset 0 have none.
    const base = kind === 'totalpages-wrong' ? arbitraries.sessionQuery() : arbitraries.query();
    const queries = base.filter(
      (q) =>
        (q.offset === 0 || q.aggby.length > 0 || q.agg === 2) &&
        // A mistyped dimension needs a dimension: a breakdown, or a session string field.
        (kind !== 'dimension-not-string' ||
          (q.aggby.length > 0 && q.aggby[0] !== 'timestamp' && q.agg !== 2) ||
          q.metrics.some((m) => !isMetric(m))),
    );
    const arb = queries.chain((q) =>
      arbitraries.malformedEnvelope(q, { corruptions: [kind], maxRecords: 5 }).map((body) => ({ q, body })),
    );
    for (const { q, body } of fc.sample(arb, { numRuns: 100, seed: 2 })) {
      expect(specFindings(validateEnvelope(q, body)).length).toBeGreaterThan(0);
    }
  });

  it('refuses to corrupt in a way that cannot apply', () => {
    const [q] = fc.sample(arbitraries.metricQuery(), { numRuns: 1, seed: 3 });
    expect(() =>
      fc.sample(arbitraries.malformedEnvelope(q!, { corruptions: ['totalpages-wrong'] }), 1),
    ).toThrow(/none of the corruptions totalpages-wrong applies/);
  });
});

describe('determinism', () => {
  const sampled = {
    filterAst: arbitraries.filterAst(),
    qoeFilterText: arbitraries.qoeFilterText(),
    periodAst: arbitraries.periodAst(),
    query: arbitraries.query(),
    envelope: arbitraries.queryWithEnvelope(),
    malformedEnvelope: arbitraries.query().chain((q) => arbitraries.malformedEnvelope(q)),
    malformedQueryURL: arbitraries.malformedQueryURL(),
  };
  it.each(Object.entries(sampled))('%s gives the same values for the same seed', (_, arb) => {
    const first = fc.sample(arb as fc.Arbitrary<unknown>, { numRuns: 20, seed: 42 });
    const second = fc.sample(arb as fc.Arbitrary<unknown>, { numRuns: 20, seed: 42 });
    const other = fc.sample(arb as fc.Arbitrary<unknown>, { numRuns: 20, seed: 43 });
    expect(second).toEqual(first);
    expect(other).not.toEqual(first);
  });
});
