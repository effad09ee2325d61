// Parquet files shaped exactly like the ClickHouse tables (plan column names, DDL order, events with
// their session's dimensions), written from a checked DuckDB dataset: what `playq data load
// --engine clickhouse` and the chdb engine insert. The loader's checks have already run on the data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENCODED_DIMENSIONS } from '../data/encode';
import { CLICKHOUSE_ERROR_COLUMNS, CLICKHOUSE_SESSION_COLUMNS } from './clickhouse-schema';
import type { Dataset } from './duckdb/dataset';
import { type DataFormat, loadDataset } from './duckdb/load';

/** Plan column -> the dictionary its codes decode through. */
const DICTIONARIES: ReadonlyMap<string, string> = new Map(
  ENCODED_DIMENSIONS.map((d) => [d.name === 'customer' ? 'cust' : d.name, `dict_${d.name}`]),
);

function decodedSelect(table: 'sessions' | 'errors'): string {
  const columns = table === 'sessions' ? CLICKHOUSE_SESSION_COLUMNS : CLICKHOUSE_ERROR_COLUMNS;
  const joins: string[] = [];
  const select = columns.map(([name], i) => {
    const column = name === 'key' ? '"key"' : name;
    const dictionary = DICTIONARIES.get(name);
    if (dictionary) {
      joins.push(`LEFT JOIN ${dictionary} d${i} ON d${i}.code = t.${column}`);
      return `d${i}.value AS ${column}`;
    }
    return name === 'status' ? 'status::VARCHAR AS status' : `t.${column}`;
  });
  const order = table === 'sessions' ? 't.cust, t.start_ts, t.session_id' : 't.eid';
  return `SELECT ${select.join(', ')} FROM ${table} t ${joins.join(' ')} ORDER BY ${order}`;
}

/**
 * Writes `sessions.parquet` and `errors.parquet` for ClickHouse into `dir` (which must exist).
 *
 * @example
 * ```ts
 * const files = await writeClickHouseFiles(await loadDataset('./data'), '/tmp/ch');
 * ```
 */
export async function writeClickHouseFiles(
  db: Dataset,
  dir: string,
): Promise<{ sessions: string; errors: string }> {
  const files = { sessions: join(dir, 'sessions.parquet'), errors: join(dir, 'errors.parquet') };
  for (const table of ['sessions', 'errors'] as const) {
    await db.exec(`COPY (${decodedSelect(table)}) TO $1 (FORMAT parquet)`, [files[table]]);
  }
  return files;
}

/**
 * Runs `use` on the files of `dir` checked by the loader into a scratch DuckDB database file
 * (under the loader's 1 GB memory limit, spilling beside it), so a ClickHouse load's memory stays
 * bounded whatever the data's size; the scratch file is removed afterwards.
 *
 * @example
 * ```ts
 * await withCheckedFiles('./data', undefined, (dataset) => writeClickHouseFiles(dataset, '/tmp/ch'));
 * ```
 */
export async function withCheckedFiles<T>(
  dir: string,
  format: DataFormat | undefined,
  use: (dataset: Dataset) => Promise<T>,
): Promise<T> {
  const scratch = mkdtempSync(join(tmpdir(), 'playq-checked-'));
  try {
    const dataset = await loadDataset(dir, {
      ...(format === undefined ? {} : { format }),
      database: join(scratch, 'checked.duckdb'),
    });
    try {
      return await use(dataset);
    } finally {
      await dataset.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
