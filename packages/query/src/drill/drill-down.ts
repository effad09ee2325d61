// From an aggregate to the sessions behind it: the session-list query of a metricquery record (a
// breakdown row or a time-series bucket). The population is kept (period, or the bucket within it,
// the four switches, the filter, the session-level qoefilter conditions), group-level conditions
// are dropped (they test records, not sessions), and the record's dimension values become filter
// clauses. Never throws: what cannot be drilled into comes back as diagnostics.
import type { FilterAst, FilterClause, QoeFilterAst } from '@playq/grammar';
import {
  dimensionInfo,
  isDimension,
  isListField,
  isMetric,
  metricInfo,
  TIMESTAMP,
} from '../catalogue/catalogue';
import { DEFAULT_CATALOGUE } from '../catalogue/default-catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { granularitySeconds } from '../limits';
import { DEFAULT_GRANULARITY, DEFAULT_OFFSET, type QueryNode } from '../model';
import { POPULATION_SWITCHES } from '../parameters/parameter-table';
import type { QueryDiagnostic } from '../problem-code';
import { asNode, type QueryLike } from '../query-like';
import { catalogueOf, validate } from '../validate/validate';
import { LIST_AGGBY } from '../wire/endpoints';

export interface DrillDownOptions {
  /** The list fields of the session list, in order (default: `sessionid`, then the query's list fields). */
  readonly fields?: readonly string[];
  /** The page size of the session list (default the query's `limit`). */
  readonly limit?: number;
  /** The catalogue (default: the builder's, else the default catalogue). */
  readonly catalogue?: AnyCatalogue;
}

export type DrillDownResult =
  | { readonly ok: true; readonly query: QueryNode }
  | { readonly ok: false; readonly errors: readonly QueryDiagnostic[] };

const refuse = (message: string, param: string): DrillDownResult => ({
  ok: false,
  errors: [{ code: 'unsupported_on_endpoint', message, param, severity: 'error' }],
});

/**
 * Whether a query's records stand for groups of sessions one can list with `drillDown`: a
 * metricquery breakdown or time series (a query with `aggby`).
 *
 * @example
 * isDrillable(metricQuery('demo').last(1, 'day').metrics('errors').aggBy('country').toQuery()); // true
 * isDrillable(metricQuery('demo').last(1, 'day').metrics('errors').toQuery()); // false: one total
 */
export function isDrillable(query: QueryLike): boolean {
  const q = asNode(query);
  return q.endpoint === 'metricquery' && q.aggby.length > 0;
}

/**
 * The session list of exactly the sessions behind one record of a metricquery: same period (a
 * time-series record: its bucket within the period), switches, filter and session-level qoefilter
 * conditions, with the record's dimension values as filter clauses, ordered by its first field.
 *
 * @example
 * const q = metricQuery('demo').last(1, 'day').metrics('bufferingratio').aggBy('country').toQuery();
 * const r = drillDown(q, { bufferingratio: 7.5, country: 'BR' });
 * if (r.ok) toURL(r.query, { baseUrl });
 * // …/listsessions/demo?period=…&metrics=sessionid%2Cbufferingratio&filter=%5Bcountry%3DBR%5D&orderby=bufferingratio
 */
