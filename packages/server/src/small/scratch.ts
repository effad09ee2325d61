// Scratch arrays of the evaluator: typed buffers lent to one evaluation at a time, one per use.
// Each evaluation runs to its end without yielding and keeps none of them beyond it (its result is
// copied out), so the next one takes them back: a query allocates no per-group typed arrays, whose
// memory outside the JS heap would otherwise call for full garbage collections every few queries.

/** What a scratch buffer holds (a metric's values by its place among the plan's metrics). */
export type ScratchUse =
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
  let buffer = ints.get(use);
  if (!buffer || buffer.length < length) {
    buffer = new Int32Array(Math.max(length, 2 * (buffer?.length ?? 0)));
    ints.set(use, buffer);
  }
  return buffer.subarray(0, length);
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
  let buffer = floats.get(use);
  if (!buffer || buffer.length < length) {
    buffer = new Float64Array(Math.max(length, 2 * (buffer?.length ?? 0)));
    floats.set(use, buffer);
  }
  return buffer.subarray(0, length);
}
