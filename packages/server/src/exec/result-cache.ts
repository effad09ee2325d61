// A bounded, short-lived cache of ordered results (or of their first records), so that paging and
// repeated dashboards cost one query plus copying bytes. Results are kept as record blocks (their
// JSON bytes), bounded by bytes across the service and per customer, by records, and by age; the
// least recently used go first, the customer's own first when it is over its share.
import type { OutputColumn } from '../sql/plan';
import { blockSize, type RecordBlock } from './record-block';

/** The first `block.count` records of a result of `total` records (all of it when they are equal). */
export interface CachedResult {
  readonly block: RecordBlock;
  readonly total: number;
  /** Whose result this is: the bytes count against that customer's share. */
  readonly customer: string;
}

export interface ResultCacheOptions {
  /** Lifetime of an entry in milliseconds; 0 disables caching. */
  readonly ttlMs: number;
  /** Most records kept across all entries. */
  readonly maxRecords: number;
  /** Most bytes kept across all entries (their JSON and offsets); default 256 MiB. */
  readonly maxBytes?: number;
  /** Most bytes kept for one customer; default a quarter of `maxBytes`. */
  readonly customerBytes?: number;
}

interface Entry {
  readonly value: CachedResult;
  readonly expires: number;
  readonly bytes: number;
}

/** What the map entry, its key and the block objects cost beside the block's own bytes. */
const ENTRY_OVERHEAD = 256;
/** Bytes a record's field is estimated to take beside its name: quotes, colon, comma, a value. */
const FIELD_VALUE_BYTES = 20;

export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private size = 0;
  private used = 0;
  private readonly perCustomer = new Map<string, number>();
  readonly maxBytes: number;
  readonly customerBytes: number;

  constructor(private readonly options: ResultCacheOptions) {
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.customerBytes = Math.min(this.maxBytes, options.customerBytes ?? Math.floor(this.maxBytes / 4));
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.maxRecords > 0 && this.customerBytes > 0;
  }

  /** The largest result worth caching: a quarter of the budget, so one result cannot evict all others. */
  get maxEntryRecords(): number {
    return Math.max(1, Math.floor(this.options.maxRecords / 4));
  }

  /** The most bytes one entry may take: a quarter of a customer's share. */
  get maxEntryBytes(): number {
    return Math.floor(this.customerBytes / 4);
  }

  /** Bytes held now, across all customers and for one. */
  bytes(customer?: string): number {
    return customer === undefined ? this.used : (this.perCustomer.get(customer) ?? 0);
  }

  /**
   * How many records of a result with these columns the cache can justify fetching ahead: as many
   * as one entry may hold, estimated from the record's field names (0 when the cache is off).
   */
  rowsFor(columns: readonly OutputColumn[]): number {
    if (!this.enabled) return 0;
    const perRecord = columns.reduce((n, c) => n + c.name.length + FIELD_VALUE_BYTES, 2);
    return Math.max(1, Math.min(this.maxEntryRecords, Math.floor(this.maxEntryBytes / perRecord)));
  }

  /**
   * How many of the block's first records one entry under `key` can hold (by records and by bytes);
   * `block` may be a `BlockWriter` still holding them.
   */
  fitting(block: Pick<RecordBlock, 'ends' | 'count'>, key = ''): number {
    const cost = (n: number) => (n === 0 ? 0 : block.ends[n - 1]!) + 4 * n + ENTRY_OVERHEAD + key.length;
    let hi = Math.min(block.count, this.maxEntryRecords);
    if (cost(hi) <= this.maxEntryBytes) return hi;
    // The largest n that fits: the cost grows with n.
    let lo = 0;
    while (lo < hi - 1) {
      const mid = (lo + hi) >> 1;
      if (cost(mid) <= this.maxEntryBytes) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  get(key: string, now = Date.now()): CachedResult | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    // Re-insert to mark as most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps a result; refuses one bigger than an entry may be (see `fitting`). */
  set(key: string, value: CachedResult, now = Date.now()): void {
    const bytes = blockSize(value.block) + ENTRY_OVERHEAD + key.length;
    const tooBig = value.block.count > this.maxEntryRecords || bytes > this.maxEntryBytes;
    if (!this.enabled || tooBig) return;
    this.delete(key);
    this.entries.set(key, { value, expires: now + this.options.ttlMs, bytes });
    this.size += value.block.count;
    this.used += bytes;
    this.perCustomer.set(value.customer, this.bytes(value.customer) + bytes);
    // The customer over its share makes room from its own entries, oldest first.
    for (const [k, e] of this.entries) {
      if (this.bytes(value.customer) <= this.customerBytes) break;
      if (e.value.customer === value.customer) this.delete(k);
    }
    for (const [k, e] of this.entries) {
      if (this.size <= this.options.maxRecords && this.used <= this.maxBytes && e.expires > now) break;
      this.delete(k);
    }
  }

  clear(): void {
    this.entries.clear();
    this.perCustomer.clear();
    this.size = 0;
    this.used = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.value.block.count;
    this.used -= entry.bytes;
    const left = this.bytes(entry.value.customer) - entry.bytes;
    if (left > 0) this.perCustomer.set(entry.value.customer, left);
    else this.perCustomer.delete(entry.value.customer);
  }
}
