// The embedded DuckDB database behind a service: the encoded tables, the dimension dictionaries,
// and a small connection pool whose queries run under a time budget and can be cancelled.
import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBInstance,
  type DuckDBPreparedStatement,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import type {
  ChunkVisitor,
  DatasetStats,
  Dictionary,
  Engine,
  LargeDictionary,
  StatementOptions,
} from '../engine/engine';
import { DUCKDB_CODED, type PlanTarget } from '../sql/dialect';
import {
  DIMENSION_SQL,
  LARGE_DIMENSIONS,
  type ServerDimension,
  SMALL_DIMENSIONS,
  type SmallDimension,
} from '../sql/dimension-sql';
import { PackedValues } from '../sql/packed-values';
import { duckParameters, type PlanParameter } from '../sql/params';
import { DERIVED_CATALOG, deriveTables } from './derived';

export type { DatasetStats, Dictionary } from '../engine/engine';

/** Thrown when a query exceeds its time budget and was interrupted. */
export class QueryTimeoutError extends Error {
  override readonly name = 'QueryTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`query exceeded its time budget of ${timeoutMs} ms and was cancelled`);
  }
}

export interface RunOptions {
  /** Interrupt the query after this many milliseconds. */
  readonly timeoutMs?: number;
  /** Interrupt the query when this aborts (its client went away); the call then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  readonly types?: DuckDBType[];
}

/**
 * @internal Checks a DuckDB memory limit (e.g. `'512MB'`, `'2GB'`), refusing any other text: it is
 * the one value of a caller's that reaches DuckDB's settings.
 */
export function checkMemoryLimit(limit: string): string {
  if (typeof limit !== 'string' || !/^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(limit)) {
    throw new RangeError(`@playq/server: memoryLimit must look like '512MB', got ${JSON.stringify(limit)}`);
  }
  return limit;
}

/** Below this many sessions, queries are served by the small-data profile (see `ServingProfile`). */
const SINGLE_THREAD_SESSIONS = 500_000;

/**
 * How the dataset serves statements. `small` (under 500,000 sessions, what test suites run on): one
 * DuckDB thread, the optimizers of `SMALL_DATA_SKIPPED_OPTIMIZERS` skipped, and each result read
 * whole rather than streamed. `large`: DuckDB's defaults and streamed results.
 */
export type ServingProfile = 'small' | 'large';

/**
 * Optimizers a small dataset's statements skip. DuckDB plans a statement with parameters that
 * reads a table again at every execution (it wants the values to plan with), so at 20,000
 * sessions planning costs more than running: these rewrites pay off only for large joins, sorts
 * and CTEs, and skipping them took about 0.35 ms off a breakdown's 3 ms. They never change an answer.
 */
const SMALL_DATA_SKIPPED_OPTIMIZERS = [
  'join_order',
  'build_side_probe_side',
  'join_filter_pushdown',
  'join_elimination',
  'compressed_materialization',
  'common_subplan',
  'late_materialization',
  'sampling_pushdown',
  'materialized_cte',
  'cte_inlining',
  'cte_filter_pusher',
  'empty_result_pullup',
  'filter_pullup',
  'deliminator',
  'window_self_join',
].join(',');

/** Prepared statements kept per pooled connection (one per plan shape in use). */
const PREPARED_PER_CONNECTION = 64;

/**
 * Runs `work` on `connection` under `options`' time budget and signal. DuckDB clears the interrupt
 * flag when a statement starts, so an interrupt that lands while the statement is still being
 * prepared is lost: once stopped, keep interrupting until `work` returns.
 */
async function guarded<T>(
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

/**
 * Large dictionaries of at most this many codes are decoded in JS (`Dataset.largeDictionary`):
 * 4M codes of ids like `u0001234` take about 56 MB. Generated data has n/8 subscribers: decoded up to
 * 32M sessions, joined at 100M.
 */
const MAX_DECODED_CODES = 4_000_000;

/**
 * An open playq dataset, the DuckDB engine: the DuckDB instance holding the `sessions` and `errors`
 * tables in their encoded form (in memory or in a database file), or views over Parquet files in
 * place (the raw layout). Made by `generateDataset`, `loadDataset` or `openParquetInPlace`; shared
 * by a service as `service.db`.
 */
export class Dataset implements Engine {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((c: DuckDBConnection) => void)[] = [];
  private open = 0;
  private closed = false;
  private dictionaries = new Map<SmallDimension, Dictionary>();
  private largeDictionaries = new Map<ServerDimension, LargeDictionary>();
  private customerCodes = new Map<string, number>();
  private statsCache: DatasetStats | undefined;
  private subscriberRange: { readonly min: number; readonly max: number } | undefined;
  private readonly statements = new WeakMap<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();
  private profile: ServingProfile = 'large';
  /** The last change of the thread count (`settingThreads`), settled. */
  private threadChanges: Promise<unknown> = Promise.resolve();
  /** The derived tables being made in the background (see `refresh`), until made, failed or stopped. */
  private deriving: BackgroundDerivation | undefined;
  private derived: Promise<string | undefined> = Promise.resolve(undefined);
  /** The target that reads the derived tables, while they are being made (`target` is without them). */
  private withDerived: PlanTarget | undefined;

  /** How plans address this dataset: encoded tables, or Parquet in place (see `openParquetInPlace`). */
  target: PlanTarget = DUCKDB_CODED;

  private constructor(
    /**
     * The DuckDB instance. In memory, the tables live in the attached database `playq` (see
     * `connect()`, which returns a connection already using it).
     */
    readonly instance: DuckDBInstance,
    private readonly poolSize: number,
    /** The attached in-memory database to `USE` on every connection, if any. */
    private readonly catalog: string | undefined,
    /** `duckdb-memory`, `duckdb-file` or `duckdb-parquet`. */
    public name: string,
  ) {}

  /**
   * @internal Opens an empty database (in memory unless a file path is given). `memoryLimit`
   * (DuckDB syntax, e.g. `'500MB'`) bounds DuckDB's buffer pool; with a file, data beyond it stays on disk.
   */
  static async open(path = ':memory:', poolSize = 4, memoryLimit?: string): Promise<Dataset> {
    // A low flush threshold makes the allocator hand freed memory back to the system soon, so the
    // transient memory of generating or loading does not stay resident while serving.
    const config: Record<string, string> = {
      allocator_flush_threshold: '16MB',
      allocator_bulk_deallocation_flush_threshold: '16MB',
      allocator_background_threads: 'true',
    };
    if (memoryLimit !== undefined) config.memory_limit = checkMemoryLimit(memoryLimit);
    const instance = await DuckDBInstance.create(path, config);
    // DuckDB's default in-memory database never compresses; an attached one with COMPRESS does at
    // each checkpoint (bit-packing, dictionaries, FSST): the 10M-session tables take about a quarter
    // of the memory, and scans read less.
    if (path !== ':memory:') return new Dataset(instance, Math.max(1, poolSize), undefined, 'duckdb-file');
    const setup = await instance.connect();
    try {
      await setup.run(`ATTACH ':memory:' AS playq (COMPRESS)`);
    } finally {
      setup.closeSync();
    }
    return new Dataset(instance, Math.max(1, poolSize), 'playq', 'duckdb-memory');
  }

  /**
   * A new connection of your own (not from the pool), using the dataset's database: for read-only
   * SQL beside the service. Close it with `closeSync()`.
   *
   * @example
   * ```ts
   * const connection = await dataset.connect();
   * const reader = await connection.runAndReadAll('SELECT count(*) FROM sessions');
   * connection.closeSync();
   * ```
   */
  async connect(): Promise<DuckDBConnection> {
    const connection = await this.instance.connect();
    if (this.catalog) await connection.run(`USE ${this.catalog}`);
    return connection;
  }

  /**
   * Runs SQL with bound parameters on a pooled connection and returns the rows as arrays of JS
   * values. Under `timeoutMs`, the query is interrupted and a `QueryTimeoutError` thrown.
   *
   * @example
   * ```ts
   * const rows = await db.all('SELECT count(*)::DOUBLE FROM sessions WHERE start_ts >= $1', [0]);
   * ```
   */
  async all(sql: string, params: DuckDBValue[] = [], options: RunOptions = {}): Promise<unknown[][]> {
    return this.withConnection((connection) =>
      guarded(connection, options, async () => {
        const reader = await connection.runAndReadAll(sql, params, options.types);
        return reader.getRowsJS() as unknown[][];
      }),
    );
  }

  /**
   * @internal Runs SQL with bound parameters and hands the result to `visit` one chunk at a time
   * (one array of JS values per column), so a big result is never held whole. The statement is
   * prepared once per pooled connection and reused (the plan's SQL text is the same for every
   * period, filter value or page), under the same time budget and cancellation as `all`.
   */
  async read(
    sql: string,
    params: DuckDBValue[],
    options: RunOptions,
    visit: (columns: unknown[][], rows: number) => void,
  ): Promise<void> {
    await this.withConnection((connection) =>
      guarded(connection, options, async () => {
        const statement = await this.prepared(connection, sql);
        statement.bind(params, options.types);
        if (this.profile === 'small') {
          // Small data, small results: read whole, then chunk by chunk without a round trip each.
          const result = await statement.run();
          const count = result.chunkCount;
          for (let i = 0; i < count; i++) visitChunk(result.getChunk(i), visit);
          return;
        }
        const result = await statement.stream();
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          visitChunk(chunk, visit);
        }
      }),
    );
  }

  /** Runs a plan statement (the `Engine` contract): its parameters typed for DuckDB and bound. */
  async run(
    sql: string,
    parameters: readonly PlanParameter[],
    options: StatementOptions,
    visit: ChunkVisitor,
  ): Promise<void> {
    const { values, types } = duckParameters(parameters);
    await this.read(sql, values, { ...options, types }, visit);
  }

  /**
   * Hands back to the system the memory DuckDB's allocator kept after finished statements. It keeps
   * freed memory resident for about a second for reuse, so a run of heavy statements (wide
   * breakdowns with distinct counts and quantiles) piles it up: 30 of them at 200,000 sessions
   * took the process from 160 MB to over 700 MB. DuckDB purges its allocator when its thread pool
   * is relaunched, the one way SQL reaches: the thread count is set one higher and back (under a
   * millisecond; the setting is the same afterwards).
   *
   * @example
   * ```ts
   * await dataset.releaseMemory();
   * ```
   */
  async releaseMemory(): Promise<void> {
    // Relaunching the threads waits for the statement making the derived tables in the background
    // (at 100M sessions in place it held createService up 7-9 s): release after it, at the next
    // heavy statement.
    if (this.deriving) return;
    await this.settingThreads(() =>
      this.withConnection(async (connection) => {
        const reader = await connection.runAndReadAll("SELECT current_setting('threads')::BIGINT");
        const threads = Number(reader.getRowsJS()[0]?.[0] ?? 1);
        await connection.run(`SET threads = ${threads + 1}`);
        await connection.run(`SET threads = ${threads}`);
      }),
    );
  }

  /** @internal Runs a statement for its effect (DDL, COPY). */
  async exec(sql: string, params: DuckDBValue[] = []): Promise<void> {
    await this.withConnection((c) => c.run(sql, params));
  }

  /**
   * @internal Runs several statements on one connection inside a transaction: `run` for effects,
   * `all` for rows. On any error everything is rolled back, so nothing is half-written.
   */
  async transaction(
    fn: (
      run: (sql: string, params?: DuckDBValue[]) => Promise<void>,
      all: (sql: string, params?: DuckDBValue[]) => Promise<unknown[][]>,
    ) => Promise<void>,
  ): Promise<void> {
    await this.withConnection(async (c) => {
      await c.run('BEGIN TRANSACTION');
      try {
        await fn(
          async (sql, params = []) => {
            await c.run(sql, params);
          },
          async (sql, params = []) => (await c.runAndReadAll(sql, params)).getRowsJS() as unknown[][],
        );
        await c.run('COMMIT');
      } catch (error) {
        await c.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * The dictionary of a low-cardinality dimension (empty before data is loaded); `undefined` on
   * Parquet in place, where values are not coded.
   */
  dictionary(dimension: SmallDimension): Dictionary | undefined {
    if (this.target.layout === 'raw') return undefined;
    return this.dictionaries.get(dimension) ?? { codes: new Map(), values: [] };
  }

  /**
   * A large dimension's dictionary (subscriber ids, assets) of at most `MAX_DECODED_CODES` codes,
   * whose values are read on first use and kept packed (about 14 bytes a subscriber id): records
   * are decoded in JS instead of a join that scans the whole dictionary on every page.
   * `undefined` on Parquet in place and for a larger dictionary (plans then join it).
   */
  largeDictionary(dimension: ServerDimension): LargeDictionary | undefined {
    return this.target.layout === 'raw' ? undefined : this.largeDictionaries.get(dimension);
  }

  /** @internal Smallest and largest subscriber dictionary code (`undefined` without subscribers). */
  subscriberCodes(): { readonly min: number; readonly max: number } | undefined {
    return this.subscriberRange;
  }

  /**
   * The internal code of a customer id (the id itself on Parquet in place), or `undefined` when
   * the data has no such customer.
   */
  customerCode(customerId: string): number | string | undefined {
    const code = this.customerCodes.get(customerId);
    return code === undefined || this.target.layout === 'coded' ? code : customerId;
  }

  /** Row counts, customers and time span of the data. */
  stats(): DatasetStats {
    if (!this.statsCache) throw new Error('@playq/server: the dataset has no data loaded yet');
    return this.statsCache;
  }

  /**
   * @internal Reads the dictionaries and statistics after the encoded tables were (re)built, or the
   * customers and statistics of Parquet in place, and (re)builds the tables derived from the
   * sessions (data/derived.ts): in the background on data in files (see `derivedTablesMade`).
   */
  async refresh(): Promise<void> {
    let customers: unknown[][];
    if (this.target.layout === 'coded') {
      // Writes the tables in compressed form (in memory too, see `open`) before serving.
      await this.exec(this.catalog ? `CHECKPOINT ${this.catalog}` : 'CHECKPOINT');
      await this.readDictionaries();
      customers = await this.all('SELECT code, value FROM dict_customer ORDER BY code');
    } else {
      customers = await this.all(
        `SELECT (row_number() OVER (ORDER BY value) - 1)::INTEGER, value FROM
           (SELECT cust AS value FROM sessions UNION SELECT cust FROM errors) c WHERE value IS NOT NULL`,
      );
    }
    this.customerCodes = new Map(customers.map(([code, value]) => [value as string, code as number]));
    await this.stopDeriving();
    if (this.inFiles) this.deriveInBackground();
    else {
      await deriveTables(this, this.target.layout);
      this.derived = Promise.resolve(undefined);
    }
    const [counts] = await this.all(
      `SELECT (SELECT count(*) FROM sessions)::DOUBLE, (SELECT count(*) FROM errors)::DOUBLE,
              (SELECT min(start_ts) FROM sessions)::DOUBLE, (SELECT max(start_ts) FROM sessions)::DOUBLE`,
    );
    this.statsCache = Object.freeze({
      sessions: Number(counts?.[0] ?? 0),
      errors: Number(counts?.[1] ?? 0),
      customers: Object.freeze(customers.map(([, v]) => v as string)),
      minTs: counts?.[2] == null ? null : Number(counts[2]),
      maxTs: counts?.[3] == null ? null : Number(counts[3]),
    });
    await this.serveAs(this.statsCache.sessions < SINGLE_THREAD_SESSIONS ? 'small' : 'large');
  }

  /**
   * Settles when the tables derived from the sessions are made (or were not): `undefined` once plans
   * use them or when they are not being made, else one log line saying why they are not (plans
   * then keep reading the sessions only: slower, as exact). On data in files (a database file,
   * Parquet in place) they are made in the background after the data set opened (making them
   * reads nearly the whole file); in memory, before it opens.
   *
   * @example
   * ```ts
   * const db = await openParquetInPlace('./data');
   * const failure = await db.derivedTablesMade(); // undefined: plans compiled now read them
   * ```
   */
  derivedTablesMade(): Promise<string | undefined> {
    return this.derived;
  }

  /**
   * Makes the derived tables on a connection of its own while plans read the sessions only (the
   * target without them), then switches the target: plans compiled from then on read them. Plans,
   * prepared statements and cached results are keyed by their SQL text or by the target, so the
   * two kinds never mix, and both are exact.
   */
  private deriveInBackground(): void {
    const full = this.target.derivedTables ? this.target : (this.withDerived ?? this.target);
    this.withDerived = full;
    const plain: PlanTarget = Object.freeze({ ...full, derivedTables: false });
    this.target = plain;
    const run: BackgroundDerivation = {
      stopped: false,
      connection: undefined,
      done: Promise.resolve(undefined),
    };
    const host = {
      exec: async (sql: string) => {
        if (run.stopped) throw new Error('stopped');
        run.connection ??= await this.connect();
        if (run.stopped) throw new Error('stopped');
        await run.connection.run(sql);
      },
    };
    run.done = deriveTables(host, full.layout).then(
      () => {
        if (run.stopped || this.target !== plain) return undefined;
        this.target = full;
        return undefined;
      },
      async (error: unknown) => {
        if (run.stopped) return undefined;
        // Half-made tables are never read (the target keeps them off): give their memory back.
        await host.exec(`DETACH DATABASE IF EXISTS ${DERIVED_CATALOG}`).catch(() => undefined);
        return `derived tables not made, serving without them: ${firstLine(error)}`;
      },
    );
    run.done = run.done.finally(() => {
      if (this.deriving === run) this.deriving = undefined;
      run.connection?.closeSync();
    });
    this.deriving = run;
    this.derived = run.done;
  }

  /** Stops making the derived tables in the background, if that is under way, and waits for it. */
  private async stopDeriving(): Promise<void> {
    const run = this.deriving;
    if (!run) return;
    run.stopped = true;
    run.connection?.interrupt();
    await run.done;
  }

  /**
   * @internal Sets how statements are served (see `ServingProfile`); `refresh` picks it by the
   * number of sessions. On small data a query's scans take less than DuckDB's cost of sharing them
   * between threads (at 20,000 sessions a query took twice as long on 2 threads as on 1).
   */
  async serveAs(profile: ServingProfile): Promise<void> {
    await this.settingThreads(async () => {
      if (profile === 'small') {
        await this.exec('SET threads = 1');
        await this.exec(`SET GLOBAL disabled_optimizers = '${SMALL_DATA_SKIPPED_OPTIMIZERS}'`);
      } else {
        await this.exec('RESET threads');
        await this.exec('RESET GLOBAL disabled_optimizers');
      }
      this.profile = profile;
    });
  }

  /**
   * Runs a change of the thread count after the one before it has finished: `releaseMemory` reads
   * the count and sets it back, which must not interleave with `serveAs` setting it.
   */
  private settingThreads(change: () => Promise<void>): Promise<void> {
    const next = this.threadChanges.then(change);
    this.threadChanges = next.catch(() => undefined);
    return next;
  }

  /**
   * Whether the data lies in files (a database file, or Parquet in place): its derived tables are
   * then made in the background, since making them reads every row group of the file (at 100M
   * sessions a database file opened in about 6 s before). Data generated or loaded into memory was
   * just read whole: making them is part of that load, and done before serving.
   */
  private get inFiles(): boolean {
    return this.target.layout === 'raw' || this.catalog === undefined;
  }

  /** @internal The profile statements are served by (see `serveAs`). */
  get servingProfile(): ServingProfile {
    return this.profile;
  }

  private async readDictionaries(): Promise<void> {
    const next = new Map<SmallDimension, Dictionary>();
    for (const dim of SMALL_DIMENSIONS) {
      const rows = await this.all(`SELECT code, value FROM dict_${dim} ORDER BY code`);
      const codes = new Map<string, number>();
      const values: string[] = [];
      for (const [code, value] of rows) {
        codes.set(value as string, code as number);
        values[code as number] = value as string;
      }
      next.set(dim, { codes, values });
    }
    this.dictionaries = next;
    this.largeDictionaries = await this.readLargeDictionaries();
    const [range] = await this.all('SELECT min(code)::DOUBLE, max(code)::DOUBLE FROM dict_subscriberid');
    this.subscriberRange =
      range?.[0] == null || range[1] == null ? undefined : { min: Number(range[0]), max: Number(range[1]) };
  }

  /** The large dictionaries small enough to decode in JS, each read when first asked for. */
  private async readLargeDictionaries(): Promise<Map<ServerDimension, LargeDictionary>> {
    const tables = LARGE_DIMENSIONS.map((d) => DIMENSION_SQL[d].dictionary);
    const [sizes] = await this.all(
      `SELECT ${tables.map((t) => `(SELECT coalesce(max(code) + 1, 0) FROM ${t})::DOUBLE`).join(', ')}`,
    );
    const large = new Map<ServerDimension, LargeDictionary>();
    for (const [i, dimension] of LARGE_DIMENSIONS.entries()) {
      const size = Number(sizes?.[i] ?? 0);
      if (size > MAX_DECODED_CODES) continue;
      let values: Promise<PackedValues> | undefined;
      const read = async () => {
        const packed = PackedValues.builder();
        await this.read(`SELECT code, value FROM ${tables[i]} ORDER BY code`, [], {}, (columns, rows) => {
          for (let r = 0; r < rows; r++) packed.add(Number(columns[0]![r]), String(columns[1]![r] ?? ''));
        });
        return packed.finish();
      };
      large.set(
        dimension,
        Object.freeze({
          size,
          values: () => {
            values ??= read().catch((error: unknown) => {
              values = undefined;
              throw error;
            });
            return values;
          },
        }),
      );
    }
    return large;
  }

  /** Closes every connection and the database. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.stopDeriving();
    for (const c of this.idle.splice(0)) c.closeSync();
    this.instance.closeSync();
  }

  /** The connection's prepared statement of `sql`, prepared on first use; the least recently used go beyond a few dozen. */
  private async prepared(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
    let statements = this.statements.get(connection);
    if (!statements) {
      statements = new Map();
      this.statements.set(connection, statements);
    }
    const known = statements.get(sql);
    if (known) {
      statements.delete(sql);
      statements.set(sql, known);
      return known;
    }
    const statement = await connection.prepare(sql);
    statements.set(sql, statement);
    for (const [text, old] of statements) {
      if (statements.size <= PREPARED_PER_CONNECTION) break;
      statements.delete(text);
      old.destroySync();
    }
    return statement;
  }

  private async withConnection<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('@playq/server: the dataset is closed');
    const connection = await this.acquire();
    try {
      return await fn(connection);
    } finally {
      this.release(connection);
    }
  }

  private async acquire(): Promise<DuckDBConnection> {
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.open < this.poolSize) {
      this.open += 1;
      try {
        return await this.connect();
      } catch (error) {
        this.open -= 1;
        throw error;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: DuckDBConnection): void {
    if (this.closed) {
      connection.closeSync();
      return;
    }
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }
}

/** Hands one result chunk to `visit` as one array of JS values per column. */
function visitChunk(chunk: DuckDBDataChunk, visit: (columns: unknown[][], rows: number) => void): void {
  if (chunk.rowCount === 0) return;
  const columns: unknown[][] = [];
  for (let c = 0; c < chunk.columnCount; c++) columns.push(chunk.getColumnValues(c));
  visit(columns, chunk.rowCount);
}

/** The derived tables being made on a connection of their own (see `Dataset.deriveInBackground`). */
interface BackgroundDerivation {
  stopped: boolean;
  connection: DuckDBConnection | undefined;
  done: Promise<string | undefined>;
}

/** An error's first message line (DuckDB's may name a file of the data directory, nothing else). */
function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
