// The session population S of a query (docs/server.md#the-population-s): the options that switch it
// (sessiontype, allstatus, concurrency, businesserror), the filter's conditions on either table, and
// the session-level qoefilter conditions, which test each session's own value.
import type { ComparisonOperator, FilterAst, QoeFilterAst } from '@playq/grammar';
import type { QueryNode } from '@playq/query';
import type { Dictionary } from '../data/encode';
import { dimensionSql } from './dimension-sql';
import { DEFAULT_METRICS, type MetricTable } from './metric-sql';
import { QOE_OPERATORS, QOE_TESTS } from './operators';
import type { Params } from './params';
import { CompileError } from './plan';
import { scaledCondition } from './scaled-bound';

export interface PopulationOptions {
  readonly sessiontype: 'ended' | 'started';
  readonly allstatus: boolean;
  readonly concurrency: boolean;
  readonly businesserror: boolean;
}

/** The population switches of a query, defaults filled in. */
export function populationOptions(query: QueryNode): PopulationOptions {
  return {
    sessiontype: query.sessiontype ?? 'ended',
    allstatus: query.allstatus === 1,
    concurrency: query.concurrency === 1,
    businesserror: query.businesserror === true,
  };
}

export interface FilterContext {
  /** A dimension's dictionary when the service keeps it in memory (filter values become codes). */
  dictionary(dimension: string): Dictionary | undefined;
}

/** Above this many codes a filter binds one list parameter instead of one parameter per code. */
const MAX_INLINE_CODES = 64;

/**
 * `WHERE` conditions of the filter on one table; `null` when no row can match (a value absent from
 * the data, or an error-only dimension on sessions).
 */
export function filterConditions(
  filter: FilterAst | undefined,
  params: Params,
  ctx: FilterContext,
  table: 'sessions' | 'errors',
): string[] | null {
  // Resolve every clause before binding anything: a clause that matches nothing must leave no
  // parameter behind (each bound parameter has to appear in the statement).
  const resolved: { column: string; dictionary: string; values: readonly string[]; codes?: number[] }[] = [];
  for (const clause of filter?.clauses ?? []) {
    const dim = dimensionSql(clause.dimension);
    if (!dim) throw new CompileError(`unknown dimension ${JSON.stringify(clause.dimension)}`);
    if (table === 'sessions' && dim.errorOnly) return null;
    const dict = params.target.layout === 'coded' ? ctx.dictionary(clause.dimension) : undefined;
    const codes = dict && [
      ...new Set(clause.values.map((v) => dict.codes.get(v)).filter((c): c is number => c !== undefined)),
    ];
    if (codes?.length === 0) return null;
    resolved.push({
      column: dim.column,
      dictionary: dim.dictionary,
      values: clause.values,
      ...(codes && { codes }),
    });
  }
  if (params.target.layout === 'raw') return resolved.map((r) => rawCondition(r.column, r.values, params));
  return resolved.map(({ column, dictionary, values, codes }) => {
    // Large dictionaries stay in SQL: resolve the values with a semi-join.
    if (!codes)
      return `${column} IN (SELECT code FROM ${dictionary} WHERE value IN (SELECT unnest(${params.stringList(values)})))`;
    if (codes.length > 1 && Math.max(...codes) < MAX_LOOKUP_CODE)
      return lookupCondition(column, codes, params);
    if (codes.length <= MAX_INLINE_CODES)
      return `${column} IN (${codes.map((c) => params.int(c)).join(', ')})`;
    return params.target.dialect.listContains(params.intList(codes), column);
  });
}

/** Codes below this are tested by a lookup in a list of flags (one per code up to the largest). */
const MAX_LOOKUP_CODE = 4096;

/** Codes below this are tested as bits of one integer (2^MAX_MASK_CODE is still exact in a double). */
const MAX_MASK_CODE = 53;

/**
 * A filter clause on a small dictionary's codes as a lookup. Codes below 53: the row's code picks a
 * bit of one bound integer (`(mask >> code) & 1`; a shift past 63 gives 0, a null code null). Else
 * the code indexes a list of 0/1 flags (1 for a selected code; beyond its end, or a null code,
 * nothing). DuckDB turns an `IN` list of several values into a hash join and filters again after
 * it; the list lookup is one array access per row (at 10M sessions, (a)'s two filters cost less
 * than half as much), the bit test cheaper still (at 1M, (a)'s statement a fifth less CPU).
 */
function lookupCondition(column: string, codes: readonly number[], params: Params): string {
  if (Math.max(...codes) < MAX_MASK_CODE) {
    const mask = codes.reduce((m, c) => m + 2 ** c, 0);
    return `(${params.bigint(mask)} >> ${column}) & 1 = 1`;
  }
  const flags = new Array<number>(Math.max(...codes) + 1).fill(0);
  for (const c of codes) flags[c] = 1;
  return `(${params.intList(flags)})[${column} + 1] = 1`;
}

