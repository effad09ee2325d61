// Opens the dataset a service serves from its data source (generated, loaded from files, an
// existing database, or a dataset the caller owns) and applies DuckDB's memory limit.
import type { DataSource } from '../service-options';
import { Dataset } from './dataset';
import { generateDataset } from './generate';
import { loadDataset } from './load';

export async function openData(data: DataSource | undefined): Promise<Dataset> {
  if (data === undefined) return generateDataset({ sessions: 20_000, seed: 1 });
  if ('dataset' in data) return data.dataset;
  if ('generate' in data) return generateDataset(data.generate);
  if ('dir' in data) return loadDataset(data.dir, data.format ? { format: data.format } : {});
  if ('database' in data) {
    const db = await Dataset.open(data.database);
    try {
      await upgradeTables(db);
      await db.refresh();
    } catch (error) {
      await db.close();
      throw new Error(
        `@playq/server: ${data.database} is not a playq database (${(error as Error).message.split('\n')[0]})`,
      );
    }
    return db;
  }
  throw new TypeError('@playq/server: data must be { generate }, { dir }, { database } or { dataset }');
}

/**
 * Brings a playq database file written by an earlier version up to the current encoded tables:
 * the `bytes_downloaded` column (v3) is added with its default of 0.
 */
export async function upgradeTables(db: Dataset): Promise<void> {
  const [[present] = [0]] = await db.all(
    `SELECT count(*)::DOUBLE FROM duckdb_columns() WHERE table_name = 'sessions' AND column_name = 'bytes_downloaded'`,
  );
  if (Number(present) === 0)
    await db.exec('ALTER TABLE sessions ADD COLUMN bytes_downloaded BIGINT DEFAULT 0');
}

/** Sets DuckDB's memory limit (DuckDB syntax, e.g. `'512MB'`), refusing any other text. */
export async function applyMemoryLimit(db: Dataset, limit: string): Promise<void> {
  if (!/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(limit)) {
    throw new RangeError(`@playq/server: memoryLimit must look like '512MB', got ${JSON.stringify(limit)}`);
  }
  await db.exec(`SET memory_limit = '${limit}'`);
}
