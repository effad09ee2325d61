import { describe, expect, it } from 'vitest';
import { fromQuery, fromURL, metricQuery, type QueryNode, sessionQuery, toURL, validate } from '../src/index';

const BASE = 'https://example.com/api/v1';
const NOW = 1_704_153_600; // 2024-01-02T00:00:00Z
const day = metricQuery('demo').between(NOW - 86_400, NOW);

describe('builder entry points', () => {
  it('starts an empty metric query with defaults filled in', () => {
    expect(metricQuery('demo').toQuery()).toEqual({
      type: 'query',
      endpoint: 'metricquery',
      customerId: 'demo',
      metrics: [],
      aggby: [],
      limit: 1000,
      offset: 0,
    });
  });

  it('builds the issue example and its URL', () => {
    const q = metricQuery('demo')
      .last(24, 'hours', { now: NOW })
      .metrics('latency', 'viewercount')
      .aggBy('country')
      .where('platform', ['ios', 'android'])
      .having('bufferingratio', '>', 5)
      .orderBy('viewercount', 'desc')
      .limit(100);
    expect(q.toURL(BASE)).toBe(
      `${BASE}/metricquery/demo?period=start%3D1704067200%2Cend%3D1704153600&metrics=latency%2Cviewercount` +
        '&aggby=country&filter=%5Bplatform%3Dios%7Candroid%5D&qoefilter=bufferingratio%3E5' +
        '&orderby=viewercount&order=desc&limit=100',
    );
    expect(validate(q)).toEqual([]);
  });

  it('builds the two session usages of the specification', () => {
    const total = sessionQuery('demo')
      .planLevel('2')
      .agg(1)
      .between(0, 86_400)
      .metrics('errors', 'subscriberid')
      .aggBy('subscriberid');
    expect(total.toURL(BASE)).toBe(
      `${BASE}/session/demo?planlevel=2&period=start%3D0%2Cend%3D86400&metrics=errors%2Csubscriberid&aggby=subscriberid&agg=1`,
    );
    expect(validate(total)).toEqual([]);
    const insights = sessionQuery('demo')
      .planLevel(2)
      .agg(1)
      .between(0, 86_400)
      .metrics('category', 'key', 'errors', 'player')
      .aggBy('category', 'key', 'player');
    expect(insights.toSearchParams().get('metrics')).toBe('category,key,errors,player');
    expect(validate(insights)).toEqual([]);
  });
});

describe('immutability', () => {
  it('returns a new builder from every call and never changes the old one', () => {
    const a = metricQuery('demo');
    const b = a.metrics('errors');
    const c = b.limit(5);
    expect(a.toQuery().metrics).toEqual([]);
    expect(b.toQuery().limit).toBe(1000);
    expect(c.toQuery().limit).toBe(5);
    expect(b).not.toBe(a);
  });

  it('produces deeply frozen nodes', () => {
    const node = day.metrics('errors').where('country', 'US').having('errors', '>', 1).toQuery();
    expect(Object.isFrozen(node)).toBe(true);
    expect(Object.isFrozen(node.metrics)).toBe(true);
    expect(Object.isFrozen(node.filter)).toBe(true);
    expect(() => (node.metrics as string[]).push('x')).toThrow();
  });

  it('leaves optional fields absent rather than undefined', () => {
    const node = day.metrics('errors').orderBy('errors').toQuery();
    expect('order' in node).toBe(false);
    expect('granularity' in node).toBe(false);
    expect(
      Object.keys(day.metrics('errors').orderBy('errors', 'asc').orderBy('errors').toQuery()),
    ).not.toContain('order');
  });
});

describe('metrics and aggBy', () => {
  it('append in order and ignore repeats', () => {
    const q = day
      .metrics('errors', 'users')
      .metrics('users', 'latency')
      .aggBy('country')
      .aggBy('platform', 'country');
    expect(q.toQuery().metrics).toEqual(['errors', 'users', 'latency']);
    expect(q.toQuery().aggby).toEqual(['country', 'platform']);
  });
});

describe('timeseries', () => {
  it('defaults to auto, which the URL leaves out', () => {
    const q = day.metrics('viewercount').timeseries();
    expect(q.toQuery()).toMatchObject({ aggby: ['timestamp'], granularity: 'auto' });
    expect(q.toURL(BASE)).toMatch(/&aggby=timestamp$/);
    expect(q.timeseries('hour').toURL(BASE)).toContain('&aggby=timestamp&granularity=hour');
  });

  it('takes 5minute and 10minute', () => {
    expect(day.metrics('errors').timeseries('5minute').toSearchParams().get('granularity')).toBe('5minute');
    expect(day.metrics('errors').timeseries('10minute').toQuery().granularity).toBe('10minute');
  });

  it('takes minute and day', () => {
    expect(day.metrics('errors').timeseries('minute').toQuery().granularity).toBe('minute');
    expect(day.metrics('errors').timeseries('day').toSearchParams().get('granularity')).toBe('day');
  });
});

