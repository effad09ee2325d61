// Exact diagnostics (code, parameter, message, hint, position) of a session list's own rules:
// the names in its `metrics`, its `aggby`, a filter on an error-event dimension and the
// metrics its qoefilter conditions may compare.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE, extendCatalogue, fromURL, type QueryNode, validate } from '../src/index';

const BASE = 'https://svc.test/api/v1';
const P = 'period=start%3D0%2Cend%3D3600';
const list = (query: string): QueryNode => {
  const r = fromURL(`${BASE}/listsessions/demo?${P}&${query}`, { validate: false });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.query;
};
const GROUP_LEVEL = 'is a group-level metric: a session list has no groups (ask a metricquery for it).';

describe('a session list: the names in metrics', () => {
  it('refuses category and key as fields: they describe error events', () => {
    expect(validate(list('metrics=sessionid,category,key'))).toStrictEqual([
      {
        code: 'incompatible_dimension',
        param: 'metrics',
        message: '"category" describes error events, not sessions: it is not a field of a session list.',
        severity: 'error',
        offset: 10,
        length: 8,
        line: 1,
        column: 11,
      },
      {
        code: 'incompatible_dimension',
        param: 'metrics',
        message: '"key" describes error events, not sessions: it is not a field of a session list.',
        severity: 'error',
        offset: 19,
        length: 3,
        line: 1,
        column: 20,
      },
    ]);
  });

  it('accepts every other dimension as a string field', () => {
    expect(validate(list('metrics=sessionid,country,platform,cdn'))).toStrictEqual([]);
  });

  it('names an unknown field as a list field, with the closest one', () => {
    expect(validate(list('metrics=latency,assetnam'))).toStrictEqual([
      {
        code: 'unknown_metric',
        param: 'metrics',
        message: 'Unknown list field "assetnam"; did you mean "assetname"?',
        severity: 'error',
        offset: 8,
        length: 8,
        line: 1,
        column: 9,
        hint: 'assetname',
      },
    ]);
  });

  it('words a group-level metric in metrics without a parameter prefix', () => {
    expect(validate(list('metrics=latency,viewercount'))).toStrictEqual([
      {
        code: 'unsupported_on_endpoint',
        param: 'metrics',
        message: `"viewercount" ${GROUP_LEVEL}`,
        severity: 'error',
        offset: 8,
        length: 11,
        line: 1,
        column: 9,
      },
    ]);
  });
});

describe('a session list: aggby', () => {
  it('refuses sessionid given twice, at the repeat, without the breakdown hint', () => {
    expect(validate(list('metrics=sessionid&aggby=sessionid,sessionid'))).toStrictEqual([
      {
        code: 'invalid_aggby',
        param: 'aggby',
        message: 'aggby lists "sessionid" twice: a session list\'s aggby is sessionid, once.',
        severity: 'error',
        offset: 10,
        length: 9,
        line: 1,
        column: 11,
      },
    ]);
  });

  it('refuses a dimension beside sessionid, in either order, with the breakdown hint', () => {
    const refusal = (offset: number) => ({
      code: 'invalid_aggby',
      param: 'aggby',
      message:
        'aggby "country": a session list is one record per session, so aggby is only sessionid (a breakdown by country is a metricquery).',
      severity: 'error',
      offset,
      length: 7,
      line: 1,
      column: offset + 1,
      hint: 'a breakdown by country is a metricquery',
    });
    expect(validate(list('metrics=sessionid&aggby=sessionid,country'))).toStrictEqual([refusal(10)]);
    expect(validate(list('metrics=sessionid&aggby=country,sessionid'))).toStrictEqual([refusal(0)]);
  });
});

describe('a session list: filter and qoefilter', () => {
  it('refuses a filter clause on key, naming the parameter in the message', () => {
    expect(validate(list('metrics=sessionid&filter=%5Bkey%3D5001%5D'))).toStrictEqual([
      {
        code: 'incompatible_dimension',
        param: 'filter',
        message: 'filter: "key" describes error events; a session list filters sessions.',
        severity: 'error',
        offset: 1,
        length: 3,
        line: 1,
        column: 2,
      },
    ]);
  });

  it('prefixes a group-level condition with qoefilter and points at its metric', () => {
    expect(validate(list('metrics=sessionid&qoefilter=latency%3E1%20AND%20viewercount%3E5'))).toStrictEqual([
      {
        code: 'unsupported_on_endpoint',
        param: 'qoefilter',
        message: `qoefilter: "viewercount" ${GROUP_LEVEL}`,
        severity: 'error',
        offset: 14,
        length: 11,
        line: 1,
        column: 15,
      },
    ]);
  });

  it('accepts conditions on session-level metrics', () => {
    expect(
      validate(list('metrics=sessionid&qoefilter=latency%3E1%20AND%20bufferingratio%3C5%20AND%20errors%3E0')),
    ).toStrictEqual([]);
  });

  it('gives a condition on a name that is no metric only the unknown_metric of any endpoint', () => {
    expect(validate(list('metrics=sessionid&qoefilter=assetname%3E1'))).toStrictEqual([
      expect.objectContaining({ code: 'unknown_metric', param: 'qoefilter', offset: 0, length: 9 }),
    ]);
    expect(validate(list('metrics=sessionid&qoefilter=country%3E1'))).toStrictEqual([
      expect.objectContaining({ code: 'unknown_metric', param: 'qoefilter', hint: 'filter=[country=…]' }),
    ]);
  });

  it("reads the level from the query's catalogue: a custom group-level metric is refused", () => {
    const catalogue = extendCatalogue(DEFAULT_CATALOGUE, {
      metrics: {
        rebuffers: { unit: 'count', level: 'session', description: 'Rebuffer events.' },
        peakviewers: { unit: 'count', level: 'group', description: 'Most viewers at once.' },
      },
    });
    const q = list('metrics=sessionid&qoefilter=rebuffers%3E1%20AND%20peakviewers%3E2');
    expect(validate(q, { catalogue })).toStrictEqual([
      expect.objectContaining({
        code: 'unsupported_on_endpoint',
        param: 'qoefilter',
        message: `qoefilter: "peakviewers" ${GROUP_LEVEL}`,
        offset: 16,
      }),
    ]);
  });
});
