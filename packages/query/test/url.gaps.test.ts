// fromURL/toURL behaviour the example tests left open, checked whole with toStrictEqual: every
// clause of a session URL, whitespace in lists and numbers, each error message and hint, paths
// that are not endpoints, and nodes whose filter or qoefilter has no clauses.
import { describe, expect, it } from 'vitest';
import { fromURL, type QueryDiagnostic, toURL } from '../src/index';

const BASE = 'https://h.example/api/v1';
const M = `${BASE}/metricquery/demo`;
const P = 'period=start%3D0%2Cend%3D3600';
const PERIOD = { type: 'period', start: 0, end: 3600 };

const error = (code: string, param: string, message: string, hint?: string): QueryDiagnostic =>
  (hint === undefined
    ? { code, message, severity: 'error', param }
    : { code, message, severity: 'error', param, hint }) as QueryDiagnostic;

const failsWith = (url: string, ...errors: QueryDiagnostic[]) =>
  expect(fromURL(url)).toStrictEqual({ ok: false, errors, warnings: [] });

describe('fromURL: a session URL with every clause', () => {
  const url =
    `${BASE}/session/demo?planlevel=gold&${P}&metrics=errors&aggby=country%2Cplatform&agg=2` +
    '&filter=%5Bcountry%3DUS%7CFR%5D&qoefilter=bufferingratio%3E5%20AND%20latency%3C%3D2.5' +
    '&orderby=errors&order=desc&limit=10&offset=20';

  it('parses every parameter into the node', () => {
    expect(fromURL(url)).toStrictEqual({
      ok: true,
      query: {
        type: 'query',
        endpoint: 'session',
        customerId: 'demo',
        metrics: ['errors'],
        aggby: ['country', 'platform'],
        limit: 10,
        offset: 20,
        planlevel: 'gold',
        period: PERIOD,
        agg: 2,
        filter: { type: 'filter', clauses: [{ type: 'clause', dimension: 'country', values: ['US', 'FR'] }] },
        qoefilter: {
          type: 'qoefilter',
          conditions: [
            { type: 'condition', metric: 'bufferingratio', operator: '>', value: 5 },
            { type: 'condition', metric: 'latency', operator: '<=', value: 2.5 },
          ],
        },
        orderby: 'errors',
        order: 'desc',
      },
      warnings: [],
      baseUrl: BASE,
    });
  });

  it('prints back to the same URL', () => {
    const r = fromURL(url);
    if (!r.ok) throw new Error(r.errors[0]?.message);
    expect(toURL(r.query, { baseUrl: r.baseUrl })).toBe(url);
  });

  it('leaves out a filter or qoefilter without clauses, and trailing slashes of the base', () => {
    const r = fromURL(url);
    if (!r.ok) throw new Error(r.errors[0]?.message);
    const bare = {
      ...r.query,
      filter: { type: 'filter', clauses: [] },
      qoefilter: { type: 'qoefilter', conditions: [] },
    } as typeof r.query;
    expect(toURL(bare, { baseUrl: 'https://x//' })).toBe(
      `https://x/session/demo?planlevel=gold&${P}&metrics=errors&aggby=country%2Cplatform&agg=2` +
        '&orderby=errors&order=desc&limit=10&offset=20',
    );
  });
});

describe('fromURL: whitespace', () => {
  it('trims the names of metrics and aggby', () => {
    const r = fromURL(`${M}?${P}&metrics=%20errors%20,%20users&aggby=%20country%20,platform`);
    expect(r).toStrictEqual({
      ok: true,
      query: {
        type: 'query',
        endpoint: 'metricquery',
        customerId: 'demo',
        metrics: ['errors', 'users'],
        aggby: ['country', 'platform'],
        limit: 1000,
        offset: 0,
        period: PERIOD,
      },
      warnings: [],
      baseUrl: BASE,
    });
  });

  it('refuses spaces around limit and offset (strict integers)', () => {
    const r = fromURL(`${M}?${P}&metrics=errors&limit=%2010%20&offset=%205`);
    expect(r.ok ? [] : r.errors.map((e) => [e.code, e.param])).toStrictEqual([
      ['invalid_limit', 'limit'],
      ['invalid_offset', 'offset'],
    ]);
  });

  it('reports an empty name in a list', () => {
    failsWith(
      `${M}?${P}&metrics=errors,,users`,
      error('unknown_metric', 'metrics', 'metrics has an empty name in "errors,,users".'),
    );
    failsWith(
      `${M}?${P}&metrics=errors&aggby=country,`,
      error('unknown_dimension', 'aggby', 'aggby has an empty name in "country,".'),
    );
  });
});

