// Metric expressions: the checks that refuse a definition (naming the metric and the part), the
// prose definition printed from a tree, and the JSON form a catalogue file writes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  catalogueProblems,
  DEFAULT_CATALOGUE,
  defineCatalogue,
  describeMetric,
  expr,
  expressionProblems,
  type GroupExpr,
  METRIC_COLUMNS,
  type MetricExpression,
  type Predicate,
  type RowExpr,
} from '../src/index';

const {
  absent,
  add,
  and,
  avg,
  col,
  compare,
  count,
  countDistinct,
  either,
  equals,
  flag,
  metric,
  minutes,
  multiply,
  named,
  not,
  num,
  or,
  overActiveSessions,
  overErrorEvents,
  overSessions,
  present,
  quantile,
  ratio,
  seconds,
  sum,
  when,
} = expr;

const problems = (expression: unknown, more: Record<string, unknown> = {}) =>
  expressionProblems('m', expression, { ...DEFAULT_CATALOGUE.definition.metrics, ...more } as never);

describe('expressionProblems', () => {
  it('finds nothing in the default catalogue, nor in its JSON copy', () => {
    expect(catalogueProblems(DEFAULT_CATALOGUE.definition)).toEqual([]);
    expect(catalogueProblems(JSON.parse(JSON.stringify(DEFAULT_CATALOGUE.definition)))).toEqual([]);
  });

  it('names an unknown column, where it is, and the columns there are', () => {
    const sessionColumns = METRIC_COLUMNS.filter((c) => c.table === 'sessions').map((c) => c.name);
    expect(problems(overSessions(ratio(sum(col('watch_ms')), sum(col('watch_sec')))))).toEqual([
      `metric "m": value.denominator.of: unknown column "watch_sec" (session columns: ${sessionColumns.join(', ')}).`,
    ]);
    expect(problems(overErrorEvents(count(flag('fatall'))))).toEqual([
      'metric "m": value.where: unknown column "fatall" (error event columns: fatal).',
    ]);
  });

  it('refuses mixed levels: a column of the other table, a metric over other rows', () => {
    expect(problems(overErrorEvents(sum(col('watch_ms'))))).toEqual([
      'metric "m": value.of: mixes levels: "watch_ms" is a column of sessions, the metric is over error events.',
    ]);
    expect(problems(overSessions(count(and(present('startup_ms'), flag('fatal')))))).toEqual([
      'metric "m": value.where.items[1]: mixes levels: "fatal" is a column of error events, the metric is over sessions.',
    ]);
    expect(problems(overSessions(ratio(metric('errors'), count())))).toEqual([
      'metric "m": value.numerator: mixes levels: "errors" is over errors, this metric over sessions.',
    ]);
    expect(problems(overActiveSessions(metric('viewercount')))).toEqual([
      'metric "m": value: mixes levels: "viewercount" is over sessions, this metric over active.',
    ]);
  });

  it('refuses an aggregate in a row value and a column outside an aggregate', () => {
    expect(problems(overSessions(count(), sum(col('watch_ms')) as never))).toEqual([
      'metric "m": session: an aggregate (sum) inside a row value.',
    ]);
    expect(problems(overSessions(col('watch_ms') as never))).toEqual([
      'metric "m": value: column "watch_ms" outside an aggregate (count, sum, avg, quantile, countDistinct).',
    ]);
  });

  it('refuses references to unknown metrics and to the metric itself', () => {
    expect(problems(overSessions(metric('nope')))).toEqual([
      'metric "m": value: names "nope", which is not a metric of the catalogue.',
    ]);
    const loop = {
      a: { expression: overSessions(metric('b')) },
      b: { expression: overSessions(metric('a')) },
    };
    expect(expressionProblems('a', loop.a.expression, loop)).toEqual([
      'metric "a": value: refers to itself through a → b → a.',
    ]);
  });

  it('asks a session-level metric, and one on listsessions, for the session’s own value', () => {
    const e = overSessions(count());
    expect(expressionProblems('m', e, {}, { level: 'session' })).toEqual([
      'metric "m": session: a session-level metric needs the session’s own value.',
    ]);
    expect(
      expressionProblems('m', e, {}, { level: 'group', endpoints: ['metricquery', 'listsessions'] }),
    ).toEqual([
      'metric "m": session: a metric on listsessions needs the session’s own value (its list field).',
    ]);
    expect(problems({ rows: 'sessions', value: count(), session: { op: 'events' } })).toEqual([
      'metric "m": session: a session’s own events are the value of a metric over errors.',
    ]);
  });

  it('checks values: quantiles, scale divisors, statuses, columns that are not numbers', () => {
    expect(problems(overSessions(quantile(col('startup_ms'), 1)))).toEqual([
      'metric "m": value: a quantile q is between 0 and 1 (exclusive).',
    ]);
    expect(problems(overSessions(expr.scale(sum(col('watch_ms')), 0, 'minutes')))).toEqual([
      'metric "m": value: a scale divisor is a positive number.',
    ]);
    expect(problems(overSessions(count(equals('status', 'PAUSED'))))).toEqual([
      'metric "m": value.where: status is one of ENDED, DROPPED, RUNNING, LOADED.',
    ]);
    expect(problems(overSessions(sum(col('subscriber_id'))))).toEqual([
      'metric "m": value.of: column "subscriber_id" is not a number (count its distinct values, or test it in where).',
    ]);
    expect(problems(overSessions(countDistinct(either(col('subscriber_id'), col('device_id')))))).toEqual([]);
    expect(problems({ rows: 'minutes', value: count() })).toEqual([
      'metric "m": rows is sessions, active or errors.',
    ]);
  });

  it('makes defineCatalogue throw one TypeError with every problem', () => {
    expect(() =>
      defineCatalogue({
        metrics: { a: { unit: 'count', level: 'group', expression: overSessions(sum(col('x'))) } },
        dimensions: {},
      }),
    ).toThrow(/^@playq\/query: defineCatalogue: metric "a": value\.of: unknown column "x"/);
  });
});

