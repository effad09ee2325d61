// The server's SQL for each metric of the catalogue (docs/catalogue.md, docs/server.md#metrics): where its rows come from,
// the aggregate over a group of them, and, for session-level metrics, the session's own value that
// a qoefilter condition tests. Keyed by the default catalogue's names: a metric added there fails
// this file's typecheck until its SQL exists. Only identifiers from this table reach SQL text.
import { DEFAULT_CATALOGUE, type MetricInfo, type MetricName } from '@playq/query';
import type { Dialect } from './dialect';
import { QOE_SCORE, SESSION_BUFFERING_RATIO } from './qoe-score';

/**
 * - `sessions`: the population S (with `concurrency=1`, the active sessions, time pro rata);
 * - `active`: every matching session active in the window (any status);
 * - `errors`: error events with `ts` in the window.
 */
export type MetricSource = 'sessions' | 'active' | 'errors';

export interface MetricSql {
  readonly source: MetricSource;
  /**
   * Aggregate over the group's rows; never NULL (0 when the group has no data for it). A function
   * where the dialects spell it differently (quantiles, row values) or where it depends on the
   * metrics aggregated beside it (`together`: startup quantiles share one list aggregate).
   */
  readonly aggregate: string | ((d: Dialect, together: readonly MetricName[]) => string);
  /**
   * The session's own value (session-level metrics): a SQL expression over one `sessions` row, or
   * the session's error events (`errors`/`fatalerrors`). Absent for group-level metrics, whose
   * qoefilter conditions test each result record (`HAVING`).
   */
  readonly session?: string | { readonly errorEvents: 'all' | 'fatal' };
  /**
   * The session's value is `column / divisor` in doubles (what `session` spells), so that a
   * condition can test the integer column against a bound instead (scaled-bound.ts).
   */
  readonly sessionScale?: { readonly column: string; readonly divisor: number };
  /**
   * A column whose value 0 makes the session's value 0 (a session that never rebuffered has a
   * buffering ratio of 0), so that a condition 0 fails can test `column <> 0` first: DuckDB
   * evaluates that in the scan, and `session` only for the rows left.
   */
  readonly sessionZeroWith?: string;
}

/** A viewer: the subscriber, else the device (anonymous viewers). */
const viewer = (d: Dialect) => d.tuple(['subscriberid', 'CASE WHEN subscriberid IS NULL THEN device_id END']);
const PLAYS = 'count(startup_ms)';
const STARTUP_FAILURES =
  'count(*) FILTER (WHERE startup_ms IS NULL AND NOT coalesce(business_failure, false))';
const ratio = (num: string, den: string) => `coalesce((${num})::DOUBLE / nullif(${den}, 0), 0)`;
// Numeric constants are written as DOUBLE (`1000.0::DOUBLE`): DuckDB reads `1000.0` as a DECIMAL,
// and DECIMAL arithmetic costs several times as much per row; for these exact constants the values
// are the same.
const startupQuantile = (q: number) => (d: Dialect, together: readonly MetricName[]) =>
  `coalesce(${d.quantile('startup_ms', q, startupQuantiles(together))} / 1000.0::DOUBLE, 0)`;
/** The quantile of the startup time each startup-quantile metric is. */
const STARTUP_QUANTILE: Partial<Record<MetricName, number>> = {
  median_latency: 0.5,
  p95_latency: 0.95,
  p99_latency: 0.99,
};
/** The startup quantiles among `metrics`, ascending. */
const startupQuantiles = (metrics: readonly MetricName[]): number[] =>
  [...new Set(metrics.map((m) => STARTUP_QUANTILE[m]).filter((q) => q !== undefined))].sort((a, b) => a - b);
