// Runs compiled queries page by page. A result small enough is fetched whole once, kept in the
// result cache and sliced for every page; a bigger one is paged by SQL LIMIT/OFFSET. Either way
// `totalrecords` comes from the same statement as the rows, so the two always agree.
// Every statement goes through admission control (admission.ts) under one time budget that covers
// waiting and running, and stops when its client goes away.
import { BIGINT } from '@duckdb/node-api';
import { type Dataset, QueryTimeoutError } from '../data/dataset';
import { Admission, type AdmissionOptions, QueryCancelledError, type Ticket } from './admission';
import { duckParameters } from './params';
import type { CompiledQuery, OutputColumn } from './plan';
import { type CachedResult, ResultCache } from './result-cache';
import { SharedRuns } from './shared-run';

export interface Page {
  readonly records: Record<string, unknown>[];
  readonly totalrecords: number;
}

export interface ExecutorOptions {
  readonly timeoutMs: number;
  readonly cacheTtlMs: number;
  readonly cacheMaxRecords: number;
  readonly admission?: AdmissionOptions;
}

/** Whose query this is, and the signal that says its client went away. */
export interface ExecContext {
  readonly customer: string;
  readonly signal?: AbortSignal;
}

/** A result too big to cache: its first rows (fetched anyway) and its size. */
interface BigResult {
  readonly big: true;
  readonly prefix: readonly Record<string, unknown>[];
  readonly total: number;
}

export class QueryExecutor {
  readonly cache: ResultCache;
  readonly admission: Admission;
  private readonly inflight = new SharedRuns<CachedResult | BigResult>();
  /** Keys of results known to be too big to cache, so later pages skip the whole fetch. */
  private readonly big = new Map<string, number>();

  constructor(
    private readonly db: Dataset,
    private readonly options: ExecutorOptions,
  ) {
    this.cache = new ResultCache({ ttlMs: options.cacheTtlMs, maxRecords: options.cacheMaxRecords });
    this.admission = new Admission(options.admission);
  }

  /** One page of a compiled query's ordered result, with the total number of records. */
  async page(
    query: CompiledQuery,
    limit: number,
    offset: number,
    context: ExecContext = { customer: '' },
  ): Promise<Page> {
    const { timeoutMs } = this.options;
    const ticket: Ticket = { ...context, timeoutMs, deadline: performance.now() + timeoutMs };
    const cached = this.cache.get(query.cacheKey);
    if (cached) return slice(cached, limit, offset);
    const bigUntil = this.big.get(query.cacheKey);
    if (this.cache.enabled && !(bigUntil !== undefined && bigUntil > Date.now())) {
      const result = await this.inflight.join(query.cacheKey, context.signal, (signal) =>
        this.fetchWhole(query, { ...ticket, signal }),
      );
      if (!('big' in result)) return slice(result, limit, offset);
      // The first rows of a big result came with the attempt: serve the page from them if it fits.
      if (offset + limit <= result.prefix.length) {
        return { records: result.prefix.slice(offset, offset + limit), totalrecords: result.total };
      }
    }
    return this.paged(query, limit, offset, ticket);
  }

  private async fetchWhole(query: CompiledQuery, ticket: Ticket): Promise<CachedResult | BigResult> {
    const cap = this.cache.maxEntryRecords;
    const { rows, total } = await this.run(query, cap + 1, 0, ticket);
    const records = rows.map((r) => toRecord(r, query.columns));
    if (total > cap) {
      if (this.big.size > 1000) this.big.clear();
      this.big.set(query.cacheKey, Date.now() + this.options.cacheTtlMs);
      return { big: true, prefix: records, total };
    }
    const result: CachedResult = { records };
    this.cache.set(query.cacheKey, result);
    return result;
  }

  private async paged(query: CompiledQuery, limit: number, offset: number, ticket: Ticket): Promise<Page> {
    const { rows, total } = await this.run(query, limit, offset, ticket);
    let totalrecords = total;
    if (rows.length === 0 && offset > 0) {
      // Past the end the window count has no row to ride on; count separately.
      totalrecords = (await this.run(query, 1, 0, ticket)).total;
    }
    return { records: rows.map((r) => toRecord(r, query.columns)), totalrecords };
  }

  private async run(
    query: CompiledQuery,
    limit: number,
    offset: number,
    ticket: Ticket,
  ): Promise<{ rows: unknown[][]; total: number }> {
    const { values, types } = duckParameters(query.parameters);
    const rows = await this.admitted(ticket, (timeoutMs, signal) =>
      this.db.all(query.sql, [...values, BigInt(limit), BigInt(offset)], {
        timeoutMs,
        signal,
        types: [...types, BIGINT, BIGINT],
      }),
    );
    const last = rows[0]?.[query.columns.length];
    return { rows, total: typeof last === 'number' ? last : 0 };
  }

  /** Runs `work` in an admitted slot with what is left of the ticket's budget. */
  private async admitted<T>(
    ticket: Ticket,
    work: (timeoutMs: number, signal?: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const release = await this.admission.enter(ticket);
    try {
      const left = ticket.deadline - performance.now();
      if (left <= 0) throw new QueryTimeoutError(ticket.timeoutMs);
      return await work(left, ticket.signal);
    } catch (error) {
      if (ticket.signal?.aborted) throw new QueryCancelledError();
      if (error instanceof QueryTimeoutError) throw new QueryTimeoutError(ticket.timeoutMs);
      throw error;
    } finally {
      release();
    }
  }
}

function slice(result: CachedResult, limit: number, offset: number): Page {
  return { records: result.records.slice(offset, offset + limit), totalrecords: result.records.length };
}

function toRecord(row: readonly unknown[], columns: readonly OutputColumn[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  columns.forEach((c, i) => {
    const v = row[i];
    if (c.kind === 'dimension') record[c.name] = v == null ? '' : String(v);
    else record[c.name] = typeof v === 'number' ? v : Number(v ?? 0);
  });
  return record;
}
