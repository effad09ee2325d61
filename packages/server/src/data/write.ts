// Writing a dataset back to files in the schema of DESIGN section 4, decoding the dimension codes.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from './dataset';
import { type GenerateOptions, generateDataset } from './generate';
import { type DataFormat, FORMAT_EXTENSIONS } from './load';

export interface WriteOptions {
  readonly dir: string;
  readonly format?: DataFormat;
}

const COPY_FORMAT: Readonly<Record<DataFormat, string>> = {
  parquet: '(FORMAT parquet)',
  csv: '(FORMAT csv, HEADER true)',
  ndjson: '(FORMAT json)',
};

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
  const dict = (d: string, col = d) => `(SELECT value FROM dict_${d} x WHERE x.code = t.${col})`;
  await db.exec(
    `COPY (SELECT ${dict('customer', 'cust')} AS customer_id, session_id, ${dict('subscriberid')} AS subscriber_id,
      ${dict('country')} AS country, ${dict('platform')} AS platform, ${dict('player')} AS player,
      start_ts, end_ts, startup_ms, watch_ms, rebuffer_ms FROM sessions t ORDER BY cust, start_ts, session_id)
     TO $1 ${COPY_FORMAT[format]}`,
    [files.sessions],
  );
  await db.exec(
    `COPY (SELECT ${dict('customer', 'cust')} AS customer_id, ts, session_id, ${dict('subscriberid')} AS subscriber_id,
      ${dict('country')} AS country, ${dict('platform')} AS platform, ${dict('player')} AS player,
      ${dict('category')} AS category, ${dict('key', '"key"')} AS "key" FROM errors t ORDER BY eid)
     TO $1 ${COPY_FORMAT[format]}`,
    [files.errors],
  );
  return files;
}

/**
 * Generates a data set and writes it to a directory: what `playq data generate` does.
 *
 * @example
 * ```ts
 * await generateToDirectory({ sessions: 1_000_000, seed: 7, out: './data', format: 'parquet' });
 * ```
 */
export async function generateToDirectory(
  options: GenerateOptions & { readonly out: string; readonly format?: DataFormat },
): Promise<{ sessions: string; errors: string; rows: { sessions: number; errors: number } }> {
  const db = await generateDataset(options);
  try {
    const files = await writeDataset(db, { dir: options.out, format: options.format ?? 'parquet' });
    const { sessions, errors } = db.stats();
    return { ...files, rows: { sessions, errors } };
  } finally {
    await db.close();
  }
}
