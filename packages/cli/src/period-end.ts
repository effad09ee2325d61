// Where `--last` ends when `--end` is not given. A time series ends at the last whole bucket, so
// `--last 24h --granularity hour` is 24 complete hours, never 25 with a partial one at each end;
// anything else ends at "now" rounded up to the minute, so URLs made within a minute are the same.
import { granularitySeconds, isGranularity, isTimeSeries } from '@playq/query';

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
  if (isTimeSeries({ aggby: flags.aggby ?? [] })) {
    // `auto` resolves from the period's length, which `--last` gives before the end is known.
    const granularity = flags.granularity ?? 'auto';
    const span = { start: 0, end: flags.last ?? 86_400 };
    const bucket = isGranularity(granularity) ? granularitySeconds(granularity, span) : 3600;
    return Math.floor(nowSeconds / bucket) * bucket;
  }
  return Math.ceil(nowSeconds / 60) * 60;
}
