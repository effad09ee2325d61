import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATALOGUE,
  fromURL,
  metricQuery,
  PARAMETER_ORDER,
  type QueryDiagnostic,
  queryEntries,
  sessionQuery,
  toSearchParams,
  toURL,
} from '../src/index';

const BASE = 'https://example.com/api/v1';
const P = 'period=start%3D0%2Cend%3D3600';

describe('toURL', () => {
  it('writes every parameter in canonical order', () => {
    const q = sessionQuery('demo')
      .offset(20)
      .limit(10)
      .metrics('errors')
      .orderBy('errors', 'asc')
      .having('errors>1')
      .where('country', 'United States')
      .businessErrors()
      .concurrency()
      .allStatuses()
      .sessionType('started')
      .agg(1)
      .timeseries('day')
      .between(0, 3600)
      .planLevel('2');
    expect(queryEntries(q).map(([k]) => k)).toEqual(PARAMETER_ORDER);
    expect(toURL(q, { baseUrl: `${BASE}/` })).toBe(
      `${BASE}/session/demo?planlevel=2&${P}&metrics=errors&aggby=timestamp&granularity=day&agg=1` +
        '&sessiontype=started&allstatus=1&concurrency=1&businesserror=true' +
        '&filter=%5Bcountry%3DUnited%20States%5D&qoefilter=errors%3E1&orderby=errors&order=asc&limit=10&offset=20',
    );
  });

  it('leaves out defaults and unset parameters', () => {
    expect(toURL(metricQuery('demo').between(0, 3600).metrics('errors'), { baseUrl: BASE })).toBe(
      `${BASE}/metricquery/demo?${P}&metrics=errors`,
    );
    expect(toURL(metricQuery('demo'), { baseUrl: BASE })).toBe(`${BASE}/metricquery/demo`);
  });

  it('gives URLSearchParams in the same order, decoded', () => {
    const params = toSearchParams(metricQuery('demo').between(0, 3600).metrics('errors', 'users').limit(5));
    expect([...params]).toEqual([
      ['period', 'start=0,end=3600'],
      ['metrics', 'errors,users'],
      ['limit', '5'],
    ]);
  });

  it('writes invalid texts as given so the service reports them', () => {
    const url = metricQuery('demo').period('start=1').metrics('errors').where('[country=').toURL(BASE);
    expect(url).toBe(`${BASE}/metricquery/demo?period=start%3D1&metrics=errors&filter=%5Bcountry%3D`);
  });
});

