// A session-level condition on an integer column divided by a constant (a startup time in ms, tested
// in seconds) as the same test on the column itself: `startup_ms / 1000.0 > v` holds exactly when
// `startup_ms > A`, for the integer bound A computed here with the same double arithmetic. DuckDB
// evaluates a plain column comparison in the scan; the division costs a pass over every row.
import type { ComparisonOperator } from '@playq/grammar';
import type { Params } from './params';

/** Integers beyond this are not exact in a double: no bound is computed for values that far. */
const EXACT = 2 ** 52;

/**
 * `n / divisor` for integers n, in doubles: non-decreasing in n, so every comparison with `value`
 * holds on an interval of n, bounded by `atMost` (the largest n whose quotient is at most
 * `value`) and `atLeast` (the smallest n whose quotient is at least `value`).
 */
export function quotientBounds(
  divisor: number,
  value: number,
): { atMost: number; atLeast: number } | undefined {
  if (!Number.isFinite(value) || Math.abs(value * divisor) > EXACT) return undefined;
  const q = (n: number) => n / divisor;
  let atMost = Math.floor(value * divisor);
  while (q(atMost + 1) <= value) atMost++;
  while (q(atMost) > value) atMost--;
  let atLeast = Math.ceil(value * divisor);
  while (q(atLeast - 1) >= value) atLeast--;
  while (q(atLeast) < value) atLeast++;
  return { atMost, atLeast };
}

/**
 * `(column / divisor) op value` as a comparison of `column` with bound integers (a null column
 * fails both forms), or `undefined` for a value too large to bound exactly.
 *
 * @example
 * scaledCondition('startup_ms', 1000, '>', 2, params); // 'startup_ms > $1' with $1 = 2000
 */
export function scaledCondition(
  column: string,
  divisor: number,
  op: ComparisonOperator,
  value: number,
  params: Params,
): string | undefined {
  const bounds = quotientBounds(divisor, value);
  if (bounds === undefined) return undefined;
  const { atMost, atLeast } = bounds;
  switch (op) {
    case '>':
      return `${column} > ${params.bigint(atMost)}`;
    case '<=':
      return `${column} <= ${params.bigint(atMost)}`;
    case '>=':
      return `${column} >= ${params.bigint(atLeast)}`;
    case '<':
      return `${column} < ${params.bigint(atLeast)}`;
    case '=':
      return `(${column} >= ${params.bigint(atLeast)} AND ${column} <= ${params.bigint(atMost)})`;
    case '!=':
      return `(${column} < ${params.bigint(atLeast)} OR ${column} > ${params.bigint(atMost)})`;
  }
}
