// The ordering rules checked exactly: code-point comparison (astral characters, prefixes), each
// finding's basis and wording, and where a check stops.
import { describe, expect, it } from 'vitest';
import { compareCodePoints, orderFindings } from '../src/contract/ordering-rules';

describe('compareCodePoints', () => {
  it('orders by code point, a prefix first', () => {
    expect(compareCodePoints('a', 'b')).toBe(-1);
    expect(compareCodePoints('b', 'a')).toBe(1);
    expect(compareCodePoints('ab', 'ab')).toBe(0);
    expect(compareCodePoints('ab', 'abc')).toBe(-1);
    expect(compareCodePoints('abcd', 'ab')).toBe(2);
    expect(compareCodePoints('', '')).toBe(0);
    expect(compareCodePoints('Z', 'a')).toBe(-7);
  });

  it('compares astral characters whole, as UTF-8 bytes would, unlike UTF-16 units', () => {
    // U+FF5E (one unit) sorts before U+1F600 (two units, high surrogate 0xD83D < 0xFF5E).
    expect(compareCodePoints('\uff5e', '\u{1f600}')).toBeLessThan(0);
    expect(compareCodePoints('\u{1f600}x', '\u{1f600}y')).toBe(-1);
    expect(compareCodePoints('\u{1f600}', '\u{1f600}\u{1f600}')).toBe(-1);
  });
});

describe('orderFindings', () => {
  it('accepts sorted numbers and strings, ties included, and empty or single lists', () => {
    expect(orderFindings([], 'v', 'asc')).toStrictEqual([]);
    expect(orderFindings([{ v: 'x' }], 'v', 'desc')).toStrictEqual([]);
    expect(orderFindings([{ v: 1 }, { v: 1 }, { v: 2 }], 'v', 'asc')).toStrictEqual([]);
    expect(orderFindings([{ v: 2 }, { v: 2 }, { v: -1 }], 'v', 'desc')).toStrictEqual([]);
    expect(orderFindings([{ v: 'US' }, { v: 'FR' }, { v: 'FR' }], 'v', 'desc')).toStrictEqual([]);
  });

  it('names the first pair of numbers out of order', () => {
    expect(orderFindings([{ v: 1 }, { v: 2 }, { v: 0 }, { v: 5 }], 'v', 'asc')).toStrictEqual([
      { basis: 'spec', message: 'order=asc by v: record 1 has 2, record 2 has 0' },
    ]);
    expect(orderFindings([{ n: 3 }, { n: 4 }], 'n', 'desc')).toStrictEqual([
      { basis: 'spec', message: 'order=desc by n: record 0 has 3, record 1 has 4' },
    ]);
  });

  it('names strings out of order in both collations', () => {
    expect(orderFindings([{ v: 'a' }, { v: 'b' }], 'v', 'desc')).toStrictEqual([
      { basis: 'spec', message: 'order=desc by v: "a" comes before "b"' },
    ]);
    const long = 'x'.repeat(41);
    expect(orderFindings([{ v: long }, { v: 'a' }], 'v', 'asc')).toStrictEqual([
      { basis: 'spec', message: 'order=asc by v: a string of 41 characters comes before "a"' },
    ]);
  });

  it('accepts a locale order as a design difference, once, after checking every pair', () => {
    expect(orderFindings([{ v: 'a' }, { v: 'B' }, { v: 'c' }, { v: 'D' }], 'v', 'asc')).toStrictEqual([
      { basis: 'design', message: 'strings under v follow a locale collation, not code-point order' },
    ]);
    expect(orderFindings([{ v: 'a' }, { v: 'B' }, { v: 'A' }], 'v', 'asc')).toStrictEqual([
      { basis: 'spec', message: 'order=asc by v: "B" comes before "A"' },
    ]);
  });

  it('two spellings of one letter (precomposed and decomposed) are a locale-only difference, in either order', () => {
    // U+00E9 and "e" + U+0301 differ by code point, but a locale collation ranks them equal.
    const design = [
      { basis: 'design', message: 'strings under v follow a locale collation, not code-point order' },
    ];
    expect(orderFindings([{ v: '\u00e9' }, { v: 'e\u0301' }], 'v', 'asc')).toStrictEqual(design);
    expect(orderFindings([{ v: 'e\u0301' }, { v: '\u00e9' }], 'v', 'desc')).toStrictEqual(design);
  });

  it('refuses values that cannot be compared', () => {
    for (const [a, b] of [
      [1, '1'],
      ['1', 1],
      [null, 1],
      [1, undefined],
    ]) {
      expect(orderFindings([{ v: 0 }, { v: a }, { v: b }], 'v', 'asc').at(-1)).toStrictEqual({
        basis: 'spec',
        message: expect.stringMatching(/^records [01] and [12] have incomparable v values$/),
      });
    }
    expect(orderFindings([{ v: 1 }, { v: 'x' }], 'v', 'asc')).toStrictEqual([
      { basis: 'spec', message: 'records 0 and 1 have incomparable v values' },
    ]);
  });
});
