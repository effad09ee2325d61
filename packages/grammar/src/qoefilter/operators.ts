// The comparison operators of the qoefilter language, in the order messages list them: the one
// list every package imports (through `@playq/query`), so an operator is added in one place.
import type { ComparisonOperator } from '../ast';

/** The qoefilter comparison operators: `>`, `>=`, `<`, `<=`, `=`, `!=`. */
export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = Object.freeze([
  '>',
  '>=',
  '<',
  '<=',
  '=',
  '!=',
]);
