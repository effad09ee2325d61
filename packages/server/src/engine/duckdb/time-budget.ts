// A DuckDB statement under a time budget and its client's signal: interrupted when either runs out,
// and its chunks handed over as one array of JS values per column.
import type { DuckDBConnection, DuckDBDataChunk, DuckDBType } from '@duckdb/node-api';
import { QueryTimeoutError } from '../engine';

export interface RunOptions {
  /** Interrupt the query after this many milliseconds. */
  readonly timeoutMs?: number;
  /** Interrupt the query when this aborts (its client went away); the call then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  readonly types?: DuckDBType[];
}

/**
 * Runs `work` on `connection` under `options`' time budget and signal. DuckDB clears the interrupt
 * flag when a statement starts, so an interrupt that lands while the statement is still being
 * prepared is lost: once stopped, keep interrupting until `work` returns.
 */
export async function guarded<T>(
  connection: DuckDBConnection,
  options: RunOptions,
  work: () => Promise<T>,
): Promise<T> {
  const { timeoutMs, signal } = options;
  let timedOut = false;
  let repeat: ReturnType<typeof setInterval> | undefined;
  const interrupt = () => {
    if (repeat) return;
    connection.interrupt();
    repeat = setInterval(() => connection.interrupt(), 5);
  };
  const timer =
    timeoutMs !== undefined && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          interrupt();
        }, timeoutMs)
      : undefined;
  signal?.addEventListener('abort', interrupt, { once: true });
  const stopped = () => {
    if (signal?.aborted) return signal.reason instanceof Error ? signal.reason : new Error('aborted');
    if (timedOut) return new QueryTimeoutError(timeoutMs ?? 0);
    return undefined;
  };
  try {
    if (signal?.aborted) throw stopped();
    const value = await work();
    const why = stopped();
    if (why) throw why;
    return value;
  } catch (error) {
    throw stopped() ?? error;
  } finally {
    if (timer) clearTimeout(timer);
    if (repeat) clearInterval(repeat);
    signal?.removeEventListener('abort', interrupt);
  }
}

/** Hands one result chunk to `visit` as one array of JS values per column. */
export function visitChunk(
  chunk: DuckDBDataChunk,
  visit: (columns: unknown[][], rows: number) => void,
): void {
  if (chunk.rowCount === 0) return;
  const columns: unknown[][] = [];
  for (let c = 0; c < chunk.columnCount; c++) columns.push(chunk.getColumnValues(c));
  visit(columns, chunk.rowCount);
}
