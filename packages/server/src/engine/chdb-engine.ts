// The chdb engine: ClickHouse in process (the optional peer `chdb`), for tests and for users without
// a ClickHouse server. It keeps its tables in a chdb session (a temporary directory unless given a
// path), loaded from a checked DuckDB dataset through Parquet files shaped like the tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLICKHOUSE } from '../sql/dialect';
import { type ClickHouseConnection, ClickHouseEngine } from './clickhouse-engine';
import { writeClickHouseFiles } from './clickhouse-files';
import { CLICKHOUSE_ERROR_COLUMNS, CLICKHOUSE_SESSION_COLUMNS, clickHouseSchema } from './clickhouse-schema';
import type { Dataset } from './duckdb/dataset';
import { importPeer } from './optional-peer';

interface ChdbResult {
  text(): string;
}
interface ChdbSession {
  queryBindAsync(
    query: string,
    params: object,
    opts?: { format?: string; signal?: AbortSignal },
  ): Promise<ChdbResult>;
  query(query: string, format?: string): string;
  close?(): void;
  cleanup?(): void;
}
interface ChdbModule {
  Session: new (path?: string) => ChdbSession;
}

export interface ChdbOptions {
  /** A directory for chdb's tables (kept across restarts); default a temporary one, removed on close. */
  readonly path?: string;
}

/** A chdb session as a ClickHouse connection. */
function chdbConnection(session: ChdbSession, onClose: () => void): ClickHouseConnection {
  return {
    async columns(sql, params, settings, signal) {
      const text = Object.entries(settings)
        .map(([k, v]) => `${k} = ${typeof v === 'number' ? v : CLICKHOUSE.text(v)}`)
        .join(', ');
      const statement = text ? `${sql} SETTINGS ${text}` : sql;
      const result = await session.queryBindAsync(statement, params, {
        format: 'JSONCompactColumns',
        ...(signal ? { signal } : {}),
      });
      const body = result.text().trim();
      return body === '' ? [] : (JSON.parse(body) as unknown[][]);
    },
    async command(sql, params) {
      await session.queryBindAsync(sql, params ?? {}, { format: 'CSV' });
    },
    async close() {
      session.cleanup?.();
      onClose();
    },
  };
}

/**
 * Opens the chdb engine. With `dataset`, its data is copied in (the tables are created first); a
 * `path` that already holds tables is served as it is.
 *
 * @example
 * ```ts
 * const engine = await openChdb({ dataset: await generateDataset({ sessions: 10_000, seed: 1 }) });
 * const service = await createService({ data: { engine } });
 * ```
 */
export async function openChdb(
  options: ChdbOptions & { readonly dataset?: Dataset } = {},
): Promise<ClickHouseEngine> {
  const { Session } = await importPeer<ChdbModule>('chdb', 'chdb');
  const temporary = options.path === undefined ? mkdtempSync(join(tmpdir(), 'playq-chdb-')) : undefined;
  const session = new Session(options.path ?? temporary);
  const engine = new ClickHouseEngine(
    'chdb',
    chdbConnection(session, () => {
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    }),
  );
  try {
    for (const ddl of clickHouseSchema({ database: 'default' })) await engine.command(ddl);
    if (options.dataset) await copyDataset(engine, options.dataset);
    await engine.refresh();
    return engine;
  } catch (error) {
    await engine.close();
    throw error;
  }
}

/** Copies a DuckDB dataset into the chdb tables through Parquet files in a temporary directory. */
async function copyDataset(engine: ClickHouseEngine, dataset: Dataset): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'playq-ch-files-'));
  try {
    const files = await writeClickHouseFiles(dataset, dir);
    for (const [table, columns] of [
      ['sessions', CLICKHOUSE_SESSION_COLUMNS],
      ['errors', CLICKHOUSE_ERROR_COLUMNS],
    ] as const) {
      const names = columns.map(([n]) => n).join(', ');
      await engine.command(
        `INSERT INTO ${table} (${names}) SELECT ${names} FROM file(${CLICKHOUSE.text(files[table])}, Parquet)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
