// Compiles a validated query (the @playq/query model) into a plan: one parameterized DuckDB
// statement yielding the whole ordered result, page by page. Identifiers come only from the
// metric and dimension SQL tables; every request value is a bound parameter.
import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar';
import { bucketSeconds, isTimeSeries, type QueryNode } from '@playq/query';
import { DIMENSION_SQL, isServerDimension, type ServerDimension } from './dimension-sql';
import { compileEvents } from './events';
import {
  isServerMetric,
  METRIC_SQL,
  type MetricSource,
  metricInfo,
  metricSql,
  type ServerMetric,
} from './metric-sql';
import { decodeSql, orderTerms } from './order';
import { Params } from './params';
import {
  type CompiledQuery,
  CompileError,
  freezePlan,
  type OutputColumn,
  UnsupportedQueryError,
} from './plan';
import {
  businessRule,
  type FilterContext,
  filterConditions,
  type PopulationOptions,
  populationOptions,
  sessionConditions,
  splitConditions,
  sqlOperator,
} from './population';
import { bucketSql } from './windows';

export { type CompiledQuery, CompileError, type OutputColumn, UnsupportedQueryError } from './plan';

export interface CompileContext extends FilterContext {
  readonly customerCode: number;
}

/** Every compiled statement carries the total row count beside the rows, computed before paging. */
const TOTAL = 'count(*) OVER ()::DOUBLE AS __total';

export function periodOf(query: QueryNode): PeriodAst {
  const p = query.period;
  if (p?.type !== 'period') throw new CompileError('query has no valid period');
  return p;
}

export function filterOf(query: QueryNode): FilterAst | undefined {
  const f = query.filter;
  if (f && f.type !== 'filter') throw new CompileError('query has an invalid filter');
  return f;
}

export function qoeOf(query: QueryNode): QoeFilterAst | undefined {
  const f = query.qoefilter;
  if (f && f.type !== 'qoefilter') throw new CompileError('query has an invalid qoefilter');
  return f;
}

export function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** Record field order: `metrics` as listed, then `aggby` names not already present. */
export function recordNames(query: QueryNode, includeAggby: boolean): string[] {
  return unique([...query.metrics, ...(includeAggby ? query.aggby : [])]);
}

export function outputColumns(names: readonly string[]): OutputColumn[] {
  return names.map((n) =>
    n === 'timestamp'
      ? { name: n, kind: 'timestamp' }
      : isServerDimension(n)
        ? { name: n, kind: 'dimension' }
        : { name: n, kind: 'metric' },
  );
}

/**
 * Refuses names the server has no SQL for (`unsupported_metric`, `unsupported_dimension`, e.g. from
 * a user's extended catalogue) and metrics the catalogue marks unusable with `concurrency=1`
 * (`unsupported_with_concurrency`).
 */
function checkNames(query: QueryNode, options: PopulationOptions): void {
  const dims: [string, string][] = [
    ...query.aggby.filter((n) => n !== 'timestamp').map((n): [string, string] => ['aggby', n]),
    ...(filterOf(query)?.clauses ?? []).map((c): [string, string] => ['filter', c.dimension]),
  ];
  for (const [param, name] of dims)
    if (!isServerDimension(name))
      throw new UnsupportedQueryError(
        'unsupported_dimension',
        param,
        `the reference service has no definition of dimension "${name}" (in ${param})`,
      );
  const uses: [string, string][] = [
    ...query.metrics.filter((n) => !isServerDimension(n)).map((n): [string, string] => ['metrics', n]),
    ...(qoeOf(query)?.conditions ?? []).map((c): [string, string] => ['qoefilter', c.metric]),
  ];
  for (const [param, name] of uses) {
    if (!metricSql(name))
      throw new UnsupportedQueryError(
        'unsupported_metric',
        param,
        `the reference service has no definition of metric "${name}" (in ${param})`,
      );
    if (options.concurrency && !metricInfo(name as ServerMetric).concurrency)
      throw new UnsupportedQueryError(
        'unsupported_with_concurrency',
        param,
        `metric "${name}" (in ${param}) cannot be used with concurrency=1`,
      );
  }
}

