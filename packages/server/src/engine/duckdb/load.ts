// Loading a data set from files (Parquet, CSV or NDJSON, read natively by DuckDB). Every value is
// checked against the schema first, in streaming passes over the file; any problem fails the whole
// load with a message naming the file, the row and the column, inside one transaction, so nothing
// is half-loaded. The encoded tables are then filled straight from the files.
import { lstatSync, mkdtempSync, readlinkSync, rmSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import { checkedRawView, type Problem, type Staged, stagedTable } from '../../data/check';
import { encodeRawTables, SLICE_SESSIONS } from '../../data/encode';
import { TABLE_COLUMNS, type TableName } from '../../data/schema';
import { DUCKDB } from '../../sql/dialect';
import { Dataset } from './dataset';

export type DataFormat = 'parquet' | 'csv' | 'ndjson';

export const FORMAT_EXTENSIONS: Readonly<Record<DataFormat, readonly string[]>> = {
  parquet: ['parquet'],
  csv: ['csv'],
  ndjson: ['ndjson', 'jsonl', 'json'],
};

/**
 * Raised when a data set cannot be loaded; the message names the file and, where known, the row
 * (data rows counted from 1, the header not counted) and the column.
 */
export class DatasetLoadError extends Error {
  override readonly name = 'DatasetLoadError';
  constructor(
    message: string,
    readonly file?: string,
    readonly column?: string,
    readonly row?: number,
  ) {
    super(`@playq/server: ${message}`);
  }
}

export interface LoadOptions {
  /** Read only this format; by default the first of parquet, csv, ndjson found. */
  readonly format?: DataFormat;
  /** A DuckDB database file instead of memory. */
  readonly database?: string;
  /**
   * Bound on DuckDB's memory (e.g. `'500MB'`); with `database`, the rest stays on disk. Default
   * with `database`: `FILE_LOAD_MEMORY_LIMIT` (sorts spill to `FILE.tmp`); in memory: DuckDB's own
   * (80% of RAM).
   */
  readonly memoryLimit?: string;
  /** @internal In memory: sessions per slice of the encoded `sessions` table (default `SLICE_SESSIONS`). */
  readonly sliceSessions?: number;
}

/**
 * DuckDB's memory while a database file is built: the encoded tables' sorts spill beyond it to
 * `FILE.tmp`.
 */
export const FILE_LOAD_MEMORY_LIMIT = '1GB';

function reader(format: DataFormat, path: string): string {
  switch (format) {
    case 'parquet':
      return `read_parquet(${path})`;
    case 'csv':
      // Every CSV value as text, checked and converted here: a bad value beyond DuckDB's type
      // sample must be reported with its row, not as a conversion failure midway.
      return `read_csv(${path}, header = true, all_varchar = true)`;
    case 'ndjson':
      // The whole file is sampled, so a key holding mixed types becomes JSON and is checked here.
      return `read_json(${path}, format = 'newline_delimited', sample_size = -1)`;
  }
}

/**
 * A file path DuckDB reads literally: absolute (no `~` expansion, no remote scheme), with its glob
 * characters `*`, `?` and `[` escaped as one-character classes, so `data/g*` never reads `data/gx`.
 *
 * @example
 * ```ts
 * literalPath('/srv/x[1]/sessions.csv'); // '/srv/x[[]1]/sessions.csv'
 * ```
 */
export function literalPath(path: string): string {
  return resolve(path).replace(/[*?[]/g, (c) => `[${c}]`);
}

/** `literalPath(path)` as an SQL string literal (for statements that take no parameters, like COPY). */
const pathText = (path: string) => DUCKDB.text(literalPath(path));

/**
 * Finds `sessions.<ext>` and `errors.<ext>` in a directory (Parquet first, then CSV, then NDJSON).
 * Each must be a regular file: a FIFO or a device would block or never end, and a symbolic link is
 * not followed (its target may be a file the directory's owner could not otherwise show), so
 * either is refused before anything is read, naming the file and what it is.
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
      const found = [entryOf(sessions), entryOf(errors)];
      if (found[0] === undefined || found[1] === undefined) continue;
      for (const [path, stats] of [
        [sessions, found[0]],
        [errors, found[1]],
      ] as const) {
        requireRegular(path, stats);
      }
      return { format: f, sessions, errors };
    }
  }
  const names = formats.flatMap((f) => FORMAT_EXTENSIONS[f].map((e) => `sessions.${e} + errors.${e}`));
  throw new DatasetLoadError(`no data files in ${dir}: expected one of ${names.join(', ')}`);
}

// The directory entry itself (a link is not followed), or undefined when there is none.
function entryOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function requireRegular(path: string, stats: Stats): void {
  if (stats.isFile()) return;
  if (stats.isSymbolicLink()) {
    let target = '';
    try {
      target = ` to ${readlinkSync(path)}`;
    } catch {
      // The link's text is only for the message.
    }
    throw new DatasetLoadError(
      `${path} is a symbolic link${target}; data files are not followed through links: put the file itself in the directory, or give the directory that holds it`,
      path,
    );
  }
  const what = stats.isFIFO()
    ? 'a named pipe (FIFO)'
    : stats.isCharacterDevice() || stats.isBlockDevice()
      ? 'a device'
      : stats.isSocket()
        ? 'a socket'
        : stats.isDirectory()
          ? 'a directory'
          : 'not a regular file';
  throw new DatasetLoadError(`${path} is ${what}, not a regular file; nothing was read from it`, path);
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
  const memoryLimit =
    options.memoryLimit ?? (options.database === undefined ? undefined : FILE_LOAD_MEMORY_LIMIT);
  const db = await Dataset.open(options.database, 4, memoryLimit);
  // CSV is first copied, in row order, to Parquet beside the database (or in the system's
  // temporary directory): compressed, and numbered by Parquet's own row numbers.
  const scratchBase = options.database === undefined ? tmpdir() : dirname(resolve(options.database));
  const scratch = files.format === 'csv' ? mkdtempSync(join(scratchBase, '.playq-load-')) : undefined;
  try {
    // One transaction: a file that fails a check leaves nothing behind, even in a database file.
    await db.transaction(async (run, all) => {
      const staged: string[] = [];
      for (const table of ['sessions', 'errors'] as const) {
        const source = await openSource(run, all, table, files[table], files.format, scratch);
        if (source.stage) staged.push(source.stage);
        await checkFile(run, all, table, files[table], source);
      }
      try {
        // In memory, the database is this load's own until it returns (closed on any error): the
        // sessions table is committed and compressed slice by slice, never held whole uncompressed.
        const sliced =
          options.database === undefined
            ? {
                all,
                sessionsPerSlice: options.sliceSessions ?? SLICE_SESSIONS,
                afterSlice: async () => {
                  await run('COMMIT');
                  await run('CHECKPOINT');
                  await run('BEGIN TRANSACTION');
                },
              }
            : undefined;
        await encodeRawTables(run, sliced);
      } catch (error) {
        throw new DatasetLoadError(`cannot load ${dir}: ${firstLine(error)}`);
      }
      for (const table of ['sessions', 'errors']) await run(`DROP VIEW raw_${table}`);
      for (const stage of staged) await run(`DROP TABLE ${stage}`);
    });
    await db.refresh();
    return db;
  } catch (error) {
    await db.close();
    throw error;
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
}

type Run = (sql: string, params?: DuckDBValue[]) => Promise<void>;
type All = (sql: string, params?: DuckDBValue[]) => Promise<unknown[][]>;

/**
 * Rows of one file as the checks read them, their columns' DuckDB types, and the temporary table
 * holding them, if any.
 */
type Source = Pick<Staged, 'source' | 'row' | 'types'> & { readonly stage?: string };

/**
 * Where a file's rows are read from: Parquet where it lies (row positions from the file); CSV
 * from its Parquet copy in `scratch`; NDJSON (its keys' types are only known once the whole file
 * is read) and a Parquet file with its own `file_row_number` column from a temporary table.
 */
async function openSource(
  run: Run,
  all: All,
  table: TableName,
  file: string,
  format: DataFormat,
  scratch = tmpdir(),
): Promise<Source> {
  const typesOf = async (from: string) =>
    new Map((await all(`DESCRIBE SELECT * FROM ${from}`)).map((r) => [String(r[0]), String(r[1])]));
  try {
    if (format === 'parquet') {
      const types = await typesOf(`read_parquet(${pathText(file)})`);
      // Parquet numbers its rows in a column of that name, unless the file already has one.
      if (!types.has('file_row_number')) return parquetSource(pathText(file), types);
    }
    if (format === 'csv') {
      const copy = pathText(join(scratch, `${table}.parquet`));
      await run(`COPY (SELECT * FROM ${reader(format, pathText(file))}) TO ${copy} (FORMAT parquet)`);
      return parquetSource(copy, await typesOf(`read_parquet(${copy})`));
    }
    const stage = `stage_${table}`;
    await run(`CREATE OR REPLACE TEMP TABLE ${stage} AS SELECT * FROM ${reader(format, '$1')}`, [
      literalPath(file),
    ]);
    return { ...stagedTable(stage), types: await typesOf(stage), stage };
  } catch (error) {
    throw new DatasetLoadError(`cannot read ${file} as ${format}: ${firstLine(error)}`, file);
  }
}

const parquetSource = (path: string, types: ReadonlyMap<string, string>): Source => ({
  source: `read_parquet(${path}, file_row_number = true)`,
  row: 'file_row_number',
  types,
});

/** Checks a file's columns and every row, then defines `raw_<table>` over it. */
async function checkFile(run: Run, all: All, table: TableName, file: string, source: Source): Promise<void> {
  const types = source.types;
  const specs = TABLE_COLUMNS[table];
  const missing = specs.find((s) => s.v1Default === undefined && !types.has(s.name));
  if (missing) {
    const required = specs.filter((s) => s.v1Default === undefined).map((s) => s.name);
    throw new DatasetLoadError(
      `${file}: missing column "${missing.name}" (every ${table} file needs ${required.join(', ')})`,
      file,
      missing.name,
    );
  }
  const fail = (p: Problem, defaulted: readonly string[]) => {
    const note = defaulted.length > 0 ? ` (the file has no ${defaulted.join(', ')}: defaults apply)` : '';
    const more = p.count > 1 ? `; ${p.count} rows fail this check` : '';
    return new DatasetLoadError(
      `${file}: row ${p.row + 1}, column "${p.column}": ${p.message}${more}${note}`,
      file,
      p.column,
      p.row + 1,
    );
  };
  try {
    await checkedRawView(run, all, { table, ...source }, fail);
  } catch (error) {
    if (error instanceof DatasetLoadError) throw error;
    throw new DatasetLoadError(`cannot check the rows of ${file}: ${firstLine(error)}`, file);
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
