// The playground's pure parts: the form as a query (URL and builder code from @playq/query), its
// period, the result's columns, cells and status, the chart markup of a time series with dates
// and incomplete buckets, and what a failed run says.
import { PlayqBadRequestError, PlayqNetworkError } from '@playq/client';
import { metricQuery, sessionList, toURL } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { lineChart, seriesOf } from '../src/playground/chart';
import { serviceUrls } from '../src/playground/connection';
import { followData, LAST_CHOICES, spanText } from '../src/playground/data-defaults';
import { failureMessage, START_A_SERVICE } from '../src/playground/failure';
import { type FormState, formPeriod, formQuery, seriesLimit } from '../src/playground/form-query';
import { cellText, incompleteBuckets, resultColumns, statusText } from '../src/playground/result-format';
import { whyQuery } from '../src/playground/why-query';

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

describe('formQuery on the session endpoint, with an order', () => {
  it('builds a session query with agg and an explicit plan level, or leaves the plan level to the client', () => {
    const session = {
      ...FORM,
      endpoint: 'session' as const,
      metrics: 'errors,subscriberid',
      aggby: 'subscriberid',
    };
    const q = formQuery({ ...session, filter: '', qoefilter: '', agg: 1, planLevel: '2' });
    expect(q.problems).toEqual([]);
    expect(q.url).toContain('/session/demo?planlevel=2&period=');
    expect(q.url).toContain('&metrics=errors%2Csubscriberid&aggby=subscriberid&agg=1');
    const lookedUp = formQuery({ ...session, filter: '', qoefilter: '', agg: 1, planLevel: '' });
    expect(lookedUp.problems).toEqual([]);
    expect(lookedUp.url).not.toContain('planlevel');
    expect(lookedUp.code).toContain('.agg(1)');
  });

  it('takes the error-insights breakdown as several aggby names', () => {
    const q = formQuery({
      ...FORM,
      endpoint: 'session',
      metrics: 'category,key,errors,player',
      aggby: 'category,key,player',
      filter: '',
      qoefilter: '',
      agg: 1,
    });
    expect(q.problems).toEqual([]);
    expect(q.url).toContain('&aggby=category%2Ckey%2Cplayer&agg=1');
  });

  it('orders by a requested name, descending unless asked', () => {
    expect(formQuery({ ...FORM, orderby: 'errors' }).url).toContain('&orderby=errors&order=desc&limit=50');
    expect(formQuery({ ...FORM, orderby: 'country', order: 'asc' }).url).toContain(
      '&orderby=country&order=asc',
    );
    expect(formQuery({ ...FORM, orderby: 'latency' }).problems[0]).toMatchObject({ code: 'invalid_orderby' });
  });
});

describe('formQuery on the session list', () => {
  const list: FormState = {
    ...FORM,
    endpoint: 'listsessions',
    metrics: 'sessionid, bufferingratio, country',
    aggby: '',
    orderby: 'bufferingratio',
  };

  it('builds a listsessions query with sessionList: its URL, its builder code, no aggby', () => {
    const q = formQuery(list);
    expect(q.problems).toEqual([]);
    expect(q.url).toContain('/listsessions/demo?period=');
    expect(q.url).toContain('&metrics=sessionid%2Cbufferingratio%2Ccountry&');
    expect(q.url).not.toContain('aggby=');
    expect(q.code).toContain("sessionList('demo')");
  });

  it("refuses a group-level metric there with the library's code", () => {
    const q = formQuery({ ...list, metrics: 'sessionid, viewercount', orderby: '' });
    expect(q.url).toBe('');
    expect(q.problems[0]).toMatchObject({ code: 'unsupported_on_endpoint' });
  });
});

describe('formPeriod', () => {
  const now = Date.UTC(2026, 0, 10, 15, 30);
  it('ends a time series at its last whole bucket, so no bucket still filling is drawn', () => {
    expect(formPeriod({ lastHours: 720, aggby: 'timestamp', granularity: 'day', now })).toEqual({
      start: Date.UTC(2025, 11, 11) / 1000,
      end: Date.UTC(2026, 0, 10) / 1000,
    });
    expect(formPeriod({ lastHours: 24, aggby: 'timestamp', granularity: 'auto', now }).end).toBe(
      Date.UTC(2026, 0, 10, 15) / 1000,
    );
  });

  it('ends anything else at the end of the current hour', () => {
    expect(formPeriod({ lastHours: 1, aggby: 'country', granularity: 'day', now })).toEqual({
      start: Date.UTC(2026, 0, 10, 15) / 1000,
      end: Date.UTC(2026, 0, 10, 16) / 1000,
    });
  });
});

