// The service's configurable limits (DESIGN section 4) and the arithmetic of time buckets, shared
// by validation here and by the reference service so that both refuse the same queries.
import type { Granularity } from './model';

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

const SECONDS: { readonly [G in Granularity]: number } = Object.freeze({
  minute: 60,
  hour: 3600,
  day: 86_400,
});

/** The allowed `granularity` values, shortest first. */
export const GRANULARITIES: readonly Granularity[] = Object.freeze(['minute', 'hour', 'day']);

/**
 * The length of one time bucket in seconds.
 *
 * @example
 * granularitySeconds('hour'); // 3600
 */
export function granularitySeconds(granularity: Granularity): number {
  return SECONDS[granularity];
}

/**
 * Whether a string is an allowed `granularity`.
 *
 * @example
 * isGranularity('day'); // true
 * isGranularity('week'); // false
 */
export function isGranularity(value: string): value is Granularity {
  return Object.hasOwn(SECONDS, value);
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
  const g = SECONDS[granularity];
  return Math.floor((end - 1) / g) - Math.floor(start / g) + 1;
}