export function drillDown(
  query: QueryLike,
  record: Readonly<Record<string, unknown>>,
  options: DrillDownOptions = {},
): DrillDownResult {
  const q = asNode(query);
  const catalogue = options.catalogue ?? catalogueOf(query) ?? DEFAULT_CATALOGUE;
  if (q.endpoint !== 'metricquery')
    return refuse(`drillDown takes a metricquery, not a ${q.endpoint} query.`, 'path');
  if (q.period === undefined || q.period.type !== 'period')
    return refuse('The query has no valid period.', 'period');
  if (q.filter?.type === 'invalid') return refuse('The query has an invalid filter.', 'filter');
  if (q.qoefilter?.type === 'invalid') return refuse('The query has an invalid qoefilter.', 'qoefilter');
  const clauses = recordClauses(q, record, catalogue);
  if (!Array.isArray(clauses)) return clauses;
  const period = recordPeriod(q, record);
  if (period === undefined)
    return refuse('A time-series record needs a timestamp inside the period.', 'timestamp');
  const fields = options.fields ?? [
    LIST_AGGBY,
    ...q.metrics.filter((m) => m !== LIST_AGGBY && isListField(m, catalogue)),
  ];
  const node: Record<string, unknown> = {
    type: 'query',
    endpoint: 'listsessions',
    customerId: q.customerId,
    period,
    metrics: [...fields],
    aggby: [],
    limit: options.limit ?? q.limit,
    offset: DEFAULT_OFFSET,
  };
  for (const k of POPULATION_SWITCHES) if (q[k] !== undefined) node[k] = q[k];
  const filter = mergedFilter(q.filter, clauses);
  if (filter !== undefined) node.filter = filter;
  const qoe = sessionConditions(q.qoefilter, catalogue);
  if (qoe !== undefined) node.qoefilter = qoe;
  const first = fields.find((f) => isMetric(f, catalogue));
  if (first !== undefined) node.orderby = first;
  const made = node as unknown as QueryNode;
  const errors = validate(made, { catalogue }).filter((d) => d.severity === 'error');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, query: made };
}

/** The record's breakdown values as filter clauses, or the refusal of one that cannot be one. */
function recordClauses(
  q: QueryNode,
  record: Readonly<Record<string, unknown>>,
  catalogue: AnyCatalogue,
): FilterClause[] | DrillDownResult {
  const clauses: FilterClause[] = [];
  for (const dim of q.aggby) {
    if (dim === TIMESTAMP) continue;
    if (isDimension(dim, catalogue) && dimensionInfo(catalogue, dim).restricted) {
      return refuse(`"${dim}" describes error events: its records have no sessions to list.`, dim);
    }
    const value = record[dim];
    if (typeof value !== 'string') return refuse(`The record has no value for "${dim}".`, dim);
    if (value === '') {
      return refuse(`The record's "${dim}" is empty: a filter cannot select a missing value.`, dim);
    }
    clauses.push({ type: 'clause', dimension: dim, values: [value] });
  }
  return clauses;
}

/** The period, or a time-series record's bucket within it. */
function recordPeriod(q: QueryNode, record: Readonly<Record<string, unknown>>) {
  const period = q.period as { readonly start: number; readonly end: number };
  if (!q.aggby.includes(TIMESTAMP)) return { type: 'period', start: period.start, end: period.end };
  const ts = record[TIMESTAMP];
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) return undefined;
  const g = granularitySeconds(q.granularity ?? DEFAULT_GRANULARITY, period);
  const start = Math.max(ts, period.start);
  const end = Math.min(ts + g, period.end);
  return start < end ? { type: 'period', start, end } : undefined;
}

/** The query's filter with each drilled dimension's clause replaced by the record's value. */
function mergedFilter(
  filter: FilterAst | undefined,
  clauses: readonly FilterClause[],
): FilterAst | undefined {
  const drilled = new Set(clauses.map((c) => c.dimension));
  const kept = (filter?.clauses ?? []).filter((c) => !drilled.has(c.dimension));
  const all = [...kept, ...clauses];
  return all.length > 0 ? { type: 'filter', clauses: all } : undefined;
}

/** The session-level conditions of a qoefilter (group-level ones test records, not sessions). */
function sessionConditions(qoe: QoeFilterAst | undefined, catalogue: AnyCatalogue): QoeFilterAst | undefined {
  const kept = (qoe?.conditions ?? []).filter(
    (c) => isMetric(c.metric, catalogue) && metricInfo(catalogue, c.metric).level === 'session',
  );
  return kept.length > 0 ? { type: 'qoefilter', conditions: kept } : undefined;
}