describe('a time series asks for every bucket of its period', () => {
  it('sets the page size to the number of buckets, whatever the limit field holds', () => {
    const week = { ...FORM, lastHours: 168, aggby: 'timestamp', limit: 100 };
    expect(formQuery({ ...week, granularity: 'hour' }).url).toMatch(/&limit=168$/);
    expect(formQuery({ ...week, granularity: 'day' }).url).toMatch(/&limit=7$/);
    expect(formQuery({ ...week, granularity: 'day' }).code).toContain('.limit(7)');
    expect(formQuery({ ...week, aggby: 'country' }).url).toMatch(/&limit=100$/);
  });

  it("counts a bucket the period only touches, and stops at the service's largest page", () => {
    expect(seriesLimit({ start: 1800, end: 7200 }, 'hour')).toBe(2);
    expect(seriesLimit({ start: 0, end: 30 * 86_400 }, 'minute')).toBe(10_000);
    expect(seriesLimit({ start: 0, end: 86_400 }, 'auto')).toBe(24);
  });
});

describe('the period follows the served data', () => {
  const DAY = 86_400;
  const span = { start: Date.UTC(2026, 4, 25) / 1000, end: Date.UTC(2026, 5, 1) / 1000 };

  it('ends at the end of data that ended before now, over the shortest choice that covers it', () => {
    expect(followData(span, Date.UTC(2026, 6, 1))).toEqual({
      nowMs: span.end * 1000,
      lastHours: 168,
      atDataEnd: true,
    });
    const period = formPeriod({
      lastHours: 168,
      aggby: 'timestamp',
      granularity: 'hour',
      now: span.end * 1000,
    });
    expect(period).toEqual(span);
  });

  it('rounds the end of the data up to a whole hour, so its last hour is a whole bucket', () => {
    const ragged = { start: span.start + 125, end: span.end - 75 };
    expect(followData(ragged, Date.UTC(2026, 6, 1))).toEqual({
      nowMs: span.end * 1000,
      lastHours: 168,
      atDataEnd: true,
    });
  });

  it('ends now while now is inside the data, and reaches back to its start', () => {
    const now = (span.start + 2 * DAY + 600) * 1000;
    expect(followData(span, now)).toEqual({ nowMs: now, lastHours: 168, atDataEnd: false });
    expect(followData({ start: span.end - 3600 * 20, end: span.end }, (span.end - 60) * 1000).lastHours).toBe(
      24,
    );
  });

  it('ends at the end of data that lies wholly in the future, and takes the longest choice for long data', () => {
    expect(followData(span, (span.start - DAY) * 1000).atDataEnd).toBe(true);
    const year = { start: span.end - 365 * DAY, end: span.end };
    expect(followData(year, span.end * 1000).lastHours).toBe(LAST_CHOICES.at(-1)?.[0]);
  });

  it('says what the service holds and where the period ends', () => {
    expect(spanText(span, true)).toBe(
      'The served data: 2026-05-25 00:00 to 2026-06-01 00:00 UTC; the period ends where the data ends.',
    );
    expect(spanText(span, false)).toBe(
      'The served data: 2026-05-25 00:00 to 2026-06-01 00:00 UTC; the period ends now.',
    );
  });
});

describe('result formatting', () => {
  it('puts the time or the dimensions first, then the metrics, without page metadata', () => {
    expect(resultColumns([{ viewercount: 5, errors: 1, country: 'US' }])).toEqual([
      'country',
      'viewercount',
      'errors',
    ]);
    expect(resultColumns([{ viewercount: 5, timestamp: 3600 }])).toEqual(['timestamp', 'viewercount']);
    expect(resultColumns([{ errors: 2, subscriberid: 's1', totalpages: 3 }])).toEqual([
      'subscriberid',
      'errors',
    ]);
  });

  it('shows time-series timestamps as UTC dates, to the day for daily buckets', () => {
    expect(cellText('timestamp', Date.UTC(2026, 0, 1) / 1000, 86_400)).toBe('2026-01-01');
    expect(cellText('timestamp', Date.UTC(2026, 0, 1, 13, 5) / 1000, 300)).toBe('2026-01-01 13:05');
    expect(cellText('latency', 1.23456)).toBe('1.235');
    expect(cellText('country', 'US')).toBe('US');
    expect(cellText('subscriberid', '')).toBe('(none)');
  });

  it('says "1 record shown" and "2 records shown"', () => {
    expect(statusText(1, 1)).toBe('1 record shown, totalrecords 1');
    expect(statusText(2, 40)).toBe('2 records shown, totalrecords 40');
    expect(statusText(0, 0)).toBe('0 records shown, totalrecords 0');
  });

  it('finds the buckets cut by the period or still filling', () => {
    const at = { period: { start: 1800, end: 14_400 }, bucketSeconds: 3600, now: 10_000 };
    expect([...incompleteBuckets([0, 3600, 7200, 10_800], at)]).toEqual([0, 7200, 10_800]);
    expect([...incompleteBuckets([3600], { ...at, now: 1e9 })]).toEqual([]);
  });
});

