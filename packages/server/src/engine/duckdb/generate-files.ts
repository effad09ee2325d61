// `playq data generate`: the generator's rows streamed straight into files, in bounded memory
// whatever the number of sessions. Sessions are drawn in storage order (customer, then time) and
// decoded by list lookups and id formulas on the way out, so nothing is sorted or joined; the
// sessions that have error events go to a scratch table on disk, and their events are sorted while
// still integer codes (DuckDB spills what does not fit).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENCODED_DIMENSIONS } from '../../data/encode';
import { errorEventsSql, errorSessionsSql } from '../../data/generate-errors';
import { type GenContext, sessionsSelect } from '../../data/generate-sessions';
import { TABLE_COLUMNS, type TableName } from '../../data/schema';
import { DUCKDB } from '../../sql/dialect';
import { Dataset } from './dataset';
import { checkOptions, type GenerateOptions } from './generate';
import {
  type Checked,
  deviceIdSql,
  generationContext,
  populationSizes,
  subscriberIdSql,
} from './generate-context';
import { type DataFormat, FORMAT_EXTENSIONS } from './load';
import { checkMemoryLimit } from './memory-limit';
import { COPY_FORMAT } from './write';

/** Options of `generateToDirectory`: the generator's, the directory and the file format. */
export type GenerateFilesOptions = Omit<GenerateOptions, 'database'> & {
  readonly out: string;
  readonly format?: DataFormat;
};

/** DuckDB's memory while generating into files (`memoryLimit` overrides it). */
export const GENERATE_MEMORY_LIMIT = '1GB';

/**
 * @internal The relation of row numbers (column `i`): each customer's block, in the order of the
 * customers' codes (storage order), so every session is drawn exactly once.
 */
export function rowNumbers(g: Pick<GenContext, 'customers'>): string {
  const blocks = [...g.customers]
    .sort((a, b) => a.code - b.code)
    .filter((c) => c.size > 0)
    .map((c) => `SELECT i FROM range(${c.offset}, ${c.offset + c.size}) r(i)`);
  return blocks.length === 0 ? '(SELECT 0::BIGINT AS i WHERE false)' : `(${blocks.join(' UNION ALL ')})`;
}

/** File column -> SQL decoding its code column in `t` (a list lookup, or the synthetic id's formula). */
async function decoders(db: Dataset, sessions: number): Promise<Map<string, string>> {
  const { nSubs, nDevices } = populationSizes(sessions);
  const decode = new Map<string, string>();
  for (const { name, column } of ENCODED_DIMENSIONS) {
    const code = `t.${name === 'customer' ? 'cust' : name === 'key' ? '"key"' : name}`;
    if (name === 'subscriberid') decode.set(column, subscriberIdSql(code, nSubs));
    else if (name === 'device_id') decode.set(column, deviceIdSql(code, nDevices));
    else {
      const values = await db.all(`SELECT value FROM dict_${name} ORDER BY code`);
      decode.set(
        column,
        `list_extract([${values.map((r) => DUCKDB.text(String(r[0]))).join(', ')}], ${code} + 1)`,
      );
    }
  }
  return decode;
}

/** The file columns of `table` (schema order) over coded rows `t`. */
function fileColumns(table: TableName, decode: ReadonlyMap<string, string>): string {
  return TABLE_COLUMNS[table]
    .map((spec) => {
      const decoded = decode.get(spec.name);
      if (decoded) return `${decoded} AS "${spec.name}"`;
      return spec.kind === 'status' ? 't.status::VARCHAR AS status' : `t."${spec.name}"`;
    })
    .join(', ');
}

/** Error events in the order of the encoded table's `eid` (codes follow value order). */
const ERROR_ORDER = [
  'cust',
  'ts',
  'session_id',
  'subscriberid',
  'category',
  '"key"',
  'country',
  'platform',
  'player',
];

/** The file statements, run in this order: each file's select, and the candidates' table between them. */
export interface FileStatements {
  readonly sessions: string;
  /** Creates `error_sessions`: the sessions that have error events, with their draws. */
  readonly errorSessions: string;
  readonly errors: string;
}

/**
 * @internal Writes the dictionaries and the generator's views into `db`; returns the statements:
 * sessions streamed in storage order and decoded; the sessions that have error events stored
 * (about one in seven: a table, which a database file keeps on disk); their events sorted on
 * their codes, then decoded.
 */
export async function fileStatements(db: Dataset, o: Checked): Promise<FileStatements> {
  const g = await generationContext(db, o, 'gen_rows');
  await db.exec(`CREATE OR REPLACE TEMP VIEW gen_rows AS SELECT i FROM ${rowNumbers(g)}`);
  await db.exec(`CREATE OR REPLACE TEMP VIEW sessions AS ${sessionsSelect(g)}`);
  const decode = await decoders(db, o.sessions);
  return {
    sessions: `SELECT ${fileColumns('sessions', decode)} FROM sessions t`,
    errorSessions: `CREATE OR REPLACE TABLE error_sessions AS ${errorSessionsSql(g)}`,
    // The sort at the top of the statement: under a decoding projection, DuckDB's ordered COPY
    // held the sorted rows in memory (large data ran out of the loader's memory limit).
    errors: `SELECT ${fileColumns('errors', decode)} FROM (${errorEventsSql(g, 'error_sessions')}) t
     ORDER BY ${ERROR_ORDER.map((c) => `t.${c}`).join(', ')}`,
  };
}

/**
 * Generates a data set straight into `sessions.<ext>` and `errors.<ext>` of a directory (created
 * if missing), in bounded memory: what `playq data generate` does. The files hold the rows of
 * `writeDataset(await generateDataset(options))`, in the same order.
 *
 * @example
 * ```ts
 * await generateToDirectory({ sessions: 1_000_000, seed: 7, out: './data', format: 'parquet' });
 * ```
 */
export async function generateToDirectory(
  options: GenerateFilesOptions,
): Promise<{ sessions: string; errors: string; rows: { sessions: number; errors: number } }> {
  const o = checkOptions(options);
  const memoryLimit = checkMemoryLimit(options.memoryLimit ?? GENERATE_MEMORY_LIMIT);
  const format = options.format ?? 'parquet';
  const ext = FORMAT_EXTENSIONS[format]?.[0];
  if (!ext)
    throw new RangeError(
      `@playq/server: generateToDirectory: format must be parquet, csv or ndjson, got ${String(format)}`,
    );
  mkdirSync(options.out, { recursive: true });
  const files = {
    sessions: join(options.out, `sessions.${ext}`),
    errors: join(options.out, `errors.${ext}`),
  };
  // A scratch database beside the output: the candidates' table and the sort's spill stay on
  // disk, not in memory; removed afterwards.
  const scratch = mkdtempSync(join(options.out, '.generate-'));
  let opened: Dataset | undefined;
  try {
    const db = await Dataset.open(join(scratch, 'scratch.duckdb'), 1, memoryLimit);
    opened = db;
    const statements = await fileStatements(db, o);
    const copy = async (table: TableName) => {
      // A written path is never a pattern: it goes as it is (resolved), glob characters and all.
      const [[count]] = (await db.all(`COPY (${statements[table]}) TO $1 ${COPY_FORMAT[format]}`, [
        resolve(files[table]),
      ])) as [[bigint | number]];
      return Number(count);
    };
    const sessions = await copy('sessions');
    await db.exec(statements.errorSessions);
    const errors = await copy('errors');
    return { ...files, rows: { sessions, errors } };
  } finally {
    await opened?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
