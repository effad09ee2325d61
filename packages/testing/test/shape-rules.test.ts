// The shape rules checked exactly: each finding's basis and wording, the boundaries of the paging
// arithmetic, where the record checks stop, and how values are described in messages.
import { describe, expect, it } from 'vitest';
import {
  describe as describeValue,
  type EnvelopeExpectation,
  envelopeFindings,
  pageCountFindings,
  pageSizeFindings,
  problemFindings,
  recordsFindings,
} from '../src/contract/shape-rules';

const breakdown: EnvelopeExpectation = {
  endpoint: 'metricquery',
  metrics: ['viewercount', 'latency'],
  aggby: ['country'],
  limit: 10,
  offset: 0,
};

const session: EnvelopeExpectation = {
  endpoint: 'session',
  metrics: ['errors', 'subscriberid'],
  aggby: ['subscriberid'],
  agg: 1,
  limit: 2,
  offset: 0,
};

const series: EnvelopeExpectation = {
  endpoint: 'metricquery',
  metrics: ['viewercount'],
  aggby: ['timestamp'],
  limit: 10,
  offset: 0,
  bucketSeconds: 3600,
  period: { start: 7200, end: 14400 },
};

describe('describe', () => {
  it('names nothing, null, arrays and objects without showing their contents', () => {
    expect(describeValue(undefined)).toBe('nothing');
    expect(describeValue(null)).toBe('null');
    expect(describeValue([1, 2, 3])).toBe('an array of 3');
    expect(describeValue({ secret: 'x' })).toBe('an object');
  });

  it('quotes strings up to 40 characters and only counts longer ones', () => {
    const forty = 'x'.repeat(40);
    expect(describeValue(forty)).toBe(`"${forty}"`);
    expect(describeValue('x'.repeat(41))).toBe('a string of 41 characters');
    expect(describeValue('US')).toBe('"US"');
  });

  it('prints numbers and booleans as themselves', () => {
    expect(describeValue(7)).toBe('7');
    expect(describeValue(true)).toBe('true');
  });
});

describe('envelopeFindings', () => {
  it('refuses a null answer as not a JSON object, without throwing', () => {
    expect(envelopeFindings(null, breakdown)).toStrictEqual([
      { basis: 'spec', message: 'the answer is not a JSON object (got null)' },
    ]);
  });
});

describe('pageCountFindings', () => {
  it('calls one page for an empty result a design difference, in those words', () => {
    expect(pageCountFindings({ pagecount: 1, totalrecords: 0 }, { limit: 10 })).toStrictEqual([
      { basis: 'design', message: 'pagecount is 1 for an empty result; playq reports 0 pages' },
    ]);
  });

  it('calls one page for a non-empty result needing more pages a specification failure', () => {
    expect(pageCountFindings({ pagecount: 1, totalrecords: 25 }, { limit: 10 })).toStrictEqual([
      { basis: 'spec', message: 'pagecount is 1 but 25 records at limit=10 make 3 pages' },
    ]);
  });
});

describe('pageSizeFindings', () => {
  it('a page of more records than limit is a failure naming both numbers, reported once', () => {
    expect(
      pageSizeFindings({ totalrecords: 5, response: [{}, {}, {}] }, { limit: 2, offset: 0 }),
    ).toStrictEqual([{ basis: 'spec', message: 'the page holds 3 records, more than limit=2' }]);
  });

  it('a full page where the last page should be shorter is a failure naming the expected size', () => {
    expect(pageSizeFindings({ totalrecords: 5, response: [{}, {}] }, { limit: 2, offset: 4 })).toStrictEqual([
      { basis: 'spec', message: 'offset=4 limit=2 of 5 records should return 1, got 2' },
    ]);
  });
});

