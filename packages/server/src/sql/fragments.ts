// SQL pieces more than one plan is made of, written once: the total-count column, the conditions
// on error events (window, businesserror rule, filter, the sessions passing session-level
// conditions) and the page statement that limits, orders and decodes a plan's ordered rows.
import { DIMENSION_SQL, type ServerDimension } from './dimension-sql';
import type { Params } from './params';
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
 * How a page statement writes one record field: an expression over page rows `p`, or a code
 * column of `p` to decode through its dictionary ("" for a null code).
 */
export type PageField = string | { readonly dictionary: string; readonly code: string };

/** A groups or events record's field: a metric's `m_<name>`, the bucket in epoch seconds, a dimension's code. */
export function selectColumn(c: OutputColumn): PageField {
  if (c.kind === 'metric') return `p.m_${c.name}`;
  if (c.kind === 'timestamp') return 'p.ts_bucket::DOUBLE';
  const { column, dictionary } = DIMENSION_SQL[c.name as ServerDimension];
  return { dictionary, code: `p.${column}` };
}

/**
 * The statement of one page: `inner` yields every ordered row with `__total`; the page takes the
 * limit and offset parameters after the plan's bound ones (`params`), and is ordered again (a
 * subquery's order does not survive the outer select). `field` gives each record field. Only the
 * page's rows are decoded: each dictionary is joined to them (a LEFT JOIN on the unique code: a
 * hash join costs a fraction of a correlated lookup, which DuckDB plans as a join per field with a
 * duplicate-eliminating scan). In the raw layout a "code" is the value itself.
 */
export function pageStatement(
  columns: readonly OutputColumn[],
  inner: string,
  params: Params,
  order: (qualifier: string) => readonly string[],
  field: (c: OutputColumn) => PageField = selectColumn,
): string {
  const raw = params.target.layout === 'raw';
  const joins: string[] = [];
  const select = columns.map((c, i) => {
    const f = field(c);
    if (typeof f === 'string') return f;
    if (raw) return `coalesce(${f.code}, '')`;
    joins.push(` LEFT JOIN ${f.dictionary} d${i} ON d${i}.code = ${f.code}`);
    return `coalesce(d${i}.value, '')`;
  });
  const page = `LIMIT ${params.next(1, 'bigint')} OFFSET ${params.next(2, 'bigint')}`;
  return `SELECT ${select.join(', ')}, p.__total FROM (${inner} ${page}) p${joins.join('')}${orderBy(order('p.'))}`;
}
