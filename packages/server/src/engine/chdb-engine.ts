// The chdb engine: ClickHouse in process (the optional peer `chdb`), for tests and for users without
// a ClickHouse server. It keeps its tables in a chdb session (a temporary directory unless given a
// path), loaded from a checked DuckDB dataset through Parquet files shaped like the tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLICKHOUSE } from '../sql/dialect';
import { inlineParameters } from './chdb-literals';
import { type ClickHouseConnection, ClickHouseEngine } from './clickhouse-engine';
import { writeClickHouseFiles } from './clickhouse-files';
import { CLICKHOUSE_ERROR_COLUMNS, CLICKHOUSE_SESSION_COLUMNS, clickHouseSchema } from './clickhouse-schema';
import type { Dataset } from './duckdb/dataset';
import { FairPool } from './fair-pool';
import { importPeer } from './optional-peer';

interface ChdbResult {
  text(): string;
}
interface ChdbSession {
  queryAsync(query: string, opts?: { format?: string; signal?: AbortSignal }): Promise<ChdbResult>;
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
  /**
   * chdb connections (sessions on the same tables) that run statements at once. Default 4, the
   * service's query slots; one customer holds at most half of them.
   */
  readonly connections?: number;
}

/** Connections of chdb sessions on one directory. */
const DEFAULT_CONNECTIONS = 4;

/**
 * chdb sessions on one directory as a ClickHouse connection. Each statement runs on a session of
 * its own, with its parameters written in as literals: chdb runs parameterised statements one at a
 * time across the process, plain ones in parallel, one per session. A session whose statement was
 * abandoned is lent again only when chdb has finished it, and counts against its customer's share
 * (`FairPool`) until then.
 */
function chdbConnection(sessions: readonly ChdbSession[], onClose: () => void): ClickHouseConnection {
  const pool = new FairPool(sessions);
  // Each statement may use half the cores: chdb shares the machine with the service itself, and a
  // customer's heavy statement must leave the other half to everyone else.
  const threads = Math.max(1, Math.floor(availableParallelism() / 2));
  const run = (customer: string, statement: string, format: string, signal?: AbortSignal) =>
    pool.use(customer, signal, (session) => session.queryAsync(statement, { format }));
  return {
    async columns(sql, params, settings, signal, customer = '') {
      const text = Object.entries({ max_threads: threads, ...settings })
        .map(([k, v]) => `${k} = ${typeof v === 'number' ? v : CLICKHOUSE.text(v)}`)
        .join(', ');
      const statement = inlineParameters(text ? `${sql} SETTINGS ${text}` : sql, params);
      const result = await run(customer, statement, 'JSONCompactColumns', signal);
      const body = result.text().trim();
      return body === '' ? [] : (JSON.parse(body) as unknown[][]);
    },
    async command(sql, params) {
      await run('', inlineParameters(sql, params ?? {}), 'CSV');
    },
    async close() {
      // Every session waits for its statements: a session closed mid-statement aborts chdb.
      for (const session of sessions) session.close?.();
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
  const path = options.path ?? temporary;
  const count = Math.max(1, options.connections ?? DEFAULT_CONNECTIONS);
  const sessions = Array.from({ length: count }, () => new Session(path));
  const engine = new ClickHouseEngine(
    'chdb',
    chdbConnection(sessions, () => {
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
