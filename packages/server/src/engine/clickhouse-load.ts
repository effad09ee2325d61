// `playq data load --engine clickhouse`: files checked by the loader exactly as for DuckDB (any bad
// row refuses the whole load, naming file, row and column; into a scratch database file, so memory
// stays bounded), then inserted into a ClickHouse server's tables as Parquet shaped like them.
// Nothing reaches ClickHouse unless every row passed.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withCheckedFiles, writeClickHouseFiles } from './clickhouse-files';
import { CLICKHOUSE_ERROR_COLUMNS, CLICKHOUSE_SESSION_COLUMNS, clickHouseSchema } from './clickhouse-schema';
import { type ClickHouseServerOptions, connectClickHouse } from './clickhouse-server';
import type { DataFormat } from './duckdb/load';

export interface ClickHouseLoadOptions extends ClickHouseServerOptions {
  /** Read only this format from the directory (default: the first found, as the loader does). */
  readonly format?: DataFormat;
  /** Create the database and tables first (`CREATE … IF NOT EXISTS`); default true. */
  readonly createSchema?: boolean;
  /** With `createSchema`, the cluster the tables are created on (Distributed tables over local ones). */
  readonly cluster?: string;
}

/**
 * Checks the files of `dir` and inserts them into ClickHouse; returns the rows inserted.
 *
 * @example
 * ```ts
 * await loadIntoClickHouse('./data', { url: 'http://127.0.0.1:8123', database: 'playq' });
 * // { sessions: 1000000, errors: 210000 }
 * ```
 */
export async function loadIntoClickHouse(
  dir: string,
  options: ClickHouseLoadOptions,
): Promise<{ sessions: number; errors: number }> {
  return withCheckedFiles(dir, options.format, async (dataset) => {
    const scratch = mkdtempSync(join(tmpdir(), 'playq-ch-load-'));
    try {
      const files = await writeClickHouseFiles(dataset, scratch);
      const engine = await connectClickHouse(options);
      try {
        if (options.createSchema ?? true) {
          const schema = clickHouseSchema({
            ...(options.database === undefined ? {} : { database: options.database }),
            ...(options.cluster === undefined ? {} : { cluster: options.cluster }),
          });
          for (const ddl of schema) await engine.command(ddl);
        }
        await engine.insertParquet(
          'sessions',
          createReadStream(files.sessions),
          CLICKHOUSE_SESSION_COLUMNS.map(([n]) => n),
        );
        await engine.insertParquet(
          'errors',
          createReadStream(files.errors),
          CLICKHOUSE_ERROR_COLUMNS.map(([n]) => n),
        );
      } finally {
        await engine.close();
      }
      const { sessions, errors } = dataset.stats();
      return { sessions, errors };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
}
