// The file schema of the two tables (DESIGN section 4), shared by the loader's checks, the writer
// and the generator's raw output. Timestamps are epoch seconds; durations are milliseconds.

export type ColumnKind = 'string' | 'integer';

export interface ColumnSpec {
  readonly name: string;
  readonly kind: ColumnKind;
  readonly nullable: boolean;
}

export const SESSION_COLUMNS: readonly ColumnSpec[] = [
  { name: 'customer_id', kind: 'string', nullable: false },
  { name: 'session_id', kind: 'string', nullable: false },
  { name: 'subscriber_id', kind: 'string', nullable: false },
  { name: 'country', kind: 'string', nullable: false },
  { name: 'platform', kind: 'string', nullable: false },
  { name: 'player', kind: 'string', nullable: false },
  { name: 'start_ts', kind: 'integer', nullable: false },
  { name: 'end_ts', kind: 'integer', nullable: false },
  // Null when the video never started: such a session is not a play and has no startup time.
  { name: 'startup_ms', kind: 'integer', nullable: true },
  { name: 'watch_ms', kind: 'integer', nullable: false },
  { name: 'rebuffer_ms', kind: 'integer', nullable: false },
];

export const ERROR_COLUMNS: readonly ColumnSpec[] = [
  { name: 'customer_id', kind: 'string', nullable: false },
  { name: 'ts', kind: 'integer', nullable: false },
  // An error can happen before a session exists (a failed manifest request), so this may be null.
  { name: 'session_id', kind: 'string', nullable: true },
  { name: 'subscriber_id', kind: 'string', nullable: false },
  { name: 'country', kind: 'string', nullable: false },
  { name: 'platform', kind: 'string', nullable: false },
  { name: 'player', kind: 'string', nullable: false },
  { name: 'category', kind: 'string', nullable: false },
  { name: 'key', kind: 'string', nullable: false },
];

export type TableName = 'sessions' | 'errors';

export const TABLE_COLUMNS: Readonly<Record<TableName, readonly ColumnSpec[]>> = {
  sessions: SESSION_COLUMNS,
  errors: ERROR_COLUMNS,
};

/** DuckDB type of a column in the raw (file-shaped) tables. */
export function sqlType(kind: ColumnKind): string {
  return kind === 'string' ? 'VARCHAR' : 'BIGINT';
}

/** `CREATE TABLE` for a raw, file-shaped table; the identifiers come from the constants above. */
export function rawTableDdl(table: TableName, name = `raw_${table}`): string {
  const cols = TABLE_COLUMNS[table].map((c) => `"${c.name}" ${sqlType(c.kind)}`).join(', ');
  return `CREATE OR REPLACE TABLE ${name} (${cols})`;
}
