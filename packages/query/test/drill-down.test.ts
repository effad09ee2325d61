// drillDown's exact results: the whole session-list node it makes (no stray keys), each refusal's
// diagnostic (code, parameter, message), the bucket of a time-series record at the period's
// edges, the fields and order it picks, and the validation of what it made (catalogue, severity).
import { describe, expect, it } from 'vitest';
import {
  createQueries,
  DEFAULT_CATALOGUE,
  type DrillDownResult,
  drillDown,
  extendCatalogue,
  fromURL,
  metricQuery,
  type QueryNode,
  sessionList,
} from '../src/index';

const BASE = 'https://svc.test/api/v1';
const metricUrl = (query: string): QueryNode => {
  const r = fromURL(`${BASE}/metricquery/demo?${query}`, { validate: false });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.query;
};
const refusal = (param: string, message: string): DrillDownResult => ({
  ok: false,
  errors: [{ code: 'unsupported_on_endpoint', param, message, severity: 'error' }],
});
const byCountry = metricQuery('demo').between(0, 86_400).metrics('latency', 'attempts').aggBy('country');
const countryBR = { type: 'filter', clauses: [{ type: 'clause', dimension: 'country', values: ['BR'] }] };

describe('drillDown: the session list it makes', () => {
  it('is exactly the list node: no filter, qoefilter or switch keys the query did not have', () => {
    expect(drillDown(byCountry, { latency: 2, attempts: 9, country: 'BR' })).toStrictEqual({
      ok: true,
      query: {
        type: 'query',
        endpoint: 'listsessions',
        customerId: 'demo',
        period: { type: 'period', start: 0, end: 86_400 },
        metrics: ['sessionid', 'latency'],
        aggby: [],
        limit: 1000,
        offset: 0,
        filter: countryBR,
        orderby: 'latency',
      },
    });
  });

  it('keeps no filter at all for a time series without one', () => {
    const ts = metricQuery('demo').between(0, 7200).metrics('attempts').timeseries('hour');
    expect(drillDown(ts, { timestamp: 3600, attempts: 4 })).toStrictEqual({
      ok: true,
      query: {
        type: 'query',
        endpoint: 'listsessions',
        customerId: 'demo',
        period: { type: 'period', start: 3600, end: 7200 },
        metrics: ['sessionid'],
        aggby: [],
        limit: 1000,
        offset: 0,
      },
    });
  });

  it("keeps the query's clauses on other dimensions and replaces the drilled one", () => {
    const q = byCountry.where('platform', ['ios', 'android']).where('country', ['BR', 'AR']);
    const r = drillDown(q, { latency: 2, attempts: 9, country: 'AR' });
    expect(r.ok && r.query.filter).toStrictEqual({
      type: 'filter',
      clauses: [
        { type: 'clause', dimension: 'platform', values: ['ios', 'android'] },
        { type: 'clause', dimension: 'country', values: ['AR'] },
      ],
    });
  });

  it('keeps only session-level conditions, and no qoefilter when none is left', () => {
    const kept = drillDown(byCountry.having('latency>2 AND attempts>10'), { country: 'BR' });
    expect(kept.ok && kept.query.qoefilter).toStrictEqual({
      type: 'qoefilter',
      conditions: [expect.objectContaining({ metric: 'latency', operator: '>', value: 2 })],
    });
    const dropped = drillDown(byCountry.having('attempts>10'), { country: 'BR' });
    expect(dropped.ok && Object.keys(dropped.query)).not.toContain('qoefilter');
  });

  it('orders by the first numeric field after sessionid, never by a string field', () => {
    const fields = ['sessionid', 'assetname', 'country', 'bufferingratio', 'latency'];
    const r = drillDown(byCountry, { country: 'BR' }, { fields });
    expect(r.ok && [r.query.metrics, r.query.orderby]).toStrictEqual([fields, 'bufferingratio']);
    const strings = drillDown(byCountry, { country: 'BR' }, { fields: ['sessionid', 'assetname'] });
    expect(strings.ok && Object.keys(strings.query)).not.toContain('orderby');
  });

  it('names sessionid once even when an unchecked query lists it among its metrics', () => {
    const q = metricUrl('period=start%3D0%2Cend%3D3600&metrics=sessionid%2Clatency&aggby=country');
    const r = drillDown(q, { country: 'BR' });
    expect(r.ok && r.query.metrics).toStrictEqual(['sessionid', 'latency']);
  });

  it("takes the page size from the options, else the query's limit", () => {
    const own = drillDown(byCountry.limit(50), { country: 'BR' });
    expect(own.ok && own.query.limit).toBe(50);
    const given = drillDown(byCountry.limit(50), { country: 'BR' }, { limit: 15 });
    expect(given.ok && [given.query.limit, given.query.offset]).toStrictEqual([15, 0]);
  });
});

