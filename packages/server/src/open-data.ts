// Opens the engine a service serves from its data source (generated, loaded from files, Parquet in
// place, an existing database file, chdb, a ClickHouse server, or a dataset or engine the caller
// owns) and applies DuckDB's memory limit. ClickHouse engines load only when chosen.

import { SESSION_RANK } from './data/encode';
import type { ChdbOptions } from './engine/chdb-engine';
import { Dataset } from './engine/duckdb/dataset';
import { generateDataset } from './engine/duckdb/generate';
import { openParquetInPlace } from './engine/duckdb/in-place';
import { loadDataset } from './engine/duckdb/load';
import { checkMemoryLimit } from './engine/duckdb/memory-limit';
import { datasetFromRows, type ScenarioRows } from './engine/duckdb/scenario-rows';
import type { Engine } from './engine/engine';
import type { DataSource } from './service-options';

/** `memoryLimit`: the service's DuckDB memory limit, which bounds loading files into memory and opening a database file or Parquet in place too. */
export async function openData(data: DataSource | undefined, memoryLimit?: string): Promise<Engine> {
  if (data === undefined) return generateDataset({ sessions: 20_000, seed: 1 });
  if ('dataset' in data) return data.dataset;
  if ('engine' in data) return data.engine;
  if ('generate' in data) return generateDataset(data.generate);
  if ('rows' in data) return datasetFromRows(data.rows);
  if ('chdb' in data) return openChdbSource(data.chdb);
  if ('clickhouse' in data)
    return (await import('./engine/clickhouse-server')).openClickHouse(data.clickhouse);
  if ('dir' in data) {
    if (data.inPlace) {
      if (data.format !== undefined && data.format !== 'parquet') {
        throw new TypeError(`@playq/server: only Parquet files are queried in place, not ${data.format}`);
      }
      return openParquetInPlace(data.dir, memoryLimit === undefined ? {} : { memoryLimit });
    }
    return loadDataset(data.dir, {
      ...(data.format ? { format: data.format } : {}),
      ...(memoryLimit === undefined ? {} : { memoryLimit }),
    });
  }
  if ('database' in data) {
    // The limit bounds opening too, and the tables derived in the background just after.
    const db = await Dataset.open(data.database, 4, memoryLimit);
    try {
      await upgradeTables(db);
      await db.refresh();
    } catch (error) {
      await db.close();
      const first = (error as Error).message.split('\n')[0];
      if (memoryLimit !== undefined && /Out of Memory/.test(first ?? ''))
        throw new Error(
          `@playq/server: cannot open ${data.database} under memoryLimit '${memoryLimit}': ${first}`,
        );
      throw new Error(
        `@playq/server: ${data.database} is not a playq database (${(error as Error).message.split('\n')[0]})`,
      );
    }
    return db;
  }
  throw new TypeError(
    '@playq/server: data must be { generate }, { rows }, { dir }, { database }, { chdb }, { clickhouse }, { dataset } or { engine }',
  );
}

/**
 * chdb on its own path, or loaded (with the loader's checks, memory bounded) from a directory of
 * files or from a scenario's rows.
 */
async function openChdbSource(
  options: ChdbOptions & { readonly dir?: string; readonly rows?: ScenarioRows },
): Promise<Engine> {
  const { openChdb } = await import('./engine/chdb-engine');
  if (options.dir !== undefined && options.rows !== undefined) {
    throw new TypeError('@playq/server: data.chdb takes dir or rows, not both');
  }
  if (options.rows !== undefined) {
    const { rows, ...rest } = options;
    const dataset = await datasetFromRows(rows);
    try {
      return await openChdb({ ...rest, dataset });
    } finally {
      await dataset.close();
    }
  }
  if (options.dir === undefined) return openChdb(options);
  const { withCheckedFiles } = await import('./engine/clickhouse-files');
  return withCheckedFiles(options.dir, undefined, (dataset) => openChdb({ ...options, dataset }));
}

/**
 * Brings a playq database file written by an earlier version up to the current encoded tables:
 * the `bytes_downloaded` column is added with its default of 0, the session id's rank
 * (`sid_rank`) computed.
 */
export async function upgradeTables(db: Dataset): Promise<void> {
  const has = async (column: string) => {
    const [[present] = [0]] = await db.all(
      `SELECT count(*)::DOUBLE FROM duckdb_columns() WHERE table_name = 'sessions' AND column_name = $1`,
      [column],
    );
    return Number(present) > 0;
  };
  if (!(await has('bytes_downloaded')))
    await db.exec('ALTER TABLE sessions ADD COLUMN bytes_downloaded BIGINT DEFAULT 0');
  if (!(await has('sid_rank'))) {
    await db.exec('ALTER TABLE sessions ADD COLUMN sid_rank INTEGER');
    await db.exec(
      `UPDATE sessions SET sid_rank = r.sid_rank FROM (SELECT rowid AS id, ${SESSION_RANK('s')} FROM sessions s) r
       WHERE sessions.rowid = r.id`,
    );
  }
}

/** Sets DuckDB's memory limit (DuckDB syntax, e.g. `'512MB'`), refusing any other text. */
export async function applyMemoryLimit(db: Dataset, limit: string): Promise<void> {
  await db.exec(`SET memory_limit = '${checkMemoryLimit(limit)}'`);
}
