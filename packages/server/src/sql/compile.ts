// Compiles a validated query (the @playq/query model) into one parameterized DuckDB statement that
// yields the whole ordered result. Identifiers come only from the server catalogue; every request
// value is a bound parameter, and filter values are first resolved to dictionary codes.
import type { FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar';
import { granularitySeconds, type QueryNode } from '@playq/query';
import type { Dictionary, SmallDimension } from '../data/dataset';
import {
  type Dimension,
  dimColumn,
  ERROR_ONLY_DIMENSIONS,
  isDimension,
  isMetric,
  type Metric,
  SQL_OPERATORS,
} from './catalogue';
import { Params } from './params';
import { topByErrorsPage } from './top-by-errors';

/** How a result column becomes a record field. */
export interface OutputColumn {
  readonly name: string;
  readonly kind: 'metric' | 'dimension' | 'timestamp';
  /** For small dimensions: decode the code through this dictionary. */
  readonly dictionary?: Dictionary;
}

export interface CompiledQuery {
  /**
   * The statement for one page: the rows from `offset` on (at most `limit`), ordered, with the total
   * row count as the last column. Dimension codes are decoded after paging, so only the page's rows
   * are looked up in the dictionaries.
   */
  page(limitRef: string, offsetRef: string): string;
  readonly params: Params;
  readonly columns: readonly OutputColumn[];
  /** Identifies the result (customer, SQL and parameters), not the page. */
  readonly cacheKey: string;
}

export interface CompileContext {
  readonly customerCode: number;
  dictionary(dim: SmallDimension): Dictionary;
  /** Smallest and largest subscriber code, when known: enables the top-by-errors plan. */
  readonly subscriberCodes?: { readonly min: number; readonly max: number } | undefined;
}

/** Raised for a query that validation should have refused; the HTTP layer maps it to 500. */
export class CompileError extends Error {
  override readonly name = 'CompileError';
}

/** Every compiled statement carries the total row count beside the rows, computed before paging. */
const TOTAL = 'count(*) OVER ()::DOUBLE AS __total';
/** The statement of a query no row can match (a filter value absent from the data). */
const EMPTY = 'SELECT 1 WHERE FALSE';
/** Above this many codes a filter binds one list parameter instead of one parameter per code. */
const MAX_INLINE_CODES = 64;

function periodOf(query: QueryNode): PeriodAst {
  const p = query.period;
  if (p?.type !== 'period') throw new CompileError('query has no valid period');
  return p;
}

function filterOf(query: QueryNode): FilterAst | undefined {
  const f = query.filter;
  if (f && f.type !== 'filter') throw new CompileError('query has an invalid filter');
  return f;
}

function qoeOf(query: QueryNode): QoeFilterAst | undefined {
  const f = query.qoefilter;
  if (f && f.type !== 'qoefilter') throw new CompileError('query has an invalid qoefilter');
  return f;
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}

/** `WHERE` conditions for the filter clauses on one table; `null` when no row can match. */
function filterConditions(
  filter: FilterAst | undefined,
  params: Params,
  ctx: CompileContext,
  table: 'sessions' | 'errors',
): string[] | null {
  const out: string[] = [];
  for (const clause of filter?.clauses ?? []) {
    const dim = clause.dimension;
    if (!isDimension(dim)) throw new CompileError(`unknown dimension ${JSON.stringify(dim)}`);
    if (table === 'sessions' && ERROR_ONLY_DIMENSIONS.has(dim)) return null;
    const col = dimColumn(dim);
    if (dim === 'subscriberid') {
      // Subscriber ids are too many to keep in JS; resolve them with a semi-join on the dictionary.
      out.push(
        `${col} IN (SELECT code FROM dict_subscriberid WHERE value IN (SELECT unnest(${params.stringList(clause.values)})))`,
      );
      continue;
    }
    const dict = ctx.dictionary(dim);
    const codes = unique(
      clause.values.map((v) => dict.codes.get(v)).filter((c): c is number => c !== undefined),
    );
    if (codes.length === 0) return null;
    if (codes.length <= MAX_INLINE_CODES)
      out.push(`${col} IN (${codes.map((c) => params.int(c)).join(', ')})`);
    else out.push(`list_contains(${params.intList(codes)}, ${col})`);
  }
  return out;
}

function dimOutput(dim: Dimension, ctx: CompileContext): OutputColumn {
  return dim === 'subscriberid'
    ? { name: dim, kind: 'dimension' }
    : { name: dim, kind: 'dimension', dictionary: ctx.dictionary(dim) };
}

/**
 * Compiles a validated query for one customer.
 *
 * @example
 * ```ts
 * const { sql, params } = compileQuery(query, { customerCode: 0, dictionary: (d) => db.dictionary(d) });
 * ```
 */
export function compileQuery(query: QueryNode, ctx: CompileContext): CompiledQuery {
  for (const m of query.metrics) {
    if (!isMetric(m) && !isDimension(m)) throw new CompileError(`unknown metric ${JSON.stringify(m)}`);
  }
  const compiled =
    query.endpoint === 'session' && query.agg === 2 ? compileEvents(query, ctx) : compileGroups(query, ctx);
  return compiled;
}

/** Record field order: `metrics` as listed, then `aggby` names not already present. */
function recordNames(query: QueryNode, includeAggby: boolean): string[] {
  return unique([...query.metrics, ...(includeAggby ? query.aggby : [])]);
}

function compileGroups(query: QueryNode, ctx: CompileContext): CompiledQuery {
  const params = new Params();
  const period = periodOf(query);
  const filter = filterOf(query);
  const qoe = qoeOf(query);
  const series = query.aggby.length === 1 && query.aggby[0] === 'timestamp';
  const names = recordNames(query, true);
  const groupDims = unique(names.filter(isDimension));
  const requested = unique(query.metrics.filter(isMetric));
  const needed = unique<Metric>([
    ...requested,
    ...(query.orderby !== undefined && isMetric(query.orderby) ? [query.orderby] : []),
    ...(qoe?.conditions ?? []).map((c) => {
      if (!isMetric(c.metric)) throw new CompileError(`unknown qoefilter metric ${JSON.stringify(c.metric)}`);
      return c.metric;
    }),
  ]);
  const cust = params.int(ctx.customerCode);
  const start = params.bigint(period.start);
  const end = params.bigint(period.end);
  const g = series ? params.bigint(granularitySeconds(query.granularity ?? 'auto', period)) : undefined;
  const bucket = (col: string) => `(${col} - ((${col} % ${g}) + ${g}) % ${g})`;
  const groupCols = (tsCol: string) => [
    ...groupDims.map((d) => dimColumn(d)),
    ...(series ? [`${bucket(tsCol)} AS ts_bucket`] : []),
  ];
  const groupKeys = [...groupDims.map((d) => dimColumn(d)), ...(series ? ['ts_bucket'] : [])];
  const groupBy = (cols: string[]) =>
    cols.length > 0 ? `GROUP BY ${cols.join(', ')}` : 'HAVING count(*) > 0';

  const errorOnly = groupDims.some((d) => ERROR_ONLY_DIMENSIONS.has(d));
  const sessionWhere = errorOnly ? null : filterConditions(filter, params, ctx, 'sessions');
  const errorWhere = filterConditions(filter, params, ctx, 'errors');
  const ctes: string[] = [];
  if (sessionWhere) {
    const aggs = ['count(*) AS n'];
    const want = (m: Metric) => needed.includes(m);
    if (want('viewercount') || want('latency')) aggs.push('count(startup_ms) AS plays');
    if (want('latency')) aggs.push('sum(startup_ms) AS startup_sum');
    if (want('users')) aggs.push('count(DISTINCT subscriberid) AS users');
    if (want('bufferingratio'))
      aggs.push('sum(rebuffer_ms) AS rebuf', 'sum(watch_ms + rebuffer_ms) AS played');
    if (want('concurviewavg')) {
      const windowEnd = series ? `${bucket('start_ts')} + ${g}` : end;
      aggs.push(`sum(greatest(0, least(end_ts, ${windowEnd}) - start_ts)) AS overlap`);
    }
    ctes.push(
      `s AS (SELECT ${[...groupCols('start_ts'), ...aggs].join(', ')} FROM sessions
        WHERE ${['cust = ' + cust, `start_ts >= ${start}`, `start_ts < ${end}`, ...sessionWhere].join(' AND ')}
        ${groupBy(groupKeys)})`,
    );
  }
  if (errorWhere) {
    ctes.push(
      `e AS (SELECT ${[...groupCols('ts'), 'count(*) AS errors'].join(', ')} FROM errors
        WHERE ${['cust = ' + cust, `ts >= ${start}`, `ts < ${end}`, ...errorWhere].join(' AND ')}
        ${groupBy(groupKeys)})`,
    );
  }
  if (ctes.length === 0) {
    // Every filter value is unknown: no row can match, so the result is empty.
    return finish(query, params, ctx, 'SELECT NULL WHERE FALSE', [], true);
  }
  const hasS = sessionWhere !== null;
  const hasE = errorWhere !== null;
  const from =
    hasS && hasE
      ? `s FULL OUTER JOIN e ON ${groupKeys.length > 0 ? groupKeys.map((k) => `s.${k} = e.${k}`).join(' AND ') : 'TRUE'}`
      : hasS
        ? 's'
        : 'e';
  const topByErrors =
    hasS &&
    hasE &&
    ctx.subscriberCodes !== undefined &&
    !series &&
    groupDims.length === 1 &&
    groupDims[0] === 'subscriberid' &&
    needed.length === 1 &&
    needed[0] === 'errors' &&
    (qoe?.conditions.length ?? 0) === 0 &&
    (query.orderby ?? 'errors') === 'errors' &&
    (query.order ?? 'desc') === 'desc';
  if (topByErrors && sessionWhere && errorWhere && ctx.subscriberCodes) {
    const parts = {
      sessionConditions: [`cust = ${cust}`, `start_ts >= ${start}`, `start_ts < ${end}`, ...sessionWhere],
      errorConditions: [`cust = ${cust}`, `ts >= ${start}`, `ts < ${end}`, ...errorWhere],
      codes: ctx.subscriberCodes,
      select: names.map((n) =>
        n === 'errors'
          ? 'p.m_errors'
          : '(SELECT value FROM dict_subscriberid d WHERE d.code = p.subscriberid)',
      ),
    };
    return {
      page: (limit, offset) => topByErrorsPage(parts, limit, offset),
      params,
      columns: names.map((n) => (isDimension(n) ? dimOutput(n, ctx) : { name: n, kind: 'metric' })),
      cacheKey: `${ctx.customerCode}\u0000${topByErrorsPage(parts, 'L', 'O')}\u0000${params.key()}`,
    };
  }
  const keyExpr = (k: string) => (hasS && hasE ? `coalesce(s.${k}, e.${k})` : k);
  const windowLen = series ? g : `(${end} - ${start})`;
  const sv = (col: string) => (hasS ? `coalesce(${hasE ? 's.' : ''}${col}, 0)` : '0');
  const metricExpr: Record<Metric, string> = {
    viewercount: `${sv('plays')}::DOUBLE`,
    users: `${sv('users')}::DOUBLE`,
    latency: hasS
      ? `CASE WHEN ${sv('plays')} = 0 THEN 0 ELSE ${sv('startup_sum')} / ${sv('plays')} / 1000 END::DOUBLE`
      : '0::DOUBLE',
    bufferingratio: hasS
      ? `CASE WHEN ${sv('played')} = 0 THEN 0 ELSE 100 * ${sv('rebuf')} / ${sv('played')} END::DOUBLE`
      : '0::DOUBLE',
    concurviewavg: hasS ? `(${sv('overlap')} / ${windowLen})::DOUBLE` : '0::DOUBLE',
    errors: hasE ? `coalesce(${hasS ? 'e.' : ''}errors, 0)::DOUBLE` : '0::DOUBLE',
  };
  const select = [
    ...groupKeys.map((k) => `${keyExpr(k)} AS ${k}`),
    ...needed.map((m) => `${metricExpr[m]} AS m_${m}`),
  ];
  const where = (qoe?.conditions ?? []).map(
    (c) => `m_${c.metric} ${sqlOperator(c.operator)} ${params.double(c.value)}`,
  );
  const inner = `WITH ${ctes.join(', ')} SELECT ${select.join(', ')} FROM ${from}`;
  const body = `SELECT * FROM (${inner}) j${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  return finish(query, params, ctx, body, groupDims, false, series);
}

function sqlOperator(op: string): string {
  const sql = SQL_OPERATORS[op];
  if (!sql) throw new CompileError(`unknown qoefilter operator ${JSON.stringify(op)}`);
  return sql;
}

/** Adds decoding, output columns and the ORDER BY with its deterministic tie-breaks. */
function finish(
  query: QueryNode,
  params: Params,
  ctx: CompileContext,
  body: string,
  groupDims: readonly Dimension[],
  empty: boolean,
  series = false,
): CompiledQuery {
  const names = recordNames(query, true);
  const columns: OutputColumn[] = names.map((n) =>
    n === 'timestamp'
      ? { name: n, kind: 'timestamp' }
      : isDimension(n)
        ? dimOutput(n, ctx)
        : { name: n, kind: 'metric' },
  );
  if (empty) {
    return {
      page: (l, o) => `${EMPTY} LIMIT ${l} OFFSET ${o}`,
      params: new Params(),
      columns,
      cacheKey: 'empty',
    };
  }
  const orderOf = (q: string) =>
    orderTerms(
      query,
      groupDims,
      series,
      (m) => `${q}m_${m}`,
      (d) => `${q}${dimColumn(d)}`,
      `${q}ts_bucket`,
    );
  const select = columns.map((c) =>
    c.kind === 'metric'
      ? `p.m_${c.name}`
      : c.kind === 'timestamp'
        ? 'p.ts_bucket::DOUBLE'
        : c.name === 'subscriberid'
          ? '(SELECT value FROM dict_subscriberid d WHERE d.code = p.subscriberid)'
          : `p.${dimColumn(c.name as Dimension)}`,
  );
  const orderBy = (q: string) => (orderOf(q).length > 0 ? ` ORDER BY ${orderOf(q).join(', ')}` : '');
  const inner = `SELECT r.*, ${TOTAL} FROM (${body}) r${orderBy('r.')}`;
  return {
    page: (limit, offset) =>
      `SELECT ${select.join(', ')}, p.__total FROM (${inner} LIMIT ${limit} OFFSET ${offset}) p${orderBy('p.')}`,
    params,
    columns,
    cacheKey: `${ctx.customerCode}\u0000${inner}\u0000${params.key()}`,
  };
}

function orderTerms(
  query: QueryNode,
  dims: readonly Dimension[],
  series: boolean,
  metricCol: (m: Metric) => string | null,
  dimCol: (d: Dimension) => string,
  tsCol: string,
): string[] {
  const firstMetric = query.metrics.find(isMetric);
  const key =
    query.orderby ?? (series ? 'timestamp' : (firstMetric ?? dims[0] ?? (series ? 'timestamp' : undefined)));
  const terms: string[] = [];
  if (key !== undefined) {
    const dir = query.order ?? (isMetric(key) ? 'desc' : 'asc');
    const sqlDir = dir === 'desc' ? 'DESC' : 'ASC';
    if (isMetric(key)) {
      const col = metricCol(key);
      if (col !== null) terms.push(`${col} ${sqlDir}`);
    } else if (isDimension(key)) terms.push(`${dimCol(key)} ${sqlDir}`);
    else if (key === 'timestamp' && series) terms.push(`${tsCol} ${sqlDir}`);
    else throw new CompileError(`cannot order by ${JSON.stringify(key)}`);
  }
  // Ties: the group's dimension values ascending (codes follow value order), then the bucket.
  for (const d of dims) terms.push(`${dimCol(d)} ASC`);
  if (series) terms.push(`${tsCol} ASC`);
  return terms;
}

/** `agg=2`: one record per error event, no grouping. */
function compileEvents(query: QueryNode, ctx: CompileContext): CompiledQuery {
  const params = new Params();
  const period = periodOf(query);
  const filter = filterOf(query);
  const qoe = qoeOf(query);
  const names = recordNames(query, false);
  const dims = unique(names.filter(isDimension));
  const cust = params.int(ctx.customerCode);
  const start = params.bigint(period.start);
  const end = params.bigint(period.end);
  const where = filterConditions(filter, params, ctx, 'errors');
  const columns: OutputColumn[] = names.map((n) =>
    isDimension(n) ? dimOutput(n, ctx) : { name: n, kind: 'metric' },
  );
  if (!where)
    return {
      page: (l, o) => `${EMPTY} LIMIT ${l} OFFSET ${o}`,
      params: new Params(),
      columns,
      cacheKey: 'empty',
    };
  // Each event is one record: errors is 1 and the session metrics have no data, so 0.
  const metricValue = (m: string) => (m === 'errors' ? '1::DOUBLE' : '0::DOUBLE');
  const qoeWhere = (qoe?.conditions ?? []).map(
    (c) => `${metricValue(c.metric)} ${sqlOperator(c.operator)} ${params.double(c.value)}`,
  );
  const select = columns.map((c) =>
    c.kind === 'metric'
      ? metricValue(c.name)
      : c.name === 'subscriberid'
        ? '(SELECT value FROM dict_subscriberid d WHERE d.code = p.subscriberid)'
        : `p.${dimColumn(c.name as Dimension)}`,
  );
  // Metrics are constant per event, so ordering by one only leaves the tie-breaks.
  // agg=2 ignores aggby for grouping, yet `orderby` may name an aggby dimension (the query model
  // accepts it): each event has that field, so the events are ordered by it without returning it.
  const orderDim =
    query.orderby !== undefined && isDimension(query.orderby) && !dims.includes(query.orderby)
      ? query.orderby
      : undefined;
  const innerDims = orderDim === undefined ? dims : [...dims, orderDim];
  const byTime = query.orderby === 'timestamp';
  const timeDir = query.order === 'desc' ? 'DESC' : 'ASC';
  const orderOf = (q: string) => [
    ...(byTime
      ? [`${q}ts ${timeDir}`, ...dims.map((d) => `${q}${dimColumn(d)} ASC`)]
      : orderTerms(
          query,
          dims,
          false,
          () => null,
          (d) => `${q}${dimColumn(d)}`,
          `${q}ts`,
        )),
    // Event ids follow (customer, time) order, so this is "then by time" and a stable tie-break.
    `${q}eid ASC`,
  ];
  const conditions = [`cust = ${cust}`, `ts >= ${start}`, `ts < ${end}`, ...where, ...qoeWhere];
  const inner = `SELECT ${[...innerDims.map((d) => dimColumn(d)), 'ts', 'eid'].join(', ')}, ${TOTAL} FROM errors e
    WHERE ${conditions.join(' AND ')} ORDER BY ${orderOf('e.').join(', ')}`;
  return {
    page: (limit, offset) =>
      `SELECT ${select.join(', ')}, p.__total FROM (${inner} LIMIT ${limit} OFFSET ${offset}) p ORDER BY ${orderOf('p.').join(', ')}`,
    params,
    columns,
    cacheKey: `${ctx.customerCode}\u0000${inner}\u0000${params.key()}`,
  };
}
