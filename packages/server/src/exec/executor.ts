// Runs compiled queries page by page. A page is answered from the result cache when it holds it;
// otherwise one statement fetches the page plus the records ahead of it that the cache can justify
// (bounded by bytes, estimated from the record's fields) and keeps what fits; a page beyond that is
// paged by SQL LIMIT/OFFSET. Rows become record blocks (their JSON bytes) chunk by chunk as they
// arrive, never one JS object per record. `totalrecords` comes from the same statement as the rows.
// Every statement goes through admission control (admission.ts) under one time budget that covers
// waiting and running, and stops when its client goes away. After a heavy statement with nothing
// else running, the engine hands the memory its allocator kept back to the system.
import { type Engine, QueryTimeoutError } from '../engine/engine';
import type { CompiledQuery } from '../sql/plan';
import {
  Admission,
  type AdmissionOptions,
  answerBudget,
  QueryCancelledError,
  type Ticket,
} from './admission';
import { codeValues } from './code-values';
import { InFlightRuns } from './in-flight';
import { PlanMemo } from './plan-memo';
import { BlockWriter, blockPrefix, decodeBlock, type RecordBlock } from './record-block';
import { type CachedResult, ResultCache } from './result-cache';

export interface Page {
  readonly records: Record<string, unknown>[];
  readonly totalrecords: number;
}

/** A page as the executor serves it: records [from, to) of a block, and the result's total. */
export interface PageSlice {
  readonly block: RecordBlock;
  readonly from: number;
  readonly to: number;
  readonly totalrecords: number;
}

export interface ExecutorOptions {
  readonly timeoutMs: number;
  readonly cacheTtlMs: number;
  readonly cacheMaxRecords: number;
  /** Bytes the result cache keeps across customers; default 256 MiB. */
  readonly cacheMaxBytes?: number;
  /** Bytes the result cache keeps for one customer; default a quarter of `cacheMaxBytes`. */
  readonly cacheCustomerBytes?: number;
  readonly admission?: AdmissionOptions;
  /**
   * After a statement that ran at least this long (ms) with no other statement running, the engine
   * hands its allocator's kept memory back to the system (`Engine.releaseMemory`); default 100.
   */
  readonly releaseAfterMs?: number;
}

/** See `ExecutorOptions.releaseAfterMs`: a heavy statement, and about 1% more time for it. */
const RELEASE_AFTER_MS = 100;

/** Whose query this is, and the signal that says its client went away. */
export interface ExecContext {
  readonly customer: string;
  readonly signal?: AbortSignal;
}

/** Rows of one statement: the records as a block and the result's total from the window count. */
interface Fetched {
  readonly block: RecordBlock;
  readonly total: number;
}

/** Rows of one statement still in their writer, and the result's total. */
interface Written {
  readonly writer: BlockWriter;
  readonly total: number;
}

/** Records a statement must keep (a page's end), and the bytes beyond which it keeps no more. */
interface Keep {
  readonly records: number;
  readonly bytes: number;
}

export class QueryExecutor {
  readonly cache: ResultCache;
  /** Database work: slots per service and per customer. */
  readonly admission: Admission;
  /** Answers being sent: bytes per service and per customer (see answer-body.ts). */
  readonly answers: Admission;
  /** Plans of recent requests by URL and customer (see plan-memo.ts). */
  readonly plans = new PlanMemo();
  private readonly inflight = new InFlightRuns<CachedResult>();
  /** The engine's `releaseMemory` under way, if any. */
  private releasing: Promise<void> | undefined;
  /** A heavy statement ended since the last release. */
  private releaseOwed = false;

  constructor(
    private readonly db: Engine,
    private readonly options: ExecutorOptions,
  ) {
    this.cache = new ResultCache({
      ttlMs: options.cacheTtlMs,
      maxRecords: options.cacheMaxRecords,
      ...(options.cacheMaxBytes === undefined ? {} : { maxBytes: options.cacheMaxBytes }),
      ...(options.cacheCustomerBytes === undefined ? {} : { customerBytes: options.cacheCustomerBytes }),
    });
    this.admission = new Admission(options.admission);
    this.answers = answerBudget(options.admission);
  }

  /** The time budget of one query (waiting and running), in milliseconds. */
  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** One page of a compiled query's ordered result as records, with the total number of records. */
  async page(
    query: CompiledQuery,
    limit: number,
    offset: number,
    context: ExecContext = { customer: '' },
  ): Promise<Page> {
    const s = await this.slice(query, limit, offset, context);
    return { records: decodeBlock(s.block, s.from, s.to), totalrecords: s.totalrecords };
  }

  /** One page of a compiled query's ordered result as a slice of a record block (no copy when cached). */
  async slice(
    query: CompiledQuery,
    limit: number,
    offset: number,
    context: ExecContext = { customer: '' },
  ): Promise<PageSlice> {
    const cached = this.cache.get(query.cacheKey);
    if (cached && covers(cached, limit, offset)) return sliceOf(cached, limit, offset);
    // Past the cache: the client's signal is read only now (an HTTP request builds it on demand).
    const { timeoutMs } = this.options;
    const ticket: Ticket = {
      customer: context.customer,
      signal: context.signal,
      timeoutMs,
      deadline: performance.now() + timeoutMs,
    };
    const ahead = this.cache.rowsFor(query.columns);
    if (offset < ahead) {
      const result = await this.inflight.join(query.cacheKey, context.signal, (signal) =>
        this.fetchAhead(query, Math.max(offset + limit, ahead), offset + limit, { ...ticket, signal }),
      );
      if (covers(result, limit, offset)) return sliceOf(result, limit, offset);
    }
    const { block, total } = await this.paged(query, limit, offset, ticket);
    return { block, from: 0, to: block.count, totalrecords: total };
  }

