// The SQL dialects plans are written in, and where an engine keeps its data (the plan target).
// Every plan compiler writes the same plan; only the spellings below differ between DuckDB and
// ClickHouse, and only the layout decides how dimension values are stored (docs/server.md, "Engines").
export type DialectName = 'duckdb' | 'clickhouse';

/** The types a bound parameter can have (params.ts holds the values). */
export type ParameterType = 'bigint' | 'int' | 'double' | 'varchar' | 'int[]' | 'varchar[]';

/** The spellings that differ between the engines' SQL. */
export interface Dialect {
  readonly name: DialectName;
  /** The reference to bound parameter number `index` (from 1) of a type. */
  parameter(index: number, type: ParameterType): string;
  /**
   * `value` as a string literal, for the few statements that cannot bind it (a file path in
   * `COPY` or a table function, a setting); plans bind every request value instead.
   */
  text(value: string): string;
  /** Every column of `alias` but `columns`. */
  starExcept(alias: string, columns: readonly string[]): string;
  /** One row per value of `from, from + step, …` below `to` (a select-list expression). */
  unnestRange(from: string, to: string, step: string): string;
  /**
   * The continuous (linearly interpolated) quantile `q` of `expr`; NULL over no value. `together`
   * lists every quantile of `expr` the same SELECT computes (q among them, ascending): DuckDB then
   * spells each as an element of one list aggregate, which it computes once (the values sorted
   * once, not once per quantile); ClickHouse computes each on its own.
   */
  quantile(expr: string, q: number, together?: readonly number[]): string;
  /** A row value of several expressions (for distinct counts over pairs). */
  tuple(items: readonly string[]): string;
  /** The integer quotient of two integers, truncated toward zero (as `a - a % b` assumes). */
  intDiv(a: string, b: string): string;
  /** Whether `list` (an array) holds `value`. */
  listContains(list: string, value: string): string;
  /** True when any of the group's `flag` values (0 or 1) is 1. */
  anyTrue(flag: string): string;
  /** `expr` as a nullable double (so that row sets combine by position into one column type). */
  nullableDouble(expr: string): string;
  /** `AS MATERIALIZED` where the engine can be told to compute a CTE once, else `AS`. */
  readonly materializedCte: string;
  /** The engine evaluates correlated subqueries (else session-level error counts use a semi-join). */
  readonly correlatedSubqueries: boolean;
  /**
   * `ORDER BY … LIMIT n` keeps only n rows whatever n (ClickHouse); else (DuckDB sorts every row
   * once n passes a few thousand) a session list narrows its rows by a key threshold first.
   */
  readonly boundedSort: boolean;
}

const CLICKHOUSE_TYPES: { readonly [K in ParameterType]: string } = {
  bigint: 'Int64',
  int: 'Int32',
  double: 'Float64',
  varchar: 'String',
  'int[]': 'Array(Int32)',
  'varchar[]': 'Array(String)',
};

export const DUCKDB: Dialect = Object.freeze({
  name: 'duckdb',
  parameter: (index: number) => `$${index}`,
  text: (value: string) => `'${value.replaceAll("'", "''")}'`,
  starExcept: (alias: string, columns: readonly string[]) => `${alias}.* EXCLUDE (${columns.join(', ')})`,
  unnestRange: (from: string, to: string, step: string) => `unnest(range(${from}, ${to}, ${step}))`,
  quantile: (expr: string, q: number, together: readonly number[] = [q]) =>
    together.length > 1 && together.includes(q)
      ? `quantile_cont(${expr}, [${together.join(', ')}])[${together.indexOf(q) + 1}]`
      : `quantile_cont(${expr}, ${q})`,
  tuple: (items: readonly string[]) => `row(${items.join(', ')})`,
  intDiv: (a: string, b: string) => `(${a}) // ${b}`,
  listContains: (list: string, value: string) => `list_contains(${list}, ${value})`,
  anyTrue: (flag: string) => `bool_or(${flag} = 1)`,
  nullableDouble: (expr: string) => `${expr}::DOUBLE`,
  materializedCte: 'AS MATERIALIZED',
  correlatedSubqueries: true,
  boundedSort: false,
});

/**
 * ClickHouse: parameters are `{pN:Type}` (bound by the server, never interpolated), and
 * `quantileExactInclusive` interpolates exactly as DuckDB's `quantile_cont` (both R-7: position
 * `q·(n−1)` between the sorted values).
 */
export const CLICKHOUSE: Dialect = Object.freeze({
  name: 'clickhouse',
  parameter: (index: number, type: ParameterType) => `{p${index}:${CLICKHOUSE_TYPES[type]}}`,
  text: (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`,
  starExcept: (alias: string, columns: readonly string[]) => `${alias}.* EXCEPT (${columns.join(', ')})`,
  unnestRange: (from: string, to: string, step: string) => `arrayJoin(range(${from}, ${to}, ${step}))`,
  quantile: (expr: string, q: number) => `quantileExactInclusive(${q})(${expr})`,
  tuple: (items: readonly string[]) => `tuple(${items.join(', ')})`,
  intDiv: (a: string, b: string) => `intDiv(${a}, ${b})`,
  listContains: (list: string, value: string) => `has(${list}, ${value})`,
  anyTrue: (flag: string) => `max(${flag}) = 1`,
  nullableDouble: (expr: string) => `CAST(${expr} AS Nullable(Float64))`,
  materializedCte: 'AS',
  correlatedSubqueries: false,
  boundedSort: true,
});

/**
 * Where a plan runs: its dialect, and how the engine stores the data.
 * - `coded`: the encoded tables of the embedded database (dimensions as integer codes, decoded
 *   through `dict_<name>` tables; customers as codes; error events carry their session's dimensions);
 * - `raw`: values as they are in the files (Parquet in place, ClickHouse): text compared as text.
 */
export interface PlanTarget {
  readonly dialect: Dialect;
  readonly layout: 'coded' | 'raw';
  /**
   * Error events hold their session's device, cdn, asset and tag (`stored`), or a plan that needs
   * them joins the session (`joined`, Parquet in place: the files keep them once, on sessions).
   */
  readonly eventSessionDimensions: 'stored' | 'joined';
  /**
   * The engine keeps the derived tables of sql/derived-tables.ts beside the sessions (a sample, the open
   * sessions; DuckDB builds them when a data set opens), or plans read the sessions only.
   */
  readonly derivedTables: boolean;
  /**
   * The data is small (what test suites run on): a deep page of a session list sorts the whole
   * list, which then costs less than narrowing its rows by a threshold first (sql/list-threshold.ts).
   * Set by the engine from the data's size; absent means large.
   */
  readonly smallData?: boolean;
}

/** The embedded DuckDB database (generated, loaded or a database file). */
export const DUCKDB_CODED: PlanTarget = Object.freeze({
  dialect: DUCKDB,
  layout: 'coded',
  eventSessionDimensions: 'stored',
  derivedTables: true,
});

/** DuckDB over Parquet files where they lie. */
export const DUCKDB_RAW: PlanTarget = Object.freeze({
  dialect: DUCKDB,
  layout: 'raw',
  eventSessionDimensions: 'joined',
  derivedTables: true,
});

/** ClickHouse (a server, a cluster, or chdb in process) on the tables of `playq data schema`. */
export const CLICKHOUSE_RAW: PlanTarget = Object.freeze({
  dialect: CLICKHOUSE,
  layout: 'raw',
  eventSessionDimensions: 'stored',
  derivedTables: false,
});
