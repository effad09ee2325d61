// The session list plan (`sessions`): one record per session of the population S (sessiontype,
// allstatus, filter, session-level qoefilter; with `concurrency=1` the sessions active in the
// period, time fields pro rata), each with the requested list fields in order. Ordering, the total
// and paging happen in the engine; only the page's coded fields are decoded.
import type { QueryNode } from '@playq/query';
import type { PlanTarget } from './dialect';
import { isServerDimension, isSmallDimension } from './dimension-sql';
import { type Decodes, type PageField, pageStatement, type RowParts, selectParts } from './fragments';
import { activeRows, populationTable, type RowScope, selectRows, type TableRows } from './group-rows';
import { type ListFieldSql, listFieldSql, type ServerListField } from './list-fields';
import { TOP_N_ROWS, thresholdRows } from './list-threshold';
import { DEFAULT_METRICS, type MetricTable } from './metric-sql';
import { Params } from './params';
import { type CompiledQuery, CompileError, emptyPlan, freezePlan, type OutputColumn } from './plan';
import {
  businessRule,
  type FilterContext,
  filterConditions,
  type PopulationOptions,
  sessionConditions,
  splitConditions,
} from './population';
import { filterOf, periodOf, qoeOf, unique } from './query-parts';

const dirSql = (dir: 'asc' | 'desc') => (dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST');

/**
 * The list's tie-break, in session id order: in the encoded tables, the id's integer rank among
 * its customer's sessions (`sid_rank`: sorting a deep page on it costs half as much as on the
 * text); in files and ClickHouse, the id itself.
 */
const tieBreak = (target: PlanTarget) => (target.layout === 'coded' ? 'sid_rank' : 'session_id');

/** The list's fields as requested (each once), and the one it is ordered by. */
function listShape(
  query: QueryNode,
  metrics: MetricTable,
): { fields: ServerListField[]; key: ServerListField } {
  const fields = unique(query.metrics).map((name) => {
    if (!listFieldSql(name, metrics)) throw new CompileError(`unknown list field ${JSON.stringify(name)}`);
    return name as ServerListField;
  });
  const key = query.orderby ?? fields[0];
  if (key === undefined || !fields.includes(key as ServerListField)) {
    throw new CompileError(`a session list is ordered by a requested field, not ${JSON.stringify(key)}`);
  }
  return { fields, key: key as ServerListField };
}

/**
 * Compiles a validated session-list query for one customer.
 *
 * @example
 * ```ts
 * const plan = compileSessionList(query, { customerCode: 0, dictionary: () => undefined }, options);
 * plan.kind; // 'sessions'
 * ```
 */
export function compileSessionList(
  query: QueryNode,
  ctx: FilterContext & {
    readonly customerCode: number | string;
    readonly target?: PlanTarget;
    readonly decodes?: Decodes;
    readonly metrics?: MetricTable;
  },
  options: PopulationOptions,
): CompiledQuery {
  const metrics = ctx.metrics ?? DEFAULT_METRICS;
  const sql = (f: string): ListFieldSql => listFieldSql(f, metrics)!;
  const named = (f: string) => ({ ...sql(f), name: f });
  const { fields, key } = listShape(query, metrics);
  const levels = splitConditions(qoeOf(query), metrics);
  if (levels.group.length > 0) {
    throw new CompileError(
      `a session list takes session-level conditions only, not ${levels.group[0]!.metric}`,
    );
  }
  const columns: OutputColumn[] = fields.map((name) => ({
    name,
    kind: sql(name).kind === 'text' ? 'dimension' : 'metric',
  }));
  const params = new Params(ctx.target);
  const period = periodOf(query);
  const cust = params.customer(ctx.customerCode);
  const start = params.bigint(period.start);
  const end = params.bigint(period.end);
  const sessionWhere = sessionConditions(levels.session, params, options, cust, metrics);
  const scope: RowScope = { target: params.target, options, cust, start, end, g: undefined, sessionWhere };
  const filter = filterConditions(filterOf(query), params, ctx, 'sessions');
  if (filter === null) return emptyPlan(columns, params.target.dialect);
  // A page of the list reads the population's rows from their table in place; the active
  // sessions' are a row set. A deep page's statement reads the rows as row sets: over the table in
  // place, with the threshold beside it, it costs more.
  const rowsOf = (s: RowScope) => (options.concurrency ? activeRows(s, filter) : populationTable(s, filter));
  const setOf = (s: RowScope) => {
    const r = rowsOf(s);
    return typeof r === 'string' ? r : selectRows(r);
  };
  const rows = rowsOf(scope);
  const sid = tieBreak(params.target);
  const dir = query.order ?? 'desc';
  const order = (q: string) => [`${q}f_${key} ${dirSql(dir)}`, `${q}__sid ASC`];
  // A deep page (by the request's limit and offset; either form answers every page exactly). On
  // small data the whole list is sorted: the statement that narrows it costs more than the sort.
  const deep =
    params.target.derivedTables &&
    !params.target.smallData &&
    !params.target.dialect.boundedSort &&
    query.limit + query.offset > TOP_N_ROWS;
  // The list's rows, no field computed: what its total counts (the threshold's and `countSql`).
  const counted = setOf(scope);
  const listed = deep
    ? thresholdRows({
        sampled: listBody(setOf({ ...scope, sample: true }), [key].map(named), options, cust, sid),
        counted,
        wide: (join, where) => listBody(setOf(scope), fields.map(named), options, cust, sid, { join, where }),
        key: `f_${key}`,
        keySql: sql(key).sql,
        dir,
        wanted: `${params.next(1, 'bigint')} + ${params.next(2, 'bigint')}`,
      })
    : listParts(rows, fields.map(named), options, cust, sid);
  return freezePlan({
    kind: 'sessions',
    ...pageStatement(columns, listed, params, order, ctx.decodes ?? isSmallDimension, (c) =>
      pageField(c.name, sql(c.name)),
    ),
    countSql: `SELECT count(*)::DOUBLE AS __total FROM (${counted}) t`,
    parameters: params.list,
  });
}

/** Rows restricted by a condition over their fields' SQL, with another relation joined for it. */
interface Restriction {
  /** A one-row relation (`AS` alias included) the condition reads. */
  readonly join: string;
  readonly where: string;
}

/**
 * One row per session: its tie-break (`__sid`, in session id order) and each field's value or code
 * (`f_<name>`), with the session's error counts joined when a field reads them. A restriction
 * filters the rows before the fields are computed. `rows` are a row set, or a table's rows read in
 * place (one level fewer for DuckDB to bind and plan on every run).
 */
function listParts(
  rows: string | TableRows,
  fields: readonly (ListFieldSql & { readonly name: string })[],
  options: PopulationOptions,
  cust: string,
  sid: string,
  restriction?: Restriction,
): RowParts {
  const items = new Map([['__sid', sid], ...fields.map((f): [string, string] => [`f_${f.name}`, f.sql])]);
  const table = typeof rows === 'string' ? undefined : rows;
  const alias = table?.alias ?? 's';
  const from = table?.from ?? `(${rows}) s`;
  const where = [...(table?.where ?? []), ...(restriction ? [restriction.where] : [])];
  const restrict = `${restriction ? `, ${restriction.join}` : ''}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
  const counted = fields.flatMap((f) => (f.errors ? [`${f.errors.count} AS ${f.errors.column}`] : []));
  if (counted.length === 0) return { items, tail: `FROM ${from}${restrict}` };
  // Every error event of the session, at any time, under the businesserror rule.
  const counts = `SELECT session_id AS e_sid, ${counted.join(', ')}
    FROM errors x WHERE x.cust = ${cust}${businessRule(options, 'x.')
      .map((w) => ` AND ${w}`)
      .join('')} AND x.session_id IS NOT NULL GROUP BY session_id`;
  return { items, tail: `FROM ${from} LEFT JOIN (${counts}) e ON e.e_sid = ${alias}.session_id${restrict}` };
}

/** `listParts` as one SELECT. */
const listBody = (...args: Parameters<typeof listParts>) => selectParts(listParts(...args));

/** A field of the page row `p`: a number or text as it is, a coded text decoded ("" for null). */
function pageField(name: string, field: ListFieldSql): PageField {
  const { dictionary } = field;
  if (dictionary === undefined) return `p.f_${name}`;
  return { dictionary, code: `p.f_${name}`, ...(isServerDimension(name) ? { dimension: name } : {}) };
}
