// Semantic validation of a query node: every problem at once, in canonical parameter order, each
// with the problem code the service would answer with, the parameter it concerns, a position where
// the problem sits inside the parameter's text, and a did-you-mean hint for misspelled names.
// Each parameter's row of the table checks its plain value; the rules below check the rest.
import { TIMESTAMP } from '../catalogue/catalogue';
import { DEFAULT_CATALOGUE } from '../catalogue/default-catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { DEFAULT_LIMITS, type QueryLimits } from '../limits';
import type { QueryNode } from '../model';
import type { Parameter } from '../parameters/parameter';
import { PARAMETERS, type ParameterName } from '../parameters/parameter-table';
import type { QueryDiagnostic } from '../problem-code';
import { asNode, type QueryLike } from '../query-like';
import { checkAggMode } from './check-agg';
import { checkConcurrencyMetrics } from './check-concurrency';
import { checkFilterRule, checkQoeFilterRule } from './check-filters';
import { checkAggBy, checkMetrics } from './check-names';
import { type CheckedRow, checkedRow, checkParameter } from './check-parameter';
import { checkGranularity, checkPeriod } from './check-period';
import { checkCustomer, checkOrderBy } from './check-plain';
import type { Context, SourceSpans } from './context';
import { checkShape } from './shape';

export interface ValidateOptions {
  /** Limits to check against; missing fields take `DEFAULT_LIMITS`. */
  readonly limits?: Partial<QueryLimits>;
  /**
   * Whether a session query must carry `planlevel` (default `true`). The client passes `false`
   * because it resolves the plan level from the plan host before sending.
   */
  readonly requirePlanLevel?: boolean;
  /**
   * The catalogue to check names against. Default: the catalogue of the builder that made the
   * query (`createQueries(catalogue)`), else the default catalogue.
   */
  readonly catalogue?: AnyCatalogue;
}

/** The rules that need more than a parameter's own value, each run after that parameter's plain checks. */
const RULES: { readonly [N in ParameterName]?: (cx: Context) => void } = {
  period: checkPeriod,
  metrics: checkMetrics,
  aggby: checkAggBy,
  granularity: checkGranularity,
  agg: checkAggMode,
  concurrency: checkConcurrencyMetrics,
  filter: checkFilterRule,
  qoefilter: checkQoeFilterRule,
  orderby: checkOrderBy,
};

/**
 * Every problem with a query, as diagnostics carrying the service's problem codes. An empty array
 * (or one with only `severity: 'warning'` entries) means the service would accept the query.
 *
 * @example
 * validate(metricQuery('demo').last(1, 'day').metrics('bufferingration'));
 * // [{ code: 'unknown_metric', param: 'metrics', hint: 'bufferingratio', severity: 'error', ... }]
 */
export function validate(query: QueryLike, options: ValidateOptions = {}): QueryDiagnostic[] {
  const node = asNode(query);
  const shape = checkShape(node);
  if (shape.length > 0) return shape;
  const catalogue = options.catalogue ?? catalogueOf(query);
  return validateNode(node, catalogue === undefined ? options : { ...options, catalogue }, {});
}

/**
 * The catalogue a builder was made with (`createQueries(catalogue)`), or `undefined` for a plain
 * query node.
 *
 * @example
 * catalogueOf(createQueries(mine).metricQuery('demo')) === mine; // true
 */
export function catalogueOf(query: QueryLike): AnyCatalogue | undefined {
  const c = (query as { readonly '~catalogue'?: AnyCatalogue })['~catalogue'];
  return typeof c === 'object' && c !== null ? c : undefined;
}

/** @internal */
export function validateNode(
  q: QueryNode,
  options: ValidateOptions,
  spans: SourceSpans,
  table: readonly Parameter[] = PARAMETERS,
): QueryDiagnostic[] {
  const cx: Context = {
    q,
    catalogue: options.catalogue ?? DEFAULT_CATALOGUE,
    limits: options.limits === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...options.limits },
    out: [],
    session: q.endpoint === 'session',
    timeseries: q.aggby.includes(TIMESTAMP),
    numeric: [],
    fields: [],
    dims: [],
    spans,
  };
  const optional = options.requirePlanLevel === false ? PLAN_LEVEL_OPTIONAL : NOTHING_OPTIONAL;
  checkCustomer(cx);
  const { rows, rules } = checksOf(table);
  for (let i = 0; i < rows.length; i++) {
    if (checkParameter(cx, rows[i]!, optional)) rules[i]?.(cx);
  }
  return cx.out;
}

/** A table's rows as the plain checks read them, and each row's rule, in table order. */
interface Checks {
  readonly rows: readonly CheckedRow[];
  readonly rules: readonly (((cx: Context) => void) | undefined)[];
}

const CHECKS = new WeakMap<readonly Parameter[], Checks>();

/** A table's checks, worked out once per table. */
function checksOf(table: readonly Parameter[]): Checks {
  let checks = CHECKS.get(table);
  if (checks === undefined) {
    checks = { rows: table.map(checkedRow), rules: table.map((row) => RULES[row.name as ParameterName]) };
    CHECKS.set(table, checks);
  }
  return checks;
}

const PLAN_LEVEL_OPTIONAL: ReadonlySet<string> = new Set(['planlevel']);
const NOTHING_OPTIONAL: ReadonlySet<string> = new Set();
