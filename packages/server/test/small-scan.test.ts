// The evaluator's selection passes (src/small/scan.ts) at their edges: a window's start is in it
// and its end is not, a NULL (NaN) passes no comparison, a null code no filter, and a pass reads
// no entry past the count it is given (a lent buffer holds older rows beyond it).
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { codeFlags, flagsAtMostWith, keepCodes, keepCodesOf, keepCompared, timesIn } from '../src/small/scan';
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

  // Up to four clauses: pairs in one pass, an odd one alone; with the status in the first pass.
  const clause = fc.tuple(
    fc.array(fc.integer({ min: -1, max: 4 }), { minLength: 30, maxLength: 30 }),
    fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { maxLength: 4 }),
  );
  test.prop([
    fc.array(clause, { maxLength: 4 }),
    fc.array(fc.nat(3), { minLength: 30, maxLength: 30 }),
    fc.nat(30),
    fc.nat(30),
  ])(
    'keep the rows whose codes pass every clause, with or without the status in the same pass',
    (clauses, status, a, b) => {
      const [from, to] = [Math.min(a, b), Math.max(a, b)];
      const tests = clauses.map(([codes, picks]) => {
        const column = Int32Array.from(codes);
        return { codes: column, flags: codeFlags(column, picks) };
      });
      const passes = (r: number) => clauses.every(([codes, picks]) => picks.includes(codes[r]!));
      const inRange = Array.from({ length: to - from }, (_, i) => from + i);
      // The clauses over given rows (the buffer past n holds rows that would pass).
      const rows = Int32Array.from({ length: 30 }, (_, r) => r);
      const kept = keepCodesOf(tests, rows, to);
      expect([...rows.subarray(0, kept)]).toEqual(Array.from({ length: to }, (_, r) => r).filter(passes));
      // The status (at most 1) and the first clause over a range, then the others.
      if (tests.length === 0) return;
      const flags = Uint8Array.from(status);
      const out = new Int32Array(30).fill(29);
      let n = flagsAtMostWith(flags, 1, tests[0]!, from, to, out);
      n = keepCodesOf(tests.slice(1), out, n);
      expect([...out.subarray(0, n)]).toEqual(inRange.filter((r) => status[r]! <= 1 && passes(r)));
    },
  );
});
