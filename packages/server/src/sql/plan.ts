// A compiled query is data, not code: the plan kind, the SQL text, its bound parameters and the
// output columns. Tests assert plans as values, the executor runs them, the cache keys on them.
import { type Dialect, DUCKDB } from './dialect';
import type { ServerDimension } from './dimension-sql';
import type { PlanParameter } from './params';

/**
 * How a result column becomes a record field: `dimension` is text (a dimension's value or a
 * session list's text field, decoded in SQL; "" for null), the others numbers.
 */
export interface OutputColumn {
  readonly name: string;
  readonly kind: 'metric' | 'dimension' | 'timestamp';
  /**
   * A dimension column the statement yields as its dictionary code, to be decoded through the
   * engine's values of this dimension when records are written (a small dimension's dictionary, or
   * a large one the engine keeps, `Engine.largeDictionary`; a code absent from it, or null, is "");
   * without it a dimension column is its text.
   */
  readonly decode?: ServerDimension;
}

/**
 * - `groups`: the general plan (population S, active sessions and error events, grouped);
 * - `events`: `agg=2`, one record per error event;
 * - `sessions`: the session list, one record per session of the population;
 * - `empty`: no row can match (a filter value absent from the data).
 */
export type PlanKind = 'groups' | 'events' | 'sessions' | 'empty';

export interface CompiledQuery {
  readonly kind: PlanKind;
  /**
   * The statement of one page. Its parameters are `parameters` and then two more: `$n+1` is the
   * page size (limit) and `$n+2` the offset. The rows come ordered, each with the total number of
   * records as its last column.
   */
  readonly sql: string;
  readonly parameters: readonly PlanParameter[];
  readonly columns: readonly OutputColumn[];
  /**
   * A statement of the result's total alone (one row: the number of records), over `parameters`
   * only. A page past the end has no row to carry the total: the executor then runs this rather
   * than the page statement again. Absent, the page statement's first row gives it.
   */
  readonly countSql?: string;
  /** Identifies the result, not the page: SQL text and parameter values. */
  readonly cacheKey: string;
}

/** Raised for a query that validation should have refused; the HTTP layer maps it to 500. */
export class CompileError extends Error {
  override readonly name = 'CompileError';
}

/** A query the reference service refuses by design (answered 400 with `code`, naming `param`). */
export class UnsupportedQueryError extends Error {
  override readonly name = 'UnsupportedQueryError';
  constructor(
    readonly code:
      | 'unsupported_metric'
      | 'unsupported_dimension'
      | 'unsupported_with_concurrency'
      | 'unsupported_on_endpoint'
      | 'invalid_aggby',
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

/** Freezes a plan (deeply enough: its arrays and their items). */
export function freezePlan(plan: Omit<CompiledQuery, 'cacheKey'>): CompiledQuery {
  const cacheKey = `${plan.sql}\u0000${JSON.stringify(plan.parameters)}`;
  return Object.freeze({
    ...plan,
    parameters: Object.freeze(plan.parameters.map((p) => Object.freeze({ ...p }))),
    columns: Object.freeze(plan.columns.map((c) => Object.freeze({ ...c }))),
    cacheKey,
  });
}

/** The plan of a query no row can match: no parameters, no rows, a total of 0. */
export function emptyPlan(columns: readonly OutputColumn[], dialect: Dialect = DUCKDB): CompiledQuery {
  return freezePlan({
    kind: 'empty',
    sql: `SELECT NULL WHERE FALSE LIMIT ${dialect.parameter(1, 'bigint')} OFFSET ${dialect.parameter(2, 'bigint')}`,
    parameters: [],
    columns,
  });
}