describe('fromURL', () => {
  it('parses a canonical URL and reports its base', () => {
    const r = fromURL(`${BASE}/metricquery/demo?${P}&metrics=errors&aggby=country&limit=50`);
    expect(r).toEqual({
      ok: true,
      warnings: [],
      baseUrl: BASE,
      query: {
        type: 'query',
        endpoint: 'metricquery',
        customerId: 'demo',
        period: { type: 'period', start: 0, end: 3600 },
        metrics: ['errors'],
        aggby: ['country'],
        limit: 50,
        offset: 0,
      },
    });
  });

  it('accepts any order, + or %20 for spaces, relative URLs and URL objects', () => {
    const canonical = metricQuery('demo')
      .between(0, 3600)
      .metrics('errors')
      .where('country', 'United States');
    const expected = canonical.toQuery();
    const variants = [
      `/api/v1/metricquery/demo?filter=[country=United+States]&metrics=errors&period=start=0,end=3600`,
      `${BASE}/metricquery/demo?metrics=errors&filter=%5Bcountry%3DUnited%20States%5D&${P}`,
      new URL(canonical.toURL('http://127.0.0.1:8080')),
      `http://h/x/y/z/metricquery/demo/?${P}&metrics=errors&filter=[country=United States]`,
    ];
    for (const v of variants) {
      const r = fromURL(v);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.query).toEqual(expected);
    }
    const rel = fromURL(variants[0] as string);
    expect(rel.ok && rel.baseUrl).toBe('/api/v1');
  });

  it('fills the granularity of a time series and lower-cases order and granularity', () => {
    const r = fromURL(
      `${BASE}/metricquery/demo?${P}&metrics=errors&aggby=timestamp&orderby=timestamp&order=DESC`,
    );
    expect(r.ok && r.query).toMatchObject({ granularity: 'auto', order: 'desc' });
    const day = fromURL(`${BASE}/metricquery/demo?${P}&metrics=errors&aggby=timestamp&granularity=Day`);
    expect(day.ok && day.query.granularity).toBe('day');
  });

  it('decodes the customer id from the path', () => {
    const r = fromURL(`${BASE}/metricquery/a.b-c_d?${P}&metrics=errors`, { validate: true });
    expect(r.ok && r.query.customerId).toBe('a.b-c_d');
    const bad = fromURL(`${BASE}/metricquery/%E0%A4%A?${P}&metrics=errors`);
    expect(bad.ok ? [] : bad.errors.map((e) => e.code)).toContain('invalid_customer');
  });

  it('reports a path that is not an endpoint as not_found', () => {
    for (const url of [
      `${BASE}/metrics/demo?${P}`,
      `${BASE}/metricquery`,
      'https://example.com/',
      '/session',
    ]) {
      const r = fromURL(url);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors).toEqual([expect.objectContaining({ code: 'not_found', param: 'path' })]);
    }
  });

  it('reports unknown parameters with a hint, or ignores them with a warning', () => {
    const url = `${BASE}/metricquery/demo?${P}&metrics=errors&oderby=errors`;
    const r = fromURL(url);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toEqual([
        expect.objectContaining({ code: 'unknown_parameter', param: 'oderby', hint: 'orderby' }),
      ]);
    }
    const lenient = fromURL(url, { ignoreUnknownParameters: true });
    expect(lenient.ok).toBe(true);
    if (lenient.ok)
      expect(lenient.warnings).toEqual([expect.objectContaining({ code: 'unknown_parameter' })]);
  });

  it('reports duplicate parameters', () => {
    const r = fromURL(`${BASE}/metricquery/demo?${P}&metrics=errors&limit=5&limit=6`);
    expect(r.ok ? [] : r.errors).toEqual([
      expect.objectContaining({ code: 'duplicate_parameter', param: 'limit' }),
    ]);
  });

  it('reports malformed values with the parameter code', () => {
    const r = fromURL(
      `${BASE}/session/demo?planlevel=2&${P}&metrics=errors,,users&agg=3&order=up&granularity=week&limit=ten&offset=1.5`,
    );
    expect(r.ok ? [] : r.errors.map((e) => `${e.code}@${e.param}`)).toEqual([
      'unknown_metric@metrics',
      'invalid_granularity@granularity',
      'invalid_agg@agg',
      'invalid_order@order',
      'invalid_limit@limit',
      'invalid_offset@offset',
      'missing_parameter@agg',
    ]);
  });

  it('treats empty parameters as absent, with a warning', () => {
    const r = fromURL(`${BASE}/metricquery/demo?${P}&metrics=errors&filter=&qoefilter=`);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.query.filter).toBeUndefined();
      expect(r.warnings.map((w) => w.code)).toEqual(['invalid_filter', 'invalid_qoefilter']);
    }
    const missing = fromURL(`${BASE}/metricquery/demo?period=&metrics=errors`);
    expect(missing.ok ? [] : missing.errors.map((e) => e.code)).toEqual(['missing_parameter']);
  });

  it('points filter problems into the text as the user wrote it', () => {
    const r = fromURL(`${BASE}/metricquery/demo?${P}&metrics=errors&filter=[country=US]  [platfrom=ios]`);
    expect(r.ok ? [] : r.errors).toEqual([
      expect.objectContaining({ code: 'unknown_dimension', param: 'filter', offset: 15, hint: 'platform' }),
    ]);
  });

  it('points qoefilter problems into the text as the user wrote it', () => {
    const text = 'latency > 5   and   bufering < 1';
    const r = fromURL(`${BASE}/metricquery/demo?${P}&metrics=errors&qoefilter=${encodeURIComponent(text)}`);
    expect(r.ok ? [] : r.errors).toStrictEqual([
      {
        code: 'unknown_metric',
        param: 'qoefilter',
        severity: 'error',
        message: `qoefilter: Unknown metric "bufering"; expected one of ${DEFAULT_CATALOGUE.metricNames.join(', ')}.`,
        offset: text.indexOf('bufering'),
        length: 'bufering'.length,
        line: 1,
        column: text.indexOf('bufering') + 1,
      },
    ]);
    // In the canonical text the condition starts at 16: the user's spacing is what counts.
    expect(text.indexOf('bufering')).not.toBe('latency>5 and '.length);
  });

  it('passes grammar warnings through', () => {
    const r = fromURL(`${BASE}/metricquery/demo?${P}&metrics=errors&filter=[country=US|US]`);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.query.filter).toEqual({
        type: 'filter',
        clauses: [{ type: 'clause', dimension: 'country', values: ['US'] }],
      });
      expect(r.warnings).toEqual([expect.objectContaining({ code: 'invalid_filter', severity: 'warning' })]);
    }
  });

  it('skips validation on request but still refuses what it cannot represent', () => {
    const url = `${BASE}/session/demo?metrics=bogus`;
    const r = fromURL(url, { validate: false });
    expect(r.ok && r.query.metrics).toEqual(['bogus']);
    expect(fromURL(url).ok).toBe(false);
    expect(fromURL(`${url}&limit=x`, { validate: false }).ok).toBe(false);
  });

  it('applies custom limits', () => {
    const url = `${BASE}/metricquery/demo?${P}&metrics=errors&limit=500`;
    expect(fromURL(url).ok).toBe(true);
    const r = fromURL(url, { limits: { maxLimit: 100 } });
    expect(r.ok ? [] : r.errors.map((e) => e.code)).toEqual(['invalid_limit']);
  });

  it('never throws on junk', () => {
    for (const junk of [
      '',
      '::',
      'http://',
      '%',
      '?a=%zz',
      'http://x/metricquery/%/?%%=%',
      '\u0000',
      'a'.repeat(5000),
    ]) {
      expect(() => fromURL(junk)).not.toThrow();
      expect(fromURL(junk).ok).toBe(false);
    }
  });
});

describe('a "." or ".." customer id before a fragment or query string', () => {
  // The check reads the path as typed (a URL parser drops dot segments), cut at the first ? or #.
  it.each([
    'https://h.example/api/metricquery/..#part',
    'https://h.example/api/metricquery/.?x=1#part',
    'https://h.example/api/metricquery/..#part?x=1',
  ])('is refused in %s', (url) => {
    const r = fromURL(url);
    expect(r.ok ? [] : r.errors.map((e) => [e.code, e.message])).toStrictEqual([
      ['invalid_customer', 'The customer id may not be "." or "..".'],
    ]);
  });
});

describe('more cases', () => {
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
          filter: {
            type: 'filter',
            clauses: [{ type: 'clause', dimension: 'country', values: ['US', 'FR'] }],
          },
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
});
