// Loading a data set from files (Parquet, CSV or NDJSON, read natively by DuckDB) or from records
// in memory. Every column is checked against the schema first; any problem fails the whole load
// with a message naming the file and the column, and the half-built database is closed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import { Dataset } from './dataset';
import { encodeRawTables } from './encode';
import { type ColumnSpec, rawTableDdl, TABLE_COLUMNS, type TableName } from './schema';

export type DataFormat = 'parquet' | 'csv' | 'ndjson';

export const FORMAT_EXTENSIONS: Readonly<Record<DataFormat, readonly string[]>> = {
  parquet: ['parquet'],
  csv: ['csv'],
  ndjson: ['ndjson', 'jsonl', 'json'],
};

/** Raised when a data set cannot be loaded; the message names the file and, where known, the column. */
export class DatasetLoadError extends Error {
  override readonly name = 'DatasetLoadError';
  constructor(
    message: string,
    readonly file?: string,
    readonly column?: string,
  ) {
    super(`@playq/server: ${message}`);
  }
}

export interface LoadOptions {
  /** Read only this format; by default the first of parquet, csv, ndjson found. */
  readonly format?: DataFormat;
  /** A DuckDB database file instead of memory. */
  readonly database?: string;
  /** Bound on DuckDB's memory (e.g. `'500MB'`); with `database`, the rest stays on disk. */
  readonly memoryLimit?: string;
}

const INTEGER_TYPES = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
  'UHUGEINT',
  // A column with no value at all (an empty CSV column, an NDJSON key always null) has no better type.
  '"NULL"',
  'NULL',
]);

function reader(format: DataFormat): string {
  switch (format) {
    case 'parquet':
      return 'read_parquet($1)';
    case 'csv':
      return 'read_csv($1, header = true)';
    case 'ndjson':
      return "read_json($1, format = 'newline_delimited')";
  }
}

/**
 * Finds `sessions.<ext>` and `errors.<ext>` in a directory (Parquet first, then CSV, then NDJSON).
 *
 * @example
 * ```ts
 * findDataFiles('./data'); // { format: 'csv', sessions: 'data/sessions.csv', errors: 'data/errors.csv' }
 * ```
 */
export function findDataFiles(
  dir: string,
  format?: DataFormat,
): { format: DataFormat; sessions: string; errors: string } {
  const formats: DataFormat[] = format ? [format] : ['parquet', 'csv', 'ndjson'];
  for (const f of formats) {
    for (const ext of FORMAT_EXTENSIONS[f]) {
      const sessions = join(dir, `sessions.${ext}`);
      const errors = join(dir, `errors.${ext}`);
      if (existsSync(sessions) && existsSync(errors)) return { format: f, sessions, errors };
    }
  }
  const names = formats.flatMap((f) => FORMAT_EXTENSIONS[f].map((e) => `sessions.${e} + errors.${e}`));
  throw new DatasetLoadError(`no data files in ${dir}: expected one of ${names.join(', ')}`);
}

/**
 * Loads `sessions.<ext>` and `errors.<ext>` from a directory into a new dataset, checking the schema.
 *
 * @example
 * ```ts
 * const db = await loadDataset('./data'); // reads data/sessions.parquet and data/errors.parquet
 * ```
 */
