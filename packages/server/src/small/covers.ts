// Which queries the small-data evaluator covers, and its plan of each: conservatively, anything
// it cannot answer exactly as the SQL plan does is left to DuckDB (`smallPlan` gives `undefined`).
import {
  bucketSeconds,
  isListEndpoint,
  isMetric,
  isPerEventQuery,
  isTimeSeries,
  type MetricName,
  type QueryNode,
} from '@playq/query';
import { metricInfo, metricSql, type ServerMetric } from '../sql/metric-sql';
import type { OutputColumn } from '../sql/plan';
import { populationOptions } from '../sql/population';
import { filterOf, qoeOf, recordNames, unique } from '../sql/query-parts';
import { isSmallListNumber } from './list-values';
import { hasOwnValue, isSmallMetric } from './metrics';
import {
  isPlanDimension,
  type SmallCondition,
  type SmallField,
  type SmallListField,
  type SmallListPlan,
  type SmallPlan,
  type SmallPlanDimension,
} from './plan';

/**
 * The evaluator's plan of a validated query, or `undefined` when it does not cover the query
 * (per-event (agg=2) queries, a time series with `concurrency=1`, `views`, the average QoE score
 * (see `SmallMetric`), a name it does not know): those are answered by SQL.
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
  if (!grouped || isPerEventQuery(query)) return undefined;
  const period = query.period;
  if (period?.type !== 'period') return undefined;
  const series = isTimeSeries(query);
  // concurrency=1 in a time series counts each session once per bucket it spans: left to SQL.
  if (options.concurrency && series) return undefined;
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
      if (!isMetric(metric) || metricSql(metric)?.session === undefined || !hasOwnValue(metric))
        return undefined;
      sessionConditions.push({ metric, operator, value });
    }
  }
  const requested = unique(fields.flatMap((f) => (f.kind === 'metric' ? [f.name] : [])));
  const ordered = order?.field.kind === 'metric' ? [order.field.name] : [];
  const needed = unique([...requested, ...ordered, ...groupConditions.map((c) => c.metric)]);
  // concurviewavg of a time series counts each bucket a session spans: of the series alone, from
  // time 0 on (where SQL's truncated bucket of a time is its floor).
  const dims = fields.flatMap((f) => (f.kind === 'dimension' ? [f.name] : []));
  if (needed.includes('concurviewavg') && series && (dims.length > 0 || period.start < 0)) return undefined;
  const seconds = bucketSeconds(query);
  return {
    customer,
    start: period.start,
    end: period.end,
    sessiontype: options.sessiontype,
    allstatus: options.allstatus,
    businesserror: options.businesserror,
    ...(options.concurrency ? { concurrency: true } : {}),
    dims,
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

/** Session-level conditions on own values the evaluator computes, or `undefined` when one is not. */
function ownConditions(query: QueryNode): SmallCondition<MetricName>[] | undefined {
  const out: SmallCondition<MetricName>[] = [];
  for (const { metric, operator, value } of qoeOf(query)?.conditions ?? []) {
    if (!isMetric(metric) || metricSql(metric)?.session === undefined || !hasOwnValue(metric))
      return undefined;
    out.push({ metric, operator, value });
  }
  return out;
}

/** A list column as the evaluator writes it: a number, a code the writer decodes, the status, a kept text. */
function listField(column: OutputColumn): SmallListField | undefined {
  if (isSmallListNumber(column.name)) return { kind: 'number', name: column.name };
  if (column.name === 'status') return { kind: 'status' };
  if (column.name === 'sessionid' || column.name === 'deviceid') return { kind: 'text', name: column.name };
  // (category and key are no list fields: they describe error events)
  const d = column.decode;
  if (d === undefined || d !== column.name || d === 'category' || d === 'key') return undefined;
  return { kind: 'code', name: d };
}

/**
 * The evaluator's plan of a validated session list whose SQL plan writes `columns`, or `undefined`
 * when it does not cover it: a dimension joined to its
 * dictionary in SQL (one too large for the engine to decode), a condition on a value it does not
 * compute.
 *
 * @example
 * ```ts
 * smallListPlan(fromURL('/api/v1/listsessions/demo?period=start=0,end=60&metrics=latency').query, 0, plan.columns);
 * // { kind: 'list', population: { customer: 0, ... }, fields: [{ kind: 'number', name: 'latency' }], ... }
 * ```
 */
export function smallListPlan(
  query: QueryNode,
  customer: number,
  columns: readonly OutputColumn[],
): SmallListPlan | undefined {
  const options = populationOptions(query);
  const period = query.period;
  if (!isListEndpoint(query.endpoint) || period?.type !== 'period') return undefined;
  const fields = columns.map(listField);
  if (!fields.every((f): f is SmallListField => f !== undefined)) return undefined;
  const key = query.orderby ?? columns[0]?.name;
  const field = columns.findIndex((c) => c.name === key);
  const filter = filterOf(query)?.clauses ?? [];
  const sessionConditions = ownConditions(query);
  if (field < 0 || !filter.every((c) => isPlanDimension(c.dimension)) || !sessionConditions) return undefined;
  return {
    kind: 'list',
    population: {
      customer,
      start: period.start,
      end: period.end,
      sessiontype: options.sessiontype,
      allstatus: options.allstatus,
      businesserror: options.businesserror,
      ...(options.concurrency ? { concurrency: true } : {}),
      dims: [],
      needed: [],
      requested: [],
      filter: filter.map((c) => ({ dimension: c.dimension as SmallPlanDimension, values: c.values })),
      sessionConditions,
      groupConditions: [],
      fields: [],
    },
    fields,
    order: { field, desc: (query.order ?? 'desc') === 'desc' },
  };
}
