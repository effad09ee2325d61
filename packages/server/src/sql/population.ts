// The session population S of a query (docs/server.md#the-population-s): the options that switch it
// (sessiontype, allstatus, concurrency, businesserror), the filter's conditions on either table, and
// the session-level qoefilter conditions, which test each session's own value.
import type { ComparisonOperator, FilterAst, QoeFilterAst } from '@playq/grammar';
import type { QueryNode } from '@playq/query';
import type { Dictionary } from '../data/dataset';
import { dimensionSql } from './dimension-sql';
import { metricInfo, metricSql, type ServerMetric } from './metric-sql';
import { QOE_OPERATORS } from './operators';
import type { Params } from './params';
import { CompileError } from './plan';

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
    const dict = ctx.dictionary(clause.dimension);
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
  return resolved.map(({ column, dictionary, values, codes }) => {
    // Large dictionaries stay in SQL: resolve the values with a semi-join.
    if (!codes)
      return `${column} IN (SELECT code FROM ${dictionary} WHERE value IN (SELECT unnest(${params.stringList(values)})))`;
    if (codes.length <= MAX_INLINE_CODES)
      return `${column} IN (${codes.map((c) => params.int(c)).join(', ')})`;
    return `list_contains(${params.intList(codes)}, ${column})`;
  });
}

/** Conditions of a qoefilter split by level: session-level ones go in WHERE, the others in HAVING. */
export function splitConditions(qoe: QoeFilterAst | undefined): {
  session: QoeFilterAst['conditions'];
  group: QoeFilterAst['conditions'];
} {
  const conditions = qoe?.conditions ?? [];
  const level = (metric: string) => {
    if (!metricSql(metric)) throw new CompileError(`unknown qoefilter metric ${JSON.stringify(metric)}`);
    return metricInfo(metric as ServerMetric).level;
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
): string[] {
  return conditions.map((c) => {
    const value = metricSql(c.metric)?.session;
    if (value === undefined) throw new CompileError(`${c.metric} has no session-level value`);
    const expr =
      typeof value === 'string'
        ? value
        : `(SELECT count(*) FROM errors x WHERE x.cust = ${cust} AND x.session_id = ss.session_id${[
            ...businessRule(options, 'x.'),
            ...(value.errorEvents === 'fatal' ? ['x.fatal'] : []),
          ]
            .map((w) => ` AND ${w}`)
            .join('')})`;
    return `(${expr}) ${sqlOperator(c.operator)} ${params.double(c.value)}`;
  });
}

export function sqlOperator(op: ComparisonOperator): string {
  const sql = QOE_OPERATORS[op];
  if (!sql) throw new CompileError(`unknown qoefilter operator ${JSON.stringify(op)}`);
  return sql;
}
