// The SQL spelling of each comparison operator of the qoefilter grammar (the grammar owns the
// operators: one added there fails this file's typecheck until it has a spelling).
import type { ComparisonOperator } from '@playq/grammar';

export const QOE_OPERATORS: { readonly [K in ComparisonOperator]: string } = Object.freeze({
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  '=': '=',
  '!=': '<>',
});

/** Each operator as a JS test, for comparisons a compiler decides on (a count of 0 against a value). */
export const QOE_TESTS: { readonly [K in ComparisonOperator]: (a: number, b: number) => boolean } =
  Object.freeze({
    '>': (a, b) => a > b,
    '>=': (a, b) => a >= b,
    '<': (a, b) => a < b,
    '<=': (a, b) => a <= b,
    '=': (a, b) => a === b,
    '!=': (a, b) => a !== b,
  });
