// A faster plan, with the same answer, for "subscribers ordered by errors, most first" (the session
// endpoint's classic top-k). The general plan groups every subscriber with a session in S, because
// a subscriber with sessions and no errors is a group (with 0 errors) and counts in
// `totalrecords`: at 10M sessions that is a million-group hash aggregate, most of it thrown away.
// Here:
//   - only error events are grouped (about a tenth of the rows); the page's rows with errors > 0 are
//     the top `offset + limit` of those groups;
//   - the group set is counted without grouping: subscriber codes are dense integers, so the
//     subscribers of S and of the error events are two bitmaps (DuckDB `bitstring_agg`, which skips
//     NULL), and `totalrecords` is the popcount of their union, plus one for the anonymous group
//     (NULL subscriber, returned as "") when either side has it;
//   - zero-error groups (in S, not among the error groups) are needed only when the page reaches past
//     the error groups; they come from the bitmap difference in code order, which is value order,
//     after the anonymous group ("" sorts first).
// Ties are broken by subscriber ascending exactly as in the general plan, so every page is identical.
import type { QueryNode } from '@playq/query';
import type { CompileContext } from './compile';
import type { ServerDimension } from './dimension-sql';
import { decodeSql } from './order';
import type { Params } from './params';
import { type CompiledQuery, freezePlan, type OutputColumn } from './plan';
import { businessRule, type PopulationOptions } from './population';

interface Shared {
  readonly params: Params;
  readonly options: PopulationOptions;
  readonly cust: string;
  readonly start: string;
  readonly end: string;
  readonly sessionWhere: readonly string[];
}

interface Shape {
  readonly dims: readonly ServerDimension[];
  readonly needed: readonly string[];
  readonly sFilter: readonly string[] | null;
  readonly eFilter: readonly string[] | null;
  readonly series: boolean;
  readonly columns: readonly OutputColumn[];
}

/** The plan when the query has the top-by-errors shape, else `undefined`. */
export function topByErrorsPlan(
  query: QueryNode,
  ctx: CompileContext,
  p: Shared,
  shape: Shape,
): CompiledQuery | undefined {
  const { sFilter, eFilter, columns } = shape;
  const fits =
    ctx.subscriberCodes !== undefined &&
    sFilter !== null &&
    eFilter !== null &&
    !shape.series &&
    !p.options.concurrency &&
    shape.dims.length === 1 &&
    shape.dims[0] === 'subscriberid' &&
    shape.needed.length === 1 &&
    shape.needed[0] === 'errors' &&
    (query.qoefilter === undefined || (query.qoefilter.type === 'qoefilter' && query.qoefilter.conditions.length === 0)) &&
    (query.orderby ?? 'errors') === 'errors' &&
    (query.order ?? 'desc') === 'desc';
  if (!fits || !ctx.subscriberCodes || !sFilter || !eFilter) return undefined;
  const ts = p.options.sessiontype === 'started' ? 'start_ts' : 'end_ts';
  const sessionConditions = [
    `cust = ${p.cust}`,
    `${ts} >= ${p.start}`,
    `${ts} < ${p.end}`,
    ...(p.options.allstatus ? [] : [`status IN ('ENDED', 'DROPPED')`]),
    ...sFilter,
  ];
  const errorConditions = [`cust = ${p.cust}`, `ts >= ${p.start}`, `ts < ${p.end}`, ...businessRule(p.options), ...eFilter];
  const select = columns.map((c) => (c.name === 'errors' ? 'p.m_errors' : decodeSql('subscriberid')));
  const n = p.params.list.length;
  return freezePlan({
    kind: 'top-by-errors',
    sql: topByErrorsSql(sessionConditions, errorConditions, ctx.subscriberCodes, select, `$${n + 1}`, `$${n + 2}`),
    parameters: p.params.list,
    columns,
  });
}

function topByErrorsSql(
  sessionConditions: readonly string[],
  errorConditions: readonly string[],
  codes: { readonly min: number; readonly max: number },
  select: readonly string[],
  limit: string,
  offset: string,
): string {
  // Integers computed from the dictionary, not request input.
  const lo = Math.trunc(codes.min);
  const hi = Math.trunc(codes.max);
  const zero = `bitstring('0', ${hi - lo + 1})`;
  const want = `(${limit} + ${offset})`;
  const order = (q: string) => `${q}m_errors DESC, ${q}subscriberid ASC NULLS FIRST`;
  return `WITH e AS (
      SELECT subscriberid, count(*) AS errors FROM errors
      WHERE ${errorConditions.join(' AND ')} GROUP BY subscriberid),
    sb AS (SELECT bitstring_agg(subscriberid, ${lo}, ${hi}) AS b, coalesce(bool_or(subscriberid IS NULL), false) AS anon
      FROM sessions WHERE ${sessionConditions.join(' AND ')}),
    eb AS (SELECT bitstring_agg(subscriberid, ${lo}, ${hi}) AS b, coalesce(bool_or(subscriberid IS NULL), false) AS anon FROM e),
    bits AS (SELECT coalesce(sb.b, ${zero}) AS s, coalesce(eb.b, ${zero}) AS e, sb.anon AS sa, eb.anon AS ea FROM sb, eb),
    meta AS (SELECT (bit_count(s | e) + CASE WHEN sa OR ea THEN 1 ELSE 0 END)::DOUBLE AS total,
      bit_count(e) + CASE WHEN ea THEN 1 ELSE 0 END AS ne, s & ~e AS z, sa AND NOT ea AS zanon FROM bits),
    top AS (SELECT subscriberid, errors::DOUBLE AS m_errors FROM e
      ORDER BY errors DESC, subscriberid ASC NULLS FIRST LIMIT ${want}),
    zeros AS (
      SELECT NULL::INTEGER AS subscriberid, 0::DOUBLE AS m_errors FROM meta WHERE meta.ne < ${want} AND meta.zanon
      UNION ALL (SELECT (${lo} + i)::INTEGER AS subscriberid, 0::DOUBLE AS m_errors FROM range(${hi - lo + 1}) r(i), meta
      WHERE meta.ne < ${want} AND get_bit(meta.z, i::INTEGER) = 1 ORDER BY i LIMIT ${want}))
    SELECT ${select.join(', ')}, p.__total FROM (
      SELECT r.*, (SELECT total FROM meta) AS __total FROM (SELECT * FROM top UNION ALL SELECT * FROM zeros) r
      ORDER BY ${order('r.')} LIMIT ${limit} OFFSET ${offset}) p
    ORDER BY ${order('p.')}`;
}
