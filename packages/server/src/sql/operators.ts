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
