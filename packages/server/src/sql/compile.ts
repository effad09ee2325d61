// Compiles a validated query (the @playq/query model) into a plan: one parameterized DuckDB
// statement yielding the whole ordered result, page by page. This module refuses what the service
// has no SQL for and dispatches to the plan of the query's shape (`groups.ts`, `events.ts`,
// `session-list.ts`).
// Identifiers come only from the metric and dimension SQL tables; every request value is bound.
import { isListEndpoint, isPerEventQuery, type QueryNode } from '@playq/query';
import { DUCKDB_CODED, type PlanTarget } from './dialect';
import { isServerDimension, isSmallDimension } from './dimension-sql';
import { compileEvents } from './events';
import type { Decodes } from './fragments';
import { compileGroups } from './groups';
import { isServerListField } from './list-fields';
import { DEFAULT_METRICS, type MetricTable } from './metric-sql';
import { type CompiledQuery, UnsupportedQueryError } from './plan';
import { type FilterContext, type PopulationOptions, populationOptions } from './population';
import { filterOf, qoeOf } from './query-parts';
import { compileSessionList } from './session-list';

export { type CompiledQuery, CompileError, type OutputColumn, UnsupportedQueryError } from './plan';

export interface CompileContext extends FilterContext {
  /** The customer as the engine stores it: a code (coded layout) or the id (raw layout). */
  readonly customerCode: number | string;
  /** The engine's dialect and layout; default the embedded DuckDB database. */
  readonly target?: PlanTarget;
  /**
   * The dimensions whose codes the engine decodes as records are written (`decodedBy(engine)`);
   * default the small ones. A large dimension it does not decode is joined to its dictionary on the page.
   */
  readonly decodes?: Decodes;
  /** The SQL of the service's metrics; default the default catalogue's. */
  readonly metrics?: MetricTable;
}

/**
 * Refuses names the server has no SQL for (`unsupported_metric`, `unsupported_dimension`, e.g. from
 * a user's extended catalogue), metrics the catalogue marks unusable with `concurrency=1`
 * (`unsupported_with_concurrency`) and, behind validation, a session list's group-level condition
 * (`unsupported_on_endpoint`).
 */
function checkNames(query: QueryNode, options: PopulationOptions, metrics: MetricTable): void {
  const list = isListEndpoint(query.endpoint);
  if (list) checkListFields(query, metrics);
  const dims: [string, string][] = [
    ...(list ? [] : query.aggby).filter((n) => n !== 'timestamp').map((n): [string, string] => ['aggby', n]),
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
    ...(list ? [] : query.metrics)
      .filter((n) => !isServerDimension(n))
      .map((n): [string, string] => ['metrics', n]),
    ...(qoeOf(query)?.conditions ?? []).map((c): [string, string] => ['qoefilter', c.metric]),
  ];
  for (const [param, name] of uses) {
    if (!metrics.sql(name))
      throw new UnsupportedQueryError(
        'unsupported_metric',
        param,
        `the reference service has no definition of metric "${name}" (in ${param})`,
      );
    if (list && param === 'qoefilter' && metrics.sql(name)?.session === undefined)
      throw new UnsupportedQueryError(
        'unsupported_on_endpoint',
        param,
        `metric "${name}" (in ${param}) is group-level: a session list takes session-level conditions only`,
      );
    if (options.concurrency && !metrics.info(name).concurrency)
      throw new UnsupportedQueryError(
        'unsupported_with_concurrency',
        param,
        `metric "${name}" (in ${param}) cannot be used with concurrency=1`,
      );
  }
}

/**
 * A session list's shape behind validation: one record per session (`aggby` omitted or
 * `sessionid`, else `invalid_aggby`), and fields the service has SQL for (`unsupported_metric`).
 */
function checkListFields(query: QueryNode, metrics: MetricTable): void {
  const other = query.aggby.find((n) => n !== 'sessionid');
  if (other !== undefined)
    throw new UnsupportedQueryError(
      'invalid_aggby',
      'aggby',
      `a session list has one record per session (aggby=sessionid); a breakdown by ${other} is a metricquery`,
    );
  const unknown = query.metrics.find((n) => !isServerListField(n, metrics));
  if (unknown !== undefined)
    throw new UnsupportedQueryError(
      'unsupported_metric',
      'metrics',
      `the reference service has no definition of session list field "${unknown}" (in metrics)`,
    );
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
  const metrics = ctx.metrics ?? DEFAULT_METRICS;
  checkNames(query, options, metrics);
  const targeted = {
    ...ctx,
    target: ctx.target ?? DUCKDB_CODED,
    decodes: ctx.decodes ?? isSmallDimension,
    metrics,
  };
  const list = isListEndpoint(query.endpoint);
  if (!list && isPerEventQuery(query)) return compileEvents(query, targeted, options);
  return list ? compileSessionList(query, targeted, options) : compileGroups(query, targeted, options);
}
