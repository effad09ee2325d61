// The `agg=2` plan: one record per error event in the period (no grouping; `errors` is 1 on each
// record, `fatalerrors` 1 on a fatal one, every other metric 0), under the businesserror rule.
import type { QueryNode } from '@playq/query';
import type { PlanTarget } from './dialect';
import { DIMENSION_SQL, isServerDimension } from './dimension-sql';
import { errorEventConditions, type PlanContext, pageStatement, TOTAL } from './fragments';
import { errorEvents } from './group-rows';
import type { MetricTable } from './metric-sql';
import { orderTerms } from './order';
import { Params } from './params';
import { type CompiledQuery, emptyPlan, freezePlan } from './plan';
import {
  filterConditions,
  type PopulationOptions,
  sessionConditions,
  splitConditions,
  sqlOperator,
} from './population';
import { filterColumns, filterOf, outputColumns, periodOf, qoeOf, recordNames, unique } from './query-parts';

/** A metric's value on one event's record: 1 when a metric counting events counts it, else 0. */
function eventValue(metric: string, metrics: MetricTable): string {
  return metrics.sql(metric)?.perEvent ?? '0::DOUBLE';
}

export function compileEvents(query: QueryNode, ctx: PlanContext, options: PopulationOptions): CompiledQuery {
  const params = new Params(ctx.target);
  const period = periodOf(query);
  const names = recordNames(query, false);
  const dims = unique(names.filter(isServerDimension));
  const columns = outputColumns(names);
  const cust = params.customer(ctx.customerCode);
  const start = params.bigint(period.start);
  const end = params.bigint(period.end);
  const filter = filterConditions(filterOf(query), params, ctx, 'errors');
  if (!filter) return emptyPlan(columns, ctx.target.dialect);
  const levels = splitConditions(qoeOf(query), ctx.metrics);
  const sessionWhere = sessionConditions(levels.session, params, options, cust, ctx.metrics);
  const conditions = [
    ...errorEventConditions({ options, cust, start, end, filter, sessionWhere }),
    ...levels.group.map(
      (c) => `${eventValue(c.metric, ctx.metrics)} ${sqlOperator(c.operator)} ${params.double(c.value)}`,
    ),
  ];
  // agg=2 ignores aggby for grouping, yet `orderby` may name an aggby dimension: every event has
  // that field, so events are ordered by it without returning it.
  const orderDim =
    query.orderby !== undefined && isServerDimension(query.orderby) && !dims.includes(query.orderby)
      ? query.orderby
      : undefined;
  const innerDims = orderDim === undefined ? dims : [...dims, orderDim];
  const metrics = unique(names.filter((n) => !isServerDimension(n)));
  const dimColumns = innerDims.map((d) => DIMENSION_SQL[d].column);
  const order = (q: string) => [
    ...(query.orderby === 'timestamp'
      ? [
          `${q}ts ${query.order === 'desc' ? 'DESC' : 'ASC'}`,
          ...dims.map((d) => `${q}${DIMENSION_SQL[d].column} ASC NULLS FIRST`),
        ]
      : orderTerms(query, dims, false, q, ctx.metrics)),
    // Event ids follow (customer, time) order: "then by time", and a stable tie-break.
    ...eventOrder(ctx.target, q),
  ];
  const rows = `SELECT ${[
    ...dimColumns,
    ...metrics.map((m) => `${eventValue(m, ctx.metrics)} AS m_${m}`),
    'ts',
    ...(ctx.target.layout === 'coded' ? ['eid'] : EVENT_ORDER.filter((c) => !dimColumns.includes(c))),
  ].join(
    ', ',
  )}, ${TOTAL} FROM ${errorEvents(ctx.target, [...dimColumns, ...filterColumns(query)])} e WHERE ${conditions.join(' AND ')}`;
  return freezePlan({
    kind: 'events',
    ...pageStatement(columns, rows, params, order, ctx.decodes),
    parameters: params.list,
  });
}

/**
 * The columns whose order numbers events (`eid`, in the coded layout): time, then the event's own
 * values; raw events are ordered by them directly (ascending, nulls last, as `eid` was numbered).
 */
const EVENT_ORDER = ['session_id', 'subscriberid', 'category', '"key"', 'country', 'platform', 'player'];

function eventOrder(target: PlanTarget, q: string): string[] {
  if (target.layout === 'coded') return [`${q}eid ASC`];
  return [`${q}ts ASC`, ...EVENT_ORDER.map((c) => `${q}${c} ASC NULLS LAST`)];
}
