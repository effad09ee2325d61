// The ClickHouse engine against a server or cluster, through the optional peer `@clickhouse/client`
// (HTTP): plans go out with their parameters bound by the server (`param_pN`), rows come back as
// JSONCompactEachRow. Credentials come from the options only and never appear in a message.
import type { Readable } from 'node:stream';
import { type ClickHouseConnection, ClickHouseEngine } from './clickhouse-engine';
import { checkIdentifier } from './clickhouse-schema';
import { importPeer } from './optional-peer';

export interface ClickHouseServerOptions {
  /** The server's HTTP(S) endpoint, e.g. `http://127.0.0.1:8123` (no credentials in it). */
  readonly url: string;
  /** Database holding `sessions` and `errors`; default `playq`. */
  readonly database?: string;
  readonly username?: string;
  readonly password?: string;
}

interface ResultSet {
  json<T>(): Promise<T>;
}
interface Client {
  query(params: {
    query: string;
    format: string;
    query_params?: Record<string, unknown>;
    clickhouse_settings?: Record<string, unknown>;
    abort_signal?: AbortSignal;
  }): Promise<ResultSet>;
  command(params: { query: string; query_params?: Record<string, unknown> }): Promise<unknown>;
  insert(params: { table: string; values: Readable; format: string; columns?: string[] }): Promise<unknown>;
  close(): Promise<void>;
}
interface ClientModule {
  createClient(config: Record<string, unknown>): Client;
}

/** Rows of a result as columns. */
function transpose(rows: unknown[][]): unknown[][] {
  const width = rows[0]?.length ?? 0;
  const columns: unknown[][] = Array.from({ length: width }, () => new Array(rows.length));
  rows.forEach((row, r) => {
    for (let c = 0; c < width; c++) columns[c]![r] = row[c];
  });
  return columns;
}

/** A URL of the form `http(s)://host[:port][/path]`, refusing credentials in it. */
function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError('@playq/server: the ClickHouse URL must be an absolute http(s) URL');
  }
  if (!/^https?:$/.test(parsed.protocol))
    throw new TypeError('@playq/server: the ClickHouse URL must be http or https');
  if (parsed.username || parsed.password) {
    throw new TypeError(
      '@playq/server: give ClickHouse credentials apart from the URL (username and password options)',
    );
  }
  return url;
}

/**
 * Connects to a ClickHouse server or cluster whose tables `playq data schema --engine clickhouse`
 * made, and reads its customers and statistics.
 *
 * @example
 * ```ts
 * const engine = await openClickHouse({ url: 'http://127.0.0.1:8123', database: 'playq' });
 * const service = await createService({ data: { engine } });
 * ```
 */
export async function openClickHouse(options: ClickHouseServerOptions): Promise<ClickHouseEngine> {
  const engine = await connectClickHouse(options);
  try {
    await engine.refresh();
    return engine;
  } catch (error) {
    await engine.close();
    throw error;
  }
}

/** @internal The engine without reading its tables (for creating them and loading data). */
export async function connectClickHouse(
  options: ClickHouseServerOptions,
): Promise<
  ClickHouseEngine & { insertParquet(table: string, file: Readable, columns: string[]): Promise<void> }
> {
  const { createClient } = await importPeer<ClientModule>('@clickhouse/client', 'clickhouse');
  const client = createClient({
    url: checkUrl(options.url),
    database: checkIdentifier(options.database ?? 'playq', 'the ClickHouse database'),
    ...(options.username === undefined ? {} : { username: options.username }),
    ...(options.password === undefined ? {} : { password: options.password }),
  });
  const connection: ClickHouseConnection = {
    async columns(sql, params, settings, signal) {
      const result = await client.query({
        query: sql,
        format: 'JSONCompactEachRow',
        query_params: params,
        clickhouse_settings: settings,
        ...(signal ? { abort_signal: signal } : {}),
      });
      return transpose(await result.json<unknown[][]>());
    },
    async command(sql, params) {
      await client.command({ query: sql, ...(params ? { query_params: params } : {}) });
    },
    close: () => client.close(),
  };
  return Object.assign(new ClickHouseEngine('clickhouse', connection), {
    async insertParquet(table: string, file: Readable, columns: string[]) {
      await client.insert({ table, values: file, format: 'Parquet', columns });
    },
  });
}