/**
 * Compiles a validated query for one customer into a frozen plan.
 *
 * @example
 * ```ts
 * const plan = compileQuery(query, { customerCode: 0, dictionary: (d) => db.dictionary(d) });
 * plan.kind; // 'groups'
 * plan.sql; plan.parameters; plan.columns;
 * ```
 */
export function compileQuery(query: QueryNode, ctx: CompileContext): CompiledQuery {
  const options = populationOptions(query);
  checkNames(query, options);
  return query.endpoint === 'session' && query.agg === 2
    ? compileEvents(query, ctx, options)
    : compileGroups(query, ctx, options);
}

/** What every part of a groups plan shares. */
interface Parts {
  readonly params: Params;
  readonly options: PopulationOptions;
  readonly cust: string;
  readonly start: string;
  readonly end: string;
  /** Bucket length parameter of a time series. */
  readonly g: string | undefined;
  readonly keys: readonly string[];
  /** Session-level qoefilter conditions over a `sessions` row `ss`. */
  readonly sessionWhere: readonly string[];
}

function compileGroups(query: QueryNode, ctx: CompileContext, options: PopulationOptions): CompiledQuery {
  const params = new Params();
  const period = periodOf(query);
  const series = isTimeSeries(query);
  const names = recordNames(query, true);
  const dims = unique(names.filter(isServerDimension));
  const requested = unique(query.metrics.filter(isServerMetric));
  const levels = splitConditions(qoeOf(query));
  const ordered = query.orderby !== undefined && isServerMetric(query.orderby) ? [query.orderby] : [];
  const needed = unique<ServerMetric>([
    ...requested,
    ...ordered,
    ...levels.group.map((c) => c.metric as ServerMetric),
  ]);
  const cust = params.int(ctx.customerCode);
  const start = params.bigint(period.start);
  const end = params.bigint(period.end);
  const seconds = bucketSeconds(query);
  const g = seconds === undefined ? undefined : params.bigint(seconds);
  const keys = [...dims.map((d) => DIMENSION_SQL[d].column), ...(series ? ['ts_bucket'] : [])];
  const sessionWhere = sessionConditions(levels.session, params, options, cust);
  const parts: Parts = { params, options, cust, start, end, g, keys, sessionWhere };
  const errorOnly = dims.some((d) => DIMENSION_SQL[d].errorOnly);
  // Only the tables a needed metric reads get conditions: every parameter must be referenced.
  const reads = (source: MetricSource) => needed.some((m) => METRIC_SQL[m].source === source);
  const sFilter =
    errorOnly || !(reads('sessions') || reads('active'))
      ? null
      : filterConditions(filterOf(query), params, ctx, 'sessions');
  const eFilter = reads('errors') ? filterConditions(filterOf(query), params, ctx, 'errors') : null;
  const columns = outputColumns(names);

  // With concurrency=1 the population S is the active sessions: one row set serves both.
  const sourceOf = (m: ServerMetric): MetricSource => {
    const s = METRIC_SQL[m].source;
    return options.concurrency && s === 'active' ? 'sessions' : s;
  };
  const sources: string[] = [];
  const present = new Set<ServerMetric>();
  const add = (source: MetricSource, rows: string | null) => {
    const metrics = needed.filter((m) => sourceOf(m) === source);
    if (metrics.length === 0 || rows === null) return;
    for (const m of metrics) present.add(m);
    const req = metrics.some((m) => requested.includes(m));
    const aggs = metrics.map((m) => `${METRIC_SQL[m].aggregate} AS m_${m}`);
    const grouping = keys.length > 0 ? `GROUP BY ${keys.join(', ')}` : 'HAVING count(*) > 0';
    sources.push(`SELECT ${[...keys, ...aggs, `${req} AS __req`].join(', ')} FROM (${rows}) r ${grouping}`);
  };
  if (sFilter) {
    add('sessions', options.concurrency ? activeRows(parts, sFilter) : populationRows(parts, sFilter));
    if (series && !options.concurrency && needed.includes('concurviewavg')) {
      present.add('concurviewavg');
      sources.push(activeCountSource(parts, sFilter, requested.includes('concurviewavg')));
    } else add('active', activeRows(parts, sFilter));
  }
  if (eFilter) add('errors', errorRows(parts, eFilter));
  if (sources.length === 0) return emptyPlan(columns);

  const body = mergeSources(sources, keys, needed, present, levels.group, params);
  return pagedPlan('groups', body, params, columns, dims, series, query);
}

