// The `agg=2` plan: one record per error event in the period (no grouping; `errors` is 1 on each
// record, `fatalerrors` 1 on a fatal one, every other metric 0), under the businesserror rule.
import type { QueryNode } from '@playq/query';
import { DIMENSION_SQL, isServerDimension } from './dimension-sql';
import { errorEventConditions, pageStatement, TOTAL } from './fragments';
import { orderTerms } from './order';
import { Params } from './params';
import { type CompiledQuery, emptyPlan, freezePlan } from './plan';
import {
  type FilterContext,
  filterConditions,
  type PopulationOptions,
  sessionConditions,
  splitConditions,
  sqlOperator,
} from './population';
import { filterOf, outputColumns, periodOf, qoeOf, recordNames, unique } from './query-parts';

/** A metric's value on one event's record. */
function eventValue(metric: string): string {
  if (metric === 'errors') return '1::DOUBLE';
  if (metric === 'fatalerrors') return 'CASE WHEN fatal THEN 1 ELSE 0 END::DOUBLE';
  return '0::DOUBLE';
}

export function compileEvents(
  query: QueryNode,
  ctx: FilterContext & { readonly customerCode: number },
  options: PopulationOptions,
): CompiledQuery {
  const params = new Params();
  const period = periodOf(query);
  const names = recordNames(query, false);
  const dims = unique(names.filter(isServerDimension));
  const columns = outputColumns(names);
  const cust = params.int(ctx.customerCode);
  const start = params.bigint(period.start);
  const end = params.bigint(period.end);
  const filter = filterConditions(filterOf(query), params, ctx, 'errors');
  if (!filter) return emptyPlan(columns);
  const levels = splitConditions(qoeOf(query));
  const sessionWhere = sessionConditions(levels.session, params, options, cust);
  const conditions = [
    ...errorEventConditions({ options, cust, start, end, filter, sessionWhere }),
    ...levels.group.map(
      (c) => `${eventValue(c.metric)} ${sqlOperator(c.operator)} ${params.double(c.value)}`,
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
  const order = (q: string) => [
    ...(query.orderby === 'timestamp'
      ? [
          `${q}ts ${query.order === 'desc' ? 'DESC' : 'ASC'}`,
          ...dims.map((d) => `${q}${DIMENSION_SQL[d].column} ASC NULLS FIRST`),
        ]
      : orderTerms(query, dims, false, q)),
    // Event ids follow (customer, time) order: "then by time", and a stable tie-break.
    `${q}eid ASC`,
  ];
  const inner = `SELECT ${[
    ...innerDims.map((d) => DIMENSION_SQL[d].column),
    ...metrics.map((m) => `${eventValue(m)} AS m_${m}`),
    'ts',
    'eid',
  ].join(', ')}, ${TOTAL} FROM errors e WHERE ${conditions.join(' AND ')} ORDER BY ${order('').join(', ')}`;
  return freezePlan({
    kind: 'events',
    sql: pageStatement(columns, inner, params.list.length, order),
    parameters: params.list,
    columns,
  });
}