/** A filter clause on a column holding the values themselves (the raw layout). */
function rawCondition(column: string, values: readonly string[], params: Params): string {
  const distinct = [...new Set(values)];
  if (distinct.length <= MAX_INLINE_CODES)
    return `${column} IN (${distinct.map((v) => params.varchar(v)).join(', ')})`;
  return params.target.dialect.listContains(params.stringList(distinct), column);
}

/** Conditions of a qoefilter split by level: session-level ones go in WHERE, the others in HAVING. */
export function splitConditions(
  qoe: QoeFilterAst | undefined,
  metrics: MetricTable = DEFAULT_METRICS,
): {
  session: QoeFilterAst['conditions'];
  group: QoeFilterAst['conditions'];
} {
  const conditions = qoe?.conditions ?? [];
  const level = (metric: string) => {
    if (!metrics.sql(metric)) throw new CompileError(`unknown qoefilter metric ${JSON.stringify(metric)}`);
    return metrics.info(metric).level;
  };
  return {
    session: conditions.filter((c) => level(c.metric) === 'session'),
    group: conditions.filter((c) => level(c.metric) === 'group'),
  };
}

/** The businesserror rule on error events: business ones count only with `businesserror=true`. */
export function businessRule(options: PopulationOptions, alias = ''): string[] {
  return options.businesserror ? [] : [`NOT coalesce(${alias}business, false)`];
}

/**
 * Session-level conditions as SQL over a `sessions` row aliased `ss`: the session's own value is
 * tested, and a session lacking it (no first frame for latency) fails (SQL NULL is not true).
 */
export function sessionConditions(
  conditions: QoeFilterAst['conditions'],
  params: Params,
  options: PopulationOptions,
  cust: string,
  metrics: MetricTable = DEFAULT_METRICS,
): string[] {
  return conditions.flatMap((c) => {
    const value = metrics.sql(c.metric)?.session;
    if (value === undefined) throw new CompileError(`${c.metric} has no session-level value`);
    const events = (extra: string[]) =>
      `FROM errors x WHERE x.cust = ${cust}${[
        ...extra,
        ...businessRule(options, 'x.'),
        ...(typeof value !== 'string' && value.where ? [value.where('x.')] : []),
      ]
        .map((w) => ` AND ${w}`)
        .join('')}`;
    if (typeof value === 'string') return ownValueConditions(c, value, params, metrics);
    if (params.target.dialect.correlatedSubqueries)
      return `((SELECT count(*) ${events(['x.session_id = ss.session_id'])})) ${sqlOperator(c.operator)} ${params.double(c.value)}`;
    return errorCountCondition(c, params, events(['x.session_id IS NOT NULL']));
  });
}

/**
 * A condition on a session's own value computed from its row: a comparison of an integer column
 * with a bound when the value is that column scaled (scaled-bound.ts); else the value compared,
 * after `column <> 0` when the value is 0 with that column at 0 and 0 fails the comparison (a
 * test in the scan that spares most rows the expression: at 1M sessions `bufferingratio>0.5`
 * took a third less; exact, since every row it drops fails the comparison).
 */
function ownValueConditions(
  c: QoeFilterAst['conditions'][number],
  value: string,
  params: Params,
  metrics: MetricTable,
): string[] {
  const { sessionScale: scale, sessionZeroWith: zeroWith } = metrics.sql(c.metric) ?? {};
  const scaled = scale && scaledCondition(scale.column, scale.divisor, c.operator, c.value, params);
  if (scaled) return [scaled];
  const test = `(${value}) ${sqlOperator(c.operator)} ${params.double(c.value)}`;
  return zeroWith && !QOE_TESTS[c.operator](0, c.value) ? [`${zeroWith} <> 0`, test] : [test];
}

/**
 * A session's error count compared with a value, without a correlated subquery: the sessions
 * with events whose count passes (or, when a session without events passes too, all but the
 * sessions with events whose count fails). Which form is chosen depends on the comparison of 0 with
 * the value, known when compiling; the value itself stays bound.
 */
function errorCountCondition(c: QoeFilterAst['conditions'][number], params: Params, events: string): string {
  const op = sqlOperator(c.operator);
  const value = params.double(c.value);
  const zeroPasses = QOE_TESTS[c.operator](0, c.value);
  const counted = (test: string) => `SELECT x.session_id ${events} GROUP BY x.session_id HAVING ${test}`;
  return zeroPasses
    ? `ss.session_id NOT IN (${counted(`NOT (count(*) ${op} ${value})`)})`
    : `ss.session_id IN (${counted(`count(*) ${op} ${value}`)})`;
}

export function sqlOperator(op: ComparisonOperator): string {
  const sql = QOE_OPERATORS[op];
  if (!sql) throw new CompileError(`unknown qoefilter operator ${JSON.stringify(op)}`);
  return sql;
}
