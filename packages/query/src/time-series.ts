// "Is a time series", "is one record per error event" and "how long is a bucket" for a query: wire
// facts every package needs (the client's gap filling, the reference service's SQL, the contract
// checks and arbitraries, the CLI's charts), owned here once.
import { TIMESTAMP } from './catalogue/catalogue';
import { granularitySeconds } from './limits';
import { DEFAULT_GRANULARITY, type QueryNode } from './model';

/**
 * Whether a query answers one record per error event: a session query with `agg=2`, which
 * ignores `aggby` (a time series' included).
 *
 * @example
 * isPerEventQuery(sessionQuery('demo').agg(2).metrics('errors').toQuery()); // true
 */
export function isPerEventQuery(query: Partial<Pick<QueryNode, 'endpoint' | 'agg'>>): boolean {
  return query.endpoint === 'session' && query.agg === 2;
}

/**
 * Whether a query is a time series: `aggby` is exactly `timestamp`, and the answer is not one
 * record per error event (`agg=2` on the session endpoint ignores `aggby`).
 *
 * @example
 * isTimeSeries(metricQuery('demo').metrics('errors').timeseries().toQuery()); // true
 */
export function isTimeSeries(
  query: Pick<QueryNode, 'aggby'> & Partial<Pick<QueryNode, 'endpoint' | 'agg'>>,
): boolean {
  return query.aggby.length === 1 && query.aggby[0] === TIMESTAMP && !isPerEventQuery(query);
}

/**
 * The bucket length in seconds of a time series, with `auto` resolved from its period; `undefined`
 * when the query is not a time series or its period did not parse.
 *
 * @example
 * bucketSeconds(metricQuery('demo').between(0, 86_400).metrics('errors').timeseries().toQuery()); // 3600
 */
export function bucketSeconds(
  query: Pick<QueryNode, 'aggby' | 'granularity' | 'period'> & Partial<Pick<QueryNode, 'endpoint' | 'agg'>>,
): number | undefined {
  if (!isTimeSeries(query) || query.period === undefined || query.period.type !== 'period') return undefined;
  return granularitySeconds(query.granularity ?? DEFAULT_GRANULARITY, query.period);
}

/**
 * Where a period of the last `spanSeconds` before `nowSeconds` ends: at `nowSeconds`, except for a
 * time series, which ends at the last whole bucket before it (its granularity's, `auto` resolved
 * from the span), so that "the last 24 hours, hourly" is 24 complete buckets, never 25 with a
 * partial one at each end. The builder's `last()` and the CLI's `--last` both follow it.
 *
 * @example
 * lastPeriodEnd({ aggby: ['timestamp'], granularity: 'hour' }, 86_400, 1767229500); // 1767229200
 * lastPeriodEnd({ aggby: ['country'] }, 86_400, 1767229500); // 1767229500
 */
export function lastPeriodEnd(
  query: Pick<QueryNode, 'aggby'> & Partial<Pick<QueryNode, 'endpoint' | 'agg' | 'granularity'>>,
  spanSeconds: number,
  nowSeconds: number,
): number {
  if (!isTimeSeries(query)) return nowSeconds;
  const bucket = granularitySeconds(query.granularity ?? DEFAULT_GRANULARITY, { start: 0, end: spanSeconds });
  return Math.floor(nowSeconds / bucket) * bucket;
}
