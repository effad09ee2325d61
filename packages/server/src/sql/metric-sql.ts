// The server's SQL for each metric, printed from the metric's expression in the catalogue
// (@playq/query `expr`): where its rows come from, the aggregate over a group of them, the
// session's own value a qoefilter condition tests, and its session-list field. A catalogue's
// metric without an expression has no SQL (`unsupported_metric`); a catalogue whose expressions
// do not check is refused when its table is made. Only column names of the expression language
// and metric names (lower-case identifiers) reach SQL text.
import {
  type AnyCatalogue,
  DEFAULT_CATALOGUE,
  expressionProblems,
  type GroupExpr,
  type MetricExpression,
  type MetricInfo,
  type MetricName,
  type Predicate,
  type RowExpr,
} from '@playq/query';
import type { Dialect } from './dialect';

/**
 * - `sessions`: the population S (with `concurrency=1`, the active sessions, time pro rata);
 * - `active`: every matching session active in the window (any status);
 * - `errors`: error events with `ts` in the window.
 */
export type MetricSource = 'sessions' | 'active' | 'errors';

/** A session's own value of a metric over error events: the number of its events that count. */
export interface OwnEventsSql {
  /** The condition an event counts under, over columns prefixed by the alias given. */
  readonly where?: (prefix: string) => string;
}

export interface MetricSql {
  readonly source: MetricSource;
  /**
   * Aggregate over the group's rows; never NULL (0 when the group has no data for it), in a
   * SELECT that aggregates the metrics `together` over the same rows (quantiles of one value
   * share one list aggregate in DuckDB).
   */
  readonly aggregate: (d: Dialect, together: readonly string[]) => string;
  /**
   * The session's own value (session-level metrics): a SQL expression over one `sessions` row, or
   * the session's error events. Absent for group-level metrics, whose qoefilter conditions test
   * each result record (`HAVING`).
   */
  readonly session?: string | OwnEventsSql;
  /**
   * The session's value is `column / divisor` in doubles (what `session` spells), so that a
   * condition can test the integer column against a bound instead (scaled-bound.ts).
   */
  readonly sessionScale?: { readonly column: string; readonly divisor: number };
  /**
   * A column whose value 0 makes the session's value 0 (a session that never rebuffered has a
   * buffering ratio of 0), so that a condition 0 fails can test `column <> 0` first: DuckDB
   * evaluates that in the scan, and `session` only for the rows left.
   */
  readonly sessionZeroWith?: string;
  /** Its value on one error event's record (`agg=2`): 1 when the event counts, else 0. */
  readonly perEvent?: string;
  /** The metric counts every matching active session (a series may count it from start and end deltas). */
  readonly activeCount: boolean;
}

/** A session-list field: a number or text over one population row (list-fields.ts). */
export interface ListFieldSql {
  /** `number`: a JSON number; `text`: a JSON string, "" for null. */
  readonly kind: 'number' | 'text';
  /**
   * SQL over a population row (unqualified `sessions` columns) and the session's error counts
   * `n_<field>`; for a coded text field, its code column (ordering by code is ordering by value,
   * a null code first).
   */
  readonly sql: string;
  /** The dictionary a coded text field is decoded through on the page. */
  readonly dictionary?: string;
  /** The field counts the session's error events: its column and aggregate in the join the list makes. */
  readonly errors?: { readonly column: string; readonly count: string };
}

/** Columns whose name in the plans' tables differs from the data's. */
const SQL_COLUMN: Readonly<Record<string, string>> = { subscriber_id: 'subscriberid' };
const column = (name: string, prefix = '') => `${prefix}${SQL_COLUMN[name] ?? name}`;

// Numeric constants are written as DOUBLE (`1000.0::DOUBLE`): DuckDB reads `1000.0` as a DECIMAL,
// and DECIMAL arithmetic costs several times as much per row.
function double(value: number): string {
  const text = Number.isInteger(value) && Math.abs(value) < 1e15 ? `${value}.0` : String(value);
  return value < 0 ? `(${text}::DOUBLE)` : `${text}::DOUBLE`;
}

const SQL_OPERATOR: Readonly<Record<string, string>> = { '!=': '<>' };
const ARITHMETIC: Readonly<Record<string, string>> = { add: '+', subtract: '-', multiply: '*' };

interface RowPrinter {
  readonly dialect: Dialect;
  readonly prefix: string;
}