  /**
   * The first `rows` records, of which the cache keeps what fits in one entry. Only the records the
   * page needs (its end, `need`) or the entry holds are kept: the rest are not even written.
   */
  private async fetchAhead(
    query: CompiledQuery,
    rows: number,
    need: number,
    ticket: Ticket,
  ): Promise<CachedResult> {
    const keep = { records: need, bytes: this.cache.maxEntryBytes };
    const { writer, total } = await this.run(query, rows, 0, ticket, keep);
    const fit = this.cache.fitting(writer, query.cacheKey);
    const block = writer.finish(Math.max(fit, need));
    const result: CachedResult = { block, total, customer: ticket.customer };
    if (fit > 0) this.cache.set(query.cacheKey, { ...result, block: blockPrefix(block, fit) });
    return result;
  }

  private async paged(query: CompiledQuery, limit: number, offset: number, ticket: Ticket): Promise<Fetched> {
    const page = await this.run(query, limit, offset, ticket);
    if (page.writer.count === 0 && offset > 0) {
      // Past the end the window count has no row to ride on; count separately.
      return { block: page.writer.finish(), total: await this.total(query, ticket) };
    }
    return { block: page.writer.finish(), total: page.total };
  }

  /** The result's total, for a page past its end (see `CompiledQuery.countSql`). */
  private async total(query: CompiledQuery, ticket: Ticket): Promise<number> {
    const sql = query.countSql;
    if (sql === undefined) return (await this.run(query, 1, 0, ticket)).total;
    let total = 0;
    await this.admitted(ticket, (timeoutMs, signal) =>
      this.db.run(
        sql,
        query.parameters,
        { timeoutMs, customer: ticket.customer, ...(signal ? { signal } : {}) },
        (columns) => {
          total = Number(columns[0]![0]);
        },
      ),
    );
    return Number.isFinite(total) ? total : 0;
  }

  /** Runs one page of a statement into a writer; past `keep`, rows are read but not written. */
  private async run(
    query: CompiledQuery,
    limit: number,
    offset: number,
    ticket: Ticket,
    keep?: Keep,
  ): Promise<Written> {
    const width = query.columns.length;
    const writer = new BlockWriter(
      query.columns,
      Math.min(limit, 1024),
      await codeValues(this.db, query.columns),
    );
    let total: number | undefined;
    const page = [
      ...query.parameters,
      { type: 'bigint', value: limit } as const,
      { type: 'bigint', value: offset } as const,
    ];
    let ran = 0;
    await this.admitted(ticket, async (timeoutMs, signal) => {
      const started = performance.now();
      const options = { timeoutMs, customer: ticket.customer, ...(signal ? { signal } : {}) };
      await this.db.run(query.sql, page, options, (columns, rows) => {
        total ??= Number(columns[width]![0]);
        if (keep && writer.count >= keep.records && writer.size > keep.bytes) return;
        writer.append(columns, rows);
      });
      ran = performance.now() - started;
    });
    this.releaseMemory(ran);
    return { writer, total: total !== undefined && Number.isFinite(total) ? total : 0 };
  }

  /**
   * After a statement that ran `ms`: when it (or one since the last release) was heavy and nothing
   * else runs, the engine returns the memory its allocator kept (otherwise heavy statements pile it up, see
   * `Dataset.releaseMemory`). Not awaited: the answer does not wait for it.
   */
  private releaseMemory(ms: number): void {
    const release = this.db.releaseMemory?.bind(this.db);
    if (!release) return;
    // A heavy statement that ended while others ran leaves the release to the last of them.
    if (ms >= (this.options.releaseAfterMs ?? RELEASE_AFTER_MS)) this.releaseOwed = true;
    if (!this.releaseOwed || this.releasing || this.admission.load.running > 0) return;
    this.releaseOwed = false;
    this.releasing = release()
      .catch(() => undefined)
      .finally(() => {
        this.releasing = undefined;
      });
  }

  /**
   * Resolves once the executor's own work on the engine (a memory release) is over: before
   * closing it.
   */
  async settled(): Promise<void> {
    await this.releasing;
  }

  /**
   * Runs `work` in an admitted slot with what is left of the ticket's budget. At the deadline the
   * query is answered (a timeout) without waiting for the engine to stop its statement; the slot
   * stays taken, against the query's customer, until the engine has let it go.
   */
  private async admitted<T>(
    ticket: Ticket,
    work: (timeoutMs: number, signal?: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const release = await this.admission.enter(ticket);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const left = ticket.deadline - performance.now();
      if (left <= 0) {
        release();
        throw new QueryTimeoutError(ticket.timeoutMs);
      }
      const running = work(left, ticket.signal);
      running.then(release, release);
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new QueryTimeoutError(ticket.timeoutMs)), left);
      });
      return await Promise.race([running, deadline]);
    } catch (error) {
      if (ticket.signal?.aborted) throw new QueryCancelledError();
      if (error instanceof QueryTimeoutError) throw new QueryTimeoutError(ticket.timeoutMs);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Whether a (maybe partial) result holds the page: all of the result, or at least up to the page's end. */
function covers(result: CachedResult, limit: number, offset: number): boolean {
  return result.block.count === result.total || offset + limit <= result.block.count;
}

function sliceOf(result: CachedResult, limit: number, offset: number): PageSlice {
  const from = Math.min(offset, result.block.count);
  return {
    block: result.block,
    from,
    to: Math.min(result.block.count, offset + limit),
    totalrecords: result.total,
  };
}
