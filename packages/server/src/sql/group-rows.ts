// The row sets a groups plan aggregates, one per metric source: the population S, the sessions
// active in the window (pro rata, per bucket in a time series), their running count for
// `concurviewavg`, and the error events. Each is a SELECT over bound parameters named in `RowScope`.

import { FROM_SESSION } from '../data/encode';
import { SESSION_STATUSES, STATUS_SQL_TYPE } from '../data/schema';
import { ACTIVE_HOURS, OPEN_HOURS, OPEN_SESSIONS, SAMPLE_SESSIONS } from './derived-tables';
import type { PlanTarget } from './dialect';
import { errorEventConditions } from './fragments';
import type { PopulationOptions } from './population';
import { bucketSql } from './time-buckets';

/** What every row set of a groups plan shares (`$n` names of bound parameters, conditions). */
export interface RowScope {
  readonly target: PlanTarget;
  readonly options: PopulationOptions;
  readonly cust: string;
  readonly start: string;
  readonly end: string;
  /** Bucket length parameter of a time series. */
  readonly g: string | undefined;
  /** Session-level qoefilter conditions over a `sessions` row `ss`. */
  readonly sessionWhere: readonly string[];
  /** Rows of the sample of the sessions only (sql/derived-tables.ts): for an estimate, never an answer. */
  readonly sample?: boolean;
}

/** The table the rows of a scope come from: the sessions, or their sample. */
const sessionsOf = (p: RowScope) => (p.sample ? SAMPLE_SESSIONS : 'sessions');

/**
 * ENDED or DROPPED, the default population's statuses: the status ENUM's first two values
 * (data/schema.ts orders them so), tested with one comparison of its byte rather than an IN list.
 * The constant is cast to the ENUM: compared with a VARCHAR, DuckDB would compare the text.
 */
export const ENDED_OR_DROPPED = `status <= '${SESSION_STATUSES[1]}'::${STATUS_SQL_TYPE}`;

/** The default population's statuses where the status is text (the raw layout). */
const ENDED_OR_DROPPED_TEXT = `status IN ('${SESSION_STATUSES[0]}', '${SESSION_STATUSES[1]}')`;

/**
 * In a time series, the population's and the error events' rows carry the number of their bucket
 * (time // g) in this column, not its start: the source groups by the number and multiplies the
 * few hundred groups by g afterwards (groups.ts), instead of a modulo and a subtraction on every
 * row (the times bucketed are never negative: there the number times g is the bucket's start).
 */
export const BUCKET_NUMBER = '__bucket_n';

/**
 * A row set as the parts of one SELECT over its table, so that a plan can aggregate or list the
 * rows in that SELECT itself (one level fewer for DuckDB to bind and plan on every run).
 */
export interface TableRows {
  /** The table and its alias (`sessions ss`). */
  readonly from: string;
  readonly alias: string;
  readonly where: readonly string[];
  /** In a time series, a row's bucket number (what `BUCKET_NUMBER` holds in the nested form). */
  readonly bucket?: string;
}

/** The rows of `t` as a SELECT of its table's columns, with the bucket number in a series. */
export function selectRows(t: TableRows): string {
  const bucket = t.bucket === undefined ? '' : `, ${t.bucket} AS ${BUCKET_NUMBER}`;
  return `SELECT ${t.alias}.*${bucket} FROM ${t.from} WHERE ${t.where.join(' AND ')}`;
}

/** The population S (sessiontype, allstatus, filter, session-level conditions), one row per session. */
export function populationTable(p: RowScope, filter: readonly string[]): TableRows {
  const ts = p.options.sessiontype === 'started' ? 'start_ts' : 'end_ts';
  const where = [
    `cust = ${p.cust}`,
    `${ts} >= ${p.start}`,
    `${ts} < ${p.end}`,
    ...(p.options.allstatus ? [] : [p.target.layout === 'coded' ? ENDED_OR_DROPPED : ENDED_OR_DROPPED_TEXT]),
    ...filter,
    ...p.sessionWhere,
  ];
  return {
    from: `${sessionsOf(p)} ss`,
    alias: 'ss',
    where,
    ...(p.g ? { bucket: p.target.dialect.intDiv(ts, p.g) } : {}),
  };
}

/**
 * Sessions active in the window (start before its end, no end or an end after its start), any
 * status; in a time series one row per bucket a session is active in. Time columns (and the bytes
 * downloaded over that time) are pro rata: the share of the session's duration (a session without
 * an end lasts to the period's end) that falls inside the window, in whole milliseconds and bytes
 * (`floor(x * share + 0.5)`, the same IEEE operations in every engine). Whole numbers sum exactly in any order, so an answer does not depend on the
 * order in which an engine's plan adds the rows.
 */
