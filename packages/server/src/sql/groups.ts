// The general plan (`groups`): the population S, the active sessions and the error events, each
// aggregated per group (dimension values, time bucket), merged into one record per group, tested
// against the group-level qoefilter conditions, then ordered and paged.
import type { QoeFilterAst } from '@playq/grammar';
import { bucketSeconds, isTimeSeries, type QueryNode } from '@playq/query';
import type { Dialect } from './dialect';
import { DIMENSION_SQL, isServerDimension } from './dimension-sql';
import { type PlanContext, pageStatement, TOTAL } from './fragments';
import {
  activeCountSource,
  activeRows,
  BUCKET_NUMBER,
  errorTable,
  populationTable,
  type RowScope,
  selectRows,
  type TableRows,
} from './group-rows';
import type { MetricSource, MetricTable } from './metric-sql';
import { orderTerms } from './order';
import { Params } from './params';
import { type CompiledQuery, emptyPlan, freezePlan } from './plan';
import {
  type FilterContext,
  filterConditions,
  type PopulationOptions,
  sessionConditions,
  splitConditions,
  sqlOperator,
} from './population';
import { filterColumns, filterOf, outputColumns, periodOf, qoeOf, recordNames, unique } from './query-parts';

/** A metric's name (the service's metric table has its SQL). */
type ServerMetric = string;

export function compileGroups(query: QueryNode, ctx: PlanContext, options: PopulationOptions): CompiledQuery {
  const params = new Params(ctx.target);
  const period = periodOf(query);
  const series = isTimeSeries(query);
  const names = recordNames(query, true);
  const dims = unique(names.filter(isServerDimension));
  const isServerMetric = (n: string) => ctx.metrics.sql(n) !== undefined;
  const requested = unique(query.metrics.filter(isServerMetric));
  const levels = splitConditions(qoeOf(query), ctx.metrics);
  const ordered = query.orderby !== undefined && isServerMetric(query.orderby) ? [query.orderby] : [];
  const needed = unique<ServerMetric>([
    ...requested,
    ...ordered,
    ...levels.group.map((c) => c.metric as ServerMetric),
  ]);
  const cust = params.customer(ctx.customerCode);
  const start = params.bigint(period.start);
  const end = params.bigint(period.end);
  const seconds = bucketSeconds(query);
  const g = seconds === undefined ? undefined : params.bigint(seconds);
  const sessionWhere = sessionConditions(levels.session, params, options, cust, ctx.metrics);
  const scope: RowScope = { target: ctx.target, options, cust, start, end, g, sessionWhere };
  const keys = [...dims.map((d) => DIMENSION_SQL[d].column), ...(series ? ['ts_bucket'] : [])];
  const errorOnly = dims.some((d) => DIMENSION_SQL[d].errorOnly);
  const { sources, present } = groupSources(query, ctx, ctx.metrics, params, scope, {
    keys,
    needed,
    requested,
    series,
    errorOnly,
  });
  const columns = outputColumns(names);
  if (sources.length === 0) return emptyPlan(columns, ctx.target.dialect);

  const rows = groupRows(sources, keys, needed, present, levels.group, params);
  const order = (q: string) => orderTerms(query, dims, series, q, ctx.metrics);
  return freezePlan({
    kind: 'groups',
    ...pageStatement(columns, rows, params, order, ctx.decodes),
    parameters: params.list,
  });
}

/**
 * A time series by whole hours or days over a window of whole hours (from an hour after 1970 on),
 * which `concurviewavg` can count from the ended sessions' counts by hour (group-rows.ts).
 */
function wholeHours(query: QueryNode): boolean {
  const seconds = bucketSeconds(query);
  const { start, end } = periodOf(query);
  return (
    seconds !== undefined && seconds % 3600 === 0 && start % 3600 === 0 && end % 3600 === 0 && start >= 3600
  );
}

/** The group keys and metrics a groups plan aggregates. */
interface GroupShape {
  readonly keys: readonly string[];
  /** Requested metrics, the ordering metric and those of group-level conditions. */
  readonly needed: readonly ServerMetric[];
  readonly requested: readonly ServerMetric[];
  readonly series: boolean;
  /** A breakdown by an error-only dimension: sessions have no group. */
  readonly errorOnly: boolean;
}

/**
 * One aggregating SELECT per metric source; `requested`: it holds a requested metric (`__req`);
 * `metrics`: the metric columns it computes, after the group keys. `flat`: the same aggregation
 * as parts of one SELECT over the source's table, for a plan of this source alone (a source of a
 * row set, the active sessions', has none: over the row set in place its statement costs more).
 */
interface Source {
  readonly sql: string;
  readonly requested: boolean;
  readonly metrics: readonly ServerMetric[];
  readonly flat?: FlatSource;
}

/** `SELECT <keys>, <aggregates> <tail>`: one record per group, keys included. */
interface FlatSource {
  /** The group keys' select items (a series' bucket start from its number). */
  readonly keys: readonly string[];
  /** Each metric's aggregate. */
  readonly aggregates: ReadonlyMap<ServerMetric, string>;
  /** `FROM …` with its `WHERE` and `GROUP BY`; no `HAVING`. */
  readonly tail: string;
}

