// URL codec edges the other URL tests leave open: the exact messages of empty and malformed
// parameters, a URL whose path has too few segments, and the plain printing toURL falls back to
// for hand-made nodes the grammar's serializers refuse.
import { describe, expect, it } from 'vitest';
import { fromURL, type QueryNode, toURL } from '../src/index';

const BASE = 'https://h.example/api/v1';
const M = `${BASE}/metricquery/demo`;
const P = 'period=start%3D0%2Cend%3D3600';

const NODE: QueryNode = {
  type: 'query',
  endpoint: 'metricquery',
  customerId: 'demo',
  metrics: ['errors'],
  aggby: [],
  limit: 1000,
  offset: 0,
};

describe('fromURL: empty and malformed parameters', () => {
  it('warns about an empty parameter by name and ignores it', () => {
    const r = fromURL(`${M}?${P}&metrics=errors&limit=`);
    expect(r.ok && r.warnings).toStrictEqual([
      {
        code: 'invalid_limit',
        message: 'The parameter "limit" is empty and was ignored.',
        severity: 'warning',
        param: 'limit',
      },
    ]);
  });

  it('lists the granularities and hints at the closest one', () => {
    expect(fromURL(`${M}?${P}&metrics=errors&granularity=huor`)).toStrictEqual({
      ok: false,
      errors: [
        {
          code: 'invalid_granularity',
          message: 'granularity must be one of minute, 5minute, 10minute, hour, day, auto, not "huor".',
          severity: 'error',
          param: 'granularity',
          hint: 'hour',
        },
      ],
      warnings: [],
    });
  });

  it('names both allowed values of a switch and hints at the closest one', () => {
    expect(fromURL(`${M}?${P}&metrics=errors&sessiontype=startd`)).toStrictEqual({
      ok: false,
      errors: [
        {
          code: 'invalid_sessiontype',
          message: 'sessiontype must be ended or started, not "startd".',
          severity: 'error',
          param: 'sessiontype',
          hint: 'started',
        },
      ],
      warnings: [],
    });
  });
});

describe('fromURL: paths', () => {
  it('refuses an opaque path of only two segments', () => {
    // `foo:metricquery/demo` has the path "metricquery/demo": no leading slash, so two segments.
    expect(fromURL(`foo:metricquery/demo?${P}&metrics=errors`)).toStrictEqual({
      ok: false,
      errors: [
        {
          code: 'not_found',
          message:
            'The path "metricquery/demo" does not end in /metricquery/<customerId>, /session/<customerId> or /listsessions/<customerId>.',
          severity: 'error',
          param: 'path',
        },
      ],
      warnings: [],
    });
  });
});

describe('toURL: hand-made nodes', () => {
  it('leaves out a sessiontype of "ended" set by hand, the default', () => {
    expect(toURL({ ...NODE, sessiontype: 'ended' }, { baseUrl: BASE })).toBe(`${M}?metrics=errors`);
  });

  it('prints a period whose start is not before its end', () => {
    const q: QueryNode = { ...NODE, period: { type: 'period', start: 3600, end: 0 } };
    expect(toURL(q, { baseUrl: BASE })).toBe(`${M}?period=start%3D3600%2Cend%3D0&metrics=errors`);
  });

  it('prints every clause of a filter with a clause without values', () => {
    const q: QueryNode = {
      ...NODE,
      filter: {
        type: 'filter',
        clauses: [
          { type: 'clause', dimension: 'country', values: ['US', 'FR'] },
          { type: 'clause', dimension: 'platform', values: [] },
        ],
      },
    };
    expect(toURL(q, { baseUrl: BASE })).toBe(
      `${M}?metrics=errors&filter=${encodeURIComponent('[country=US|FR][platform=]')}`,
    );
  });

  it('prints every condition of a qoefilter with a non-finite number', () => {
    const q: QueryNode = {
      ...NODE,
      qoefilter: {
        type: 'qoefilter',
        conditions: [
          { type: 'condition', metric: 'latency', operator: '<=', value: 2.5 },
          { type: 'condition', metric: 'errors', operator: '>', value: Number.POSITIVE_INFINITY },
        ],
      },
    };
    expect(toURL(q, { baseUrl: BASE })).toBe(
      `${M}?metrics=errors&qoefilter=${encodeURIComponent('latency<=2.5 AND errors>Infinity')}`,
    );
  });
});