/** A row value's SQL, wrapped in parentheses when it is compound. */
function rowOperand(node: RowExpr, p: RowPrinter): string {
  const sql = rowSql(node, p);
  return node.op === 'column' || node.op === 'number' || node.op === 'least' || node.op === 'greatest'
    ? sql
    : node.op === 'name'
      ? rowOperand(node.of, p)
      : `(${sql})`;
}

export function rowSql(node: RowExpr, p: RowPrinter): string {
  switch (node.op) {
    case 'column':
      return column(node.name, p.prefix);
    case 'number':
      return double(node.value);
    case 'add':
    case 'subtract':
    case 'multiply':
      return `${rowOperand(node.left, p)} ${ARITHMETIC[node.op]} ${rowOperand(node.right, p)}`;
    case 'ratio': {
      const den = rowSql(node.denominator, p);
      return `CASE WHEN ${den} = 0 THEN 0.0::DOUBLE ELSE ${rowSql(node.numerator, p)} / (${den}) END`;
    }
    case 'scale':
      return `${rowOperand(node.of, p)} / ${double(node.divisor)}`;
    case 'least':
    case 'greatest':
      return `${node.op}(${node.items.map((i) => asDouble(i, p)).join(', ')})`;
    case 'when':
      return `CASE WHEN ${predicateSql(node.if, p)} THEN ${asDouble(node.then, p)} ELSE ${asDouble(node.else, p)} END`;
    case 'name':
      return rowSql(node.of, p);
    case 'either': {
      const first = rowSql(node.first, p);
      return p.dialect.tuple([first, `CASE WHEN ${first} IS NULL THEN ${rowSql(node.second, p)} END`]);
    }
  }
}

/**
 * A row value as a double: integer values are cast, so that the branches of a CASE (and the items
 * of least/greatest) have one type (ClickHouse makes a Variant of an Int64 and a Float64 branch).
 */
function asDouble(node: RowExpr, p: RowPrinter): string {
  return rowInteger(node) ? `(${rowSql(node, p)})::DOUBLE` : rowSql(node, p);
}

export function predicateSql(node: Predicate, p: RowPrinter): string {
  switch (node.op) {
    case 'present':
      return `${column(node.column, p.prefix)} IS NOT NULL`;
    case 'absent':
      return `${column(node.column, p.prefix)} IS NULL`;
    case 'equals':
      return `${column(node.column, p.prefix)} = ${typeof node.value === 'string' ? `'${node.value}'` : String(node.value)}`;
    case 'compare':
      return `${rowOperand(node.of, p)} ${SQL_OPERATOR[node.operator] ?? node.operator} ${double(node.value)}`;
    case 'flag':
      return `coalesce(${column(node.column, p.prefix)}, false)`;
    case 'not':
      return `NOT ${node.of.op === 'flag' ? predicateSql(node.of, p) : `(${predicateSql(node.of, p)})`}`;
    case 'and':
    case 'or':
      return node.items
        .map((i) => (i.op === 'and' || i.op === 'or' ? `(${predicateSql(i, p)})` : predicateSql(i, p)))
        .join(node.op === 'and' ? ' AND ' : ' OR ');
    case 'name':
      return predicateSql(node.of, p);
  }
}

/** Whether a row value can be NULL (a nullable column in it). */
function rowNullable(node: RowExpr): boolean {
  switch (node.op) {
    case 'column':
      return COLUMN_NULLABLE.has(node.name);
    case 'number':
      return false;
    case 'add':
    case 'subtract':
    case 'multiply':
      return rowNullable(node.left) || rowNullable(node.right);
    case 'ratio':
      return rowNullable(node.numerator) || rowNullable(node.denominator);
    case 'scale':
    case 'name':
      return rowNullable(node.of);
    case 'least':
    case 'greatest':
      return node.items.some(rowNullable);
    case 'when':
      return rowNullable(node.then) || rowNullable(node.else);
    case 'either':
      return true;
  }
}

/** Whether a row value is an integer (integer columns combined by `+`, `-`, `*`). */
function rowInteger(node: RowExpr): boolean {
  if (node.op === 'column') return true;
  if (node.op === 'name') return rowInteger(node.of);
  if (node.op === 'add' || node.op === 'subtract' || node.op === 'multiply')
    return rowInteger(node.left) && rowInteger(node.right);
  return false;
}

const COLUMN_NULLABLE = new Set(['subscriber_id', 'end_ts', 'startup_ms']);

/** A metric's expressions with references to other metrics resolved against its catalogue. */
interface Resolver {
  expression(name: string): MetricExpression;
}

