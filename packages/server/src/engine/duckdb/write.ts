// Writing a dataset back to files in the schema of docs/server.md#data (every column, in schema
// order), decoding the dimension codes; a null code is written as an empty value.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { TABLE_COLUMNS, type TableName } from '../../data/schema';
import type { Dataset } from './dataset';
import { type DataFormat, FORMAT_EXTENSIONS } from './load';

export interface WriteOptions {
  readonly dir: string;
  readonly format?: DataFormat;
}

/** @internal COPY options per format. */
export const COPY_FORMAT: Readonly<Record<DataFormat, string>> = {
  // Row groups of 122,880 rows (DuckDB's vector multiple): the unit a reader prunes by min/max.
  parquet: '(FORMAT parquet, ROW_GROUP_SIZE 122880)',
  csv: '(FORMAT csv, HEADER true)',
  ndjson: '(FORMAT json)',
};

/** File column -> the encoded column and dictionary it is decoded from. */
const CODED: Readonly<Record<string, readonly [column: string, dictionary: string]>> = {
  customer_id: ['cust', 'customer'],
  subscriber_id: ['subscriberid', 'subscriberid'],
  device_id: ['device_id', 'device_id'],
  country: ['country', 'country'],
  platform: ['platform', 'platform'],
  device: ['device', 'device'],
  player: ['player', 'player'],
  cdn: ['cdn', 'cdn'],
  asset_id: ['assetid', 'assetid'],
  asset_name: ['assetname', 'assetname'],
  subscriber_tag: ['subscribertag', 'subscribertag'],
  category: ['category', 'category'],
  key: ['"key"', 'key'],
};

/** The file-shaped rows of an encoded table, in storage order; identifiers from the constants above. */
function fileSelect(table: TableName): string {
  // Error events take device, cdn, asset and tag from their session: the files do not repeat them.
  const cols = TABLE_COLUMNS[table].map((spec) => {
    const coded = CODED[spec.name];
    if (coded) {
      const [column, dict] = coded;
      return `(SELECT value FROM dict_${dict} x WHERE x.code = t.${column}) AS "${spec.name}"`;
    }
    return spec.kind === 'status' ? `status::VARCHAR AS status` : `t."${spec.name}"`;
  });
  const order = table === 'sessions' ? 'cust, start_ts, session_id' : 'eid';
  return `SELECT ${cols.join(', ')} FROM ${table} t ORDER BY ${order}`;
}

/**
 * Writes `sessions.<ext>` and `errors.<ext>` into a directory (created if missing).
 *
 * @example
 * ```ts
 * await writeDataset(db, { dir: './data', format: 'csv' }); // data/sessions.csv, data/errors.csv
 * ```
 */
export async function writeDataset(
  db: Dataset,
  options: WriteOptions,
): Promise<{ sessions: string; errors: string }> {
  const format = options.format ?? 'parquet';
  const ext = FORMAT_EXTENSIONS[format]?.[0];
  if (!ext)
    throw new RangeError(
      `@playq/server: writeDataset: format must be parquet, csv or ndjson, got ${String(format)}`,
    );
  mkdirSync(options.dir, { recursive: true });
  const files = {
    sessions: join(options.dir, `sessions.${ext}`),
    errors: join(options.dir, `errors.${ext}`),
  };
  await db.exec(`COPY (${fileSelect('sessions')}) TO $1 ${COPY_FORMAT[format]}`, [files.sessions]);
  await db.exec(`COPY (${fileSelect('errors')}) TO $1 ${COPY_FORMAT[format]}`, [files.errors]);
  return files;
}
