// Which queries the small-data evaluator covers, and its plan of each: conservatively, anything
// it cannot answer exactly as the SQL plan does is left to DuckDB (`smallPlan` gives `undefined`).
import {
  bucketSeconds,
  isMetric,
  isPerEventQuery,
  isTimeSeries,
  type MetricName,
  type QueryNode,
} from '@playq/query';
import { metricInfo, metricSql, type ServerMetric } from '../sql/metric-sql';
import { populationOptions } from '../sql/population';
import { filterOf, qoeOf, recordNames, unique } from '../sql/query-parts';
import { isSmallMetric, ownValueOf } from './metrics';
import {
  isPlanDimension,
  type SmallCondition,
  type SmallField,
  type SmallPlan,
  type SmallPlanDimension,
} from './plan';

/**
 * The evaluator's plan of a validated query, or `undefined` when it does not cover the query
 * (session lists, per-event (agg=2) and concurrency queries, metrics of active sessions, the
 * average QoE score (see `SmallMetric`), a name it does not know): those are answered by SQL.
 *
 * @example
 * ```ts
 * smallPlan(fromURL('/api/v1/metricquery/demo?period=start=0,end=60&metrics=latency&aggby=cdn').query, 0);
 * // { customer: 0, start: 0, end: 60, dims: ['cdn'], needed: ['latency'], ... }
 * ```
 */
export function smallPlan(query: QueryNode, customer: number): SmallPlan | undefined {
  const options = populationOptions(query);
  // The session endpoint with agg=1 is the same groups plan (its string fields are also in aggby).
  const grouped = query.endpoint === 'metricquery' || (query.endpoint === 'session' && query.agg === 1);
  if (!grouped || isPerEventQuery(query) || options.concurrency) return undefined;
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
  const order = orderOf(query, fields, series);
  if (order === null) return undefined;
  // Group-level conditions on metrics it computes; session-level ones on any own value.
  const groupConditions: SmallCondition[] = [];
  const sessionConditions: SmallCondition<MetricName>[] = [];
  for (const { metric, operator, value } of qoeOf(query)?.conditions ?? []) {
    if (metricInfo(metric as ServerMetric).level === 'group') {
      if (!isSmallMetric(metric)) return undefined;
      groupConditions.push({ metric, operator, value });
    } else {
      if (!isMetric(metric) || metricSql(metric)?.session === undefined || !ownValueOf(metric))
        return undefined;
      sessionConditions.push({ metric, operator, value });
    }
  }
  const requested = unique(fields.flatMap((f) => (f.kind === 'metric' ? [f.name] : [])));
  const ordered = order?.field.kind === 'metric' ? [order.field.name] : [];
  const needed = unique([...requested, ...ordered, ...groupConditions.map((c) => c.metric)]);
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
    needed,
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