/**
 * One aggregating SELECT per metric source a needed metric reads (`__req` tells whether it holds
 * a requested metric); `present` lists the metrics some source computes.
 */
function groupSources(
  query: QueryNode,
  ctx: FilterContext,
  table: MetricTable,
  params: Params,
  scope: RowScope,
  shape: GroupShape,
): { sources: Source[]; present: Set<ServerMetric> } {
  const sqlOf = (m: ServerMetric) => table.sql(m)!;
  const { keys, needed, requested, series, errorOnly } = shape;
  const { options } = scope;
  // Only the tables a needed metric reads get conditions: every parameter must be referenced.
  const reads = (source: MetricSource) => needed.some((m) => sqlOf(m).source === source);
  const sFilter =
    errorOnly || !(reads('sessions') || reads('active'))
      ? null
      : filterConditions(filterOf(query), params, ctx, 'sessions');
  const eFilter = reads('errors') ? filterConditions(filterOf(query), params, ctx, 'errors') : null;

  // With concurrency=1 the population S is the active sessions: one row set serves both.
  const sourceOf = (m: ServerMetric): MetricSource => {
    const s = sqlOf(m).source;
    return options.concurrency && s === 'active' ? 'sessions' : s;
  };
  const sources: Source[] = [];
  const present = new Set<ServerMetric>();
  const add = (source: MetricSource, rows: string | TableRows, except: readonly ServerMetric[] = []) => {
    const metrics = needed.filter((m) => sourceOf(m) === source && !except.includes(m));
    if (metrics.length === 0) return;
    for (const m of metrics) present.add(m);
    const req = metrics.some((m) => requested.includes(m));
    const aggregates = new Map(metrics.map((m) => [m, sqlOf(m).aggregate(scope.target.dialect, metrics)]));
    const table = typeof rows === 'string' ? undefined : rows;
    // Nested, the rows carry their bucket's number (BUCKET_NUMBER), grouped, then times g.
    const nested = table
      ? grouping(keys, `FROM (${selectRows(table)}) r`, table.bucket && BUCKET_NUMBER, scope.g)
      : grouping(keys, `FROM (${rows}) r`, undefined, scope.g);
    const aggs = metrics.map((m) => `${aggregates.get(m)} AS m_${m}`);
    const sql = `SELECT ${[...nested.keys, ...aggs, `${req ? 1 : 0} AS __req`].join(', ')} ${nested.tail}${
      keys.length > 0 ? '' : ' HAVING count(*) > 0'
    }`;
    const inPlace = table && grouping(keys, tableFrom(table), table.bucket && `(${table.bucket})`, scope.g);
    sources.push({ sql, requested: req, metrics, ...(inPlace && { flat: { ...inPlace, aggregates } }) });
  };
  if (sFilter) {
    if (options.concurrency) add('sessions', activeRows(scope, sFilter));
    else add('sessions', populationTable(scope, sFilter));
    // A series counts concurviewavg per bucket from start and end deltas, not one row per bucket
    // a session is active in; other metrics of active sessions (views) take those rows.
    // (one such metric: another one counting the same sessions takes the rows below)
    const counted = series && !options.concurrency ? needed.find((m) => sqlOf(m).activeCount) : undefined;
    if (counted !== undefined) {
      present.add(counted);
      const req = requested.includes(counted);
      sources.push({
        sql: activeCountSource(scope, sFilter, req, wholeHours(query), counted),
        requested: req,
        metrics: [counted],
      });
    }
    add('active', activeRows(scope, sFilter), counted !== undefined ? [counted] : []);
  }
  if (eFilter) add('errors', errorTable(scope, eFilter, [...keys, ...filterColumns(query)]));
  return { sources, present };
}

/**
 * An aggregation's group keys and its tail from `from` (`FROM …` and its `WHERE`): the keys as
 * they are, but a time series' bucket, with `bucket` (the bucket number of a row), grouped by that
 * number and written as its start (number * g, once per group).
 */
function grouping(
  keys: readonly string[],
  from: string,
  bucket: string | undefined,
  g: string | undefined,
): Pick<FlatSource, 'keys' | 'tail'> {
  const byNumber = (k: string) => bucket !== undefined && k === 'ts_bucket';
  const grouped = keys.map((k) => (byNumber(k) ? bucket : k));
  return {
    keys: keys.map((k) => (byNumber(k) ? `${bucket} * ${g} AS ts_bucket` : k)),
    tail: `${from}${keys.length > 0 ? ` GROUP BY ${grouped.join(', ')}` : ''}`,
  };
}

/** `FROM` a table's rows in place, with their conditions. */
const tableFrom = (t: TableRows) => `FROM ${t.from} WHERE ${t.where.join(' AND ')}`;

/**
 * One record per group over every source (a group exists where a requested metric has rows; `max`
 * picks each metric from its one source, 0 where it has none), then the group-level conditions,
 * which test each record, on metrics requested or not; every record with `__total`.
 * One source holding a requested metric (every needed metric from it): its groups are the
 * records, so its own SELECT computes them, tests them (HAVING) and counts them, one level over
 * the table where the source reads one (cheaper than three levels between the table and the page).
 */
