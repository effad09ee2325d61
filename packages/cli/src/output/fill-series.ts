// Time-series results only hold buckets with data (docs/server.md#records-dimensions-buckets-order); a chart drawn from them
// would squeeze quiet hours out of the picture. This fills the gaps with zeros for charting only —
// tables and exports keep exactly what the service returned.
import { fillTimeSeries } from '@playq/client';
import { isTimeSeries, type QueryNode } from '@playq/query';

type Row = Readonly<Record<string, unknown>>;

/**
 * A function that fills a complete time series of `query` for a chart, or `undefined` when the
 * query is not a time series starting at its first record (an offset leaves the start unknown).
 *
 * @example
 * const fill = seriesFiller(query);
 * const rows = fill ? fill(records) : records;
 */
export function seriesFiller(query: QueryNode): ((records: readonly Row[]) => Row[]) | undefined {
  const period = query.period;
  if (!isTimeSeries(query) || period?.type !== 'period' || query.offset !== 0) return undefined;
  const granularity = query.granularity ?? 'auto';
  const metrics = query.metrics;
  return (records) => {
    const typed = records.filter((r): r is Row & { timestamp: number } => typeof r.timestamp === 'number');
    if (typed.length !== records.length) return [...records];
    return fillTimeSeries(typed, { period, granularity, metrics }).map((r) => ({
      ...r,
      timestamp: r.timestamp.getTime() / 1000,
    }));
  };
}
