// The order of the evaluator's records (the SQL plan's, sql/order.ts): by a first key in its
// direction, then by the tie (the dimensions' codes ascending, null first, then the bucket), up to
// the page's end. One number per record carries the whole order where it fits, sorted as numbers.
import { scratchFloats, scratchInts } from './scratch';
import { selectSmallest, selectSmallestNumbers } from './select';

/** Sums of parts that stay exact integers in a double. */
const EXACT = 2 ** 52;

/** How records compare: each record's first key and tie, by the record (an index below `key.length`). */
export interface RecordOrder {
  /** Each record's first key (a dimension's code with -1 for null, a bucket or a metric's value). */
  readonly key: Float64Array;
  readonly desc: boolean;
  /**
   * Each record's tie as one integer below `space`, distinct between records, in the ties' order;
   * undefined where the ties do not fit in one (then `compareTies` orders them).
   */
  readonly tie?: { readonly keys: Float64Array; readonly space: number };
  /** Two records' ties compared (negative when the first comes first), for records without tie keys. */
  readonly compareTies: (a: number, b: number) => number;
}

/**
 * The first `need` of `records` (all of them by default) in order: by first key (ascending, or
 * descending with `desc`), then by tie. A first key of -1 (a null code) sorts first ascending and
 * last descending, below every code either way.
 *
 * @example
 * ```ts
 * orderRecords(Int32Array.of(0, 1, 2), { key: Float64Array.of(5, 7, 5), desc: true, compareTies: (a, b) => a - b }, 2);
 * // Int32Array [1, 0]
 * ```
 */
export function orderRecords(
  records: Int32Array,
  order: RecordOrder,
  need = Number.POSITIVE_INFINITY,
): Int32Array {
  const packed = order.tie && orderPacked(records, order, order.tie, need);
  if (packed) return packed;
  const { key, tie, compareTies } = order;
  const dir = order.desc ? -1 : 1;
  const compare = (a: number, b: number) => {
    if (key[a] !== key[b]) return (key[a]! < key[b]! ? -1 : 1) * dir;
    return tie ? tie.keys[a]! - tie.keys[b]! : compareTies(a, b);
  };
  const items = Array.from(records);
  // Only the records up to the page's end need their order: select them first when they are few.
  if (need >= items.length / 4) return Int32Array.from(items.sort(compare).slice(0, need));
  selectSmallest(items, need, compare);
  return Int32Array.from(items.slice(0, need).sort(compare));
}

/**
 * The order as one number per record, sorted as numbers, when every first key is an integer and
 * the keys' span, the ties' space and the records' range fit in 2^52 together: (the key's distance
 * from the first in its direction × space + tie) × range + the record. Undefined otherwise. With
 * fewer distinct keys than records, only those up to the head's last key are packed and selected.
 */
function orderPacked(
  records: Int32Array,
  { key, desc }: RecordOrder,
  tie: NonNullable<RecordOrder['tie']>,
  need: number,
): Int32Array | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < records.length; j++) {
    const v = key[records[j]!]!;
    if (!Number.isInteger(v)) return undefined;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const n = key.length;
  const span = max - min + 1;
  if (records.length > 0 && !(span * tie.space * n <= EXACT)) return undefined;
  const head = Math.max(0, Math.min(need, records.length));
  const last =
    head < records.length && span <= records.length ? lastRank(records, key, desc, min, max, head) : span;
  const packed = scratchFloats('packed order', records.length);
  let m = 0;
  for (let j = 0; j < records.length; j++) {
    const i = records[j]!;
    const rank = desc ? max - key[i]! : key[i]! - min;
    if (rank <= last) packed[m++] = (rank * tie.space + tie.keys[i]!) * n + i;
  }
  if (head < m) selectSmallestNumbers(packed.subarray(0, m), head);
  const ordered = packed.subarray(0, head).sort();
  const out = new Int32Array(head);
  for (let j = 0; j < head; j++) {
    // The record is the packed number's remainder by n (exact: every part is an integer below 2^52).
    const p = ordered[j]!;
    out[j] = p - Math.floor(p / n) * n;
  }
  return out;
}

/** The rank (distance from the first key in its direction) of the `head`-th record in order, counted per rank. */
function lastRank(
  records: Int32Array,
  key: Float64Array,
  desc: boolean,
  min: number,
  max: number,
  head: number,
) {
  const counts = scratchInts('rank counts', max - min + 1);
  counts.fill(0);
  for (let j = 0; j < records.length; j++) {
    const v = key[records[j]!]!;
    counts[desc ? max - v : v - min]!++;
  }
  let rank = 0;
  for (let seen = counts[0]!; seen < head; seen += counts[++rank]!);
  return rank;
}
