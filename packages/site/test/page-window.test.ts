// The drill-down's paging arithmetic: which sessions a page shows, the offsets of the pages
// before and after it, and the line beside the page controls — checked on examples and, over
// generated lists, by walking every page forward and back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageText, pageWindow } from '../src/playground/page-window';

describe('pageWindow', () => {
  it('places the first, a middle and the last page of 45 sessions by 20', () => {
    expect(pageWindow({ offset: 0, limit: 20, shown: 20, total: 45 })).toStrictEqual({
      first: 1,
      last: 20,
      total: 45,
      next: 20,
    });
    expect(pageWindow({ offset: 20, limit: 20, shown: 20, total: 45 })).toStrictEqual({
      first: 21,
      last: 40,
      total: 45,
      previous: 0,
      next: 40,
    });
    expect(pageWindow({ offset: 40, limit: 20, shown: 5, total: 45 })).toStrictEqual({
      first: 41,
      last: 45,
      total: 45,
      previous: 20,
    });
  });

  it('has no neighbour for a list that fits one page, and none after an empty page', () => {
    expect(pageWindow({ offset: 0, limit: 20, shown: 7, total: 7 })).toStrictEqual({
      first: 1,
      last: 7,
      total: 7,
    });
    expect(pageWindow({ offset: 0, limit: 20, shown: 0, total: 0 })).toStrictEqual({
      first: 1,
      last: 0,
      total: 0,
    });
    expect(pageWindow({ offset: 60, limit: 20, shown: 0, total: 45 })).toStrictEqual({
      first: 61,
      last: 60,
      total: 45,
      previous: 40,
    });
  });

  it('never goes before the start from an offset that is not a multiple of the page', () => {
    expect(pageWindow({ offset: 5, limit: 20, shown: 20, total: 45 }).previous).toBe(0);
  });

  it('walks every page of any list forward to the end and back to the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 60 }), (total, limit) => {
        const at = (offset: number) =>
          pageWindow({ offset, limit, shown: Math.max(0, Math.min(limit, total - offset)), total });
        const seen: number[] = [];
        let w = at(0);
        for (let offset = 0; ; ) {
          for (let row = w.first; row <= w.last; row++) seen.push(row);
          if (w.next === undefined) break;
          offset = w.next;
          w = at(offset);
        }
        expect(seen).toEqual(Array.from({ length: total }, (_, i) => i + 1));
        let back = 0;
        for (let offset = w.first - 1; w.previous !== undefined; back++) {
          expect(w.previous).toBe(Math.max(0, offset - limit));
          offset = w.previous;
          w = at(offset);
        }
        expect([w.first, back]).toEqual([1, Math.max(0, Math.ceil(total / limit) - 1)]);
      }),
    );
  });
});

describe('pageText', () => {
  it('says which sessions are shown, of how many', () => {
    expect(pageText({ first: 21, last: 40, total: 45 })).toBe('Sessions 21–40 of 45');
    expect(pageText({ first: 45, last: 45, total: 45 })).toBe('Session 45 of 45');
    expect(pageText({ first: 1, last: 0, total: 0 })).toBe('No sessions');
    expect(pageText({ first: 61, last: 60, total: 45 })).toBe('No sessions past 45');
  });
});
