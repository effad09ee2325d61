// Arbitraries for the period language.

import fc from 'fast-check';
import type { PeriodAst } from '../ast';
import { MAX_EPOCH_SECONDS } from '../period/bounds';
import { parsePeriod } from '../period/parse';
import { mutatedText } from './filter';
import { anyCase, concat, gap } from './shared';

/** Limits for the period arbitraries, in epoch seconds. */
export interface PeriodConstraints {
  /** Earliest start (default 0). */
  readonly min?: number;
  /** Latest end (default 10^11, the largest the grammar accepts). */
  readonly max?: number;
  /** Longest span end - start. */
  readonly maxSpan?: number;
}

/**
 * A period AST: integer seconds, `min <= start < end <= max`.
 *
 * @example
 * ```ts
 * fc.sample(periodAst({ min: 1_700_000_000, max: 1_800_000_000, maxSpan: 86_400 }), 1);
 * ```
 */
export function periodAst(constraints: PeriodConstraints = {}): fc.Arbitrary<PeriodAst> {
  const min = constraints.min ?? 0;
  const max = constraints.max ?? MAX_EPOCH_SECONDS;
  const maxSpan = constraints.maxSpan ?? max - min;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max > MAX_EPOCH_SECONDS || min >= max) {
    throw new RangeError('@playq/grammar/arbitraries: need integers 0 <= min < max <= 1e11');
  }
  if (!Number.isInteger(maxSpan) || maxSpan < 1) {
    throw new RangeError('@playq/grammar/arbitraries: maxSpan must be an integer of at least 1');
  }
  return fc.integer({ min, max: max - 1 }).chain((start) =>
    fc.integer({ min: start + 1, max: Math.min(max, start + maxSpan) }).map((end) => ({
      type: 'period' as const,
      start,
      end,
    })),
  );
}

/**
 * A valid period text with the AST it must parse to: keys in either order and any case,
 * whitespace around tokens, leading zeros.
 *
 * @example
 * ```ts
 * fc.sample(periodSpelling(), 1); // e.g. [{ text: ' END=20,start = 010', ast: { type: 'period', start: 10, end: 20 } }]
 * ```
 */
export function periodSpelling(
  constraints: PeriodConstraints = {},
): fc.Arbitrary<{ text: string; ast: PeriodAst }> {
  return periodAst(constraints).chain((ast) => {
    const entry = (key: string, n: number) =>
      concat([
        gap(),
        anyCase(key),
        gap(),
        fc.constant('='),
        gap(),
        fc.constantFrom(String(n), '0' + n),
        gap(),
      ]);
    const start = entry('start', ast.start);
    const end = entry('end', ast.end);
    return fc
      .tuple(fc.boolean(), start, end)
      .map(([swap, s, e]) => ({ text: swap ? `${e},${s}` : `${s},${e}`, ast }));
  });
}

/**
 * A valid period text, canonical or not.
 *
 * @example
 * ```ts
 * fc.sample(periodText(), 1); // e.g. ['end=1700086400,start=1700000000']
 * ```
 */
export function periodText(constraints: PeriodConstraints = {}): fc.Arbitrary<string> {
  return periodSpelling(constraints).map((s) => s.text);
}

/**
 * A period text that does not parse, made by mutating a valid one.
 *
 * @example
 * ```ts
 * fc.sample(malformedPeriodText(), 1); // e.g. ['start=17000,end']
 * ```
 */
export function malformedPeriodText(constraints: PeriodConstraints = {}): fc.Arbitrary<string> {
  return mutatedText(periodText(constraints)).filter((s) => !parsePeriod(s).ok);
}