export function activeRows(p: RowScope, filter: readonly string[]): string {
  const { dialect } = p.target;
  const endOf = `coalesce(end_ts, ${p.end})`;
  const share = (ws: string, we: string) =>
    `CASE WHEN ${endOf} <= start_ts THEN 1.0::DOUBLE ELSE (least(${endOf}, ${we}) - greatest(start_ts, ${ws}))::DOUBLE / (${endOf} - start_ts) END`;
  // The share is one column, multiplied into each time column: written out per column, DuckDB
  // binds and plans the expression three times (at 1M sessions, (g)'s statement 9% more CPU).
  const proRata = (ws: string, we: string, rows: string) =>
    `SELECT ${dialect.starExcept('a', ['__share'])} REPLACE (${PRO_RATA.map((c) => `${proRataOf(c, '__share')} AS ${c}`).join(', ')})
      FROM (SELECT *, ${share(ws, we)} AS __share FROM (${rows}) a0) a`;
  if (!p.g) return proRata(p.start, p.end, activeSessions(p, filter));
  const g = p.g;
  // Most sessions are active in one bucket: they take it directly, and only the others pay for a
  // list of buckets to unnest.
  const spans = activeSpans(p, filter);
  const rest = dialect.starExcept('b', ['__first', '__last']);
  const perBucket = `SELECT ${rest}, __first AS ts_bucket FROM (${spans}) b WHERE __first = __last
      UNION ALL SELECT ${rest}, ${dialect.unnestRange('__first', `__last + ${g}`, g)} AS ts_bucket
        FROM (${spans}) b WHERE __first < __last`;
  return proRata(`greatest(ts_bucket, ${p.start})`, `least(ts_bucket + ${g}, ${p.end})`, perBucket);
}

/** The columns counted pro rata in a window: time, and the bytes downloaded over it. */
const PRO_RATA = ['watch_ms', 'rebuffer_ms', 'bytes_downloaded'] as const;

/** A column's share (a DOUBLE in [0, 1]) rounded to a whole number, half up. */
const proRataOf = (column: string, share: string) => `floor(${column} * ${share} + 0.5)`;

/**
 * Matching sessions active in the period (any status, session-level conditions applied), with
 * `extra` columns computed per branch: `ended` for sessions with an end, not for open ones.
 */
function activeSessions(p: RowScope, filter: readonly string[], extra?: (ended: boolean) => string): string {
  // Two branches rather than `end_ts IS NULL OR end_ts > start`: each is a plain column comparison,
  // so the row groups' min/max statistics prune what ended before the window; the open sessions,
  // in every row group, are read from their own small table where the engine keeps one.
  const where = (...ended: string[]) =>
    [`cust = ${p.cust}`, `start_ts < ${p.end}`, ...ended, ...filter, ...p.sessionWhere].join(' AND ');
  const cols = (ended: boolean) => `ss.*${extra ? `, ${extra(ended)}` : ''}`;
  const kept = p.target.derivedTables && !p.sample;
  const open = kept
    ? `${OPEN_SESSIONS} ss WHERE ${where()}`
    : `${sessionsOf(p)} ss WHERE ${where('end_ts IS NULL')}`;
  return `SELECT ${cols(true)} FROM ${sessionsOf(p)} ss WHERE ${where(`end_ts > ${p.start}`)}
      UNION ALL SELECT ${cols(false)} FROM ${open}`;
}

/**
 * Active sessions with the first and last bucket (`__first`, `__last`) they are active in. An open
 * session lasts to the window's end, so its last bucket is a constant.
 */
function activeSpans(p: RowScope, filter: readonly string[]): string {
  const g = p.g as string;
  const first = bucketSql(`greatest(start_ts, ${p.start})`, g);
  const last = (ended: boolean) => bucketSql(ended ? `least(end_ts, ${p.end}) - 1` : `${p.end} - 1`, g);
  return activeSessions(p, filter, (ended) => `${first} AS __first, ${last(ended)} AS __last`);
}

/**
 * `concurviewavg` of a time series without `concurrency=1` (a time series has no other group key):
 * the sessions active in bucket b are those with first <= b <= last, i.e. the running sum over the
 * buckets of +n at each first bucket and -n after each last one. One scan groups the sessions by
 * (first, last); no row per session and bucket is ever made. A session active in no bucket (zero
 * length, at a bucket's start) has last = first - g, since no session ends before it starts (a data
 * rule): its +n and -n fall on the same bucket and cancel, so no filter has to test every span.
 * The count is constant from one delta's bucket to the next's, so each run of buckets with a
 * count above 0 is unnested from the deltas themselves (the last delta's running sum is 0: every
 * +n has its -n), never joined to every bucket of the window (at 1M, a tenth of (f)'s statement).
 * The scan groups by the unclamped bucket numbers of start and end - 1 (time // g: one division
 * per time and no multiplication, which DuckDB checks for overflow, on every row: at 1M sessions
 * the scan took a third less CPU), and the few hundred groups are turned into bucket starts
 * (number * g = time - time % g, both truncating toward zero) and clamped to the window
 * afterwards: a bucket is a non-decreasing function of the time, so the bucket of
 * greatest(start, window start) is the greater of the two buckets (least likewise), and each
 * session keeps exactly its span; the rows skip two comparisons per session. (A start before the
 * window is bucketed unclamped; even before 1970 the division only truncates toward zero, which
 * keeps the bucket non-decreasing.)
 */