/**
 * One record per group over every source (a group exists where a requested metric has rows; `max`
 * picks each metric from its one source, 0 where it has none), then the group-level conditions,
 * which test each record, on metrics requested or not.
 */
function mergeSources(
  sources: readonly string[],
  keys: readonly string[],
  needed: readonly ServerMetric[],
  present: ReadonlySet<ServerMetric>,
  conditions: QoeFilterAst['conditions'],
  params: Params,
): string {
  const metricCols = needed.map(
    (m) => `${present.has(m) ? `coalesce(max(m_${m}), 0)` : '0'}::DOUBLE AS m_${m}`,
  );
  const union = sources.map((s) => `(${s})`).join(' UNION ALL BY NAME ');
  const grouped = `SELECT ${[...keys, ...metricCols].join(', ')} FROM (${union}) u ${
    keys.length > 0 ? `GROUP BY ${keys.join(', ')} ` : ''
  }HAVING bool_or(__req)`;
  const having = conditions.map((c) => `m_${c.metric} ${sqlOperator(c.operator)} ${params.double(c.value)}`);
  return `SELECT * FROM (${grouped}) j${having.length > 0 ? ` WHERE ${having.join(' AND ')}` : ''}`;
}

/** The population S (sessiontype, allstatus, filter, session-level conditions), one row per session. */
function populationRows(p: Parts, filter: readonly string[]): string {
  const ts = p.options.sessiontype === 'started' ? 'start_ts' : 'end_ts';
  const where = [
    `cust = ${p.cust}`,
    `${ts} >= ${p.start}`,
    `${ts} < ${p.end}`,
    ...(p.options.allstatus ? [] : [`status IN ('ENDED', 'DROPPED')`]),
    ...filter,
    ...p.sessionWhere,
  ];
  const bucket = p.g ? `, ${bucketSql(ts, p.g)} AS ts_bucket` : '';
  return `SELECT ss.*${bucket} FROM sessions ss WHERE ${where.join(' AND ')}`;
}

/**
 * Sessions active in the window (start before its end, no end or an end after its start), any
 * status; in a time series one row per bucket a session is active in. Time columns are pro rata:
 * the share of the session's duration (a session without an end lasts to the period's end) that
 * falls inside the window.
 */
function activeRows(p: Parts, filter: readonly string[]): string {
  const endOf = `coalesce(end_ts, ${p.end})`;
  const share = (ws: string, we: string) =>
    `CASE WHEN ${endOf} <= start_ts THEN 1.0 ELSE (least(${endOf}, ${we}) - greatest(start_ts, ${ws}))::DOUBLE / (${endOf} - start_ts) END`;
  const proRata = (ws: string, we: string) =>
    `a.* REPLACE (watch_ms * ${share(ws, we)} AS watch_ms, rebuffer_ms * ${share(ws, we)} AS rebuffer_ms)`;
  if (!p.g) return `SELECT ${proRata(p.start, p.end)} FROM (${activeSessions(p, filter)}) a`;
  const g = p.g;
  // Most sessions are active in one bucket: they take it directly, and only the others pay for a
  // list of buckets to unnest.
  const spans = activeSpans(p, filter);
  const perBucket = `SELECT b.* EXCLUDE (__first, __last), __first AS ts_bucket FROM (${spans}) b WHERE __first = __last
      UNION ALL SELECT b.* EXCLUDE (__first, __last), unnest(range(__first, __last + ${g}, ${g})) AS ts_bucket
        FROM (${spans}) b WHERE __first < __last`;
  return `SELECT ${proRata(`greatest(ts_bucket, ${p.start})`, `least(ts_bucket + ${g}, ${p.end})`)} FROM (${perBucket}) a`;
}

/** Matching sessions active in the period (any status, session-level conditions applied). */
function activeSessions(p: Parts, filter: readonly string[]): string {
  // Two branches rather than `end_ts IS NULL OR end_ts > start`: each is a plain column comparison,
  // so the row groups' min/max (and null) statistics prune what ended before the window.
  const where = (ended: string) =>
    [`cust = ${p.cust}`, `start_ts < ${p.end}`, ended, ...filter, ...p.sessionWhere].join(' AND ');
  return `SELECT ss.* FROM sessions ss WHERE ${where(`end_ts > ${p.start}`)}
      UNION ALL SELECT ss.* FROM sessions ss WHERE ${where('end_ts IS NULL')}`;
}

