// The evaluator's selection passes (src/small/scan.ts) at their edges: a window's start is in it
// and its end is not, a NULL (NaN) passes no comparison, a null code no filter, and a pass reads
// no entry past the count it is given (a lent buffer holds older rows beyond it).
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { codeFlags, keepCodes, keepCompared, timesIn } from '../src/small/scan';
import { QOE_TESTS } from '../src/sql/operators';

const OPERATORS = ['>', '>=', '<', '<=', '=', '!='] as const;
const SQL = QOE_TESTS;

describe('the evaluator selection passes', () => {
  it('keep the times of [start, end): the start in, the end and NaN out', () => {
    const times = Float64Array.from([99, 100, 150, 199, 200, Number.NaN]);
    const out = new Int32Array(times.length);
    const n = timesIn(times, 100, 200, 0, times.length, out);
    expect([...out.subarray(0, n)]).toEqual([1, 2, 3]);
  });

  test.prop([
    fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constant(Number.NaN)), { maxLength: 40 }),
    fc.constantFrom(...OPERATORS),
    fc.integer({ min: -3, max: 3 }),
    fc.nat(40),
  ])('keep the rows whose value compares true, NaN never, and read nothing past n', (values, op, x, cut) => {
    const column = Float64Array.from(values);
    const n = Math.min(cut, values.length);
    // The buffer beyond n holds rows that would pass: none may be kept.
    const rows = Int32Array.from(values.map((_, r) => r));
    const kept = keepCompared(column, op, x, rows, n);
    const expected = values
      .slice(0, n)
      .map((v, r) => [v, r] as const)
      .filter(([v]) => !Number.isNaN(v) && SQL[op](v, x))
      .map(([, r]) => r);
    expect([...rows.subarray(0, kept)]).toEqual(expected);
  });

  it.each(OPERATORS)('keep by %s only among the first n rows', (op) => {
    // Row 1 (value 2) passes the comparison but lies past n; row 0 is NULL.
    const x = { '>': 1, '>=': 2, '<': 3, '<=': 2, '=': 2, '!=': 5 }[op];
    expect(SQL[op](2, x)).toBe(true);
    const rows = Int32Array.from([0, 1]);
    expect(keepCompared(Float64Array.from([Number.NaN, 2]), op, x, rows, 1)).toBe(0);
    expect(keepCompared(Float64Array.from([Number.NaN, 2]), op, x, rows, 2)).toBe(1);
  });

  it('keep the codes selected, never a null code, and read nothing past n', () => {
    const codes = Int32Array.from([0, -1, 2, 5, 2, 0]);
    const flags = codeFlags(codes, [2, 7]);
    const rows = Int32Array.from([0, 1, 2, 3, 4, 5]);
    // Row 4 (code 2) lies past n = 4: not kept.
    expect(keepCodes(codes, flags, rows, 4)).toBe(1);
    expect(rows[0]).toBe(2);
  });
});
