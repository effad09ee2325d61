// Canonical period text: always `start=…,end=…`.

import type { PeriodAst } from '../ast';
import { MAX_EPOCH_SECONDS } from './bounds';

/**
 * Print a period AST as canonical text. Throws a `RangeError` for an AST no period text can
 * express (non-integer or negative seconds, above 10^11, or `start >= end`).
 *
 * @example
 * ```ts
 * serializePeriod({ type: 'period', start: 1700000000, end: 1700086400 });
 * // 'start=1700000000,end=1700086400'
 * ```
 */
export function serializePeriod(ast: PeriodAst): string {
  const { start, end } = ast;
  checkSeconds('start', start);
  checkSeconds('end', end);
  if (start >= end)
    throw new RangeError(`@playq/grammar: the period start ${start} is not before its end ${end}`);
  return `start=${start},end=${end}`;
}

function checkSeconds(key: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0 || v > MAX_EPOCH_SECONDS) {
    throw new RangeError(
      `@playq/grammar: the period ${key} ${v} is not an integer number of seconds in [0, 1e11]`,
    );
  }
}
