import { MAX_EPOCH_SECONDS, parseFilter, parsePeriod, parseQoeFilter } from '@playq/grammar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_GRANULARITY,
  fromQuery,
  type InvalidText,
  metricQuery,
  type QueryNode,
  spanSeconds,
  toEpochSeconds,
} from '../src/index';

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
