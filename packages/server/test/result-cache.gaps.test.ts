// The result cache on its own: a cache changes no answer, so the query tests cannot see it. Here
// its rules are checked exactly: when it is on, the size of the largest entry it takes, expiry to
// the millisecond, least recently used out first, and the record budget kept after every set.
import { describe, expect, it } from 'vitest';
import { ResultCache } from '../src/sql/result-cache';

const rows = (n: number) => ({ records: Array.from({ length: n }, (_, i) => ({ i })) });
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
    expect([cache.get('fits', 0)?.records.length, cache.get('too big', 0)]).toStrictEqual([25, undefined]);
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
    expect([cache.get('a', 0)?.records.length, size(cache)]).toStrictEqual([4, 4]);
  });

  it('evicts the least recently used entries first to stay within the budget', () => {
    const cache = new ResultCache({ ttlMs: 1000, maxRecords: 8 });
    cache.set('a', rows(2), 0);
    cache.set('b', rows(2), 0);
    cache.set('c', rows(2), 0);
    cache.set('d', rows(2), 0);
    expect([keys(cache), size(cache)]).toStrictEqual([['a', 'b', 'c', 'd'], 8]);
    // Reading a makes it the most recently used: b is the oldest now.
    expect(cache.get('a', 1)?.records.length).toBe(2);
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
