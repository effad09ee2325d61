// Runs compiled queries page by page. A result small enough is fetched whole once, kept in the
// result cache and sliced for every page; a bigger one is paged by SQL LIMIT/OFFSET. Either way
// `totalrecords` comes from the same statement as the rows, so the two always agree.
import { BIGINT } from '@duckdb/node-api';
import type { Dataset } from '../data/dataset';
import { duckParameters } from './params';
import type { CompiledQuery, OutputColumn } from './plan';
import { type CachedResult, ResultCache } from './result-cache';

export interface Page {
  readonly records: Record<string, unknown>[];
  readonly totalrecords: number;
}

export interface ExecutorOptions {
  readonly timeoutMs: number;
  readonly cacheTtlMs: number;
  readonly cacheMaxRecords: number;
}

/** A result too big to cache: its first rows (fetched anyway) and its size. */
interface BigResult {
  readonly big: true;
  readonly prefix: readonly Record<string, unknown>[];
  readonly total: number;
}

export class QueryExecutor {
  readonly cache: ResultCache;
  private readonly inflight = new Map<string, Promise<CachedResult | BigResult>>();
  /** Keys of results known to be too big to cache, so later pages skip the whole fetch. */
  private readonly big = new Map<string, number>();

  constructor(
    private readonly db: Dataset,
    private readonly options: ExecutorOptions,
  ) {
    this.cache = new ResultCache({ ttlMs: options.cacheTtlMs, maxRecords: options.cacheMaxRecords });
  }

  /** One page of a compiled query's ordered result, with the total number of records. */
  async page(query: CompiledQuery, limit: number, offset: number): Promise<Page> {
    const cached = this.cache.get(query.cacheKey);
    if (cached) return slice(cached, limit, offset);
    const bigUntil = this.big.get(query.cacheKey);
    if (this.cache.enabled && !(bigUntil !== undefined && bigUntil > Date.now())) {
      let pending = this.inflight.get(query.cacheKey);
      if (!pending) {
        pending = this.fetchWhole(query).finally(() => this.inflight.delete(query.cacheKey));
        this.inflight.set(query.cacheKey, pending);
      }
      const result = await pending;
      if (!('big' in result)) return slice(result, limit, offset);
      // The first rows of a big result came with the attempt: serve the page from them if it fits.
      if (offset + limit <= result.prefix.length) {
        return { records: result.prefix.slice(offset, offset + limit), totalrecords: result.total };
      }
    }
    return this.paged(query, limit, offset);
  }

  private async fetchWhole(query: CompiledQuery): Promise<CachedResult | BigResult> {
    const cap = this.cache.maxEntryRecords;
    const { rows, total } = await this.run(query, cap + 1, 0);
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

  private async paged(query: CompiledQuery, limit: number, offset: number): Promise<Page> {
    const { rows, total } = await this.run(query, limit, offset);
    let totalrecords = total;
    if (rows.length === 0 && offset > 0) {
      // Past the end the window count has no row to ride on; count separately.
      totalrecords = (await this.run(query, 1, 0)).total;
    }
    return { records: rows.map((r) => toRecord(r, query.columns)), totalrecords };
  }

  private async run(
    query: CompiledQuery,
    limit: number,
    offset: number,
  ): Promise<{ rows: unknown[][]; total: number }> {
    const { values, types } = duckParameters(query.parameters);
    const rows = await this.db.all(query.sql, [...values, BigInt(limit), BigInt(offset)], {
      timeoutMs: this.options.timeoutMs,
      types: [...types, BIGINT, BIGINT],
    });
    const last = rows[0]?.[query.columns.length];
    return { rows, total: typeof last === 'number' ? last : 0 };
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
