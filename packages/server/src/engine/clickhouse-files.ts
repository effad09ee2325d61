// Parquet files shaped exactly like the ClickHouse tables (plan column names, DDL order, events with
// their session's dimensions), written from a checked DuckDB dataset: what `playq data load
// --engine clickhouse` and the chdb engine insert. The loader's checks have already run on the data.
import { join } from 'node:path';
import type { Dataset } from '../data/dataset';
import { ENCODED_DIMENSIONS } from '../data/encode';
import { CLICKHOUSE_ERROR_COLUMNS, CLICKHOUSE_SESSION_COLUMNS } from './clickhouse-schema';

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
