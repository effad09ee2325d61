// SQL pieces more than one plan is made of, written once: the total-count column, the conditions
// on error events (window, businesserror rule, filter, the sessions passing session-level
// conditions) and the page statement that limits, orders and decodes a plan's ordered rows.

import type { PlanTarget } from './dialect';
import { DIMENSION_SQL, type ServerDimension } from './dimension-sql';
import type { MetricTable } from './metric-sql';
import type { Params } from './params';
import type { OutputColumn } from './plan';
import { businessRule, type FilterContext, type PopulationOptions } from './population';

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
 * column of `p` to decode through its dictionary ("" for a null code). When the engine decodes
 * the field's `dimension` (its values are in memory, `Decodes`), the code is written as it is and
 * the record writer decodes it (see `OutputColumn.decode`); other dictionaries are joined to the
 * page's rows.
 */
export type PageField =
  | string
  | { readonly dictionary: string; readonly code: string; readonly dimension?: ServerDimension };

/** Which dimensions' codes the engine decodes as records are written (see `decodedBy` in engine.ts). */
export type Decodes = (dimension: ServerDimension) => boolean;

/** What a plan compiler reads of the engine: dictionaries for filters, the customer, the target, what it decodes. */
export interface PlanContext extends FilterContext {
  readonly customerCode: number | string;
  /** The SQL of the service's metrics (its catalogue's). */
  readonly metrics: MetricTable;
  readonly target: PlanTarget;
  readonly decodes: Decodes;
}

/**
 * A plan's rows (without `__total`) as the parts of one SELECT, which a page statement can order,
 * count and cut in that SELECT itself.
 */
export interface RowParts {
  /** Each select item's SQL by its name (`f_latency`, `__sid`), in the order selected. */
  readonly items: ReadonlyMap<string, string>;
  /** `FROM …` with its joins and `WHERE`. */
  readonly tail: string;
}

/** The rows of `parts` as one SELECT, `more` items after theirs. */
export function selectParts(parts: RowParts, more: readonly string[] = []): string {
  const items = [...parts.items].map(([name, sql]) => `${sql} AS ${name}`);
  return `SELECT ${[...items, ...more].join(', ')} ${parts.tail}`;
}

/** A groups or events record's field: a metric's `m_<name>`, the bucket in epoch seconds, a dimension's code. */
export function selectColumn(c: OutputColumn): PageField {
  if (c.kind === 'metric') return `p.m_${c.name}`;
  if (c.kind === 'timestamp') return 'p.ts_bucket::DOUBLE';
  const name = c.name as ServerDimension;
  const { column, dictionary } = DIMENSION_SQL[name];
  return { dictionary, code: `p.${column}`, dimension: name };
}

/**
 * The statement of one page and its output columns. `rows` yields every row of the result, in no
 * particular order, each with `__total`, or is the parts of a SELECT of the rows without it;
 * `order` gives the result's order over a row qualifier; the page takes the limit and offset
 * parameters after the plan's bound ones (`params`).
 *
 * Written with as few levels as the fields allow, since DuckDB plans every statement again on each
 * run (a parameterized statement is re-planned), and every sort and join costs planning time:
 * - no field needs a join (the raw layout, where a "code" is the value itself; or every coded field
 *   is decoded by the writer): the rows are ordered and paged in one step;
 * - a field with a dictionary the engine does not decode (a large one it does not keep, device ids):
 *   the page is cut first, then only its rows are joined to the dictionary (a LEFT JOIN on the
 *   unique code: a hash join costs a fraction of a correlated lookup, but it still scans the
 *   dictionary) and ordered again (a subquery's order does not survive
 *   a join);
 * - rows given as parts whose every field is one of their items as it is: one SELECT computes the
 *   fields, counts, orders and pages (cheaper than with the rows as a subquery).
 */
export function pageStatement(
  columns: readonly OutputColumn[],
  rows: string | RowParts,
  params: Params,
  order: (qualifier: string) => readonly string[],
  decodes: Decodes,
  field: (c: OutputColumn) => PageField = selectColumn,
): { sql: string; columns: OutputColumn[] } {
  const raw = params.target.layout === 'raw';
  const joins: string[] = [];
  const out: OutputColumn[] = [];
  const select = columns.map((c, i) => {
    const f = field(c);
    if (typeof f === 'string') {
      out.push(c);
      return f;
    }
    if (raw) {
      out.push(c);
      return `coalesce(${f.code}, '')`;
    }
    if (f.dimension !== undefined && decodes(f.dimension)) {
      out.push({ ...c, decode: f.dimension });
      return f.code;
    }
    out.push(c);
    joins.push(` LEFT JOIN ${f.dictionary} d${i} ON d${i}.code = ${f.code}`);
    return `coalesce(d${i}.value, '')`;
  });
  const page = ` LIMIT ${params.next(1, 'bigint')} OFFSET ${params.next(2, 'bigint')}`;
  const one = typeof rows === 'string' || joins.length > 0 ? undefined : oneSelect(rows, select);
  if (one !== undefined) return { sql: `${one}${orderBy(order(''))}${page}`, columns: out };
  const all = typeof rows === 'string' ? rows : selectParts(rows, [TOTAL]);
  const head = `SELECT ${select.join(', ')}, p.__total FROM`;
  const sql =
    joins.length === 0
      ? `${head} (${all}) p${orderBy(order('p.'))}${page}`
      : `${head} (SELECT * FROM (${all}) o${orderBy(order('o.'))}${page}) p${joins.join('')}${orderBy(order('p.'))}`;
  return { sql, columns: out };
}

/**
 * The rows' one SELECT with the page's fields first (each an item of the rows as it is, `p.<name>`),
 * then `__total`, then the other items (which the order may read), or undefined where a field is
 * an expression over an item.
 */
function oneSelect(rows: RowParts, select: readonly string[]): string | undefined {
  const names = select.map((s) => /^p\.(\w+)$/.exec(s)?.[1]);
  if (names.some((n) => n === undefined || !rows.items.has(n))) return undefined;
  const fields = names.map((n) => `${rows.items.get(n!)} AS ${n}`);
  const rest = [...rows.items].filter(([n]) => !names.includes(n)).map(([n, sql]) => `${sql} AS ${n}`);
  return `SELECT ${[...fields, TOTAL, ...rest].join(', ')} ${rows.tail}`;
}