describe('periods', () => {
  it('accepts period text, reordered keys included', () => {
    expect(metricQuery('d').period('end=20,start=10').toQuery().period).toEqual({
      type: 'period',
      start: 10,
      end: 20,
    });
  });

  it('accepts Dates, ISO strings, epoch seconds and digit strings', () => {
    const expected = { type: 'period', start: 1_704_067_200, end: 1_704_153_600 };
    expect(
      metricQuery('d')
        .period({ start: new Date('2024-01-01T00:00:00Z'), end: NOW })
        .toQuery().period,
    ).toEqual(expected);
    expect(
      metricQuery('d').period({ start: '2024-01-01', end: '2024-01-02T00:00:00Z' }).toQuery().period,
    ).toEqual(expected);
    expect(metricQuery('d').between('2024-01-01T00:00:00', '1704153600').toQuery().period).toEqual(expected);
    expect(metricQuery('d').between('2024-01-01T01:00:00+01:00', NOW).toQuery().period).toEqual(expected);
  });

  it('computes relative spans from now or a given instant', () => {
    expect(metricQuery('d').last(2, 'days', { now: NOW }).toQuery().period).toEqual({
      type: 'period',
      start: NOW - 2 * 86_400,
      end: NOW,
    });
    expect(
      metricQuery('d')
        .last(1, 'week', { now: new Date(NOW * 1000) })
        .toQuery().period,
    ).toMatchObject({
      start: NOW - 604_800,
    });
    const before = Math.floor(Date.now() / 1000);
    const p = metricQuery('d').last(30, 'minutes').toQuery().period;
    expect(p).toMatchObject({ type: 'period' });
    if (p?.type === 'period') {
      expect(p.end).toBeGreaterThanOrEqual(before);
      expect(p.end - p.start).toBe(1800);
    }
  });

  it('keeps bad input for validate instead of throwing', () => {
    const cases = [
      metricQuery('d').period('start=5'),
      metricQuery('d').between(20, 10),
      metricQuery('d').between('yesterday', 10),
      metricQuery('d').between(new Date('nope'), 10),
      metricQuery('d').between(1_704_067_200_000, 1_704_153_600_000),
      metricQuery('d').last(-1, 'hours'),
      metricQuery('d').last(1.5, 'seconds'),
      metricQuery('d').between(-10, 10),
    ];
    for (const q of cases) {
      expect(q.toQuery().period).toMatchObject({ type: 'invalid' });
      const codes = validate(q.metrics('errors')).map((d) => d.code);
      expect(codes).toEqual(['invalid_period']);
    }
    const ms = validate(metricQuery('d').metrics('errors').between(1_704_067_200_000, 1_704_153_600_000));
    expect(ms[0]?.message).toMatch(/milliseconds/);
  });
});

describe('where', () => {
  it('adds a clause per call, ANDed', () => {
    const q = day.metrics('errors').where('country', ['US', 'DE']).where('platform', 'ios');
    expect(q.toSearchParams().get('filter')).toBe('[country=US|DE][platform=ios]');
  });

  it('takes raw filter text and merges it with clauses', () => {
    const q = day.metrics('errors').where('[country=US|DE]').where('player', ['p 1']);
    expect(q.toQuery().filter).toEqual({
      type: 'filter',
      clauses: [
        { type: 'clause', dimension: 'country', values: ['US', 'DE'] },
        { type: 'clause', dimension: 'player', values: ['p 1'] },
      ],
    });
  });

  it('deduplicates values and quotes reserved characters in the URL', () => {
    const q = day.metrics('errors').where('key', ['a|b', 'a|b', 'c']);
    expect(q.toQuery().filter).toMatchObject({ clauses: [{ values: ['a|b', 'c'] }] });
    const back = fromURL(q.toURL(BASE));
    expect(back.ok && back.query.filter).toEqual(q.toQuery().filter);
  });

  it('takes any iterable of values from untyped callers, and never throws on junk', () => {
    const fromSet = day.metrics('errors').where('country', new Set(['US', 'DE']) as unknown as string[]);
    expect(fromSet.toSearchParams().get('filter')).toBe('[country=US|DE]');
    for (const junk of [null, 5, {}, [5], ['a\u0000b']]) {
      const q = day.metrics('errors').where('country', junk as unknown as string[]);
      expect(validate(q).map((d) => d.code)).toEqual(['invalid_filter']);
    }
  });

  it('reports bad filters through validate with positions', () => {
    const q = day.metrics('errors').where('[country=US');
    const d = validate(q);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ code: 'invalid_filter', param: 'filter', offset: 11, column: 12 });
    const empty = validate(day.metrics('errors').where('country', []));
    expect(empty.map((x) => x.code)).toEqual(['invalid_filter']);
    const blank = validate(day.metrics('errors').where('country', ['']));
    expect(blank.map((x) => x.code)).toEqual(['invalid_filter']);
  });

  it('positions errors in the joined text when a raw clause follows a valid one', () => {
    const q = day.metrics('errors').where('country', 'US').where('[platform=]');
    expect(q.toQuery().filter).toMatchObject({ type: 'invalid', text: '[country=US][platform=]' });
    expect(validate(q)[0]).toMatchObject({ code: 'invalid_filter', offset: 22 });
  });
});

