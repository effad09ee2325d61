// The `agg=2` plan: one record per error event in the period (no grouping; `errors` is 1 on each
// record, `fatalerrors` 1 on a fatal one, every other metric 0), under the businesserror rule.
import type { QueryNode } from '@playq/query';
import { emptyPlan, filterOf, outputColumns, periodOf, qoeOf, recordNames, unique } from './compile';
import { DIMENSION_SQL, isServerDimension } from './dimension-sql';
import { decodeSql, orderTerms } from './order';
import { Params } from './params';
import { type CompiledQuery, freezePlan } from './plan';
import {
  businessRule,
  type FilterContext,
  filterConditions,
  type PopulationOptions,
  sessionConditions,
  splitConditions,
  sqlOperator,
} from './population';

const TOTAL = 'count(*) OVER ()::DOUBLE AS __total';

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
  const where = filterConditions(filterOf(query), params, ctx, 'errors');
  if (!where) return emptyPlan(columns);
  const levels = splitConditions(qoeOf(query));
  const sessionWhere = sessionConditions(levels.session, params, options, cust);
  const conditions = [
    `cust = ${cust}`,
    `ts >= ${start}`,
    `ts < ${end}`,
    ...businessRule(options),
    ...where,
    ...(sessionWhere.length > 0
      ? [
          `session_id IN (SELECT ss.session_id FROM sessions ss WHERE ss.cust = ${cust} AND ss.start_ts < ${end} AND ${sessionWhere.join(' AND ')})`,
        ]
      : []),
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
  const n = params.list.length;
  const select = columns.map((c) => (c.kind === 'metric' ? `p.m_${c.name}` : decodeSql(c.name as never)));
  return freezePlan({
    kind: 'events',
    sql: `SELECT ${select.join(', ')}, p.__total FROM (${inner} LIMIT $${n + 1} OFFSET $${n + 2}) p ORDER BY ${order('p.').join(', ')}`,
    parameters: params.list,
    columns,
  });
}