describe('fromURL: messages and hints', () => {
  it('says when the text is not a URL, or its path is not an endpoint', () => {
    failsWith(
      'http://[::1',
      error(
        'not_found',
        'path',
        'Not a URL: expected …/metricquery/<customerId>, …/session/<customerId> or …/listsessions/<customerId>.',
      ),
    );
    for (const path of ['/api/v1/metricquery', '/api/v1/other/demo', '/']) {
      failsWith(
        `https://h.example${path}`,
        error(
          'not_found',
          'path',
          `The path "${path}" does not end in /metricquery/<customerId>, /session/<customerId> or /listsessions/<customerId>.`,
        ),
      );
    }
  });

  it('accepts a trailing slash after the customer id, and a relative URL with an empty origin', () => {
    const r = fromURL(`/api/v1/metricquery/demo/?${P}&metrics=errors`);
    expect(r.ok && [r.query.customerId, r.baseUrl]).toStrictEqual(['demo', '/api/v1']);
  });

  it('names each malformed parameter, with a hint where one is close', () => {
    const cases: [string, QueryDiagnostic][] = [
      [
        'limit=ten',
        error(
          'invalid_limit',
          'limit',
          'limit must be an integer without spaces or leading zeros, not "ten".',
        ),
      ],
      [
        'offset=1.5',
        error(
          'invalid_offset',
          'offset',
          'offset must be an integer without spaces or leading zeros, not "1.5".',
        ),
      ],
      ['agg=3', error('invalid_agg', 'agg', 'agg must be 1 or 2, not "3".')],
      ['order=up', error('invalid_order', 'order', 'order must be asc or desc, not "up".')],
      [
        'metrics=users',
        error('duplicate_parameter', 'metrics', 'The parameter "metrics" is given more than once.'),
      ],
      [
        'perido=x',
        error(
          'unknown_parameter',
          'perido',
          'Unknown query parameter "perido"; did you mean "period"?',
          'period',
        ),
      ],
      ['zzzzzz=x', error('unknown_parameter', 'zzzzzz', 'Unknown query parameter "zzzzzz".')],
    ];
    for (const [param, expected] of cases) failsWith(`${M}?${P}&metrics=errors&${param}`, expected);
  });

  it('reports a customer id that is not valid percent-encoding', () => {
    failsWith(
      `${BASE}/metricquery/%E0%A4%A?${P}&metrics=errors`,
      error('invalid_customer', 'customerId', 'The customer id in the path is not valid percent-encoding.'),
      error(
        'invalid_customer',
        'customerId',
        'The customer id must be 1 to 128 characters of letters, digits, ".", "_" or "-".',
      ),
    );
  });

  it('re-codes a qoefilter error with its position and keeps the grammar diagnostic as the cause', () => {
    const cause = {
      code: 'expected_and',
      message: "found 'xor', expected 'AND' or the end of the qoefilter",
      severity: 'error',
      offset: 4,
      length: 3,
      line: 1,
      column: 5,
      expected: ['AND'],
    };
    failsWith(`${M}?${P}&metrics=errors&qoefilter=a%3E5%20xor%20b%3C2`, {
      code: 'invalid_qoefilter',
      message: `qoefilter: ${cause.message}`,
      severity: 'error',
      param: 'qoefilter',
      offset: 4,
      length: 3,
      line: 1,
      column: 5,
      cause,
    } as QueryDiagnostic);
  });

  it('passes a filter warning through positioned in the parameter text', () => {
    const r = fromURL(`${M}?${P}&metrics=errors&filter=%5Bcountry%3DUS%7CUS%5D`);
    const message = "the value 'US' is repeated in the clause on 'country'; the repetition is ignored";
    const at = { offset: 12, length: 2, line: 1, column: 13 };
    expect(r.warnings).toStrictEqual([
      {
        code: 'invalid_filter',
        message: `filter: ${message}`,
        severity: 'warning',
        param: 'filter',
        ...at,
        cause: { code: 'duplicate_value', message, severity: 'warning', ...at },
      },
    ]);
  });
});
