// The evaluator's partial ordering: after selectSmallest the first n items are the n smallest of a
// total order (any n, duplicates-free input as group keys are), the rest keep every other item
// (for numbers in a typed array, duplicates too);
// and its window search: lowerBound finds the first value at least x, ties included.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { lowerBound } from '../src/small/rows';
import { selectSmallest, selectSmallestNumbers } from '../src/small/select';

const byValue = (a: number, b: number) => a - b;

describe('selectSmallest', () => {
  test.prop([fc.uniqueArray(fc.integer({ min: -1000, max: 1000 }), { maxLength: 200 }), fc.nat()])(
    'puts the n smallest first, and keeps every item',
    (values, at) => {
      const n = values.length === 0 ? 0 : at % (values.length + 1);
      const items = [...values];
      selectSmallest(items, n, byValue);
      const sorted = [...values].sort(byValue);
      expect([...items.slice(0, n)].sort(byValue)).toStrictEqual(sorted.slice(0, n));
      expect([...items].sort(byValue)).toStrictEqual(sorted);
    },
  );

  test.prop([fc.integer({ min: 1, max: 300 }), fc.nat()])(
    'selects from sorted and reversed input alike',
    (length, at) => {
      const n = at % (length + 1);
      for (const values of [
        Array.from({ length }, (_, i) => i),
        Array.from({ length }, (_, i) => length - i),
      ]) {
        const items = [...values];
        selectSmallest(items, n, byValue);
        expect([...items.slice(0, n)].sort(byValue)).toStrictEqual([...values].sort(byValue).slice(0, n));
      }
    },
  );

  // (-0 and 0 are one number to the selection, two to a sort: the values have no -0)
  test.prop([
    fc.array(
      fc.double({ noNaN: true }).map((x) => x + 0),
      { maxLength: 200 },
    ),
    fc.nat(),
  ])(
    'selectSmallestNumbers puts the n smallest numbers first (duplicates too), and keeps every one',
    (values, at) => {
      const n = values.length === 0 ? 0 : at % (values.length + 1);
      const items = Float64Array.from(values);
      selectSmallestNumbers(items, n);
      const sorted = Float64Array.from(values).sort();
      expect(items.slice(0, n).sort()).toStrictEqual(sorted.slice(0, n));
      expect(items.slice().sort()).toStrictEqual(sorted);
    },
  );

  test.prop([
    fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 60 }),
    fc.integer({ min: -1, max: 21 }),
    fc.nat(),
  ])(
    "lowerBound finds a window's first row: the first value at least x (ties included)",
    (values, x, offset) => {
      const sorted = Float64Array.from([...values].sort(byValue));
      const from = sorted.length === 0 ? 0 : offset % (sorted.length + 1);
      const expected = sorted.findIndex((v, i) => i >= from && v >= x);
      expect(lowerBound(sorted, from, sorted.length, x)).toBe(expected < 0 ? sorted.length : expected);
    },
  );
});