const STARTUP_S = 'startup_ms / 1000.0::DOUBLE';
const STARTUP_SCALE = Object.freeze({ column: 'startup_ms', divisor: 1000 });
/** A session's own watch time, in the player (watch + rebuffering) and downloaded data (MB = 10^6 bytes). */
export const SESSION_PLAYDUR = 'watch_ms / 60000.0::DOUBLE';
export const SESSION_TOTALDURATION = '(watch_ms + rebuffer_ms) / 60000.0::DOUBLE';
export const SESSION_CBRSIZE = 'bytes_downloaded / 1000000.0::DOUBLE';
const PLAYDUR = 'coalesce(sum(watch_ms), 0) / 60000.0::DOUBLE';
const BUFFERING_RATIO = ratio('100 * sum(rebuffer_ms)', 'sum(watch_ms + rebuffer_ms)');
/** Distinct viewers among plays. */
const UNIQUE_VIEWERS = (d: Dialect) => `count(DISTINCT ${viewer(d)}) FILTER (WHERE startup_ms IS NOT NULL)`;

const m = (x: MetricSql): MetricSql => Object.freeze(x);

export const METRIC_SQL: { readonly [K in MetricName]: MetricSql } = Object.freeze({
  // (`satisfies` below: a missing or an extra name is a type error)
  attempts: m({ source: 'sessions', aggregate: 'count(*)' }),
  viewercount: m({ source: 'sessions', aggregate: PLAYS }),
  endedplays: m({ source: 'sessions', aggregate: `count(startup_ms) FILTER (WHERE status = 'ENDED')` }),
  totalstartupfailure: m({ source: 'sessions', aggregate: STARTUP_FAILURES }),
  failurerate: m({ source: 'sessions', aggregate: ratio(`100 * ${STARTUP_FAILURES}`, 'count(*)') }),
  latency: m({
    source: 'sessions',
    aggregate: 'coalesce(avg(startup_ms) / 1000.0::DOUBLE, 0)',
    session: STARTUP_S,
    sessionScale: STARTUP_SCALE,
  }),
  avg_latency: m({
    source: 'sessions',
    aggregate: 'coalesce(avg(startup_ms) / 1000.0::DOUBLE, 0)',
    session: STARTUP_S,
    sessionScale: STARTUP_SCALE,
  }),
  median_latency: m({ source: 'sessions', aggregate: startupQuantile(STARTUP_QUANTILE.median_latency!) }),
  p95_latency: m({ source: 'sessions', aggregate: startupQuantile(STARTUP_QUANTILE.p95_latency!) }),
  p99_latency: m({ source: 'sessions', aggregate: startupQuantile(STARTUP_QUANTILE.p99_latency!) }),
  bufferingratio: m({
    source: 'sessions',
    aggregate: BUFFERING_RATIO,
    session: SESSION_BUFFERING_RATIO,
    sessionZeroWith: 'rebuffer_ms',
  }),
  buffcount: m({
    source: 'sessions',
    aggregate: 'coalesce(sum(rebuffer_count), 0)',
    session: 'rebuffer_count',
  }),
  playdur: m({
    source: 'sessions',
    aggregate: PLAYDUR,
    session: SESSION_PLAYDUR,
    sessionScale: Object.freeze({ column: 'watch_ms', divisor: 60_000 }),
  }),
  avg_playtime_by_audience: m({
    source: 'sessions',
    aggregate: (d) => ratio(PLAYDUR, `count(DISTINCT ${viewer(d)})`),
  }),
  users: m({ source: 'sessions', aggregate: 'count(DISTINCT subscriberid)' }),
  unique_subscribers: m({ source: 'sessions', aggregate: 'count(DISTINCT subscriberid)' }),
  uniqueviewercount: m({ source: 'sessions', aggregate: UNIQUE_VIEWERS }),
  unique_devices: m({ source: 'sessions', aggregate: 'count(DISTINCT device_id)' }),
  anonymous_viewers: m({
    source: 'sessions',
    aggregate: 'count(DISTINCT device_id) FILTER (WHERE subscriberid IS NULL)',
  }),
  cdn_change_rate: m({ source: 'sessions', aggregate: ratio('coalesce(sum(cdn_changes), 0)', PLAYS) }),
  qualityofexperience: m({
    source: 'sessions',
    aggregate: `coalesce(avg(${QOE_SCORE}), 0)`,
    session: QOE_SCORE,
  }),
  avg_qualityofexperience: m({
    source: 'sessions',
    aggregate: `coalesce(avg(${QOE_SCORE}), 0)`,
  }),
  median_qualityofexperience: m({
    source: 'sessions',
    aggregate: (d) => `coalesce(${d.quantile(QOE_SCORE, 0.5)}, 0)`,
  }),
  concurviewavg: m({ source: 'active', aggregate: 'count(*)' }),
  // The rest of the vendor's dictionary (docs/catalogue.md).
  views: m({ source: 'active', aggregate: PLAYS }),
  totalduration: m({
    source: 'sessions',
    aggregate: 'coalesce(sum(watch_ms + rebuffer_ms), 0) / 60000.0::DOUBLE',
    session: SESSION_TOTALDURATION,
  }),
  cbrsize: m({
    source: 'sessions',
    aggregate: 'coalesce(sum(bytes_downloaded), 0) / 1000000.0::DOUBLE',
    session: SESSION_CBRSIZE,
    sessionScale: Object.freeze({ column: 'bytes_downloaded', divisor: 1_000_000 }),
  }),
  // No seek-induced buffering is recorded: connection-induced buffering is all of it.
  cirrbufferingratio: m({
    source: 'sessions',
    aggregate: BUFFERING_RATIO,
    session: SESSION_BUFFERING_RATIO,
    sessionZeroWith: 'rebuffer_ms',
  }),
  uniquesubscribercount: m({
    source: 'sessions',
    aggregate: 'count(DISTINCT subscriberid) FILTER (WHERE startup_ms IS NOT NULL)',
  }),
  playperunique: m({ source: 'sessions', aggregate: (d) => ratio(PLAYS, UNIQUE_VIEWERS(d)) }),
  playtimeperunique: m({ source: 'sessions', aggregate: (d) => ratio(PLAYDUR, UNIQUE_VIEWERS(d)) }),
  errors: m({ source: 'errors', aggregate: 'count(*)', session: { errorEvents: 'all' } }),
  fatalerrors: m({
    source: 'errors',
    aggregate: 'count(*) FILTER (WHERE fatal)',
    session: { errorEvents: 'fatal' },
  }),
} satisfies { readonly [K in MetricName]: MetricSql });