export function activeCountSource(
  p: RowScope,
  filter: readonly string[],
  requested: boolean,
  wholeHours: boolean,
  /** The metric counted (its column `m_<metric>`). */
  metric: string,
): string {
  const g = p.g as string;
  const { dialect } = p.target;
  // (`n` is signed: ClickHouse's count is unsigned, and a negative delta must not wrap.)
  const lastOfWindow = bucketSql(`${p.end} - 1`, g);
  const index = (t: string) => dialect.intDiv(t, g);
  const counted =
    wholeHours && p.target.derivedTables && !p.sample && filter.length === 0 && p.sessionWhere.length === 0;
  const spans = counted
    ? hourSpans(p)
    : activeSessions(
        p,
        filter,
        (ended) =>
          `${index('start_ts')} AS __first, ${index(ended ? 'end_ts - 1' : `${p.end} - 1`)} AS __last`,
      );
  return `WITH pairs ${dialect.materializedCte} (
      SELECT __first, __last, ${counted ? 'sum(n)' : 'count(*)'}::BIGINT AS n FROM (${spans}) s GROUP BY __first, __last),
    deltas AS (SELECT k, sum(n) AS n FROM (SELECT greatest(__first * ${g}, ${bucketSql(p.start, g)}) AS k, n FROM pairs
      UNION ALL SELECT least(__last * ${g}, ${lastOfWindow}) + ${g} AS k, -n AS n FROM pairs) dd GROUP BY k),
    running AS (SELECT k, sum(n) OVER (ORDER BY k ROWS UNBOUNDED PRECEDING) AS c,
      min(k) OVER (ORDER BY k ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING) AS next FROM deltas)
    SELECT ${dialect.unnestRange('k', 'next', g)} AS ts_bucket, c AS m_${metric}, ${requested ? 1 : 0} AS __req
      FROM (SELECT * FROM running WHERE c > 0) r`;
}

/**
 * The (first, last) bucket numbers of the sessions active in a window of whole hours, bucketed by
 * whole hours (g and the window's ends multiples of 3600, start at least 3600), with their counts:
 * the ended sessions from their counts by hour (ACTIVE_HOURS: a bucket number is the hour's number
 * // (g / 3600), since truncating divisions compose), the open ones from theirs by hour of start
 * (OPEN_HOURS). For whole hours S < E, start < E is first hour < E / 3600 and end > S is the last
 * second's hour >= S / 3600.
 */
function hourSpans(p: RowScope): string {
  const g = p.g as string;
  const { dialect } = p.target;
  const hours = (t: string) => dialect.intDiv(t, '3600');
  const k = `(${hours(g)})`;
  const ended = `SELECT ${dialect.intDiv('first_h', k)} AS __first, ${dialect.intDiv('last_h', k)} AS __last, n
      FROM ${ACTIVE_HOURS} WHERE cust = ${p.cust} AND first_h < ${hours(p.end)} AND last_h >= ${hours(p.start)}`;
  const open = `SELECT ${dialect.intDiv('first_h', k)} AS __first, ${dialect.intDiv(`${p.end} - 1`, g)} AS __last, n
      FROM ${OPEN_HOURS} WHERE cust = ${p.cust} AND first_h < ${hours(p.end)}`;
  return `${ended} UNION ALL ${open}`;
}

/** Error events in the window under the businesserror rule; with session-level conditions, only
 * events of sessions satisfying them (in a time series with their bucket's number). */
export function errorTable(p: RowScope, filter: readonly string[], columns: readonly string[]): TableRows {
  return {
    from: `${errorEvents(p.target, columns)} errors`,
    alias: 'errors',
    where: errorEventConditions({ ...p, filter }),
    ...(p.g ? { bucket: p.target.dialect.intDiv('ts', p.g) } : {}),
  };
}

/**
 * The error events table, or where events do not store their session's dimensions (Parquet in
 * place) and a plan reads one of `columns`, the events with those taken from their session.
 */
export function errorEvents(target: PlanTarget, columns: readonly string[]): string {
  const needed = FROM_SESSION.map((d) => d.name).filter((c) => columns.includes(c));
  if (target.eventSessionDimensions === 'stored' || needed.length === 0) return 'errors';
  return `(SELECT ev.*, ${needed.map((c) => `es.${c} AS ${c}`).join(', ')}
    FROM errors ev LEFT JOIN sessions es ON es.cust = ev.cust AND es.session_id = ev.session_id)`;
}
