// The playground's pure parts: the form as a query (URL and builder code from @playq/query) and
// the chart markup of a time series.
import { describe, expect, it } from 'vitest';
import { lineChart, seriesOf } from '../src/playground/chart';
import { type FormState, formQuery } from '../src/playground/form-query';

const FORM: FormState = {
  baseUrl: 'http://127.0.0.1:8080/api/v1',
  customerId: 'demo',
  lastHours: 24,
  metrics: 'viewercount, errors',
  aggby: 'country',
  granularity: 'hour',
  filter: '[Platform=ios|android]',
  qoefilter: 'latency > 2 and bufferingratio <= 5',
  limit: 50,
  now: Date.UTC(2026, 0, 1, 10, 30),
};

describe('formQuery', () => {
  it('prints the canonical URL and the builder code of the form', () => {
    const q = formQuery(FORM);
    const end = Date.UTC(2026, 0, 1, 11) / 1000;
    expect(q.problems).toEqual([]);
    expect(q.url).toBe(
      `http://127.0.0.1:8080/api/v1/metricquery/demo?period=${encodeURIComponent(`start=${end - 86400},end=${end}`)}` +
        `&metrics=viewercount%2Cerrors&aggby=country&filter=${encodeURIComponent('[platform=ios|android]')}` +
        `&qoefilter=${encodeURIComponent('latency>2 AND bufferingratio<=5')}&limit=50`,
    );
    expect(q.code).toContain(".where('platform', ['ios', 'android'])");
    expect(q.code).toContain('.limit(50)');
  });

  it('shows problems instead of a URL for an invalid form', () => {
    const q = formQuery({ ...FORM, filter: '[contry=US]' });
    expect(q.url).toBe('');
    expect(q.problems[0]).toMatchObject({ code: 'unknown_dimension', hint: 'country' });
  });
});

describe('lineChart', () => {
  it('draws one line per metric of a time series, and nothing for a breakdown', () => {
    const records = [
      { timestamp: 7200, viewercount: 5, errors: 1 },
      { timestamp: 3600, viewercount: 10, errors: 0 },
    ];
    const series = seriesOf(records);
    expect(series.map((s) => [s.name, s.points.map((p) => p[0])])).toEqual([
      ['viewercount', [3600, 7200]],
      ['errors', [3600, 7200]],
    ]);
    expect(lineChart(series).match(/<polyline/g)).toHaveLength(2);
    expect(seriesOf([{ country: 'US', errors: 1 }])).toEqual([]);
  });
});