/** The metrics this service answers: every metric of the default catalogue. */
export type ServerMetric = MetricName;

/**
 * A metric's aggregate in a dialect, in a SELECT that aggregates the metrics `together` (the
 * metric among them) over the same rows.
 *
 * @example
 * ```ts
 * aggregateSql('p95_latency', DUCKDB, ['median_latency', 'p95_latency']);
 * // 'coalesce(quantile_cont(startup_ms, [0.5, 0.95])[2] / 1000.0::DOUBLE, 0)'
 * ```
 */
export function aggregateSql(
  metric: ServerMetric,
  dialect: Dialect,
  together: readonly ServerMetric[] = [metric],
): string {
  const { aggregate } = METRIC_SQL[metric];
  return typeof aggregate === 'string' ? aggregate : aggregate(dialect, together);
}

export function metricSql(name: string): MetricSql | undefined {
  return Object.hasOwn(METRIC_SQL, name) ? METRIC_SQL[name as ServerMetric] : undefined;
}

export function isServerMetric(name: string): name is ServerMetric {
  return metricSql(name) !== undefined;
}

/** The catalogue's facts about a metric the server has SQL for (level, concurrency support). */
export function metricInfo(name: ServerMetric): MetricInfo {
  return DEFAULT_CATALOGUE.metrics[name];
}