describe('having', () => {
  it('adds conditions, ANDed, from arguments or text', () => {
    const q = day.metrics('latency').having('latency', '>', 2).having('bufferingratio<=2.5 and errors!=0');
    expect(q.toSearchParams().get('qoefilter')).toBe('latency>2 AND bufferingratio<=2.5 AND errors!=0');
  });

  it('normalises -0 and keeps decimals exact', () => {
    expect(day.metrics('latency').having('latency', '>=', -0).toQuery().qoefilter).toEqual({
      type: 'qoefilter',
      conditions: [{ type: 'condition', metric: 'latency', operator: '>=', value: 0 }],
    });
    expect(day.metrics('latency').having('latency', '<', 0.1).toSearchParams().get('qoefilter')).toBe(
      'latency<0.1',
    );
  });

  it('keeps non-finite numbers and bad text for validate', () => {
    expect(validate(day.metrics('latency').having('latency', '>', Number.NaN)).map((d) => d.code)).toEqual([
      'invalid_qoefilter',
    ]);
    expect(validate(day.metrics('latency').having('latency >')).map((d) => d.code)).toEqual([
      'invalid_qoefilter',
    ]);
  });
});

describe('orderBy, limit, offset, page', () => {
  it('sets order and paging, leaving defaults out of the URL', () => {
    const q = day.metrics('errors').aggBy('country').orderBy('country', 'asc').limit(50).offset(100);
    const params = q.toSearchParams();
    expect(params.get('orderby')).toBe('country');
    expect(params.get('order')).toBe('asc');
    expect(params.get('limit')).toBe('50');
    expect(params.get('offset')).toBe('100');
    expect(day.metrics('errors').limit(1000).offset(0).toSearchParams().has('limit')).toBe(false);
  });

  it('pages by the current or a given page size, 1-based', () => {
    expect(day.metrics('errors').limit(25).page(3).toQuery()).toMatchObject({ limit: 25, offset: 50 });
    expect(day.metrics('errors').page(2, 10).toQuery()).toMatchObject({ limit: 10, offset: 10 });
    expect(day.metrics('errors').page(1).toQuery()).toMatchObject({ limit: 1000, offset: 0 });
    expect(validate(day.metrics('errors').page(0)).map((d) => d.code)).toEqual(['invalid_offset']);
  });

  it('orders a time series by timestamp', () => {
    expect(day.metrics('errors').timeseries().orderBy('timestamp').toSearchParams().get('orderby')).toBe(
      'timestamp',
    );
  });
});

describe('session methods', () => {
  it('sets planlevel from a string or number and agg', () => {
    const q = sessionQuery('demo').planLevel(3).agg(2).toQuery();
    expect(q.planlevel).toBe('3');
    expect(q.agg).toBe(2);
  });
});

describe('serialization helpers', () => {
  it('toURL on the builder matches the free function and JSON prints the node', () => {
    const q = day.metrics('errors');
    expect(q.toURL(BASE)).toBe(toURL(q, { baseUrl: BASE }));
    expect(q.toURL(new URL(`${BASE}/`))).toBe(toURL(q.toQuery(), { baseUrl: BASE }));
    expect(JSON.parse(JSON.stringify(q))).toEqual(q.toQuery());
  });

  it('path-encodes the customer id', () => {
    expect(metricQuery('a b/c').toURL(BASE)).toBe(`${BASE}/metricquery/a%20b%2Fc`);
    expect(validate(metricQuery('a b/c').between(0, 1).metrics('errors')).map((d) => d.code)).toEqual([
      'invalid_customer',
    ]);
  });
});

describe('fromQuery', () => {
  it('continues from an existing node without sharing it', () => {
    const node = day.metrics('errors').aggBy('country').toQuery();
    const b = fromQuery(node).limit(10).metrics('users');
    expect(b.toQuery()).toEqual({ ...node, metrics: ['errors', 'users'], limit: 10 });
    expect(node.limit).toBe(1000);
  });

  it('refuses what is not a query node, with a clear message', () => {
    expect(() => fromQuery(null as unknown as QueryNode)).toThrow(/fromQuery expects a query node/);
    expect(() => fromQuery({ type: 'filter' } as unknown as QueryNode)).toThrow(TypeError);
  });

  it('accepts a parsed URL and session nodes', () => {
    const url = sessionQuery('demo').planLevel('2').agg(1).between(0, 60).metrics('errors').toURL(BASE);
    const r = fromURL(url);
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(fromQuery(r.query).planLevel('3').toURL(BASE)).toBe(url.replace('planlevel=2', 'planlevel=3'));
  });
});
