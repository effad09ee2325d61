// The ClickHouse engine: plans compiled for ClickHouse (raw layout, `{pN:Type}` parameters) run over
// a connection, in process (chdb) or to a server or cluster (@clickhouse/client). The connection
// only moves statements and columns; customers, statistics and time budgets are handled here.
import { CLICKHOUSE_RAW } from '../sql/dialect';
import type { SmallDimension } from '../sql/dimension-sql';
import type { PlanParameter } from '../sql/params';
import { clickHouseSettings } from './clickhouse-schema';
import {
  type ChunkVisitor,
  type DatasetStats,
  type Engine,
  QueryTimeoutError,
  type StatementOptions,
  spansOf,
} from './engine';
import { loopSlices } from './loop-slices';

/** Rows handed to the visitor at a time, as DuckDB hands its chunks. */
export const VISIT_CHUNK_ROWS = 2048;

/**
 * Hands a whole result to `visit` a chunk of rows at a time, in slices of the event loop
 * (`loopSlices`): a result arrives from ClickHouse in one piece, and writing tens of thousands of
 * records at once would hold every other request for as long. Stops when `signal` aborts.
 */
export async function visitInChunks(
  columns: unknown[][],
  visit: ChunkVisitor,
  signal?: AbortSignal,
  chunkRows = VISIT_CHUNK_ROWS,
): Promise<void> {
  const rows = columns[0]?.length ?? 0;
  if (rows <= chunkRows) {
    if (rows > 0) visit(columns, rows);
    return;
  }
  const pause = loopSlices();
  for (let from = 0; from < rows; from += chunkRows) {
    await pause();
    signal?.throwIfAborted();
    const to = Math.min(rows, from + chunkRows);
    visit(
      columns.map((column) => column.slice(from, to)),
      to - from,
    );
  }
}

/** Moves one statement to ClickHouse and its result back, column by column. */
export interface ClickHouseConnection {
  /** Runs a SELECT with named parameters bound by ClickHouse; the result's columns (JSONCompactColumns). */
  columns(
    sql: string,
    params: Record<string, unknown>,
    settings: Record<string, string | number>,
    signal?: AbortSignal,
    /** Whose statement it is, where the connection shares the engine fairly between customers. */
    customer?: string,
  ): Promise<unknown[][]>;
  /** Runs a statement for its effect (DDL, INSERT). */
  command(sql: string, params?: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/** The named parameters of a plan's positional ones (`{p1:…}` is `p1`). */
export function namedParameters(parameters: readonly PlanParameter[]): Record<string, unknown> {
  return Object.fromEntries(parameters.map((p, i) => [`p${i + 1}`, p.value]));
}

export class ClickHouseEngine implements Engine {
  readonly target = CLICKHOUSE_RAW;
  private customers = new Set<string>();
  private statsCache: DatasetStats | undefined;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly connection: ClickHouseConnection,
  ) {}

  customerCode(customerId: string): string | undefined {
    return this.customers.has(customerId) ? customerId : undefined;
  }

  dictionary(_dimension: SmallDimension): undefined {
    return undefined;
  }

  stats(): DatasetStats {
    if (!this.statsCache) throw new Error('@playq/server: the ClickHouse engine has not read its tables yet');
    return this.statsCache;
  }

  /** @internal Runs a statement for its effect (schema, inserts). */
  command(sql: string, params?: Record<string, unknown>): Promise<void> {
    return this.connection.command(sql, params);
  }

  /** Reads the customers and statistics of the tables (after opening or loading). */
  async refresh(): Promise<void> {
    const [ids = []] = await this.connection.columns(
      'SELECT DISTINCT c FROM (SELECT cust AS c FROM sessions UNION ALL SELECT cust FROM errors) ORDER BY c',
      {},
      {},
    );
    const [sessions, errors] = await this.connection.columns(
      'SELECT (SELECT count() FROM sessions)::Float64, (SELECT count() FROM errors)::Float64',
      {},
      {},
    );
    const [cust = [], min = [], max = []] = await this.connection.columns(
      'SELECT cust, min(start_ts)::Float64, max(start_ts)::Float64 FROM sessions GROUP BY cust',
      {},
      {},
    );
    const spans = spansOf(cust.map((c, i) => [String(c), Number(min[i]), Number(max[i])]));
    const starts = [...spans.values()];
    const value = (c: unknown[] | undefined) => (c?.[0] == null ? null : Number(c[0]));
    const customers = ids.map(String);
    this.customers = new Set(customers);
    this.statsCache = Object.freeze({
      sessions: value(sessions) ?? 0,
      errors: value(errors) ?? 0,
      customers: Object.freeze(customers),
      minTs: starts.length === 0 ? null : Math.min(...starts.map((s) => s.start)),
      maxTs: starts.length === 0 ? null : Math.max(...starts.map((s) => s.end - 1)),
      spans,
    });
  }

  async run(
    sql: string,
    parameters: readonly PlanParameter[],
    options: StatementOptions,
    visit: ChunkVisitor,
  ): Promise<void> {
    if (this.closed) throw new Error('@playq/server: the engine is closed');
    const { timeoutMs, signal, customer } = options;
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
    const timer = new AbortController();
    const timeout = timeoutMs
      ? setTimeout(() => timer.abort(new QueryTimeoutError(timeoutMs)), timeoutMs)
      : undefined;
    const both = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
    try {
      const columns = await this.connection.columns(
        sql,
        namedParameters(parameters),
        clickHouseSettings(timeoutMs),
        both,
        customer,
      );
      await visitInChunks(columns, visit, both);
    } catch (error) {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      if (timer.signal.aborted || /TIMEOUT_EXCEEDED|Timeout exceeded/i.test(String(error))) {
        throw new QueryTimeoutError(timeoutMs ?? 0);
      }
      throw error;
    } finally {
      if (timeout) clearTimeout(timeout);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.connection.close();
  }
}
