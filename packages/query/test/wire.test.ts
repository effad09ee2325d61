// The wire module: the endpoints and their credentials, the page-count rule, the fixed paths, the
// customer-id and dot-segment rules, the sensitive names and the base-URL helpers, each as the
// other packages use it.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_HEADER,
  credentialOf,
  DOT_SEGMENT_CUSTOMER_MESSAGE,
  ENDPOINTS,
  fromURL,
  hasDotSegmentCustomer,
  hasHttpScheme,
  isCustomerId,
  isEndpoint,
  isHttpUrl,
  isPerEventQuery,
  isSensitiveHeader,
  isSensitiveParam,
  isTimeSeries,
  metricQuery,
  PARAMETER_ORDER,
  pageCount,
  planLookupUrl,
  SENSITIVE_HEADERS,
  sessionQuery,
  tokenUrlOf,
  withoutTrailingSlash,
} from '../src/index';

describe('endpoints', () => {
  it('lists the query endpoints and recognises only them', () => {
    expect(ENDPOINTS).toEqual(['metricquery', 'session', 'listsessions']);
    expect(Object.isFrozen(ENDPOINTS)).toBe(true);
    for (const e of ENDPOINTS) expect(isEndpoint(e)).toBe(true);
    for (const v of ['sessions', 'METRICQUERY', '', 'plan', undefined, 1]) expect(isEndpoint(v)).toBe(false);
  });

  it('gives each endpoint its credential and each credential its header', () => {
    expect(credentialOf('metricquery')).toBe('apiKey');
    expect(credentialOf('session')).toBe('bearer');
    expect(CREDENTIAL_HEADER.apiKey).toBe('X-API-Key');
    expect(CREDENTIAL_HEADER.bearer).toBe('Authorization');
  });
});

describe('time series and per-event answers', () => {
  it('is a time series exactly when aggby is timestamp and the answer is not per event', () => {
    expect(isTimeSeries(metricQuery('d').metrics('errors').timeseries().toQuery())).toBe(true);
    expect(isTimeSeries({ aggby: ['timestamp'] })).toBe(true);
    expect(isTimeSeries({ aggby: ['timestamp', 'country'] })).toBe(false);
    expect(isTimeSeries({ aggby: ['country'] })).toBe(false);
    expect(isTimeSeries({ aggby: [] })).toBe(false);
    const perEvent = sessionQuery('d').agg(2).metrics('errors').timeseries().toQuery();
    expect(isPerEventQuery(perEvent)).toBe(true);
    expect(isTimeSeries(perEvent)).toBe(false);
    expect(isPerEventQuery({ endpoint: 'session', agg: 1 })).toBe(false);
    expect(isPerEventQuery({ endpoint: 'metricquery' })).toBe(false);
  });
});

describe('page count', () => {
  it('is ceil(total / limit), 0 for an empty result', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(25, 1)).toBe(25);
  });

  test.prop([fc.nat(1_000_000), fc.integer({ min: 1, max: 10_000 })])(
    'holds every record and leaves no page empty',
    (total, limit) => {
      const pages = pageCount(total, limit);
      expect(pages * limit).toBeGreaterThanOrEqual(total);
      expect(total === 0 ? pages === 0 : (pages - 1) * limit < total).toBe(true);
    },
  );
});

describe('paths', () => {
  it('joins the token path and the plan lookup with one slash, encoding the customer', () => {
    expect(tokenUrlOf('http://h/api/v1')).toBe('http://h/api/v1/oauth/token');
    expect(tokenUrlOf('http://h/api/v1//')).toBe('http://h/api/v1/oauth/token');
    expect(planLookupUrl('http://h/plans/', 'demo')).toBe('http://h/plans/planLevelByCustId/demo');
    expect(planLookupUrl('http://h/plans', 'a b')).toBe('http://h/plans/planLevelByCustId/a%20b');
  });
});

describe('customer ids', () => {
  it('accepts the id alphabet up to 128 characters, and not dot segments', () => {
    expect(isCustomerId('acme-01_x.y')).toBe(true);
    expect(isCustomerId('a'.repeat(128))).toBe(true);
    expect(isCustomerId('a'.repeat(129))).toBe(false);
    for (const bad of ['', '.', '..', 'a/b', 'a b', 'é', undefined, 7]) expect(isCustomerId(bad)).toBe(false);
  });

  it('finds a dot-segment customer after each endpoint and the plan lookup, encoded or not', () => {
    for (const path of [
      '/api/v1/metricquery/..',
      '/api/v1/session/.',
      '/api/v1/metricquery/%2E%2e/?metrics=errors',
      'http://h/plans/planLevelByCustId/..#x',
    ]) {
      expect(hasDotSegmentCustomer(path), path).toBe(true);
    }
    for (const path of ['/api/v1/metricquery/demo', '/api/v1/metricquery/...', '/x/..', '/metricquery/a..']) {
      expect(hasDotSegmentCustomer(path), path).toBe(false);
    }
  });

  it('is the rule fromURL applies, with the one message', () => {
    const r = fromURL('http://h/api/v1/session/..?metrics=errors');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]).toMatchObject({
      code: 'invalid_customer',
      param: 'customerId',
      message: DOT_SEGMENT_CUSTOMER_MESSAGE,
    });
  });
});

describe('sensitive names', () => {
  it('names every credential header, set-cookie included, case-insensitively', () => {
    expect(SENSITIVE_HEADERS).toEqual([
      'authorization',
      'proxy-authorization',
      'x-api-key',
      'cookie',
      'set-cookie',
    ]);
    for (const h of ['Authorization', 'X-API-Key', 'Set-Cookie', 'COOKIE'])
      expect(isSensitiveHeader(h)).toBe(true);
    for (const h of ['accept', 'content-type', 'x-request-id']) expect(isSensitiveHeader(h)).toBe(false);
  });

  it('treats credential-like parameters as sensitive and no query parameter of the service', () => {
    for (const p of [
      'access_token',
      'api_key',
      'apikey',
      'client_secret',
      'client_assertion',
      'password',
      'sig_signature',
    ]) {
      expect(isSensitiveParam(p), p).toBe(true);
    }
    for (const p of PARAMETER_ORDER) expect(isSensitiveParam(p), p).toBe(false);
    expect(isSensitiveParam('grant_type')).toBe(false);
  });
});

describe('base URLs', () => {
  it('drops every trailing slash and nothing else', () => {
    expect(withoutTrailingSlash('http://h/api/v1///')).toBe('http://h/api/v1');
    expect(withoutTrailingSlash('http://h/api/v1')).toBe('http://h/api/v1');
    expect(withoutTrailingSlash('/')).toBe('');
  });

  it('tells http(s) URLs from other text', () => {
    expect(hasHttpScheme('HTTP://h/x')).toBe(true);
    expect(hasHttpScheme('metricquery')).toBe(false);
    expect(isHttpUrl('https://h/api/v1')).toBe(true);
    for (const v of ['ftp://h', '/api/v1', 'http://', 'not a url', undefined])
      expect(isHttpUrl(v)).toBe(false);
  });
});