describe('drillDown: validating what it made', () => {
  const mine = extendCatalogue(DEFAULT_CATALOGUE, {
    dimensions: { region: { description: 'Sales region.' } },
  });

  it("validates against the query's catalogue: a custom dimension drills", () => {
    const q = createQueries(mine).metricQuery('demo').between(0, 3600).metrics('attempts').aggBy('region');
    const r = drillDown(q, { attempts: 3, region: 'emea' });
    expect(r.ok && r.query.filter).toStrictEqual({
      type: 'filter',
      clauses: [{ type: 'clause', dimension: 'region', values: ['emea'] }],
    });
    const plain = metricUrl('period=start%3D0%2Cend%3D3600&metrics=attempts&aggby=region');
    expect(drillDown(plain, { region: 'emea' }, { catalogue: mine }).ok).toBe(true);
  });

  it('refuses with the validation errors of a list it cannot make', () => {
    expect(drillDown(byCountry, { country: 'BR' }, { limit: 0 })).toStrictEqual({
      ok: false,
      errors: [
        {
          code: 'invalid_limit',
          param: 'limit',
          message: 'limit must be an integer from 1 to 10000, not 0.',
          severity: 'error',
        },
      ],
    });
    const group = drillDown(byCountry, { country: 'BR' }, { fields: ['sessionid', 'views'] });
    expect(group.ok ? [] : group.errors.map((e) => [e.code, e.param])).toStrictEqual([
      ['unsupported_on_endpoint', 'metrics'],
      ['invalid_orderby', 'orderby'],
    ]);
  });

  it('lets a warning through: a field listed twice still drills', () => {
    const r = drillDown(byCountry, { country: 'BR' }, { fields: ['sessionid', 'latency', 'latency'] });
    expect(r.ok && r.query.metrics).toStrictEqual(['sessionid', 'latency', 'latency']);
  });
});

describe('drillDown: what it refuses, and why', () => {
  it('another endpoint, at the path', () => {
    expect(drillDown(sessionList('demo').between(0, 3600).metrics('sessionid'), {})).toStrictEqual(
      refusal('path', 'drillDown takes a metricquery, not a listsessions query.'),
    );
  });

  it('a query without a period, or with one that did not parse', () => {
    const noPeriod = refusal('period', 'The query has no valid period.');
    expect(drillDown(metricUrl('metrics=attempts&aggby=country'), { country: 'BR' })).toStrictEqual(noPeriod);
    expect(
      drillDown(metricUrl('period=soon&metrics=attempts&aggby=country'), { country: 'BR' }),
    ).toStrictEqual(noPeriod);
  });

  it('a query whose filter or qoefilter did not parse', () => {
    const p = 'period=start%3D0%2Cend%3D3600&metrics=attempts&aggby=country';
    expect(drillDown(metricUrl(`${p}&filter=%5Bcountry`), { country: 'BR' })).toStrictEqual(
      refusal('filter', 'The query has an invalid filter.'),
    );
    expect(drillDown(metricUrl(`${p}&qoefilter=latency%3E`), { country: 'BR' })).toStrictEqual(
      refusal('qoefilter', 'The query has an invalid qoefilter.'),
    );
  });

  it('a breakdown by an error-event dimension, whatever the record holds', () => {
    const q = metricQuery('demo').between(0, 3600).metrics('errors').aggBy('category');
    expect(drillDown(q, { errors: 4, category: 'network' })).toStrictEqual(
      refusal('category', '"category" describes error events: its records have no sessions to list.'),
    );
  });

  it('a record without a string value for a dimension, or with an empty one', () => {
    const noValue = refusal('country', 'The record has no value for "country".');
    expect(drillDown(byCountry, { latency: 2 })).toStrictEqual(noValue);
    expect(drillDown(byCountry, { country: 7 })).toStrictEqual(noValue);
    expect(drillDown(byCountry, { country: '' })).toStrictEqual(
      refusal('country', 'The record\'s "country" is empty: a filter cannot select a missing value.'),
    );
  });

  it('a time-series record whose bucket misses the period, or touches it only at an edge', () => {
    const ts = metricQuery('demo').between(1800, 7200).metrics('attempts').timeseries('hour');
    const outside = refusal('timestamp', 'A time-series record needs a timestamp inside the period.');
    expect(drillDown(ts, { attempts: 1 })).toStrictEqual(outside);
    expect(drillDown(ts, { timestamp: 1.5 })).toStrictEqual(outside);
    expect(drillDown(ts, { timestamp: -1800 })).toStrictEqual(outside);
    expect(drillDown(ts, { timestamp: 7200 })).toStrictEqual(outside);
    const edge = drillDown(ts, { timestamp: 7199 });
    expect(edge.ok && edge.query.period).toStrictEqual({ type: 'period', start: 7199, end: 7200 });
  });
});
