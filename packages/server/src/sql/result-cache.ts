// A bounded, short-lived cache of whole ordered results, so that paging through a result costs one
// query plus serialization instead of one query per page. Bounded by entries' total record count
// (least recently used first out) and by age; concurrent identical queries share one execution.

export interface CachedResult {
  readonly records: readonly Record<string, unknown>[];
}

export interface ResultCacheOptions {
  /** Lifetime of an entry in milliseconds; 0 disables caching. */
  readonly ttlMs: number;
  /** Most records kept across all entries. */
  readonly maxRecords: number;
}

interface Entry {
  readonly value: CachedResult;
  readonly expires: number;
}

export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private size = 0;

  constructor(private readonly options: ResultCacheOptions) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.maxRecords > 0;
  }

  /** The largest result worth caching: a quarter of the budget, so one result cannot evict all others. */
  get maxEntryRecords(): number {
    return Math.max(1, Math.floor(this.options.maxRecords / 4));
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

  set(key: string, value: CachedResult, now = Date.now()): void {
    if (!this.enabled || value.records.length > this.maxEntryRecords) return;
    this.delete(key);
    this.entries.set(key, { value, expires: now + this.options.ttlMs });
    this.size += value.records.length;
    for (const [k, e] of this.entries) {
      if (this.size <= this.options.maxRecords && e.expires > now) break;
      this.delete(k);
    }
  }

  clear(): void {
    this.entries.clear();
    this.size = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.value.records.length;
  }
}
