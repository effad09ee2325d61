// Scratch arrays of the evaluator: typed buffers lent to one evaluation at a time, one per use.
// Each evaluation runs to its end without yielding and keeps none of them beyond it (its result is
// copied out), so the next one takes them back: a query allocates no per-group typed arrays, whose
// memory outside the JS heap would otherwise call for full garbage collections every few queries.

/** What a row buffer holds (`lend`): a source's rows, or their group numbers. */
export type RowsUse =
  | 'population'
  | 'active'
  | 'errors'
  | 'population groups'
  | 'active groups'
  | 'errors groups';

/** What a scratch buffer holds (a metric's values by its place among the plan's metrics). */
export type ScratchUse =
  | RowsUse
  | 'kept'
  | 'records'
  | 'first key'
  | 'tie keys'
  | 'packed order'
  | 'rank counts'
  | `metric ${number}`
  | `total ${string}`;

const ints = new Map<ScratchUse, Int32Array>();
const floats = new Map<ScratchUse, Float64Array>();

/** The buffer of `use` in `pool`, grown (to twice its length at least) when shorter than `length`. */
function take<T extends Int32Array | Float64Array>(
  pool: Map<ScratchUse, T>,
  use: ScratchUse,
  length: number,
  make: (length: number) => T,
): T {
  let buffer = pool.get(use);
  if (!buffer || buffer.length < length) {
    buffer = make(Math.max(length, 2 * (buffer?.length ?? 0)));
    pool.set(use, buffer);
  }
  return buffer.subarray(0, length) as T;
}

/**
 * A buffer of `length` rows for one use (`scratchInts`): at 1M sessions a week's window is about
 * 0.9 MB a buffer, and allocating several per query pressed the garbage collector into full
 * collections.
 *
 * @example
 * ```ts
 * const rows = lend('population', to - from);
 * ```
 */
export const lend = (use: RowsUse, length: number): Int32Array => scratchInts(use, length);

/**
 * A buffer of `length` 32-bit integers for `use`, lent until the next evaluation asks for it again;
 * its contents are left from earlier ones (write before reading).
 *
 * @example
 * ```ts
 * const kept = scratchInts('kept', groups);
 * ```
 */
export function scratchInts(use: ScratchUse, length: number): Int32Array {
  return take(ints, use, length, (n) => new Int32Array(n));
}

/**
 * `scratchInts` for numbers: `length` of them for `use`, contents left from earlier evaluations.
 *
 * @example
 * ```ts
 * const key = scratchFloats('first key', records.length);
 * ```
 */
export function scratchFloats(use: ScratchUse, length: number): Float64Array {
  return take(floats, use, length, (n) => new Float64Array(n));
}
