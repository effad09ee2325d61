// What the service needs from the database that answers its plans: the plan target (dialect and
// layout), the customer and dictionary lookups a compiler makes, the data's statistics, and running
// one plan statement with bound parameters into columns, chunk by chunk, under a time budget.

import type { DataSpan } from '@playq/query';
import type { Dictionary } from '../data/encode';
import type { PackedValues } from '../data/packed-values';
import type { PlanTarget } from '../sql/dialect';
import { isSmallDimension, type ServerDimension, type SmallDimension } from '../sql/dimension-sql';
import type { PlanParameter } from '../sql/params';

export type { Dictionary };

/** Thrown when a query exceeds its time budget and was interrupted. */
export class QueryTimeoutError extends Error {
  override readonly name = 'QueryTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`query exceeded its time budget of ${timeoutMs} ms and was cancelled`);
  }
}

/**
 * A large dimension's dictionary (subscriber ids, assets) that the engine decodes itself when
 * records are written: `size` codes, their values read from the data on the first `values()` and
 * kept until the data reloads.
 */
export interface LargeDictionary {
  readonly size: number;
  values(): Promise<PackedValues>;
}

/** Row counts and the time span of the data an engine serves. */
export interface DatasetStats {
  readonly sessions: number;
  readonly errors: number;
  /** Customer ids present in the data, ascending. */
  readonly customers: readonly string[];
  /** Smallest session `start_ts`, or `null` when there are no sessions. */
  readonly minTs: number | null;
  /** Largest session `start_ts`, or `null` when there are no sessions. */
  readonly maxTs: number | null;
  /**
   * Each customer's span of session starts (the end one second past the last), what the service
   * advertises as `Playq-Data-Span`; a customer with no sessions has none.
   */
  readonly spans: ReadonlyMap<string, DataSpan>;
}

/** A span from each customer's smallest and largest `start_ts` (rows of id, min, max). */
export function spansOf(rows: Iterable<readonly [string, number, number]>): ReadonlyMap<string, DataSpan> {
  const spans = new Map<string, DataSpan>();
  for (const [id, min, max] of rows) spans.set(id, Object.freeze({ start: min, end: max + 1 }));
  return spans;
}

/** How one statement runs: its time budget and the signal of a client that went away. */
export interface StatementOptions {
  /** Interrupt the statement after this many milliseconds (`QueryTimeoutError`). */
  readonly timeoutMs?: number;
  /** Interrupt the statement when this aborts; the call then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Whose statement it is: an engine that shares itself between customers keeps each to its share. */
  readonly customer?: string;
}

/** Receives a chunk of result rows: one array of JS values per column (numbers, strings, null). */
export type ChunkVisitor = (columns: unknown[][], rows: number) => void;

/**
 * An engine runs plans. `DuckDB` in memory, on a database file and on Parquet in place are one
 * implementation (`Dataset`); ClickHouse through chdb or `@clickhouse/client` the other.
 *
 * @example
 * ```ts
 * const plan = compileQuery(query, {
 *   customerCode: engine.customerCode('demo')!,
 *   dictionary: (d) => (isSmallDimension(d) ? engine.dictionary(d) : undefined),
 *   target: engine.target,
 * });
 * await engine.run(plan.sql, [...plan.parameters, limit, offset], {}, (columns, rows) => {});
 * // A column with `decode` (plan.columns[i].decode) holds codes: its text is
 * // engine.dictionary(decode)?.values[code] ?? '' for a small dimension, and
 * // (await engine.largeDictionary(decode).values()).json(code) for a large one.
 * ```
 */
export interface Engine {
  /** Which engine and storage, for messages and benchmarks (`duckdb-memory`, `chdb`, ...). */
  readonly name: string;
  readonly target: PlanTarget;
  /** The customer as plans name it (a code, or the id in the raw layout); `undefined` when absent. */
  customerCode(customerId: string): number | string | undefined;
  /** The dictionary of a small dimension, where the engine keeps one (coded layout only). */
  dictionary(dimension: SmallDimension): Dictionary | undefined;
  /**
   * A large dimension's dictionary when the engine decodes its codes itself (coded layout, not too
   * many values); otherwise plans join the dictionary table on the page.
   */
  largeDictionary?(dimension: ServerDimension): LargeDictionary | undefined;
  /** Row counts, customers and time span (read once when the engine opened). */
  stats(): DatasetStats;
  /** Runs one statement with its parameters bound (never interpolated), visiting the rows chunk by chunk. */
  run(
    sql: string,
    parameters: readonly PlanParameter[],
    options: StatementOptions,
    visit: ChunkVisitor,
  ): Promise<void>;
  /**
   * Hands back to the system the memory the engine's allocator kept after finished statements
   * (optional; the executor calls it after a heavy statement when nothing else runs).
   */
  releaseMemory?(): Promise<void>;
  /** Releases the engine's connections (idempotent). */
  close(): Promise<void>;
}

/**
 * Which dimensions' codes a plan for `engine` may leave for the record writer to decode: the small
 * ones (their dictionaries are in memory) and the large ones the engine offers.
 *
 * @example
 * ```ts
 * compileQuery(query, { customerCode, dictionary, target: engine.target, decodes: decodedBy(engine) });
 * ```
 */
export function decodedBy(engine: Engine): (dimension: ServerDimension) => boolean {
  return (d) => isSmallDimension(d) || engine.largeDictionary?.(d) !== undefined;
}
