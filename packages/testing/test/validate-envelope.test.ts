// What a query node says its answer must look like, checked exactly: optional fields are present
// only when the query sets them (never as `undefined`), and the period reaches the record checks.
import type { QueryNode } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { expectationOf, validateEnvelope } from '../src/contract/validate-envelope';

const period = { type: 'period', start: 7200, end: 14400 } as const;

const breakdown: QueryNode = {
  type: 'query',
  endpoint: 'metricquery',
  customerId: 'demo',
  period,
  metrics: ['viewercount'],
  aggby: ['country'],
  limit: 10,
  offset: 0,
};

const series: QueryNode = {
  ...breakdown,
  aggby: ['timestamp'],
  granularity: 'hour',
};

describe('expectationOf', () => {
  it('a breakdown over a period expects the period only: no agg, no bucket width', () => {
    expect(expectationOf(breakdown)).toStrictEqual({
      endpoint: 'metricquery',
      metrics: ['viewercount'],
      aggby: ['country'],
      limit: 10,
      offset: 0,
      period: { start: 7200, end: 14400 },
    });
  });

  it('timestamp among several aggby names is no time series and gets no bucket width', () => {
    expect(expectationOf({ ...breakdown, aggby: ['timestamp', 'country'] })).toStrictEqual({
      endpoint: 'metricquery',
      metrics: ['viewercount'],
      aggby: ['timestamp', 'country'],
      limit: 10,
      offset: 0,
      period: { start: 7200, end: 14400 },
    });
  });

  it('a time series over a period expects its bucket width and the period', () => {
    expect(expectationOf(series)).toStrictEqual({
      endpoint: 'metricquery',
      metrics: ['viewercount'],
      aggby: ['timestamp'],
      limit: 10,
      offset: 0,
      bucketSeconds: 3600,
      period: { start: 7200, end: 14400 },
    });
  });

  it('a time series without a period expects neither a bucket width nor a period', () => {
    const { period: _, ...open } = series;
    expect(expectationOf(open)).toStrictEqual({
      endpoint: 'metricquery',
      metrics: ['viewercount'],
      aggby: ['timestamp'],
      limit: 10,
      offset: 0,
    });
  });

  it('a session query carries its agg mode', () => {
    const perEvent: QueryNode = { ...breakdown, endpoint: 'session', metrics: ['errors'], aggby: [], agg: 2 };
    expect(expectationOf(perEvent)).toStrictEqual({
      endpoint: 'session',
      metrics: ['errors'],
      aggby: [],
      limit: 10,
      offset: 0,
      agg: 2,
      period: { start: 7200, end: 14400 },
    });
  });
});

describe('validateEnvelope', () => {
  const body = (timestamp: number) => ({
    totalcount: 1,
    pagecount: 1,
    totalrecords: 1,
    response: [{ viewercount: 1, timestamp }],
  });

  it('judges time-series timestamps against the queried period', () => {
    expect(validateEnvelope(series, body(7200))).toStrictEqual([]);
    expect(validateEnvelope(series, body(14400))).toStrictEqual([
      { basis: 'design', message: 'record 0: timestamp 14400 lies outside the queried period' },
    ]);
  });

  it('judges time-series timestamps against the bucket width', () => {
    expect(validateEnvelope(series, body(7260))).toStrictEqual([
      { basis: 'design', message: 'record 0: timestamp 7260 is not aligned to 3600s buckets' },
    ]);
  });
});
