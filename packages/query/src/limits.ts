// The service's configurable limits (docs/server.md#limits-and-hostile-load) and the arithmetic of time buckets, shared
// by validation here and by the reference service so that both refuse the same queries.
import { MAX_EPOCH_SECONDS as GRAMMAR_MAX_EPOCH_SECONDS } from '@playq/grammar/print';
import type { BucketGranularity, Granularity } from './model';

export interface QueryLimits {
  /** Largest `limit` (page size) accepted. */
  readonly maxLimit: number;
  /** Longest period span, in seconds. */
  readonly maxPeriodSeconds: number;
  /** Most time buckets one time-series query may span. */
  readonly maxBuckets: number;
}

/** The reference service's defaults: `limit` up to 10000, periods up to 366 days, 10000 buckets. */
export const DEFAULT_LIMITS: QueryLimits = Object.freeze({
  maxLimit: 10_000,
  maxPeriodSeconds: 366 * 86_400,
  maxBuckets: 10_000,
});

/** The largest epoch value in seconds a period may name (the grammar's bound, re-exported here). */
export const MAX_EPOCH_SECONDS: number = GRAMMAR_MAX_EPOCH_SECONDS;

const SECONDS: { readonly [G in BucketGranularity]: number } = Object.freeze({
  minute: 60,
  '5minute': 300,
  '10minute': 600,
  hour: 3600,
  day: 86_400,
});

/** The allowed `granularity` values: the fixed ones shortest first, then `auto`. */
export const GRANULARITIES: readonly Granularity[] = Object.freeze([
  'minute',
  '5minute',
  '10minute',
  'hour',
  'day',
  'auto',
]);

/**
 * The length of one time bucket in seconds. `auto` needs the period to be resolved: pass the
 * period, or resolve it first with `resolveGranularity`.
 *
 * @example
 * granularitySeconds('hour'); // 3600
 * granularitySeconds('5minute'); // 300
 * granularitySeconds('auto', { start: 0, end: 86_400 }); // 3600
 */
export function granularitySeconds(granularity: BucketGranularity): number;
export function granularitySeconds(granularity: Granularity, period: PeriodBounds): number;
export function granularitySeconds(granularity: Granularity, period?: PeriodBounds): number {
  const g = granularity === 'auto' ? resolveGranularity('auto', period ?? { start: 0, end: 0 }) : granularity;
  return SECONDS[g];
}

/** Anything with epoch-second bounds: a period AST or `{ start, end }`. */
export interface PeriodBounds {
  readonly start: number;
  readonly end: number;
}

/**
 * The fixed granularity a time series over the period uses: `auto` picks `minute` for periods up
 * to 90 minutes, `10minute` up to 6 hours, `hour` up to 15 days and `day` beyond
 * (docs/server.md#records-dimensions-buckets-order); any other granularity is itself.
 *
 * @example
 * resolveGranularity('auto', { start: 0, end: 5400 }); // 'minute'
 * resolveGranularity('auto', { start: 0, end: 7 * 86_400 }); // 'hour'
 * resolveGranularity('5minute', { start: 0, end: 7 * 86_400 }); // '5minute'
 */
export function resolveGranularity(granularity: Granularity, period: PeriodBounds): BucketGranularity {
  if (granularity !== 'auto') return granularity;
  const span = period.end - period.start;
  if (span <= 90 * 60) return 'minute';
  if (span <= 6 * 3600) return '10minute';
  if (span <= 15 * 86_400) return 'hour';
  return 'day';
}

/**
 * Whether a string is an allowed `granularity` (`auto` included).
 *
 * @example
 * isGranularity('5minute'); // true
 * isGranularity('week'); // false
 */
export function isGranularity(value: string): value is Granularity {
  return value === 'auto' || Object.hasOwn(SECONDS, value);
}

/**
 * How many UTC-aligned buckets the half-open period `[start, end)` touches: buckets start at
 * multiples of the granularity, so a period that is not aligned touches one more.
 *
 * @example
 * bucketCount(0, 7200, 'hour'); // 2
 * bucketCount(1800, 7200, 'hour'); // 2
 * bucketCount(1800, 5400, 'hour'); // 2
 */
export function bucketCount(start: number, end: number, granularity: Granularity): number {
  if (!(end > start)) return 0;
  const g = SECONDS[resolveGranularity(granularity, { start, end })];
  return Math.floor((end - 1) / g) - Math.floor(start / g) + 1;
}