/** Active sessions with the first and last bucket (`__first`, `__last`) they are active in. */
function activeSpans(p: Parts, filter: readonly string[]): string {
  const g = p.g as string;
  const first = bucketSql(`greatest(start_ts, ${p.start})`, g);
  const last = bucketSql(`least(coalesce(end_ts, ${p.end}), ${p.end}) - 1`, g);
  return `SELECT ss.*, ${first} AS __first, ${last} AS __last FROM (${activeSessions(p, filter)}) ss`;
}

/**
 * `concurviewavg` of a time series without `concurrency=1` (a time series has no other group key):
 * the sessions active in bucket b are those with first <= b <= last, i.e. the running sum over the
 * buckets of +n at each first bucket and -n after each last one. One scan groups the sessions by
 * (first, last); no row per session and bucket is ever made.
 */
function activeCountSource(p: Parts, filter: readonly string[], requested: boolean): string {
  const g = p.g as string;
  return `WITH pairs AS MATERIALIZED (
      SELECT __first, __last, count(*) AS n FROM (${activeSpans(p, filter)}) s
      WHERE __first <= __last GROUP BY __first, __last),
    deltas AS (SELECT k, sum(n) AS n FROM (SELECT __first AS k, n FROM pairs
      UNION ALL SELECT __last + ${g} AS k, -n AS n FROM pairs) GROUP BY k),
    running AS (SELECT b.ts_bucket, sum(coalesce(deltas.n, 0)) OVER (ORDER BY b.ts_bucket ROWS UNBOUNDED PRECEDING) AS c
      FROM (SELECT unnest(range(${bucketSql(p.start, g)}, ${p.end}, ${g})) AS ts_bucket) b
      LEFT JOIN deltas ON deltas.k = b.ts_bucket)
    SELECT ts_bucket, c AS m_concurviewavg, ${requested} AS __req FROM running WHERE c > 0`;
}

/** Error events in the window under the businesserror rule; with session-level conditions, only
 * events of sessions satisfying them. */
function errorRows(p: Parts, filter: readonly string[]): string {
  const where = [
    `cust = ${p.cust}`,
    `ts >= ${p.start}`,
    `ts < ${p.end}`,
    ...businessRule(p.options),
    ...filter,
    ...(p.sessionWhere.length > 0
      ? [
          `session_id IN (SELECT ss.session_id FROM sessions ss WHERE ss.cust = ${p.cust} AND ss.start_ts < ${p.end} AND ${p.sessionWhere.join(' AND ')})`,
        ]
      : []),
  ];
  const bucket = p.g ? `, ${bucketSql('ts', p.g)} AS ts_bucket` : '';
  return `SELECT errors.*${bucket} FROM errors WHERE ${where.join(' AND ')}`;
}

export function emptyPlan(columns: readonly OutputColumn[]): CompiledQuery {
  return freezePlan({
    kind: 'empty',
    sql: 'SELECT NULL WHERE FALSE LIMIT $1 OFFSET $2',
    parameters: [],
    columns,
  });
}

/** Orders the body's rows, counts them, pages them and decodes the page's dimension codes. */
export function pagedPlan(
  kind: 'groups',
  body: string,
  params: Params,
  columns: readonly OutputColumn[],
  dims: readonly ServerDimension[],
  series: boolean,
  query: QueryNode,
): CompiledQuery {
  const n = params.list.length;
  const order = (q: string) => {
    const terms = orderTerms(query, dims, series, q);
    return terms.length > 0 ? ` ORDER BY ${terms.join(', ')}` : '';
  };
  const select = columns.map((c) =>
    c.kind === 'metric'
      ? `p.m_${c.name}`
      : c.kind === 'timestamp'
        ? 'p.ts_bucket::DOUBLE'
        : decodeSql(c.name as ServerDimension),
  );
  const inner = `SELECT r.*, ${TOTAL} FROM (${body}) r${order('r.')}`;
  return freezePlan({
    kind,
    sql: `SELECT ${select.join(', ')}, p.__total FROM (${inner} LIMIT $${n + 1} OFFSET $${n + 2}) p${order('p.')}`,
    parameters: params.list,
    columns,
  });
}
