// The embedded DuckDB database behind a service: the encoded tables, the dimension dictionaries,
// and a small connection pool whose queries run under a time budget and can be cancelled.
import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBValue,
} from '@duckdb/node-api';
import { DERIVED_CATALOG, deriveTables } from '../../sql/derived-tables';
import { DUCKDB_CODED, type PlanTarget } from '../../sql/dialect';
import type { ServerDimension, SmallDimension } from '../../sql/dimension-sql';
import { duckParameters, type PlanParameter } from '../../sql/params';
import {
  type ChunkVisitor,
  type DatasetStats,
  type Dictionary,
  type Engine,
  type LargeDictionary,
  type StatementOptions,
  spansOf,
} from '../engine';
import { loopSlices } from '../loop-slices';
import { ConnectionPool } from './connection-pool';
import { readDictionaries } from './dictionaries';
import { inlineDuckParameters } from './literals';
import { checkMemoryLimit } from './memory-limit';
import { PreparedStatements } from './prepared-statements';
import { profileFor, profileSettings, type ServingProfile } from './serving-profile';
import { guarded, type RunOptions, visitChunk } from './time-budget';

export type { ServingProfile } from './serving-profile';
export type { RunOptions } from './time-budget';

/**
 * An open playq dataset, the DuckDB engine: the DuckDB instance holding the `sessions` and `errors`
 * tables in their encoded form (in memory or in a database file), or views over Parquet files in
 * place (the raw layout). Made by `generateDataset`, `loadDataset` or `openParquetInPlace`; shared
 * by a service as `service.db`.
 */
export class Dataset implements Engine {
  private dictionaries = new Map<SmallDimension, Dictionary>();
  private largeDictionaries = new Map<ServerDimension, LargeDictionary>();
  private customerCodes = new Map<string, number>();
  private statsCache: DatasetStats | undefined;
  private subscriberRange: { readonly min: number; readonly max: number } | undefined;
  private readonly statements = new WeakMap<DuckDBConnection, PreparedStatements>();
  private profile: ServingProfile = 'large';
  /** The last change of the thread count (`settingThreads`), settled. */
  private threadChanges: Promise<unknown> = Promise.resolve();
  /** The derived tables being made in the background (see `refresh`), until made, failed or stopped. */
  private deriving: BackgroundDerivation | undefined;
  private derived: Promise<string | undefined> = Promise.resolve(undefined);
  /** The target that reads the derived tables, while they are being made (`target` is without them). */
  private withDerived: PlanTarget | undefined;

  /** How plans address the data (encoded tables or Parquet in place), whatever its size. */
  private addressed: PlanTarget = DUCKDB_CODED;
  /** Each addressing with `smallData` set, made once (plans and cached results are found by target). */
  private readonly small = new WeakMap<PlanTarget, PlanTarget>();

  /**
   * How plans address this dataset: encoded tables, or Parquet in place (see `openParquetInPlace`),
   * with `smallData` while it is served by the small-data profile (see `serveAs`).
   */
  get target(): PlanTarget {
    if (this.profile === 'large') return this.addressed;
    let small = this.small.get(this.addressed);
    if (small === undefined) {
      small = Object.freeze({ ...this.addressed, smallData: true });
      this.small.set(this.addressed, small);
    }
    return small;
  }

  set target(target: PlanTarget) {
    this.addressed = target;
  }

  private constructor(
    /**
     * The DuckDB instance. In memory, the tables live in the attached database `playq` (see
     * `connect()`, which returns a connection already using it).
     */
    readonly instance: DuckDBInstance,
    poolSize: number,
    /** The attached in-memory database to `USE` on every connection, if any. */
    private readonly catalog: string | undefined,
    /** `duckdb-memory`, `duckdb-file` or `duckdb-parquet`. */
    public name: string,
  ) {
    this.pool = new ConnectionPool(poolSize, () => this.connect());
  }

