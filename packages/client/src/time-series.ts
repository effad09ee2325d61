// Time-series results only hold buckets with data (docs/server.md#records-dimensions-buckets-order). Charts want every bucket:
// this fills the gaps over the query's period and turns epoch-second timestamps into Dates.
import { type Granularity, granularitySeconds } from '@playq/query';

/** What a missing bucket holds: a value for every metric, or a function of the bucket start. */
export type FillValue<R> = number | null | ((timestamp: Date) => Omit<R, 'timestamp' | 'totalpages'>);

export interface FillTimeSeriesOptions<R> {
  /** The query's period, `[start, end)` in epoch seconds (a `PeriodAst` fits); it resolves `auto`. */
  readonly period: { readonly start: number; readonly end: number };
  readonly granularity: Granularity;
  /** What to put in empty buckets. Default `0`, as the service reports a metric with no data. */
  readonly fill?: FillValue<R>;
  /** Metric names to fill; by default the numeric fields of the records. Needed when there are none. */
  readonly metrics?: readonly string[];
}

/** A time-series record with its `timestamp` as a `Date`. */
export type DatedRecord<R> = Omit<R, 'timestamp'> & { readonly timestamp: Date };

// Beyond this a caller has almost certainly passed milliseconds or the wrong granularity.
const MAX_BUCKETS = 1_000_000;

/**
 * Every bucket of a time series in order, with `timestamp` as a `Date`, missing buckets filled.
 *
 * @example
 * ```ts
 * const q = metricQuery('demo').between(start, end).metrics('errors').timeSeries('hour');
 * const filled = fillTimeSeries(await client.all(q), { period: { start, end }, granularity: 'hour' });
 * filled[0]?.timestamp instanceof Date; // true
 * ```
 */
export function fillTimeSeries<R extends { readonly timestamp: number }>(
  records: readonly R[],
  options: FillTimeSeriesOptions<R>,
): DatedRecord<R>[] {
  const { period, granularity } = options;
  if (
    !Number.isSafeInteger(period?.start) ||
    !Number.isSafeInteger(period?.end) ||
    period.start >= period.end
  ) {
    throw new RangeError(
      '@playq/client: fillTimeSeries() needs a period of integer epoch seconds with start < end',
    );
  }
  const step = granularitySeconds(granularity, period);
  const first = Math.floor(period.start / step) * step;
  const count = Math.ceil((period.end - first) / step);
  if (count > MAX_BUCKETS) {
    throw new RangeError(
      `@playq/client: fillTimeSeries() would make ${count} ${granularity} buckets (at most ${MAX_BUCKETS}); is the period in seconds?`,
    );
  }
  const byBucket = new Map<number, R>();
  for (const [i, record] of records.entries()) {
    const ts = record?.timestamp;
    if (!Number.isSafeInteger(ts) || ts % step !== 0 || ts < first || ts >= period.end) {
      throw new RangeError(
        `@playq/client: fillTimeSeries() record ${i} has timestamp ${String(ts)}, not a ${granularity} bucket start inside the period`,
      );
    }
    if (byBucket.has(ts))
      throw new RangeError(`@playq/client: fillTimeSeries() records hold bucket ${ts} twice`);
    byBucket.set(ts, record);
  }
  const metrics = options.metrics ?? [
    ...new Set(
      records.flatMap((r) =>
        Object.keys(r).filter(
          (k) =>
            k !== 'timestamp' && k !== 'totalpages' && typeof (r as Record<string, unknown>)[k] === 'number',
        ),
      ),
    ),
  ];
  const fill = options.fill === undefined ? 0 : options.fill;
  const out: DatedRecord<R>[] = [];
  for (let i = 0; i < count; i++) {
    const ts = first + i * step;
    const timestamp = new Date(ts * 1000);
    const found = byBucket.get(ts);
    if (found) {
      out.push({ ...found, timestamp } as DatedRecord<R>);
    } else if (typeof fill === 'function') {
      out.push({ ...fill(timestamp), timestamp } as DatedRecord<R>);
    } else {
      const filled: Record<string, unknown> = {};
      for (const m of metrics) filled[m] = fill;
      out.push({ ...filled, timestamp } as DatedRecord<R>);
    }
  }
  return out;
}