describe('recordsFindings', () => {
  it('names a record that is not an object by its index and stops after five findings', () => {
    expect(recordsFindings([null, 1, 'x', [], true, 6, 7], breakdown)).toStrictEqual([
      { basis: 'spec', message: 'record 0 is not a flat JSON object (got null)' },
      { basis: 'spec', message: 'record 1 is not a flat JSON object (got 1)' },
      { basis: 'spec', message: 'record 2 is not a flat JSON object (got "x")' },
      { basis: 'spec', message: 'record 3 is not a flat JSON object (got an array of 0)' },
      { basis: 'spec', message: 'record 4 is not a flat JSON object (got true)' },
    ]);
  });

  it('reports a missing field once, without also judging its absent value', () => {
    expect(recordsFindings([{ viewercount: 1, country: 'US' }], breakdown)).toStrictEqual([
      { basis: 'spec', message: 'record 0 lacks the requested field `latency`' },
    ]);
  });

  it('lists every unrequested field, comma-separated, in one finding', () => {
    expect(
      recordsFindings([{ viewercount: 1, latency: 1, country: 'US', platform: 'web', cdn: 'x' }], breakdown),
    ).toStrictEqual([
      { basis: 'spec', message: 'record 0 carries fields that were not requested: `platform`, `cdn`' },
    ]);
  });

  it('keeps at most ten findings from a record that breaks many rules at once', () => {
    const metrics = Array.from({ length: 12 }, (_, i) => `m${i}`);
    const expected: EnvelopeExpectation = { ...breakdown, metrics, aggby: [] };
    expect(recordsFindings([{}], expected)).toStrictEqual(
      metrics.slice(0, 10).map((name) => ({
        basis: 'spec',
        message: `record 0 lacks the requested field \`${name}\``,
      })),
    );
  });

  it('agg=2 on a metricquery still requires the aggby fields: only the session endpoint drops them', () => {
    const expected: EnvelopeExpectation = { ...breakdown, metrics: ['viewercount'], agg: 2 };
    expect(recordsFindings([{ viewercount: 1, country: 'US' }], expected)).toStrictEqual([]);
    expect(recordsFindings([{ viewercount: 1 }], expected)).toStrictEqual([
      { basis: 'spec', message: 'record 0 lacks the requested field `country`' },
    ]);
  });

  it('treats timestamp among several aggby names as a plain field, not a time series', () => {
    const expected: EnvelopeExpectation = {
      ...breakdown,
      metrics: ['viewercount'],
      aggby: ['timestamp', 'country'],
    };
    expect(recordsFindings([{ viewercount: 1, timestamp: 7200, country: 'US' }], expected)).toStrictEqual([]);
  });

  it('on a metricquery an unrequested totalpages is only an extra field, not compared with pagecount', () => {
    expect(
      recordsFindings([{ viewercount: 1, latency: 1, country: 'US', totalpages: 9 }], breakdown, 1),
    ).toStrictEqual([
      { basis: 'spec', message: 'record 0 carries fields that were not requested: `totalpages`' },
    ]);
  });

  it('compares totalpages with the envelope pagecount on record 0 only, as a design finding', () => {
    const differing = [
      { errors: 2, subscriberid: 'a', totalpages: 2 },
      { errors: 1, subscriberid: 'b', totalpages: 3 },
    ];
    expect(recordsFindings(differing, session, 2)).toStrictEqual([
      { basis: 'spec', message: 'record 1 has totalpages=3, record 0 has 2' },
    ]);
    const bothOff = [
      { errors: 2, subscriberid: 'a', totalpages: 3 },
      { errors: 1, subscriberid: 'b', totalpages: 3 },
    ];
    expect(recordsFindings(bothOff, session, 2)).toStrictEqual([
      { basis: 'design', message: "totalpages=3 differs from the envelope's pagecount=2" },
    ]);
  });

  it('a totalpages that is not an integer is a failure quoting the value', () => {
    expect(recordsFindings([{ errors: 1, subscriberid: 'a', totalpages: 'x' }], session)).toStrictEqual([
      { basis: 'spec', message: 'record 0: totalpages is not an integer (got "x")' },
    ]);
  });

  it('a name outside the catalogue is a number on metricquery but a string on the session endpoint', () => {
    const custom: EnvelopeExpectation = { ...breakdown, metrics: ['custom'], aggby: [] };
    expect(recordsFindings([{ custom: 5 }], custom)).toStrictEqual([]);
    const sessionCustom: EnvelopeExpectation = { ...session, metrics: ['custom'], aggby: [] };
    expect(recordsFindings([{ custom: 5, totalpages: 1 }], sessionCustom)).toStrictEqual([
      { basis: 'spec', message: 'record 0: dimension `custom` is not a string (got 5)' },
    ]);
  });

  it('a percent or a score above 100 is a design finding naming the unit; a ratio may exceed 100', () => {
    const expected: EnvelopeExpectation = {
      ...breakdown,
      metrics: ['failurerate', 'qualityofexperience', 'cdn_change_rate'],
      aggby: [],
    };
    expect(
      recordsFindings([{ failurerate: 101, qualityofexperience: 100.5, cdn_change_rate: 150 }], expected),
    ).toStrictEqual([
      {
        basis: 'design',
        message: 'record 0: failurerate 101 is above 100 (playq reports a percent of at most 100)',
      },
      {
        basis: 'design',
        message: 'record 0: qualityofexperience 100.5 is above 100 (playq reports a score of at most 100)',
      },
    ]);
    expect(
      recordsFindings([{ failurerate: 100, qualityofexperience: 100, cdn_change_rate: 150 }], expected),
    ).toStrictEqual([]);
  });

  it('a time-series timestamp that is not integer epoch seconds is a design finding quoting it', () => {
    expect(recordsFindings([{ viewercount: 1, timestamp: '7200' }], series)).toStrictEqual([
      { basis: 'design', message: 'record 0: timestamp is not integer epoch seconds (got "7200")' },
    ]);
  });

  it('a bucket ending exactly at the period start lies outside the period; the first bucket inside does not', () => {
    expect(recordsFindings([{ viewercount: 1, timestamp: 3600 }], series)).toStrictEqual([
      { basis: 'design', message: 'record 0: timestamp 3600 lies outside the queried period' },
    ]);
    expect(recordsFindings([{ viewercount: 1, timestamp: 7200 }], series)).toStrictEqual([]);
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

  it('accepts a problem content type with parameters and in any case', () => {
    expect(
      problemFindings(400, { 'content-type': 'application/problem+json; charset=utf-8' }, problem),
    ).toStrictEqual([]);
    expect(problemFindings(400, { 'content-type': 'Application/Problem+JSON' }, problem)).toStrictEqual([]);
  });

  it('names a missing content type as (none) and a wrong one verbatim', () => {
    expect(problemFindings(400, {}, problem)).toStrictEqual([
      { basis: 'design', message: 'content-type is `(none)`, not application/problem+json' },
    ]);
    expect(problemFindings(400, { 'content-type': 'text/plain' }, 'oops')).toStrictEqual([
      { basis: 'design', message: 'content-type is `text/plain`, not application/problem+json' },
      { basis: 'design', message: 'the body is not a JSON problem document (got "oops")' },
    ]);
  });

  it('names every problem field that is not a string', () => {
    expect(problemFindings(400, json, { status: 400 })).toStrictEqual([
      { basis: 'design', message: 'problem field `type` is not a string' },
      { basis: 'design', message: 'problem field `title` is not a string' },
      { basis: 'design', message: 'problem field `detail` is not a string' },
      { basis: 'design', message: 'problem field `code` is not a string' },
    ]);
  });

  it('without a list of known codes, a code must be lower snake case from its first to its last character', () => {
    expect(problemFindings(400, json, { ...problem, code: 'Missing_parameter' })).toStrictEqual([
      { basis: 'design', message: "problem code `Missing_parameter` is not one of playq's codes" },
    ]);
    expect(problemFindings(400, json, { ...problem, code: 'missing-parameter' })).toStrictEqual([
      { basis: 'design', message: "problem code `missing-parameter` is not one of playq's codes" },
    ]);
  });

  it('counts a secret of eight characters as a credential when echoed, and ignores shorter ones', () => {
    const body = { ...problem, detail: 'key abcd1234 is not valid' };
    expect(problemFindings(400, json, body, { secrets: ['abcd1234'] })).toStrictEqual([
      { basis: 'spec', message: 'the error body echoes a credential' },
    ]);
    expect(problemFindings(400, json, body, { secrets: ['abcd123'] })).toStrictEqual([]);
  });
});
