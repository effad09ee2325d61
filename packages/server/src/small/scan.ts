// The evaluator's selection passes: each keeps, in place, the rows of a selection that pass one
// test, in one tight loop over one kind of typed array, without a branch per row (the row is
// written, and the count moves on by the test's 0 or 1). rows.ts chains them into a population.
// A test's 0 or 1 is `+(test)`, not `test ? 1 : 0`: V8 compiles the conditional to a branch,
// mispredicted on about half the rows of an even selection (1.29 against 0.36 ms for 233,000
// rows on this machine), and the number of a boolean to none.
import type { ComparisonOperator } from '@playq/query';

/** One more than the largest code of a column (0 without codes); made once per column. */
export function limitOf(codes: Int32Array): number {
  let limit = limits.get(codes);
  if (limit === undefined) {
    limit = 0;
    for (let i = 0; i < codes.length; i++) if (codes[i]! >= limit) limit = codes[i]! + 1;
    limits.set(codes, limit);
  }
  return limit;
}
const limits = new WeakMap<Int32Array, number>();

/**
 * A flag per code of `codes`, shifted by one so that a null code (-1) reads index 0: 1 for each of
 * `selected`, 0 for every other code the column holds.
 */
export function codeFlags(codes: Int32Array, selected: readonly number[]): Uint8Array {
  const flags = new Uint8Array(Math.max(limitOf(codes), ...selected.map((c) => c + 1)) + 1);
  for (const c of selected) flags[c + 1] = 1;
  return flags;
}

/** The rows `[from, to)` into `out`; their count. */
export function allOf(from: number, to: number, out: Int32Array): number {
  for (let r = from; r < to; r++) out[r - from] = r;
  return to - from;
}

/** The rows of `[from, to)` whose time lies in `[start, end)` (NaN never does). */
export function timesIn(
  times: Float64Array,
  start: number,
  end: number,
  from: number,
  to: number,
  out: Int32Array,
): number {
  let n = 0;
  for (let r = from; r < to; r++) {
    const t = times[r]!;
    out[n] = r;
    n += +(t >= start) & +(t < end);
  }
  return n;
}

/** The rows of `[from, to)` whose flag is at most `most` (a status ENDED or DROPPED, an event that is not a business error). */
export function flagsAtMost(
  flags: Uint8Array,
  most: number,
  from: number,
  to: number,
  out: Int32Array,
): number {
  let n = 0;
  for (let r = from; r < to; r++) {
    out[n] = r;
    n += +(flags[r]! <= most);
  }
  return n;
}

/** Keeps the first `n` of `rows` whose flag is at most `most`; their count. */
export function keepAtMost(flags: Uint8Array, most: number, rows: Int32Array, n: number): number {
  let m = 0;
  for (let k = 0; k < n; k++) {
    const r = rows[k]!;
    rows[m] = r;
    m += +(flags[r]! <= most);
  }
  return m;
}

/** Keeps the first `n` of `rows` whose code's flag (`codeFlags`) is 1; their count. */
export function keepCodes(codes: Int32Array, flags: Uint8Array, rows: Int32Array, n: number): number {
  let m = 0;
  for (let k = 0; k < n; k++) {
    const r = rows[k]!;
    rows[m] = r;
    m += flags[codes[r]! + 1]!;
  }
  return m;
}

/**
 * Rows r of `[from, to)` whose `flags[r]` is at most `most` and whose code passes `clause`, into
 * `out`; their count (`flagsAtMost` and `keepCodes` in one pass).
 */
export function flagsAtMostWith(
  flags: Uint8Array,
  most: number,
  clause: CodeTest,
  from: number,
  to: number,
  out: Int32Array,
): number {
  const { codes, flags: pass } = clause;
  let n = 0;
  for (let r = from; r < to; r++) {
    out[n] = r;
    n += +(flags[r]! <= most) & pass[codes[r]! + 1]!;
  }
  return n;
}

/** A filter clause: a code column and a flag per code (`codeFlags`). */
export interface CodeTest {
  readonly codes: Int32Array;
  readonly flags: Uint8Array;
}

/**
 * Keeps the first `n` of `rows` whose codes pass every clause (`keepCodes` each), two clauses per
 * pass: each row is read and written once per pair rather than once per clause.
 */
export function keepCodesOf(clauses: readonly CodeTest[], rows: Int32Array, n: number): number {
  let m = n;
  let c = 0;
  for (; c + 1 < clauses.length; c += 2) {
    const a = clauses[c]!;
    const b = clauses[c + 1]!;
    m = keepCodePair(a.codes, a.flags, b.codes, b.flags, rows, m);
  }
  if (c < clauses.length) m = keepCodes(clauses[c]!.codes, clauses[c]!.flags, rows, m);
  return m;
}

function keepCodePair(
  a: Int32Array,
  flagsA: Uint8Array,
  b: Int32Array,
  flagsB: Uint8Array,
  rows: Int32Array,
  n: number,
): number {
  let m = 0;
  for (let k = 0; k < n; k++) {
    const r = rows[k]!;
    rows[m] = r;
    m += flagsA[a[r]! + 1]! & flagsB[b[r]! + 1]!;
  }
  return m;
}

/**
 * Keeps the first `n` of `rows` whose value in `column` (by row) compares true with `x`; a NaN
 * value (SQL NULL) fails every operator. One loop per operator, each the JIT's own.
 */
export function keepCompared(
  column: Float64Array,
  operator: ComparisonOperator,
  x: number,
  rows: Int32Array,
  n: number,
): number {
  let m = 0;
  switch (operator) {
    case '>':
      for (let k = 0; k < n; k++) {
        const r = rows[k]!;
        rows[m] = r;
        m += +(column[r]! > x);
      }
      return m;
    case '>=':
      for (let k = 0; k < n; k++) {
        const r = rows[k]!;
        rows[m] = r;
        m += +(column[r]! >= x);
      }
      return m;
    case '<':
      for (let k = 0; k < n; k++) {
        const r = rows[k]!;
        rows[m] = r;
        m += +(column[r]! < x);
      }
      return m;
    case '<=':
      for (let k = 0; k < n; k++) {
        const r = rows[k]!;
        rows[m] = r;
        m += +(column[r]! <= x);
      }
      return m;
    case '=':
      for (let k = 0; k < n; k++) {
        const r = rows[k]!;
        rows[m] = r;
        m += +(column[r]! === x);
      }
      return m;
    case '!=':
      // NaN !== x holds, but NULL != x is not true in SQL.
      for (let k = 0; k < n; k++) {
        const r = rows[k]!;
        const v = column[r]!;
        rows[m] = r;
        m += +(v !== x) & +!Number.isNaN(v);
      }
      return m;
  }
}
