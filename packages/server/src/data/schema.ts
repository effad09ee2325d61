// The file schema of the two tables (docs/server.md#data), shared by the loader's checks, the
// writer, the in-memory records and the generator. Timestamps are epoch seconds, durations ms.
// The optional columns carry the default a file without them gets (docs/server.md, "Data").

export type ColumnKind = 'string' | 'integer' | 'boolean' | 'status';

export interface ColumnSpec {
  readonly name: string;
  readonly kind: ColumnKind;
  readonly nullable: boolean;
  /**
   * For an optional column a file may lack: SQL over the file's other (already typed) columns
   * giving its value. Absent for the required columns, which every file must have.
   */
  readonly v1Default?: string;
  /** The default in words, for messages and docs. */
  readonly v1DefaultText?: string;
}

/** Session statuses: ended normally, ended abnormally, still playing, still loading (never played). */
export const SESSION_STATUSES = ['ENDED', 'DROPPED', 'RUNNING', 'LOADED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** DuckDB type of the encoded `status` column: one byte per row, compared with string literals. */
export const STATUS_SQL_TYPE = `ENUM(${SESSION_STATUSES.map((s) => `'${s}'`).join(', ')})`;

const col = (name: string, kind: ColumnKind, nullable = false): ColumnSpec => ({ name, kind, nullable });
const v2 = (
  name: string,
  kind: ColumnKind,
  nullable: boolean,
  v1Default: string,
  text: string,
): ColumnSpec => ({
  name,
  kind,
  nullable,
  v1Default,
  v1DefaultText: text,
});

export const SESSION_COLUMNS: readonly ColumnSpec[] = [
  col('customer_id', 'string'),
  col('session_id', 'string'),
  // Null for an anonymous viewer (not signed in): the device then stands for the viewer.
  col('subscriber_id', 'string', true),
  v2(
    'device_id',
    'string',
    false,
    'coalesce("subscriber_id", "session_id")',
    'the subscriber_id (else the session_id)',
  ),
  col('country', 'string'),
  col('platform', 'string'),
  v2('device', 'string', true, 'NULL', 'null'),
  col('player', 'string'),
  v2('cdn', 'string', true, 'NULL', 'null'),
  v2('asset_id', 'string', true, 'NULL', 'null'),
  v2('asset_name', 'string', true, 'NULL', 'null'),
  v2('subscriber_tag', 'string', true, 'NULL', 'null'),
  v2('status', 'status', false, `'ENDED'`, 'ENDED'),
  col('start_ts', 'integer'),
  // Null while the session is RUNNING or LOADED.
  col('end_ts', 'integer', true),
  // Null when the video never started: such a session is not a play and has no startup time.
  col('startup_ms', 'integer', true),
  col('watch_ms', 'integer'),
  col('rebuffer_ms', 'integer'),
  v2(
    'rebuffer_count',
    'integer',
    false,
    'CASE WHEN "rebuffer_ms" > 0 THEN 1 ELSE 0 END',
    '1 when rebuffer_ms > 0, else 0 (the fewest events that explain the rebuffering time)',
  ),
  v2('cdn_changes', 'integer', false, '0', '0'),
  v2('business_failure', 'boolean', false, 'false', 'false'),
  // Bytes of media downloaded, for `cbrsize`; older files lack it.
  v2('bytes_downloaded', 'integer', false, '0', '0 (older files have no traffic column)'),
];

export const ERROR_COLUMNS: readonly ColumnSpec[] = [
  col('customer_id', 'string'),
  col('ts', 'integer'),
  // An error can happen before a session exists (a failed manifest request), so this may be null.
  col('session_id', 'string', true),
  col('subscriber_id', 'string', true),
  col('country', 'string'),
  col('platform', 'string'),
  col('player', 'string'),
  col('category', 'string'),
  col('key', 'string'),
  v2('fatal', 'boolean', false, 'false', 'false'),
  v2('business', 'boolean', false, 'false', 'false'),
];

export type TableName = 'sessions' | 'errors';

export const TABLE_COLUMNS: Readonly<Record<TableName, readonly ColumnSpec[]>> = {
  sessions: SESSION_COLUMNS,
  errors: ERROR_COLUMNS,
};

/** DuckDB type of a column in the raw (file-shaped) tables. */
export function sqlType(kind: ColumnKind): string {
  switch (kind) {
    case 'string':
      return 'VARCHAR';
    case 'integer':
      return 'BIGINT';
    case 'boolean':
      return 'BOOLEAN';
    case 'status':
      return STATUS_SQL_TYPE;
  }
}

/** `CREATE TABLE` for a raw, file-shaped table; the identifiers come from the constants above. */
export function rawTableDdl(table: TableName, name = `raw_${table}`): string {
  const cols = TABLE_COLUMNS[table].map((c) => `"${c.name}" ${sqlType(c.kind)}`).join(', ');
  return `CREATE OR REPLACE TABLE ${name} (${cols})`;
}

/**
 * Rules between columns of one session row, as SQL conditions a valid row satisfies, each with
 * the column a violation is reported on.
 */
export const SESSION_ROW_RULES: readonly {
  readonly column: string;
  readonly sql: string;
  readonly rule: string;
}[] = [
  {
    column: 'end_ts',
    sql: `("status" IN ('RUNNING', 'LOADED')) = ("end_ts" IS NULL)`,
    rule: 'end_ts is empty exactly when status is RUNNING or LOADED',
  },
  {
    column: 'end_ts',
    sql: `"end_ts" IS NULL OR "end_ts" >= "start_ts"`,
    rule: 'end_ts is not before start_ts',
  },
  {
    column: 'startup_ms',
    sql: `"status" <> 'LOADED' OR "startup_ms" IS NULL`,
    rule: 'a LOADED session never played, so startup_ms is empty',
  },
];
