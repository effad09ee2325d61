import { describe, expect, it } from 'vitest';
import { checkText, complete, completeSync, type QueryDiagnostic } from '../src/index';

// Exact diagnostics of checkText (code, param, message, position, hint) for the cases the first
// mutation run of complete/check-text.ts left unchecked, and complete() with a value provider
// that answers something other than an array.

/** checkText's diagnostics without the grammar diagnostic each one wraps. */
const check = (...args: Parameters<typeof checkText>): Omit<QueryDiagnostic, 'cause'>[] =>
  checkText(...args).map(({ cause: _cause, ...d }) => d);

const at = (offset: number, length: number) => ({ offset, length, line: 1, column: offset + 1 });

describe('checkText: names written before the first grammar error', () => {
  it('reports each unknown dimension, then the grammar error, with positions and hints', () => {
    expect(check('filter', '[contry=US][platfrm')).toStrictEqual([
      {
        code: 'unknown_dimension',
        message: 'filter: Unknown dimension "contry"; did you mean "country"?',
        severity: 'error',
        param: 'filter',
        ...at(1, 6),
        hint: 'country',
      },
      {
        code: 'unknown_dimension',
        message: 'filter: Unknown dimension "platfrm"; did you mean "platform"?',
        severity: 'error',
        param: 'filter',
        ...at(12, 7),
        hint: 'platform',
      },
      {
        code: 'invalid_filter',
        message: "filter: found end of input, expected '=' after the dimension 'platfrm'",
        severity: 'error',
        param: 'filter',
        ...at(19, 0),
      },
    ]);
  });

  it('checks a name that ends exactly where the error starts', () => {
    expect(check('filter', '[contry').map((d) => [d.code, d.offset, d.length, d.hint])).toStrictEqual([
      ['unknown_dimension', 1, 6, 'country'],
      ['invalid_filter', 7, 0, undefined],
    ]);
  });

  it('leaves names after the first error alone', () => {
    expect(check('filter', '[country=US]x[platfrm=ios]').map((d) => [d.code, d.offset])).toStrictEqual([
      ['invalid_filter', 12],
    ]);
  });

  it('suggests metrics, not dimensions, for a qoefilter', () => {
    expect(check('qoefilter', 'latency>5 AND errrs')).toStrictEqual([
      {
        code: 'unknown_metric',
        message: 'qoefilter: Unknown metric "errrs"; did you mean "errors"?',
        severity: 'error',
        param: 'qoefilter',
        ...at(14, 5),
        hint: 'errors',
      },
      {
        code: 'invalid_qoefilter',
        message: 'qoefilter: found end of input, expected a comparison operator after the metric',
        severity: 'error',
        param: 'qoefilter',
        ...at(19, 0),
      },
    ]);
    expect(check('qoefilter', 'latncy').map((d) => [d.code, d.hint])).toStrictEqual([
      ['unknown_metric', 'latency'],
      ['invalid_qoefilter', undefined],
    ]);
  });
});

describe('checkText: each kind under its own parameter', () => {
  it('re-codes period errors as invalid_period', () => {
    expect(check('period', 'start=5,end=1')).toStrictEqual([
      {
        code: 'invalid_period',
        message:
          'period: the end 1 (1970-01-01T00:00:01Z) is not after the start 5 (1970-01-01T00:00:05Z); a period is the half-open interval [start, end)',
        severity: 'error',
        param: 'period',
        ...at(12, 1),
      },
    ]);
    expect(check('period', 'start=1,end=2')).toStrictEqual([]);
  });

  it('keeps filter warnings as invalid_filter warnings', () => {
    expect(check('filter', '[country=US|US]')).toStrictEqual([
      {
        code: 'invalid_filter',
        message: "filter: the value 'US' is repeated in the clause on 'country'; the repetition is ignored",
        severity: 'warning',
        param: 'filter',
        ...at(12, 2),
      },
    ]);
  });

  it('re-codes qoefilter errors as invalid_qoefilter', () => {
    expect(check('qoefilter', 'latency>')).toStrictEqual([
      {
        code: 'invalid_qoefilter',
        message: 'qoefilter: found end of input, expected a number such as 5, -2.5 or 1e3',
        severity: 'error',
        param: 'qoefilter',
        ...at(8, 0),
      },
    ]);
  });

  it('reads a value that is not text as empty text', () => {
    expect(check('filter', 42 as never)).toStrictEqual([
      {
        code: 'invalid_filter',
        message: "filter: the filter is empty, expected a clause such as '[country=US]'",
        severity: 'error',
        param: 'filter',
        ...at(0, 0),
      },
    ]);
  });

  it('has nothing to say about a kind it does not know', () => {
    expect(check('sort' as never, 'start=5,end=1')).toStrictEqual([]);
  });
});

describe('complete: a value provider that answers something other than an array', () => {
  it('offers what completeSync offers, for the same dimension', async () => {
    const r = await complete('filter', '[country=U', 10, { values: async () => 'US' as never });
    expect(r).toStrictEqual(completeSync('filter', '[country=U', 10));
    expect(r.valuesFor).toBe('country');
    expect(r.suggestions.map((s) => s.label)).toStrictEqual(['|', ']']);
  });
});