  /** The pooled connections statements run on. */
  private readonly pool: ConnectionPool;

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
        if (this.profile === 'small') return visitWhole(await statement.run(), options, visit);
        const result = await statement.stream();
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          visitChunk(chunk, visit);
        }
      }),
    );
  }

  /** Runs a statement without parameters and reads its result whole (small data, values inlined). */
  private async readWhole(sql: string, options: RunOptions, visit: ChunkVisitor): Promise<void> {
    await this.withConnection((connection) =>
      guarded(connection, options, async () => visitWhole(await connection.run(sql), options, visit)),
    );
  }

  /** Runs a plan statement (the `Engine` contract): its parameters typed for DuckDB and bound. */
  async run(
    sql: string,
    parameters: readonly PlanParameter[],
    options: StatementOptions,
    visit: ChunkVisitor,
  ): Promise<void> {
    if (this.profile === 'small') {
      const inlined = inlineDuckParameters(sql, parameters);
      if (inlined !== undefined) return this.readWhole(inlined, options, visit);
    }
    const { values, types } = duckParameters(parameters);
    await this.read(sql, values, { ...options, types }, visit);
  }

  /**
   * Hands back to the system the memory DuckDB's allocator kept after finished statements. It keeps
   * freed memory resident for about a second for reuse, so a run of heavy statements (wide
   * breakdowns with distinct counts and quantiles) piles it up, several times what the data
   * needs. DuckDB purges its allocator when its thread pool
   * is relaunched, the one way SQL reaches: the thread count is set one higher and back (the
   * setting is the same afterwards).
   *
   * @example
   * ```ts
   * await dataset.releaseMemory();
   * ```
   */
  async releaseMemory(): Promise<void> {
    // Relaunching the threads waits for the statement making the derived tables in the background
    // (on large data in place, for seconds): release after it, at the next heavy statement.
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
   * sessions (sql/derived-tables.ts): in the background on data in files (see `derivedTablesMade`).
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
      `SELECT (SELECT count(*) FROM sessions)::DOUBLE, (SELECT count(*) FROM errors)::DOUBLE`,
    );
    // On coded tables `cust` is the customer's code, on Parquet in place the id itself.
    const idOf = new Map(customers.map(([code, value]) => [code, value as string]));
    const perCustomer = await this.all(
      'SELECT cust, min(start_ts)::DOUBLE, max(start_ts)::DOUBLE FROM sessions GROUP BY cust',
    );
    const spans = spansOf(
      perCustomer.map(([cust, min, max]) => [
        this.target.layout === 'coded' ? (idOf.get(cust) ?? String(cust)) : String(cust),
        Number(min),
        Number(max),
      ]),
    );
    const starts = [...spans.values()];
    this.statsCache = Object.freeze({
      sessions: Number(counts?.[0] ?? 0),
      errors: Number(counts?.[1] ?? 0),
      customers: Object.freeze(customers.map(([, v]) => v as string)),
      minTs: starts.length === 0 ? null : Math.min(...starts.map((s) => s.start)),
      maxTs: starts.length === 0 ? null : Math.max(...starts.map((s) => s.end - 1)),
      spans,
    });
    await this.serveAs(profileFor(this.statsCache.sessions));
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
    const full = this.addressed.derivedTables ? this.addressed : (this.withDerived ?? this.addressed);
    this.withDerived = full;
    const plain: PlanTarget = Object.freeze({ ...full, derivedTables: false });
    this.addressed = plain;
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
        if (run.stopped || this.addressed !== plain) return undefined;
        this.addressed = full;
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
   * between threads.
   */
  async serveAs(profile: ServingProfile): Promise<void> {
    await this.settingThreads(async () => {
      for (const statement of profileSettings(profile)) await this.exec(statement);
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
   * then made in the background, since making them reads every row group of the file (opening
   * large data would wait for it). Data generated or loaded into memory was
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
    const read = await readDictionaries(this);
    this.dictionaries = read.small;
    this.largeDictionaries = read.large;
    this.subscriberRange = read.subscribers;
  }

  /** Closes every connection and the database. Idempotent. */
  async close(): Promise<void> {
    if (this.pool.closed) return;
    this.pool.close();
    await this.stopDeriving();
    this.instance.closeSync();
  }

  /** The connection's prepared statement of `sql` (see `PreparedStatements`). */
  private prepared(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
    let statements = this.statements.get(connection);
    if (!statements) {
      statements = new PreparedStatements();
      this.statements.set(connection, statements);
    }
    return statements.get(connection, sql);
  }

  private withConnection<T>(fn: (c: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.pool.with(fn);
  }
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

/**
 * A result read whole (small data, small results), handed to `visit` chunk by chunk without a
 * round trip each, in slices of the event loop for the large results small data can still give.
 */
async function visitWhole(
  result: DuckDBMaterializedResult,
  options: RunOptions,
  visit: ChunkVisitor,
): Promise<void> {
  const pause = loopSlices();
  for (let i = 0; i < result.chunkCount; i++) {
    await pause();
    options.signal?.throwIfAborted();
    visitChunk(result.getChunk(i), visit);
  }
}