describe('lineChart with dates and incomplete buckets', () => {
  const day = 86_400;
  const t0 = Date.UTC(2026, 0, 1) / 1000;
  const series = seriesOf([0, 1, 2, 3].map((i) => ({ timestamp: t0 + i * day, viewercount: 10 - i })));

  it('labels the axis with dates', () => {
    const svg = lineChart(series, { bucketSeconds: day });
    expect([...svg.matchAll(/class="playq-tick"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      '2026-01-01',
      '2026-01-03',
      '2026-01-04',
    ]);
    expect(svg).not.toMatch(/>\d{9,}</);
  });

  it('draws an incomplete bucket dashed with a hollow point, off the solid line', () => {
    const svg = lineChart(series, { bucketSeconds: day, incomplete: new Set([t0 + 3 * day]) });
    const solid = /<polyline class="playq-series"[^>]*points="([^"]*)"/.exec(svg)?.[1] ?? '';
    expect(solid.split(' ')).toHaveLength(3);
    expect(svg.match(/<path class="playq-partial"[^>]*stroke-dasharray/g)).toHaveLength(1);
    expect(svg.match(/<circle class="playq-partial"/g)).toHaveLength(1);
    expect(svg).toContain('dashed: incomplete bucket');
    expect(lineChart(series, { bucketSeconds: day })).not.toContain('playq-partial');
  });
});

describe('failureMessage', () => {
  it('says where the service was looked for and how to start one', () => {
    const error = new PlayqNetworkError({
      method: 'GET',
      url: 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=x',
      detail: 'Failed to fetch',
    });
    const message = failureMessage(error);
    expect(message).toBe(
      `The service at http://127.0.0.1:8080 is not reachable (Failed to fetch). ${START_A_SERVICE}`,
    );
    expect(message).toContain('pnpm playq serve');
  });

  it("gives the service's status, code and detail for a refused query", () => {
    const error = new PlayqBadRequestError({
      method: 'GET',
      url: 'http://x/api/v1/metricquery/demo',
      status: 400,
      retryable: false,
      problem: {
        title: 'Bad Request',
        status: 400,
        code: 'invalid_limit',
        detail: 'limit must be 1..10000',
        param: 'limit',
      },
    });
    expect(failureMessage(error)).toBe(
      'The service answered 400 invalid_limit (parameter limit): limit must be 1..10000',
    );
  });
});

describe('serviceUrls', () => {
  it("finds a reference service's token endpoint under the base and its plan host at the origin", () => {
    expect(serviceUrls('http://127.0.0.1:8080/api/v1/')).toEqual({
      tokenUrl: 'http://127.0.0.1:8080/api/v1/oauth/token',
      planUrl: 'http://127.0.0.1:8080/plans',
    });
  });
});

describe('whyQuery', () => {
  const node = metricQuery('demo')
    .between(0, 86_400)
    .metrics('attempts', 'bufferingratio', 'latency')
    .aggBy('cdn')
    .where('[country=BR]')
    .orderBy('attempts')
    .limit(5)
    .toQuery();

  it('asks for the first metric that is better lower or higher, over the same population, unbroken', () => {
    const asked = whyQuery(node);
    expect(asked).toEqual({
      ok: true,
      metric: 'bufferingratio',
      query: {
        ...node,
        metrics: ['bufferingratio'],
        aggby: [],
        offset: 0,
        orderby: undefined,
        order: undefined,
      },
    });
    if (asked.ok)
      expect(toURL(asked.query, { baseUrl: 'http://x.test/api/v1' })).toContain('filter=%5Bcountry%3DBR%5D');
  });

  it('says why when the query has no such metric or is not a metric query', () => {
    expect(
      whyQuery(metricQuery('demo').between(0, 60).metrics('attempts', 'errors').toQuery()),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('counts are neither'),
    });
    expect(whyQuery(sessionList('demo').between(0, 60).metrics('sessionid').toQuery())).toMatchObject({
      ok: false,
    });
  });
});