function groupRows(
  sources: readonly Source[],
  keys: readonly string[],
  needed: readonly ServerMetric[],
  present: ReadonlySet<ServerMetric>,
  conditions: QoeFilterAst['conditions'],
  params: Params,
): string {
  const tests = (value: (m: string) => string) =>
    conditions.map((c) => `${value(c.metric)} ${sqlOperator(c.operator)} ${params.double(c.value)}`);
  const only = sources.length === 1 ? sources[0]! : undefined;
  const flat = only?.requested && needed.every((m) => present.has(m)) ? only.flat : undefined;
  if (flat) {
    const value = (m: string) => `(${flat.aggregates.get(m as ServerMetric)})::DOUBLE`;
    const having = [...(keys.length > 0 ? [] : ['count(*) > 0']), ...tests(value)];
    const items = [...flat.keys, ...needed.map((m) => `${value(m)} AS m_${m}`), TOTAL];
    return `SELECT ${items.join(', ')} ${flat.tail}${having.length > 0 ? ` HAVING ${having.join(' AND ')}` : ''}`;
  }
  const [a, b, ...more] = sources;
  if (a && b && more.length === 0 && a.requested && b.requested && keys.length > 0) {
    if (params.target.dialect.name === 'duckdb') return joinSources([a, b], keys, needed, present, tests);
  }
  const body = mergeSources(
    sources,
    keys,
    needed,
    present,
    tests((m) => `m_${m}`),
    params.target.dialect,
  );
  return `SELECT r.*, ${TOTAL} FROM (${body}) r`;
}

/**
 * `groupRows` of two sources that both hold a requested metric, by group keys: every group of
 * either is a record, so a full outer join on the keys (`IS NOT DISTINCT FROM`: null keys are
 * equal, as in the merge's GROUP BY) finds them, each metric from its source (0 where it has no
 * row): cheaper than merging the two by UNION ALL, GROUP BY and `bool_or`. DuckDB only: the ClickHouse dialect keeps the merge.
 */
function joinSources(
  [a, b]: readonly [Source, Source],
  keys: readonly string[],
  needed: readonly ServerMetric[],
  present: ReadonlySet<ServerMetric>,
  tests: (value: (m: string) => string) => string[],
): string {
  const value = (m: string) =>
    present.has(m as ServerMetric)
      ? `coalesce(${a.metrics.includes(m as ServerMetric) ? 'a' : 'b'}.m_${m}, 0)::DOUBLE`
      : '0::DOUBLE';
  const items = [
    ...keys.map((k) => `coalesce(a.${k}, b.${k}) AS ${k}`),
    ...needed.map((m) => `${value(m)} AS m_${m}`),
    TOTAL,
  ];
  const on = keys.map((k) => `a.${k} IS NOT DISTINCT FROM b.${k}`).join(' AND ');
  const where = tests(value);
  return `SELECT ${items.join(', ')} FROM (${a.sql}) a FULL OUTER JOIN (${b.sql}) b ON ${on}${
    where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
  }`;
}

/** `groupRows` of sources to merge, with the group-level conditions' tests over `m_<metric>`. */
function mergeSources(
  sources: readonly Source[],
  keys: readonly string[],
  needed: readonly ServerMetric[],
  present: ReadonlySet<ServerMetric>,
  having: readonly string[],
  dialect: Dialect,
): string {
  const where = having.length > 0 ? ` WHERE ${having.join(' AND ')}` : '';
  const only = sources.length === 1 ? sources[0]! : undefined;
  if (only?.requested && needed.every((m) => present.has(m))) {
    // One source holding a requested metric without parts (a row set's): its groups are the
    // records, nothing to merge.
    const metricCols = needed.map((m) => `m_${m}::DOUBLE AS m_${m}`);
    return `SELECT ${[...keys, ...metricCols].join(', ')} FROM (${only.sql}) u${where}`;
  }
  const metricCols = needed.map(
    (m) => `${present.has(m) ? `coalesce(max(m_${m}), 0)` : '0'}::DOUBLE AS m_${m}`,
  );
  const union = sources.map((s) => `(${aligned(s, keys, [...present], dialect)})`).join(' UNION ALL ');
  const grouped = `SELECT ${[...keys, ...metricCols].join(', ')} FROM (${union}) u ${
    keys.length > 0 ? `GROUP BY ${keys.join(', ')} ` : ''
  }HAVING ${dialect.anyTrue('__req')}`;
  return `SELECT * FROM (${grouped}) j${where}`;
}

/**
 * A source's rows with every metric column of the union in one order (NULL for the metrics it
 * does not compute), so sources combine by position in any dialect.
 */
function aligned(
  source: Source,
  keys: readonly string[],
  metrics: readonly ServerMetric[],
  dialect: Dialect,
): string {
  const cols = metrics.map(
    (m) => `${dialect.nullableDouble(source.metrics.includes(m) ? `m_${m}` : 'NULL')} AS m_${m}`,
  );
  return `SELECT ${[...keys, ...cols, '__req'].join(', ')} FROM (${source.sql}) a`;
}
