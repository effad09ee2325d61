// SQL pieces more than one plan is made of, written once: the total-count column, the conditions
// on error events (window, businesserror rule, filter, the sessions passing session-level
// conditions) and the page statement that limits, orders and decodes a plan's ordered rows.
import type { ServerDimension } from './dimension-sql';
import { decodeSql } from './order';
import type { OutputColumn } from './plan';
import { businessRule, type PopulationOptions } from './population';

/** Every compiled statement carries the total row count beside the rows, computed before paging. */
export const TOTAL = 'count(*) OVER ()::DOUBLE AS __total';

/** The bound parameters (their `$n` names) and conditions that scope error events. */
export interface ErrorScope {
  readonly options: PopulationOptions;
  readonly cust: string;
  readonly start: string;
  readonly end: string;
  /** Filter conditions on the `errors` table. */
  readonly filter: readonly string[];
  /** Session-level qoefilter conditions over a `sessions` row `ss`. */
  readonly sessionWhere: readonly string[];
}

/**
 * Error events with `ts` in the window under the businesserror rule and the filter; with
 * session-level conditions, only events of sessions (started before the window's end) that pass them.
 */
export function errorEventConditions(s: ErrorScope): string[] {
  return [
    `cust = ${s.cust}`,
    `ts >= ${s.start}`,
    `ts < ${s.end}`,
    ...businessRule(s.options),
    ...s.filter,
    ...(s.sessionWhere.length > 0
      ? [
          `session_id IN (SELECT ss.session_id FROM sessions ss WHERE ss.cust = ${s.cust} AND ss.start_ts < ${s.end} AND ${s.sessionWhere.join(' AND ')})`,
        ]
      : []),
  ];
}

/** ` ORDER BY <terms>`, or nothing without terms. */
export function orderBy(terms: readonly string[]): string {
  return terms.length > 0 ? ` ORDER BY ${terms.join(', ')}` : '';
}

/**
 * A record field's expression over page rows `p`: a metric's `m_<name>`, the bucket in epoch
 * seconds, a dimension's text ("" for null).
 */
export function selectColumn(c: OutputColumn): string {
  if (c.kind === 'metric') return `p.m_${c.name}`;
  if (c.kind === 'timestamp') return 'p.ts_bucket::DOUBLE';
  return decodeSql(c.name as ServerDimension);
}

/**
 * The statement of one page: `inner` yields every ordered row with `__total`; the page takes the
 * limit and offset parameters after the plan's `n` bound ones, and is ordered again (a subquery's
 * order does not survive the outer select). `select` gives each record field's expression.
 */
export function pageStatement(
  columns: readonly OutputColumn[],
  inner: string,
  n: number,
  order: (qualifier: string) => readonly string[],
  select: (c: OutputColumn) => string = selectColumn,
): string {
  return `SELECT ${columns.map(select).join(', ')}, p.__total FROM (${inner} LIMIT $${n + 1} OFFSET $${n + 2}) p${orderBy(order('p.'))}`;
}
