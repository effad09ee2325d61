// Where `--last` ends when `--end` is not given: the one rule of `lastPeriodEnd` (@playq/query),
// which the builder's `last()` follows too. A time series ends at the last whole bucket before now,
// so `--last 24h --granularity hour` is 24 complete hours; anything else ends at "now" rounded up to
// the minute, so URLs made within a minute are the same.
import { isGranularity, isTimeSeries, lastPeriodEnd as periodEnd } from '@playq/query';

/**
 * The end, in epoch seconds, of a `--last` period without `--end`.
 *
 * @example
 * lastPeriodEnd({ aggby: ['timestamp'], granularity: 'hour' }, 1767229500); // 1767229200 (whole hour)
 * lastPeriodEnd({ aggby: ['timestamp'], last: 86400 }, 1767229500); // 1767229200 (auto: hourly for a day)
 * lastPeriodEnd({ aggby: ['country'] }, 1767229501); // 1767229560 (next minute)
 */
export function lastPeriodEnd(
  flags: { readonly aggby?: readonly string[]; readonly granularity?: string; readonly last?: number },
  nowSeconds: number,
): number {
  const aggby = flags.aggby ?? [];
  if (!isTimeSeries({ aggby })) return Math.ceil(nowSeconds / 60) * 60;
  // A granularity the flags misspell is reported by validation; the period ends as for `auto`.
  const granularity =
    flags.granularity !== undefined && isGranularity(flags.granularity) ? flags.granularity : 'auto';
  return periodEnd({ aggby, granularity }, flags.last ?? 86_400, nowSeconds);
}