/** An aggregate's value and its filter, the filter left out where the aggregate skips those rows anyway. */
function filtered(
  call: string,
  where: Predicate | undefined,
  of: RowExpr | undefined,
  p: RowPrinter,
): string {
  if (where === undefined || skipsNulls(where, of)) return call;
  return `${call} FILTER (WHERE ${predicateSql(where, p)})`;
}

/** `where` only drops the rows whose aggregated column is NULL, which the aggregate ignores. */
const skipsNulls = (where: Predicate, of: RowExpr | undefined): boolean =>
  where.op === 'present' && of?.op === 'column' && of.name === where.column;

/** The value an aggregate reads: the row value, NULL where the filter fails. */
function filteredValue(of: RowExpr, where: Predicate | undefined, p: RowPrinter): string {
  const value = rowSql(of, p);
  if (where === undefined || skipsNulls(where, of)) return value;
  return `CASE WHEN ${predicateSql(where, p)} THEN ${value} END`;
}

/** The value a quantile sorts. */
function quantileValue(node: Extract<GroupExpr, { op: 'quantile' }>, p: RowPrinter): string {
  return filteredValue(node.of, node.where, p);
}

interface GroupPrinter extends RowPrinter {
  readonly resolve: Resolver;
  /** The quantiles of each sorted value among the metrics aggregated together, ascending. */
  readonly quantiles: ReadonlyMap<string, readonly number[]>;
}

/** A group value's SQL and whether it can be NULL. */
function groupSql(node: GroupExpr, p: GroupPrinter): { sql: string; nullable: boolean } {
  const zeroed = (n: GroupExpr) => {
    const v = groupSql(n, p);
    return v.nullable ? `coalesce(${v.sql}, 0)` : v.sql;
  };
  switch (node.op) {
    case 'number':
      return { sql: double(node.value), nullable: false };
    case 'count':
      if (node.where?.op === 'present')
        return { sql: `count(${column(node.where.column)})`, nullable: false };
      return { sql: filtered('count(*)', node.where, undefined, p), nullable: false };
    case 'countDistinct':
      return {
        sql: filtered(`count(DISTINCT ${rowSql(node.of, p)})`, node.where, undefined, p),
        nullable: false,
      };
    case 'sum':
      return { sql: filtered(`sum(${rowSql(node.of, p)})`, node.where, node.of, p), nullable: true };
    case 'avg':
      // The filter folded into the value: ClickHouse's avg over no row of a FILTER is nan, over
      // NULLs only NULL (as DuckDB's).
      return { sql: `avg(${filteredValue(node.of, node.where, p)})`, nullable: true };
    case 'quantile': {
      const value = quantileValue(node, p);
      return { sql: p.dialect.quantile(value, node.q, p.quantiles.get(value) ?? [node.q]), nullable: true };
    }
    case 'add':
    case 'subtract':
    case 'multiply':
      return { sql: `${zeroed(node.left)} ${ARITHMETIC[node.op]} ${zeroed(node.right)}`, nullable: false };
    case 'ratio':
      return {
        sql: `coalesce((${groupSql(node.numerator, p).sql})::DOUBLE / nullif(${groupSql(node.denominator, p).sql}, 0), 0)`,
        nullable: false,
      };
    case 'scale': {
      const of = groupSql(node.of, p);
      const operand = node.of.op === 'add' || node.of.op === 'subtract' || node.of.op === 'multiply';
      return { sql: `${operand ? `(${of.sql})` : of.sql} / ${double(node.divisor)}`, nullable: of.nullable };
    }
    case 'name':
      return groupSql(node.of, p);
    case 'metric':
      return groupSql(p.resolve.expression(node.name).value, p);
  }
}

/** The quantile nodes of a group value, references followed. */
function quantilesOf(node: GroupExpr, resolve: Resolver): Extract<GroupExpr, { op: 'quantile' }>[] {
  switch (node.op) {
    case 'quantile':
      return [node];
    case 'add':
    case 'subtract':
    case 'multiply':
      return [...quantilesOf(node.left, resolve), ...quantilesOf(node.right, resolve)];
    case 'ratio':
      return [...quantilesOf(node.numerator, resolve), ...quantilesOf(node.denominator, resolve)];
    case 'scale':
    case 'name':
      return quantilesOf(node.of, resolve);
    case 'metric':
      return quantilesOf(resolve.expression(node.name).value, resolve);
    default:
      return [];
  }
}

/** Follows names down to the node that gives the value. */
function unnamed<T extends RowExpr | GroupExpr>(node: T): T {
  return node.op === 'name' ? unnamed(node.of as T) : node;
}

