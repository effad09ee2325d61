// Arbitraries for the qoefilter language.

import fc from 'fast-check';
import type { ComparisonOperator, QoeCondition, QoeFilterAst } from '../ast';
import { COMPARISON_OPERATORS } from '../qoefilter/operators';
import { parseQoeFilter } from '../qoefilter/parse';
import { formatNumber } from '../text';
import { mutatedText } from './filter';
import { anyCase, checkMax, concat, gap, nameFrom, separator } from './shared';

/** Limits for the qoefilter arbitraries. */
export interface QoeFilterConstraints {
  /** Restrict metric names to these identifiers (for example the query catalogue). */
  readonly metrics?: readonly string[];
  /** At most this many conditions (default 5). */
  readonly maxConditions?: number;
  /** Restrict the operators. */
  readonly operators?: readonly ComparisonOperator[];
}

const OPERATORS = COMPARISON_OPERATORS;

/**
 * A finite number other than `-0`, biased towards the values people write (small integers,
 * two-decimal values) but covering the whole double range.
 *
 * @example
 * ```ts
 * fc.sample(qoeNumber(), 3); // e.g. [5, -2.25, 1.7976931348623157e308]
 * ```
 */
export function qoeNumber(): fc.Arbitrary<number> {
  return fc
    .oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: -100000, max: 100000 }).map((n) => n / 100),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    )
    .map((n) => (n === 0 ? 0 : n));
}

/**
 * A qoefilter AST: 1..maxConditions conditions with identifier metrics (from `metrics` when
 * given), any operator and finite numbers.
 *
 * @example
 * ```ts
 * fc.sample(qoeFilterAst({ metrics: ['latency'] }), 1);
 * ```
 */
export function qoeFilterAst(constraints: QoeFilterConstraints = {}): fc.Arbitrary<QoeFilterAst> {
  const max = checkMax(constraints.maxConditions, 5, 'maxConditions');
  const operators = constraints.operators ?? OPERATORS;
  if (operators.length === 0 || operators.some((o) => !OPERATORS.includes(o))) {
    throw new RangeError(
      `@playq/grammar/arbitraries: operators must be a non-empty subset of ${OPERATORS.join(' ')}`,
    );
  }
  const condition: fc.Arbitrary<QoeCondition> = fc.record({
    type: fc.constant('condition' as const),
    metric: nameFrom(constraints.metrics, 'metrics'),
    operator: fc.constantFrom(...operators),
    value: qoeNumber(),
  });
  return fc.record({
    type: fc.constant('qoefilter' as const),
    conditions: fc.array(condition, { minLength: 1, maxLength: max }),
  });
}

// Other spellings of the same number: exponent form, trailing and leading zeros, `-0`.
function numberSpelling(n: number): fc.Arbitrary<string> {
  const canonical = formatNumber(n);
  const spellings = [canonical, n.toExponential()];
  if (!/e/.test(canonical)) {
    spellings.push(canonical.includes('.') ? canonical + '00' : canonical + '.0');
    spellings.push(n < 0 ? '-0' + canonical.slice(1) : '00' + canonical);
  }
  if (n === 0) spellings.push('-0', '0e5');
  return fc.constantFrom(...spellings);
}

/**
 * A valid qoefilter text with the AST it must parse to: mixed-case metrics and `AND`, free
 * whitespace, other spellings of the numbers.
 *
 * @example
 * ```ts
 * fc.sample(qoeFilterSpelling(), 1); // e.g. [{ text: 'Latency >= 2.50 and x<1e3', ast: ... }]
 * ```
 */
export function qoeFilterSpelling(
  constraints: QoeFilterConstraints = {},
): fc.Arbitrary<{ text: string; ast: QoeFilterAst }> {
  return qoeFilterAst(constraints).chain((ast) => {
    const parts: fc.Arbitrary<string>[] = [gap()];
    ast.conditions.forEach((c, i) => {
      if (i > 0) parts.push(separator(), anyCase('and'), separator());
      parts.push(anyCase(c.metric), gap(), fc.constant(c.operator), gap(), numberSpelling(c.value));
    });
    parts.push(gap());
    return concat(parts).map((text) => ({ text, ast }));
  });
}

/**
 * A valid qoefilter text, canonical or not.
 *
 * @example
 * ```ts
 * fc.sample(qoeFilterText(), 1); // e.g. ['bufferingratio>5 AND LATENCY <= 2.50']
 * ```
 */
export function qoeFilterText(constraints: QoeFilterConstraints = {}): fc.Arbitrary<string> {
  return qoeFilterSpelling(constraints).map((s) => s.text);
}

/**
 * A qoefilter text that does not parse, made by mutating a valid one.
 *
 * @example
 * ```ts
 * fc.sample(malformedQoeFilterText(), 1); // e.g. ['latency>2.5 AN']
 * ```
 */
export function malformedQoeFilterText(constraints: QoeFilterConstraints = {}): fc.Arbitrary<string> {
  return mutatedText(qoeFilterText(constraints)).filter((s) => !parseQoeFilter(s).ok);
}
