// The result cache on its own: a cache changes no answer, so the query tests cannot see it. Here
// its rules are checked exactly: when it is on, the size of the largest entry it takes, expiry to
// the millisecond, least recently used out first, and the record budget kept after every set.
import { describe, expect, it } from 'vitest';
import { BlockWriter } from '../src/exec/record-block';
import { type CachedResult, ResultCache } from '../src/exec/result-cache';

/** A whole result of n records `{ i }` (customer "" unless given). */
const rows = (n: number, customer = ''): CachedResult => {
  const writer = new BlockWriter([{ name: 'i', kind: 'metric' }]);
  writer.append([Array.from({ length: n }, (_, i) => i)], n);
  return { block: writer.finish(), total: n, customer };
};
/** The keys held, oldest use first (read through the private map: the order is the rule under test). */
const keys = (cache: ResultCache) => [
  ...(cache as unknown as { entries: Map<string, unknown> }).entries.keys(),
];
const size = (cache: ResultCache) => (cache as unknown as { size: number }).size;

describe('ResultCache', () => {
  it('is on only with a positive lifetime and a positive budget', () => {
    expect(new ResultCache({ ttlMs: 1, maxRecords: 1 }).enabled).toBe(true);
    expect(new ResultCache({ ttlMs: 0, maxRecords: 100 }).enabled).toBe(false);
    expect(new ResultCache({ ttlMs: 100, maxRecords: 0 }).enabled).toBe(false);
    const off = new ResultCache({ ttlMs: 0, maxRecords: 100 });
    off.set('a', rows(1), 0);
    expect(off.get('a', 0)).toBeUndefined();
  });

  it('takes results of up to a quarter of the budget, and at least one record', () => {
    expect(new ResultCache({ ttlMs: 1, maxRecords: 100 }).maxEntryRecords).toBe(25);
    expect(new ResultCache({ ttlMs: 1, maxRecords: 103 }).maxEntryRecords).toBe(25);
    expect(new ResultCache({ ttlMs: 1, maxRecords: 3 }).maxEntryRecords).toBe(1);
    const cache = new ResultCache({ ttlMs: 1000, maxRecords: 100 });
    cache.set('fits', rows(25), 0);
    cache.set('too big', rows(26), 0);
    expect([cache.get('fits', 0)?.block.count, cache.get('too big', 0)]).toStrictEqual([25, undefined]);
    expect(size(cache)).toBe(25);
  });

  it('answers until the entry expires, to the millisecond, and forgets it then', () => {
    const cache = new ResultCache({ ttlMs: 1000, maxRecords: 100 });
    const value = rows(3);
    cache.set('a', value, 5000);
    expect(cache.get('a', 5999)).toBe(value);
    expect(cache.get('a', 6000)).toBeUndefined();
    expect([keys(cache), size(cache)]).toStrictEqual([[], 0]);
    expect(cache.get('never', 0)).toBeUndefined();
  });

  it('replaces an entry set again, counting its records once', () => {
    const cache = new ResultCache({ ttlMs: 1000, maxRecords: 100 });
    cache.set('a', rows(10), 0);
    cache.set('a', rows(4), 0);
    expect([cache.get('a', 0)?.block.count, size(cache)]).toStrictEqual([4, 4]);
  });

  it('evicts the least recently used entries first to stay within the budget', () => {
    const cache = new ResultCache({ ttlMs: 1000, maxRecords: 8 });
    cache.set('a', rows(2), 0);
    cache.set('b', rows(2), 0);
    cache.set('c', rows(2), 0);
    cache.set('d', rows(2), 0);
    expect([keys(cache), size(cache)]).toStrictEqual([['a', 'b', 'c', 'd'], 8]);
    // Reading a makes it the most recently used: b is the oldest now.
    expect(cache.get('a', 1)?.block.count).toBe(2);
    expect(keys(cache)).toStrictEqual(['b', 'c', 'd', 'a']);
    cache.set('e', rows(2), 1);
    expect([keys(cache), size(cache)]).toStrictEqual([['c', 'd', 'a', 'e'], 8]);
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('drops expired entries at the front while it evicts, and keeps a fresh one behind them', () => {
    const cache = new ResultCache({ ttlMs: 100, maxRecords: 40 });
    cache.set('old', rows(1), 0);
    cache.set('new', rows(1), 150);
    // At 150 "old" has expired: it is dropped though the budget is not exceeded; "new" stays.
    expect([keys(cache), size(cache)]).toStrictEqual([['new'], 1]);
  });

  it('clears everything', () => {
    const cache = new ResultCache({ ttlMs: 100, maxRecords: 40 });
    cache.set('a', rows(3), 0);
    cache.clear();
    expect([keys(cache), size(cache), cache.get('a', 0)]).toStrictEqual([[], 0, undefined]);
  });
});

describe('ResultCache in bytes', () => {
  // An entry of rows(20): 20 records `{"i":k}` (7-8 bytes each, commas between), 20 offsets of 4
  // bytes, 256 bytes of overhead and its key.
  const entryBytes = (key: string) => {
    const { block } = rows(20);
    return block.bytes.byteLength + block.ends.byteLength + 256 + key.length;
  };

  it('keeps its bytes within the service budget, least recently used out first', () => {
    const one = entryBytes('k0');
    const cache = new ResultCache({
      ttlMs: 1000,
      maxRecords: 1_000_000,
      maxBytes: 5 * one,
      customerBytes: 4 * one,
    });
    for (let k = 0; k < 8; k++) {
      cache.set(`k${k}`, rows(20, `c${k}`), 0);
      expect(cache.bytes()).toBeLessThanOrEqual(5 * one);
    }
    expect([keys(cache), cache.bytes()]).toStrictEqual([['k3', 'k4', 'k5', 'k6', 'k7'], 5 * one]);
    // Bytes are given back with each entry that goes.
    expect([cache.bytes('c0'), cache.bytes('c7')]).toStrictEqual([0, one]);
  });

  it("keeps a customer within its share, making room from that customer's own entries", () => {
    const one = entryBytes('a0');
    const cache = new ResultCache({
      ttlMs: 1000,
      maxRecords: 1_000_000,
      maxBytes: 100 * one,
      customerBytes: 4 * one,
    });
    cache.set('b0', rows(20, 'b'), 0);
    for (let k = 0; k < 7; k++) cache.set(`a${k}`, rows(20, 'a'), 0);
    expect(keys(cache)).toStrictEqual(['b0', 'a3', 'a4', 'a5', 'a6']);
    expect([cache.bytes('a'), cache.bytes('b'), cache.bytes()]).toStrictEqual([4 * one, one, 5 * one]);
  });

  it('refuses an entry over a quarter of the share; fitting says how many first records one entry holds', () => {
    const one = entryBytes('x');
    const cache = new ResultCache({
      ttlMs: 1000,
      maxRecords: 1_000_000,
      maxBytes: 8 * one,
      customerBytes: 4 * one,
    });
    expect(cache.maxEntryBytes).toBe(one);
    const big = rows(21);
    expect(cache.fitting(rows(20).block, 'x')).toBe(20);
    expect(cache.fitting(big.block, 'x')).toBe(20);
    expect(cache.fitting(big.block, 'xx')).toBeLessThan(20);
    cache.set('x', big, 0);
    expect(cache.get('x', 0)).toBeUndefined();
    cache.set('x', rows(20), 0);
    expect(cache.get('x', 0)?.block.count).toBe(20);
  });

  it('fits by records too, and fits nothing in an entry smaller than its overhead', () => {
    const byRecords = new ResultCache({ ttlMs: 1000, maxRecords: 40 });
    expect(byRecords.fitting(rows(25).block)).toBe(10);
    const tiny = new ResultCache({ ttlMs: 1000, maxRecords: 40, maxBytes: 400, customerBytes: 400 });
    expect(tiny.fitting(rows(5).block)).toBe(0);
  });

  it('defaults to 256 MiB, a quarter of it per customer, and a quarter of that per entry', () => {
    const cache = new ResultCache({ ttlMs: 1000, maxRecords: 100 });
    expect([cache.maxBytes, cache.customerBytes, cache.maxEntryBytes]).toStrictEqual([
      256 * 1024 * 1024,
      64 * 1024 * 1024,
      16 * 1024 * 1024,
    ]);
    expect(
      new ResultCache({ ttlMs: 1, maxRecords: 1, maxBytes: 100, customerBytes: 500 }).customerBytes,
    ).toBe(100);
    expect(new ResultCache({ ttlMs: 1, maxRecords: 1, maxBytes: 0 }).enabled).toBe(false);
  });

  it('justifies fetching ahead as many records as one entry holds, estimated from the field names', () => {
    const columns = [
      { name: 'viewercount', kind: 'metric' as const },
      { name: 'country', kind: 'dimension' as const },
    ];
    // 2 + (11 + 20) + (7 + 20) = 60 bytes a record.
    const cache = new ResultCache({
      ttlMs: 1000,
      maxRecords: 1_000_000,
      maxBytes: 24_000,
      customerBytes: 24_000,
    });
    expect(cache.rowsFor(columns)).toBe(100);
    expect(new ResultCache({ ttlMs: 1000, maxRecords: 40 }).rowsFor(columns)).toBe(10);
    expect(new ResultCache({ ttlMs: 0, maxRecords: 40 }).rowsFor(columns)).toBe(0);
  });
});
