// One rule for "the last N": a time series ends at the last whole bucket before now, whatever the
// order of the builder's calls; anything else ends at now (`lastPeriodEnd`, which the CLI's
// `--last` follows too).
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { bucketCount, lastPeriodEnd, metricQuery } from '../src/index';

const NOW = 1_767_229_500; // 2026-01-01T01:05:00Z, five minutes into an hour
const HOUR = 3600;

describe('last(n, unit) on a time series', () => {
  it('is 24 whole hourly buckets, not 25 partial ones, in either order of the calls', () => {
    const a = metricQuery('demo')
      .last(24, 'hours', { now: NOW })
      .metrics('views')
      .timeseries('hour')
      .toQuery();
    const b = metricQuery('demo')
      .metrics('views')
      .timeseries('hour')
      .last(24, 'hours', { now: NOW })
      .toQuery();
    const end = Math.floor(NOW / HOUR) * HOUR;
    expect(a.period).toEqual({ type: 'period', start: end - 24 * HOUR, end });
    expect(b).toEqual(a);
    expect(bucketCount(end - 24 * HOUR, end, 'hour')).toBe(24);
  });

  it('ends at now for a breakdown, and keeps a period given after it', () => {
    const breakdown = metricQuery('demo').last(24, 'hours', { now: NOW }).metrics('views').aggBy('country');
    expect(breakdown.toQuery().period).toEqual({ type: 'period', start: NOW - 24 * HOUR, end: NOW });
    const given = metricQuery('demo')
      .last(24, 'hours', { now: NOW })
      .between(NOW - HOUR, NOW)
      .timeseries('minute');
    expect(given.toQuery().period).toEqual({ type: 'period', start: NOW - HOUR, end: NOW });
  });

  it('follows a granularity changed later, auto resolved from the span', () => {
    const daily = metricQuery('demo')
      .last(7, 'days', { now: NOW })
      .metrics('views')
      .timeseries('hour')
      .timeseries('day');
    expect(daily.toQuery().period).toEqual({
      type: 'period',
      start: 1_767_225_600 - 7 * 86_400,
      end: 1_767_225_600,
    });
    // auto is hourly for a day
    const auto = metricQuery('demo').metrics('views').timeseries('auto').last(1, 'day', { now: NOW });
    expect(auto.toQuery().period).toEqual({
      type: 'period',
      start: 1_767_229_200 - 86_400,
      end: 1_767_229_200,
    });
  });

  test.prop([
    fc.shuffledSubarray(['metrics', 'timeseries', 'last', 'limit', 'where'], { minLength: 5 }),
    fc.integer({ min: 1_700_000_000, max: 1_800_000_000 }),
  ])('gives the same query for every order of the same calls', (order, now) => {
    let q = metricQuery('demo');
    for (const s of order) {
      if (s === 'metrics') q = q.metrics('views');
      if (s === 'timeseries') q = q.timeseries('hour');
      if (s === 'last') q = q.last(24, 'hours', { now });
      if (s === 'limit') q = q.limit(500);
      if (s === 'where') q = q.where('country', ['BR']);
    }
    const end = lastPeriodEnd({ aggby: ['timestamp'], granularity: 'hour' }, 24 * HOUR, now);
    expect(q.toQuery().period).toEqual({ type: 'period', start: end - 24 * HOUR, end });
    expect(end % HOUR).toBe(0);
    expect(now - end).toBeLessThan(HOUR);
  });
});
