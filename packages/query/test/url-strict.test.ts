// The URL codec's strict edges: integer syntax, one rule for repeated parameters, and customer
// ids that a URL parser would silently remove.
import { describe, expect, it } from 'vitest';
import { fromURL } from '../src/index';

const P = 'period=start%3D1700000000%2Cend%3D1700003600&metrics=errors';
const codes = (url: string) => {
  const r = fromURL(url);
  return r.ok ? [] : r.errors.map((e) => `${e.code}:${e.param ?? ''}`);
};

describe('fromURL strictness', () => {
  it.each([
    ['limit=%205', 'invalid_limit:limit'],
    ['limit=5%20', 'invalid_limit:limit'],
    ['limit=05', 'invalid_limit:limit'],
    ['limit=%2B5', 'invalid_limit:limit'],
    ['offset=00', 'invalid_offset:offset'],
    ['offset=1e3', 'invalid_offset:offset'],
  ])('refuses %s', (param, code) => {
    expect(codes(`/api/v1/metricquery/demo?${P}&${param}`)).toEqual([code]);
  });

  it.each(['limit=5', 'limit=10000', 'offset=0', 'offset=120'])('accepts %s', (param) => {
    expect(codes(`/api/v1/metricquery/demo?${P}&${param}`)).toEqual([]);
  });

  it('reads period timestamps with leading zeros as their value (documented leniency)', () => {
    // The period grammar accepts non-canonical spellings and prints them canonically; only
    // limit and offset, plain parameters without a grammar, are strict.
    const r = fromURL(
      '/api/v1/metricquery/demo?period=start%3D01700000000%2Cend%3D1700003600&metrics=errors',
    );
    expect(r.ok && r.query.period).toEqual({ type: 'period', start: 1_700_000_000, end: 1_700_003_600 });
  });

  it.each(['limit=&limit=', 'limit=&limit=5', 'limit=5&limit=', 'filter=&filter='])(
    'treats %s as a duplicate, empty or not',
    (params) => {
      const r = fromURL(`/api/v1/metricquery/demo?${P}&${params}`);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.errors.map((e) => e.code)).toContain('duplicate_parameter');
    },
  );

  it.each(['.', '..', '%2e', '%2E%2e', '../', './'])(
    'answers invalid_customer for the customer id %s',
    (id) => {
      expect(codes(`/api/v1/metricquery/${id}?${P}`)).toEqual(['invalid_customer:customerId']);
      expect(codes(`https://example.com/api/v1/session/${id}`)).toEqual(['invalid_customer:customerId']);
    },
  );

  it('keeps ids that merely contain dots', () => {
    expect(codes(`/api/v1/metricquery/a..b?${P}`)).toEqual([]);
    expect(codes(`/api/v1/metricquery/.hidden?${P}`)).toEqual([]);
  });
});
