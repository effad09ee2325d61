import { ENDPOINTS, metricQuery } from '@playq/query';
import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { integerArg, parseHttpUrl, parseList, parseSpan, parseTime } from '../src/args';
import { flagsToUrl, periodText } from '../src/query-flags';
import { baseUrlOf } from '../src/resolve-query';

describe('flag values', () => {
  it('parses integers within bounds', () => {
    expect(integerArg(1, 10)('7')).toBe(7);
    expect(() => integerArg(1, 10)('0')).toThrow(/from 1 to 10/);
    expect(() => integerArg(1, 10)('1.5')).toThrow(InvalidArgumentError);
    expect(() => integerArg(0)('abc')).toThrow(/integer/);
  });

  it('parses spans', () => {
    expect(parseSpan('24h')).toBe(86400);
    expect(parseSpan('15m')).toBe(900);
    expect(parseSpan('2w')).toBe(1209600);
    expect(() => parseSpan('0h')).toThrow(/greater than 0/);
    expect(() => parseSpan('1y')).toThrow(/span like/);
  });

  it('parses times as epoch seconds, ISO read as UTC', () => {
    expect(parseTime('1767225600')).toBe(1767225600);
    expect(parseTime('2026-01-01')).toBe(1767225600);
    expect(parseTime('2026-01-01T00:00:00')).toBe(1767225600);
    expect(parseTime('2026-01-01T01:00:00+01:00')).toBe(1767225600);
    expect(() => parseTime('1767225600000')).toThrow(/milliseconds/);
    expect(() => parseTime('yesterday')).toThrow(/ISO-8601/);
  });

  it('parses lists and URLs', () => {
    expect(parseList('errors, users')).toEqual(['errors', 'users']);
    expect(() => parseList('errors,,users')).toThrow(/comma-separated/);
    expect(parseHttpUrl('http://127.0.0.1:8080/api/v1/')).toBe('http://127.0.0.1:8080/api/v1');
    expect(() => parseHttpUrl('ftp://x')).toThrow(/http/);
    expect(() => parseHttpUrl('http://user:pw@x')).toThrow(/credentials/);
  });
});

describe('query flags', () => {
  it('counts --last back from --end, or from now rounded up to the minute', () => {
    expect(periodText({ last: 3600, end: 7200 }, 0)).toBe('start=3600,end=7200');
    expect(periodText({ last: 60 }, 61)).toBe('start=60,end=120');
    expect(periodText({ period: 'start=1,end=2' }, 0)).toBe('start=1,end=2');
    expect(() => periodText({ period: 'start=1,end=2', last: 60 }, 0)).toThrow(/not both/);
    expect(() => periodText({}, 0)).toThrow(/needs a period/);
    expect(() => periodText({ period: 'start=1,end=2', end: 5 }, 0)).toThrow(/--end goes with --last/);
  });

  it("ends a time series' --last where the builder's last() ends it: the last whole bucket", () => {
    const now = 1_767_229_500;
    for (const [granularity, span] of [
      ['hour', 86_400],
      ['day', 7 * 86_400],
      ['minute', 3600],
      ['auto', 86_400],
    ] as const) {
      const cli = periodText({ last: span, aggby: ['timestamp'], granularity }, now);
      const built = metricQuery('demo')
        .last(span, 'seconds', { now })
        .metrics('views')
        .timeseries(granularity);
      const period = built.toQuery().period;
      expect(cli, granularity).toBe(
        period?.type === 'period' ? `start=${period.start},end=${period.end}` : '',
      );
    }
  });

  it('writes parameters in canonical order, percent-encoded', () => {
    expect(
      flagsToUrl(
        'metricquery',
        'demo',
        { last: 3600, end: 7200, metrics: ['errors'], filter: '[country=United States]', limit: 5 },
        'http://h/api/v1',
        0,
      ),
    ).toBe(
      'http://h/api/v1/metricquery/demo?period=start%3D3600%2Cend%3D7200&metrics=errors&filter=%5Bcountry%3DUnited%20States%5D&limit=5',
    );
    expect(() => flagsToUrl('metricquery', 'demo', { last: 60 }, 'http://h', 0)).toThrow(/--metrics/);
  });

  it('finds the base URL of a query URL', () => {
    expect(baseUrlOf('http://127.0.0.1:8080/api/v1/metricquery/demo?metrics=errors')).toBe(
      'http://127.0.0.1:8080/api/v1',
    );
    expect(baseUrlOf('https://x.example/session/demo')).toBe('https://x.example');
    expect(() => baseUrlOf('http://x/other/demo')).toThrow(/not a query URL/);
    expect(() => baseUrlOf('nonsense')).toThrow(/not a URL/);
  });

  it('finds the base URL on every endpoint of the wire module, and names them when none matches', () => {
    for (const endpoint of ENDPOINTS) {
      expect(baseUrlOf(`https://x.example/mm-apis/${endpoint}/199493832?metrics=errors`)).toBe(
        'https://x.example/mm-apis',
      );
      expect(baseUrlOf(`/mm-apis/${endpoint}/c1`, { relative: true })).toBe('/mm-apis');
    }
    expect(() => baseUrlOf('http://x/metricqueries/demo')).toThrow(ENDPOINTS.join(', '));
  });
});