/** `column / divisor` when the session's value is an integer column scaled. */
function scaleOf(own: RowExpr): MetricSql['sessionScale'] {
  const n = unnamed(own);
  if (n.op !== 'scale') return undefined;
  const of = unnamed(n.of);
  return of.op === 'column' ? Object.freeze({ column: column(of.name), divisor: n.divisor }) : undefined;
}

/** The column whose 0 makes the value 0: a ratio's numerator `column` or `k * column`. */
function zeroWithOf(own: RowExpr): string | undefined {
  const n = unnamed(own);
  if (n.op !== 'ratio') return undefined;
  const num = unnamed(n.numerator);
  if (num.op === 'column') return column(num.name);
  if (num.op !== 'multiply') return undefined;
  const [l, r] = [unnamed(num.left), unnamed(num.right)];
  if (l.op === 'number' && r.op === 'column') return column(r.name);
  if (r.op === 'number' && l.op === 'column') return column(l.name);
  return undefined;
}

/** The condition an error event counts under for a `count(where)` over error events. */
function countCondition(value: GroupExpr, resolve: Resolver): Predicate | undefined | null {
  const n = unnamed(value);
  if (n.op === 'metric') return countCondition(resolve.expression(n.name).value, resolve);
  return n.op === 'count' ? n.where : null;
}

function metricSqlOf(name: string, info: MetricInfo, resolve: Resolver): MetricSql {
  const e = resolve.expression(name);
  const aggregate = (dialect: Dialect, together: readonly string[]) => {
    const quantiles = new Map<string, number[]>();
    const p0: RowPrinter = { dialect, prefix: '' };
    for (const other of together.includes(name) ? together : [name]) {
      const ex = other === name ? e : resolve.expression(other);
      if (ex.rows !== e.rows) continue;
      for (const q of quantilesOf(ex.value, resolve)) {
        const key = quantileValue(q, p0);
        quantiles.set(
          key,
          [...new Set([...(quantiles.get(key) ?? []), q.q])].sort((a, b) => a - b),
        );
      }
    }
    const v = groupSql(e.value, { ...p0, resolve, quantiles });
    return v.nullable ? `coalesce(${v.sql}, 0)` : v.sql;
  };
  const errorsWhere = e.rows === 'errors' ? countCondition(e.value, resolve) : null;
  const own = e.session;
  const printer = (prefix: string): RowPrinter => ({ dialect: PLAIN, prefix });
  let session: MetricSql['session'];
  if (info.level === 'session' && own !== undefined) {
    if (own.op === 'events') {
      const where = errorsWhere ?? undefined;
      session = Object.freeze(
        where === undefined ? {} : { where: (prefix: string) => predicateSql(where, printer(prefix)) },
      );
    } else session = rowSql(own, printer(''));
  }
  const rowOwn = own !== undefined && own.op !== 'events' ? own : undefined;
  const scale = info.level === 'session' && rowOwn ? scaleOf(rowOwn) : undefined;
  const zeroWith = info.level === 'session' && rowOwn ? zeroWithOf(rowOwn) : undefined;
  return Object.freeze({
    source: e.rows,
    aggregate,
    ...(session === undefined ? {} : { session }),
    ...(scale === undefined ? {} : { sessionScale: scale }),
    ...(zeroWith === undefined ? {} : { sessionZeroWith: zeroWith }),
    ...(errorsWhere === null
      ? {}
      : {
          perEvent:
            errorsWhere === undefined
              ? '1::DOUBLE'
              : `CASE WHEN ${predicateSql(errorsWhere, printer(''))} THEN 1 ELSE 0 END::DOUBLE`,
        }),
    activeCount:
      e.rows === 'active' &&
      (() => {
        const v = unnamed(e.value);
        return v.op === 'count' && v.where === undefined;
      })(),
  });
}

/** A row value's SQL does not depend on the dialect but for `either` (distinct counts only). */
const PLAIN = { tuple: (items: readonly string[]) => `row(${items.join(', ')})` } as Dialect;

/** The list field of a metric with an own value: the value, 0 for none, as a double. */
function listFieldOf(name: string, resolve: Resolver): ListFieldSql | undefined {
  const e = resolve.expression(name);
  const own = e.session;
  if (own === undefined) return undefined;
  if (own.op === 'events') {
    const where = countCondition(e.value, resolve) ?? undefined;
    const count =
      where === undefined
        ? 'count(*)'
        : `count(*) FILTER (WHERE ${predicateSql(where, { dialect: PLAIN, prefix: '' })})`;
    return Object.freeze({
      kind: 'number',
      sql: `coalesce(n_${name}, 0)::DOUBLE`,
      errors: Object.freeze({ column: `n_${name}`, count }),
    });
  }
  const sql = rowSql(own, { dialect: PLAIN, prefix: '' });
  const zeroed = rowNullable(own) ? `coalesce(${sql}, 0)` : sql;
  return Object.freeze({
    kind: 'number',
    sql: rowInteger(own)
      ? `${rowNullable(own) || unnamed(own).op !== 'column' ? `(${zeroed})` : zeroed}::DOUBLE`
      : zeroed,
  });
}

