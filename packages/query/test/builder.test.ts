import { MAX_EPOCH_SECONDS, parseFilter, parsePeriod, parseQoeFilter } from '@playq/grammar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_GRANULARITY,
  fromQuery,
  fromURL,
  type InvalidText,
  metricQuery,
  type QueryNode,
  sessionQuery,
  spanSeconds,
  toEpochSeconds,
  toURL,
  validate,
} from '../src/index';

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

  it('says a reversed period in the dates the user typed as well as in epoch seconds', () => {
    const [d] = validate(metricQuery('demo').between('2026-11-30', '2026-11-29').metrics('viewercount'));
    expect(d).toMatchObject({ code: 'invalid_period' });
    expect(d!.message).toContain(
      'the end 1795910400 (2026-11-29T00:00:00Z) is not after the start 1795996800 (2026-11-30T00:00:00Z)',
    );
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

// Each assertion here pins a result the first mutation run of builder/query-builder.ts and
// builder/time.ts left unchecked: the exact invalid-text node (text, code, message) a bad
// argument becomes, the boundaries of the fast paths, and the messages of the time conversions.

// Plain JavaScript callers (names read at run time) reach the checks the typed chain forbids.
interface Untyped {
  period(...args: unknown[]): Untyped;
  between(...args: unknown[]): Untyped;
  last(...args: unknown[]): Untyped;
  where(...args: unknown[]): Untyped;
  having(...args: unknown[]): Untyped;
  aggBy(...args: unknown[]): Untyped;
  timeseries(...args: unknown[]): Untyped;
  metrics(...args: unknown[]): Untyped;
  toQuery(): QueryNode;
}
const q = metricQuery('demo') as unknown as Untyped;

/** The InvalidText the builder makes for a bad argument: one error spanning the whole text. */
const invalidText = (text: string, message: string, code = 'invalid_value'): InvalidText => ({
  type: 'invalid',
  text,
  errors: [{ code, message, severity: 'error', offset: 0, length: text.length, line: 1, column: 1 }],
});

/** What typed text gives: the grammar's own errors, positioned in that text. */
const asTyped = (text: string, parse: typeof parsePeriod | typeof parseFilter | typeof parseQoeFilter) => {
  const r = parse(text);
  if (r.ok) throw new Error(`expected "${text}" to be rejected`);
  return { type: 'invalid', text, errors: r.errors };
};

describe('period(): values that are neither text nor { start, end }', () => {
  it.each([null, 5, true, undefined])('keeps %j as invalid text with a message', (value) => {
    expect(q.period(value).toQuery().period).toStrictEqual(
      invalidText(String(value), 'A period is text or { start, end }.'),
    );
  });

  it('takes an object through between()', () => {
    expect(q.period({ start: 0, end: 60 }).toQuery().period).toStrictEqual({
      type: 'period',
      start: 0,
      end: 60,
    });
  });
});

describe('between(): conversion errors and the bounds of a period', () => {
  it('joins the messages of both bad instants, with the code invalid_time', () => {
    expect(q.between('soon', 'later').toQuery().period).toStrictEqual(
      invalidText(
        'start=soon,end=later',
        '"soon" is not an ISO-8601 date, a Date or epoch seconds. "later" is not an ISO-8601 date, a Date or epoch seconds.',
        'invalid_time',
      ),
    );
    expect(q.between(0, 1.5).toQuery().period).toStrictEqual(
      invalidText('start=0,end=1.5', '1.5 is not an integer number of epoch seconds.', 'invalid_time'),
    );
  });

  it('accepts 0 ≤ start < end ≤ MAX_EPOCH_SECONDS as a period node', () => {
    for (const [start, end] of [
      [0, 1],
      [0, MAX_EPOCH_SECONDS],
      [MAX_EPOCH_SECONDS - 1, MAX_EPOCH_SECONDS],
    ] as const)
      expect(q.between(start, end).toQuery().period).toStrictEqual({ type: 'period', start, end });
  });

  it('gives the grammar’s errors, positioned in the period text, outside those bounds', () => {
    for (const [start, end] of [
      [100, 100],
      [100, 50],
      [-5, 10],
    ] as const) {
      const text = `start=${start},end=${end}`;
      const period = q.between(start, end).toQuery().period;
      expect(period).toStrictEqual(asTyped(text, parsePeriod));
      expect((period as InvalidText).errors.length).toBeGreaterThan(0);
    }
  });
});

describe('last(): bad clocks and bad spans', () => {
  it('keeps an unusable now as invalid text with the conversion message', () => {
    expect(q.last(1, 'day', { now: 'teatime' }).toQuery().period).toStrictEqual(
      invalidText('teatime', '"teatime" is not an ISO-8601 date, a Date or epoch seconds.', 'invalid_time'),
    );
  });

  it.each([
    [0, 'days'],
    [-1, 'hours'],
    [1.5, 'seconds'],
    [2, 'fortnights'],
  ])('rejects last(%j, %j)', (n, unit) => {
    expect(q.last(n, unit, { now: 1_000_000 }).toQuery().period).toStrictEqual(
      invalidText(
        `last ${n} ${unit}`,
        'last(n, unit) needs a positive whole number of seconds, minutes, hours, days or weeks.',
        'invalid_time',
      ),
    );
  });

  it('ends a good span at now', () => {
    expect(q.last(1, 'second', { now: 1_000_000 }).toQuery().period).toStrictEqual({
      type: 'period',
      start: 999_999,
      end: 1_000_000,
    });
  });
});

describe('where(dimension, values): arguments the grammar never sees', () => {
  it('rejects a name that is not an identifier, sketching the clause it would make', () => {
    expect(q.where('Bad Dim!', ['a', 'b']).toQuery().filter).toStrictEqual(
      invalidText('[Bad Dim!=a|b]', '"Bad Dim!" is not a dimension name.'),
    );
  });

  it('rejects an empty list of values with the code empty_value', () => {
    expect(q.where('Country', []).toQuery().filter).toStrictEqual(
      invalidText('[Country=]', 'The filter on "country" has no values.', 'empty_value'),
    );
  });

  it.each([
    ['an empty value', ['US', '']],
    ['a control character', ['US', 'F\u0007R']],
    ['a value that is not text', ['US', 7]],
  ])('rejects %s', (_name, values) => {
    expect(q.where('country', values).toQuery().filter).toStrictEqual(
      invalidText(
        `[country=${(values as unknown[]).join('|')}]`,
        'The filter on "country" has an empty value or one with control characters.',
      ),
    );
  });

  it('accepts the value "Stryker was here!" like any other', () => {
    expect(q.where('country', 'Stryker was here!').toQuery().filter).toStrictEqual({
      type: 'filter',
      clauses: [{ type: 'clause', dimension: 'country', values: ['Stryker was here!'] }],
    });
  });
});

describe('having(metric, operator, value): arguments the grammar never sees', () => {
  it('rejects a metric that is not an identifier', () => {
    expect(q.having('9 lives', '>', 1).toQuery().qoefilter).toStrictEqual(
      invalidText('9 lives>1', '"9 lives" is not a metric name.'),
    );
  });

  it('rejects a missing or unknown operator, listing the operators', () => {
    const message = (op: string) => `"${op}" is not one of > >= < <= = !=.`;
    expect(q.having('errors', undefined, 2).toQuery().qoefilter).toStrictEqual(
      invalidText('errorsundefined2', message('undefined')),
    );
    expect(q.having('errors', '~', 2).toQuery().qoefilter).toStrictEqual(
      invalidText('errors~2', message('~')),
    );
  });

  it('rejects a missing or non-finite value', () => {
    const message = 'The value compared with errors must be a finite number.';
    expect(q.having('Errors', '>', undefined).toQuery().qoefilter).toStrictEqual(
      invalidText('Errors>undefined', message),
    );
    expect(q.having('errors', '<', Number.NaN).toQuery().qoefilter).toStrictEqual(
      invalidText('errors<NaN', message),
    );
  });

  it('re-parses the joined text when an invalid part meets a valid one', () => {
    // The errors come from the joined text, so their positions point into what the URL carries.
    const invalidFirst = q.having('bad!!').having('errors', '>', 2).toQuery().qoefilter;
    expect(invalidFirst).toStrictEqual(asTyped('bad!! AND errors>2', parseQoeFilter));
    const invalidLast = q.having('errors', '>', 2).having('latency', '~', 1).toQuery().qoefilter;
    expect(invalidLast).toStrictEqual(asTyped('errors>2 AND latency~1', parseQoeFilter));
    expect((invalidLast as InvalidText).errors[0]?.offset).toBeGreaterThan(0);
  });

  it('does the same for filters', () => {
    const filter = q.where('country', 'US').where('[platform=').toQuery().filter;
    expect(filter).toStrictEqual(asTyped('[country=US][platform=', parseFilter));
  });
});

describe('aggBy("timestamp"): the granularity of the series', () => {
  it('defaults to DEFAULT_GRANULARITY and keeps one set earlier', () => {
    expect(q.aggBy('timestamp').toQuery().granularity).toBe(DEFAULT_GRANULARITY);
    expect(DEFAULT_GRANULARITY).toBeDefined();
    const hourly = q.timeseries('hour').aggBy('country');
    expect(hourly.toQuery().granularity).toBe('hour');
    expect(q.aggBy('country').toQuery().granularity).toBeUndefined();
  });
});

describe('toQuery() and fromQuery()', () => {
  it('makes the node once per builder', () => {
    const b = q.metrics('errors');
    expect(b.toQuery()).toBe(b.toQuery());
  });

  const queryLikeFunction = Object.assign(() => undefined, { type: 'query' });
  it.each([null, 'query', { type: 'node' }, queryLikeFunction])(
    'fromQuery(%j) throws a TypeError naming the method',
    (node) => {
      expect(() => fromQuery(node as unknown as QueryNode)).toThrow(
        new TypeError('@playq/query: fromQuery expects a query node (an object with type "query").'),
      );
    },
  );
});

describe('toEpochSeconds and spanSeconds', () => {
  // Date-times without an offset must mean UTC whatever the machine's zone: run these in one that
  // is not UTC, so a local reading would show.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Kolkata';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    ['2024-01-01T00:00', 1_704_067_200],
    ['2024-01-01T00:00:30', 1_704_067_230],
    ['2024-01-01T00:00:30.999', 1_704_067_230],
    ['2024-01-01T00:00:30.5', 1_704_067_230],
    ['2024-01-01T00:00Z', 1_704_067_200],
    ['2024-01-01T05:30+05:30', 1_704_067_200],
    ['2024-01-01', 1_704_067_200],
    [' 2024-01-01 ', 1_704_067_200],
    [' 1704067200 ', 1_704_067_200],
  ])('reads %j as UTC epoch seconds', (text, seconds) => {
    expect(toEpochSeconds(text)).toStrictEqual({ ok: true, seconds });
  });

  it.each(['Mon 2024-01-01', '2024-1-01', 'January 1, 2024', '2024-13-45', '12024-01-01T00:00'])(
    'rejects %j, which is not ISO-8601',
    (text) => {
      expect(toEpochSeconds(text)).toStrictEqual({
        ok: false,
        message: `"${text}" is not an ISO-8601 date, a Date or epoch seconds.`,
      });
    },
  );

  it('rejects an invalid Date and values of other types', () => {
    expect(toEpochSeconds(new Date(Number.NaN))).toStrictEqual({
      ok: false,
      message: 'The Date is invalid.',
    });
    expect(toEpochSeconds(null as never)).toStrictEqual({
      ok: false,
      message: 'null is not a Date, an ISO-8601 string or epoch seconds.',
    });
  });

  it('takes up to 1e11 as seconds and more as a milliseconds slip', () => {
    expect(toEpochSeconds(1e11)).toStrictEqual({ ok: true, seconds: 1e11 });
    expect(toEpochSeconds(-1e11)).toStrictEqual({ ok: true, seconds: -1e11 });
    expect(toEpochSeconds(1_704_067_200_999)).toStrictEqual({
      ok: false,
      message: '1704067200999 looks like epoch milliseconds; the service wants seconds (1704067200).',
    });
    expect(toEpochSeconds('1.5')).toStrictEqual({
      ok: false,
      message: '"1.5" is not an ISO-8601 date, a Date or epoch seconds.',
    });
    expect(toEpochSeconds(2 ** 53)).toStrictEqual({
      ok: false,
      message: '9007199254740992 is not an integer number of epoch seconds.',
    });
  });

  it('spans units in seconds and gives undefined for an unknown unit', () => {
    expect(spanSeconds(2, 'weeks')).toBe(1_209_600);
    expect(spanSeconds(3, 'minute')).toBe(180);
    expect(spanSeconds(2, 'fortnights' as never)).toBeUndefined();
  });
});
