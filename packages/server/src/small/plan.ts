// The small-data evaluator's plan of a query, as data (like the SQL plan beside it): the population
// switches, the window, the group keys, the metrics, the filter and qoefilter conditions, the order.
// `smallPlan` decides which queries the evaluator covers, conservatively: anything else is DuckDB's.
import type { ComparisonOperator } from '@playq/grammar';
import { bucketSeconds, isPerEventQuery, isTimeSeries, type QueryNode } from '@playq/query';
import type { SmallDimension } from '../sql/dimension-sql';
import { metricInfo, metricSql, type ServerMetric } from '../sql/metric-sql';
import { populationOptions } from '../sql/population';
import { filterOf, qoeOf, recordNames, unique } from '../sql/query-parts';
import { isSmallMetric, type SmallMetric } from './metrics';

/** Dimensions the evaluator groups and filters by: the small ones that sessions carry. */
export const SMALL_PLAN_DIMENSIONS = Object.freeze([
  'country',
  'platform',
  'device',
  'player',
  'cdn',
  'subscribertag',
] as const satisfies readonly SmallDimension[]);
export type SmallPlanDimension = (typeof SMALL_PLAN_DIMENSIONS)[number];

const isPlanDimension = (name: string): name is SmallPlanDimension =>
  (SMALL_PLAN_DIMENSIONS as readonly string[]).includes(name);

export interface SmallCondition {
  readonly metric: SmallMetric;
  readonly operator: ComparisonOperator;
  readonly value: number;
}

/** A record field: a metric, a dimension's code (decoded by the record writer) or the bucket. */
export type SmallField =
  | { readonly kind: 'metric'; readonly name: SmallMetric }
  | { readonly kind: 'dimension'; readonly name: SmallPlanDimension }
  | { readonly kind: 'timestamp' };

export interface SmallPlan {
  /** The customer's code in the coded tables. */
  readonly customer: number;
  readonly start: number;
  readonly end: number;
  readonly sessiontype: 'ended' | 'started';
  readonly allstatus: boolean;
  readonly businesserror: boolean;
  readonly dims: readonly SmallPlanDimension[];
  /** Bucket length (s) of a time series. */
  readonly bucket?: number;
  /** Requested metrics, the ordering metric and those of group-level conditions. */
  readonly needed: readonly SmallMetric[];
  readonly requested: readonly SmallMetric[];
  readonly filter: readonly { readonly dimension: SmallPlanDimension; readonly values: readonly string[] }[];
  /** Conditions on each session's own value (`WHERE`), and on each record (`HAVING`). */
  readonly sessionConditions: readonly SmallCondition[];
  readonly groupConditions: readonly SmallCondition[];
  /** The first sort key (ties then by the dimensions' codes ascending, then the bucket). */
  readonly order?: { readonly field: SmallField; readonly desc: boolean };
  readonly fields: readonly SmallField[];
}

/**
 * The evaluator's plan of a validated query, or `undefined` when it does not cover the query
 * (session endpoints, per-event and concurrency queries, error-only or large dimensions, metrics
 * of active sessions, a name it does not know): those are answered by SQL.
 *
 * @example
 * ```ts
 * smallPlan(fromURL('/api/v1/metricquery/demo?period=start=0,end=60&metrics=latency&aggby=cdn').query, 0);
 * // { customer: 0, start: 0, end: 60, dims: ['cdn'], needed: ['latency'], ... }
 * ```
 */
export function smallPlan(query: QueryNode, customer: number): SmallPlan | undefined {
  const options = populationOptions(query);
  if (query.endpoint !== 'metricquery' || isPerEventQuery(query) || options.concurrency) return undefined;
  const period = query.period;
  if (period?.type !== 'period') return undefined;
  const series = isTimeSeries(query);
  const names = recordNames(query, true);
  const fields: SmallField[] = [];
  for (const n of names) {
    if (n === 'timestamp' && series) fields.push({ kind: 'timestamp' });
    else if (isPlanDimension(n) && query.aggby.includes(n)) fields.push({ kind: 'dimension', name: n });
    else if (isSmallMetric(n) && query.metrics.includes(n)) fields.push({ kind: 'metric', name: n });
    else return undefined;
  }
  const filter = filterOf(query)?.clauses ?? [];
  if (!filter.every((c) => isPlanDimension(c.dimension))) return undefined;
  const conditions = qoeOf(query)?.conditions ?? [];
  if (!conditions.every((c) => isSmallMetric(c.metric))) return undefined;
  const order = orderOf(query, fields, series);
  if (order === null) return undefined;
  const condition = (c: (typeof conditions)[number]): SmallCondition => ({
    metric: c.metric as SmallMetric,
    operator: c.operator,
    value: c.value,
  });
  const level = (c: (typeof conditions)[number]) => metricInfo(c.metric as ServerMetric).level;
  const groupConditions = conditions.filter((c) => level(c) === 'group').map(condition);
  const sessionConditions = conditions.filter((c) => level(c) === 'session').map(condition);
  if (!sessionConditions.every((c) => metricSql(c.metric)?.session !== undefined)) return undefined;
  const requested = unique(fields.flatMap((f) => (f.kind === 'metric' ? [f.name] : [])));
  const ordered = order?.field.kind === 'metric' ? [order.field.name] : [];
  const seconds = bucketSeconds(query);
  return {
    customer,
    start: period.start,
    end: period.end,
    sessiontype: options.sessiontype,
    allstatus: options.allstatus,
    businesserror: options.businesserror,
    dims: fields.flatMap((f) => (f.kind === 'dimension' ? [f.name] : [])),
    ...(seconds === undefined ? {} : { bucket: seconds }),
    needed: unique([...requested, ...ordered, ...groupConditions.map((c) => c.metric)]),
    requested,
    filter: filter.map((c) => ({ dimension: c.dimension as SmallPlanDimension, values: c.values })),
    sessionConditions,
    groupConditions,
    ...(order === undefined ? {} : { order }),
    fields,
  };
}

/** The first sort key as the SQL plan orders (order.ts), `undefined` for none, `null` when not covered. */
function orderOf(
  query: QueryNode,
  fields: readonly SmallField[],
  series: boolean,
): SmallPlan['order'] | null {
  const firstMetric = query.metrics.find((n) => metricSql(n) !== undefined);
  const key = query.orderby ?? (series ? 'timestamp' : firstMetric);
  if (key === undefined) return undefined;
  const desc = (query.order ?? (key === 'timestamp' ? 'asc' : 'desc')) === 'desc';
  if (key === 'timestamp') return series ? { field: { kind: 'timestamp' }, desc } : null;
  if (isSmallMetric(key)) return { field: { kind: 'metric', name: key }, desc };
  const dim = fields.find((f) => f.kind === 'dimension' && f.name === key);
  return dim ? { field: dim, desc } : null;
}