/** The SQL of a catalogue's metrics: what a service made with that catalogue answers. */
export interface MetricTable {
  readonly catalogue: AnyCatalogue;
  /** The metric's SQL; undefined for a name that is not a metric with an expression. */
  sql(name: string): MetricSql | undefined;
  /** The catalogue's facts about a metric (level, concurrency support). */
  info(name: string): MetricInfo;
  /** The list field of a metric valid on `listsessions`, read from its own value. */
  listField(name: string): ListFieldSql | undefined;
}

/**
 * The SQL of every metric of a catalogue that has an expression. Throws a `TypeError` naming the
 * metric and the part when an expression does not check (an unknown column, columns of sessions
 * and error events mixed, a reference to a metric over other rows).
 *
 * @example
 * ```ts
 * metricTable(DEFAULT_CATALOGUE).sql('playdur')?.aggregate(DUCKDB, ['playdur']);
 * // 'coalesce(sum(watch_ms) / 60000.0::DOUBLE, 0)'
 * ```
 */
export function metricTable(catalogue: AnyCatalogue): MetricTable {
  const defs = catalogue.definition.metrics as Record<string, { expression?: MetricExpression }>;
  const infos = catalogue.metrics as Record<string, MetricInfo>;
  const problems = Object.entries(defs).flatMap(([name, def]) =>
    def.expression === undefined ? [] : expressionProblems(name, def.expression, defs, infos[name]),
  );
  if (problems.length > 0) throw new TypeError(`@playq/server: catalogue: ${problems.join(' ')}`);
  const resolve: Resolver = { expression: (name) => defs[name]!.expression! };
  const sql = new Map<string, MetricSql>();
  const list = new Map<string, ListFieldSql>();
  for (const [name, def] of Object.entries(defs)) {
    if (def.expression === undefined) continue;
    sql.set(name, metricSqlOf(name, infos[name]!, resolve));
    if (infos[name]!.endpoints.includes('listsessions')) {
      const field = listFieldOf(name, resolve);
      if (field) list.set(name, field);
    }
  }
  return Object.freeze({
    catalogue,
    sql: (name: string) => sql.get(name),
    info: (name: string) => infos[name]!,
    listField: (name: string) => list.get(name),
  });
}

/** The default catalogue's metrics. */
export const DEFAULT_METRICS: MetricTable = metricTable(DEFAULT_CATALOGUE);

/** The metrics this service answers by default: every metric of the default catalogue. */
export type ServerMetric = MetricName;

/** The default catalogue's SQL of each metric, keyed by name. */
export const METRIC_SQL: { readonly [K in ServerMetric]: MetricSql } = Object.freeze(
  Object.fromEntries(DEFAULT_CATALOGUE.metricNames.map((n) => [n, DEFAULT_METRICS.sql(n)!])),
) as { readonly [K in ServerMetric]: MetricSql };

/**
 * A metric's aggregate in a dialect, in a SELECT that aggregates the metrics `together` (the
 * metric among them) over the same rows.
 *
 * @example
 * ```ts
 * aggregateSql('p95_latency', DUCKDB, ['median_latency', 'p95_latency']);
 * // 'coalesce(quantile_cont(startup_ms, [0.5, 0.95])[2] / 1000.0::DOUBLE, 0)'
 * ```
 */
export function aggregateSql(
  metric: string,
  dialect: Dialect,
  together: readonly string[] = [metric],
  table: MetricTable = DEFAULT_METRICS,
): string {
  return table.sql(metric)!.aggregate(dialect, together);
}

export function metricSql(name: string, table: MetricTable = DEFAULT_METRICS): MetricSql | undefined {
  return table.sql(name);
}

export function isServerMetric(name: string, table: MetricTable = DEFAULT_METRICS): name is ServerMetric {
  return table.sql(name) !== undefined;
}

/** The catalogue's facts about a metric the server has SQL for (level, concurrency support). */
export function metricInfo(name: string, table: MetricTable = DEFAULT_METRICS): MetricInfo {
  return table.info(name);
}