export async function loadDataset(dir: string, options: LoadOptions = {}): Promise<Dataset> {
  const files = findDataFiles(dir, options.format);
  const db = await Dataset.open(options.database, 4, options.memoryLimit);
  try {
    await loadFile(db, 'sessions', files.sessions, files.format);
    await loadFile(db, 'errors', files.errors, files.format);
    await encodeRawTables(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function loadFile(db: Dataset, table: TableName, file: string, format: DataFormat): Promise<void> {
  let described: unknown[][];
  try {
    described = await db.all(`DESCRIBE SELECT * FROM ${reader(format)}`, [file]);
  } catch (error) {
    throw new DatasetLoadError(`cannot read ${file} as ${format}: ${firstLine(error)}`, file);
  }
  const types = new Map(described.map((r) => [String(r[0]), String(r[1])]));
  const specs = TABLE_COLUMNS[table];
  for (const spec of specs) {
    const type = types.get(spec.name);
    if (type === undefined) {
      throw new DatasetLoadError(
        `${file}: missing column "${spec.name}" (the ${table} table needs ${specs.map((s) => s.name).join(', ')})`,
        file,
        spec.name,
      );
    }
    if (spec.kind === 'integer' && !INTEGER_TYPES.has(type)) {
      throw new DatasetLoadError(
        `${file}: column "${spec.name}" has type ${type}, expected an integer (${spec.name.endsWith('_ms') ? 'milliseconds' : 'epoch seconds'})`,
        file,
        spec.name,
      );
    }
  }
  await db.exec(rawTableDdl(table));
  const select = specs
    .map((s) => `CAST("${s.name}" AS ${s.kind === 'string' ? 'VARCHAR' : 'BIGINT'})`)
    .join(', ');
  try {
    await db.exec(`INSERT INTO raw_${table} SELECT ${select} FROM ${reader(format)}`, [file]);
  } catch (error) {
    throw new DatasetLoadError(`cannot load ${file}: ${firstLine(error)}`, file);
  }
  await checkNulls(db, table, specs, file);
}

async function checkNulls(
  db: Dataset,
  table: TableName,
  specs: readonly ColumnSpec[],
  file: string,
): Promise<void> {
  const required = specs.filter((s) => !s.nullable);
  const [counts] = await db.all(
    `SELECT ${required.map((s) => `count(*) FILTER (WHERE "${s.name}" IS NULL)::DOUBLE`).join(', ')} FROM raw_${table}`,
  );
  required.forEach((s, i) => {
    const n = Number(counts?.[i] ?? 0);
    if (n > 0)
      throw new DatasetLoadError(
        `${file}: column "${s.name}" has ${n} empty (null) value(s); it is required`,
        file,
        s.name,
      );
  });
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** A session row as in the files (DESIGN section 4). */
export interface SessionRecord {
  readonly customer_id: string;
  readonly session_id: string;
  readonly subscriber_id: string;
  readonly country: string;
  readonly platform: string;
  readonly player: string;
  readonly start_ts: number;
  readonly end_ts: number;
  readonly startup_ms: number | null;
  readonly watch_ms: number;
  readonly rebuffer_ms: number;
}

/** An error event row as in the files (DESIGN section 4). */
export interface ErrorRecord {
  readonly customer_id: string;
  readonly ts: number;
  readonly session_id: string | null;
  readonly subscriber_id: string;
  readonly country: string;
  readonly platform: string;
  readonly player: string;
  readonly category: string;
  readonly key: string;
}

/**
 * Builds a dataset from records in memory: handy for tests with hand-computed answers.
 *
 * @example
 * ```ts
 * const db = await datasetFromRecords({
 *   sessions: [{ customer_id: 'demo', session_id: 's1', subscriber_id: 'u1', country: 'US', platform: 'web',
 *     player: 'html5', start_ts: 0, end_ts: 60, startup_ms: 1000, watch_ms: 59000, rebuffer_ms: 0 }],
 *   errors: [],
 * });
 * ```
 */
export async function datasetFromRecords(data: {
  readonly sessions: readonly SessionRecord[];
  readonly errors: readonly ErrorRecord[];
}): Promise<Dataset> {
  const db = await Dataset.open();
  try {
    for (const table of ['sessions', 'errors'] as const) {
      await db.exec(rawTableDdl(table));
      const specs = TABLE_COLUMNS[table];
      const rows = (data[table] ?? []) as unknown as readonly Record<string, unknown>[];
      rows.forEach((row, i) => {
        for (const s of specs) {
          const v = row[s.name];
          const ok =
            (v === null && s.nullable) ||
            (s.kind === 'string' ? typeof v === 'string' : typeof v === 'number' && Number.isSafeInteger(v));
          if (!ok)
            throw new DatasetLoadError(
              `${table}[${i}].${s.name}: expected ${s.nullable ? 'null or ' : ''}${s.kind === 'string' ? 'a string' : 'an integer'}`,
              undefined,
              s.name,
            );
        }
      });
      for (let at = 0; at < rows.length; at += 200) {
        const chunk = rows.slice(at, at + 200);
        const values: DuckDBValue[] = [];
        const tuples = chunk.map((row) => {
          const slots = specs.map((s) => {
            const v = row[s.name];
            values.push(v === null ? null : s.kind === 'integer' ? BigInt(v as number) : (v as string));
            return `$${values.length}::${s.kind === 'string' ? 'VARCHAR' : 'BIGINT'}`;
          });
          return `(${slots.join(', ')})`;
        });
        await db.exec(`INSERT INTO raw_${table} VALUES ${tuples.join(', ')}`, values);
      }
    }
    await encodeRawTables(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}