describe('describeMetric', () => {
  it('reads as the formula, with named terms and metrics by name', () => {
    expect(describeMetric(overSessions(named('Plays', count(present('startup_ms')))))).toBe(
      'Plays: sessions with a first frame.',
    );
    expect(
      describeMetric(
        overSessions(ratio(multiply(num(100), metric('totalstartupfailure')), metric('attempts'))),
      ),
    ).toBe('100 * totalstartupfailure / attempts, 0 when attempts is 0.');
    expect(describeMetric(overSessions(minutes(sum(add(col('watch_ms'), col('rebuffer_ms'))))))).toBe(
      'Sum of (watch time + rebuffering time), in minutes.',
    );
    expect(
      describeMetric(overSessions(seconds(quantile(col('startup_ms'), 0.95, present('startup_ms'))))),
    ).toBe(
      '95th percentile of startup time over sessions with a first frame (linear interpolation), in seconds.',
    );
    expect(describeMetric(overErrorEvents(count(not(flag('fatal')))))).toBe(
      'Error events in the window (business ones only with businesserror=true) that are not fatal.',
    );
    expect(describeMetric(overSessions(avg(when(absent('startup_ms'), num(0), col('watch_ms')))))).toBe(
      'Mean (0 for those without a first frame, else watch time) over sessions.',
    );
  });

  it('gives every default metric a sentence of its own expression', () => {
    for (const m of Object.values(DEFAULT_CATALOGUE.metrics)) {
      expect(m.description, m.name).toBe(describeMetric(m.expression!));
      expect(m.description, m.name).toMatch(/^[A-Za-z0-9].*\.$/);
    }
  });
});

// Well-formed trees over the session columns: every one checks, prints a sentence, and survives its
// JSON form (what a catalogue file holds) unchanged.
const NUMBER_COLUMNS = [
  'startup_ms',
  'watch_ms',
  'rebuffer_ms',
  'rebuffer_count',
  'cdn_changes',
  'bytes_downloaded',
];
const predicate: fc.Arbitrary<Predicate> = fc.letrec<{ p: Predicate }>((tie) => ({
  p: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      present('startup_ms'),
      absent('subscriber_id'),
      flag('business_failure'),
      equals('status', 'ENDED'),
    ),
    fc
      .tuple(
        fc.constantFrom(...NUMBER_COLUMNS),
        fc.constantFrom('>', '<=', '!=' as const),
        fc.integer({ min: 0, max: 9 }),
      )
      .map(([c, op, v]) => compare(col(c), op, v)),
    tie('p').map(not),
    fc.array(tie('p'), { minLength: 1, maxLength: 3 }).map((items) => and(...items)),
    fc.array(tie('p'), { minLength: 1, maxLength: 3 }).map((items) => or(...items)),
  ),
})).p;
const row: fc.Arbitrary<RowExpr> = fc.letrec<{ r: RowExpr }>((tie) => ({
  r: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...NUMBER_COLUMNS).map(col),
    fc.integer({ min: 1, max: 100 }).map(num),
    fc.tuple(tie('r'), tie('r')).map(([a, b]) => add(a, b)),
    fc.tuple(tie('r'), tie('r')).map(([a, b]) => ratio(a, b)),
    tie('r').map((r) => seconds(r)),
    fc.tuple(predicate, tie('r'), tie('r')).map(([p, a, b]) => when(p, a, b)),
  ),
})).r;
const group: fc.Arbitrary<GroupExpr> = fc.letrec<{ g: GroupExpr }>((tie) => ({
  g: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.option(predicate, { nil: undefined }).map((w) => count(w)),
    fc.tuple(row, fc.option(predicate, { nil: undefined })).map(([r, w]) => sum(r, w)),
    fc.tuple(row, fc.option(predicate, { nil: undefined })).map(([r, w]) => avg(r, w)),
    fc.tuple(row, fc.double({ min: 0.01, max: 0.99, noNaN: true })).map(([r, q]) => quantile(r, q)),
    fc.constantFrom('viewercount', 'playdur', 'users').map(metric),
    fc.tuple(tie('g'), tie('g')).map(([a, b]) => ratio(a, b)),
    fc.tuple(tie('g'), tie('g')).map(([a, b]) => multiply(a, b)),
    tie('g').map((g) => minutes(g)),
  ),
})).g;
const expression: fc.Arbitrary<MetricExpression> = fc
  .tuple(group, fc.option(row, { nil: undefined }))
  .map(([value, own]) => overSessions(value, own));

describe('any well-formed expression', () => {
  it('checks, reads as a sentence, and keeps both through its JSON form', () => {
    fc.assert(
      fc.property(expression, (e) => {
        expect(problems(e)).toEqual([]);
        const text = describeMetric(e);
        expect(text).toMatch(/^\S.*\.$/s);
        const copy = JSON.parse(JSON.stringify(e)) as MetricExpression;
        expect(copy).toEqual(e);
        expect(describeMetric(copy)).toBe(text);
        expect(problems(copy)).toEqual([]);
      }),
    );
  });
});
