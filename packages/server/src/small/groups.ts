// Groups of a small plan: each source row's group (its dimension codes and time bucket), found
// by a dense key (the bucket's number and the codes, mixed-radix) where the key space is small, else
// through a map, and each group's rows of one source in row order (a stable counting sort), which
// the metrics aggregate.
import type { SmallPlan } from './plan';
import { limitOf } from './scan';
import { lend, type RowsUse, scratchFloats } from './scratch';
import type { SmallTables } from './tables';

/** Dense group keys are used while the key space (buckets times codes per dimension) is at most this. */
const DENSE_KEYS = 1 << 20;

/**
 * Group ids by dense key, one table for every evaluation (each runs to its end without yielding):
 * an entry belongs to the current one when stamped with its round, so no evaluation allocates
 * and clears a table of its own (at 1M sessions, a breakdown by subscriber's 0.5 MB).
 */
class DenseIds {
  /** Per key, its round at [2 key] and its group id beside it (one cache line for both). */
  slots = new Int32Array(0);
  round = 0;

  /** Starts an evaluation's table of `space` keys, all empty. */
  begin(space: number): this {
    if (this.slots.length < 2 * space) {
      this.slots = new Int32Array(2 * Math.max(space, this.slots.length));
      this.round = 0;
    }
    this.round++;
    if (this.round === 0x7fffffff) {
      this.slots.fill(0);
      this.round = 1;
    }
    return this;
  }

  get(key: number): number {
    return this.slots[2 * key] === this.round ? this.slots[2 * key + 1]! : -1;
  }

  set(key: number, id: number): void {
    this.slots[2 * key] = this.round;
    this.slots[2 * key + 1] = id;
  }
}
const DENSE = new DenseIds();

/**
 * Each dense group's key, shared by every evaluation (each runs to its end without yielding, as
 * DenseIds): it grows to the most groups seen and stays.
 */
let KEYS: Int32Array = new Int32Array(1024);

/**
 * The groups seen so far and their codes per dimension and bucket, by key: with dense keys, each
 * group's key (its codes and bucket number as digits, read back when asked); else their codes and
 * buckets. Group k is one below `size`; read them before the next evaluation starts.
 */
export class GroupIndex {
  private count = 0;
  /** Group ids by dense key, or by a key made of the codes. */
  private readonly dense: DenseIds | undefined;
  private readonly ids = new Map<string | number, number>();
  /** Without dense keys: each group's codes per dimension and bucket. */
  private readonly codes: number[][];
  private readonly buckets: number[] = [];
  /** Per dimension the dense key's radix (codes + 1 for null), the first bucket and their count. */
  private readonly radix: readonly number[];
  /** Per dimension the dense key's place value (the product of the radixes after it), and the bucket number's. */
  private readonly place: readonly number[];
  private readonly inner: number;
  private readonly base: number;

  constructor(
    private readonly plan: SmallPlan,
    tables: SmallTables,
  ) {
    this.codes = plan.dims.map(() => []);
    this.radix = plan.dims.map((d) => codeLimit(tables, d) + 1);
    this.place = this.radix.map((_, d) => this.radix.slice(d + 1).reduce((a, b) => a * b, 1));
    this.inner = this.radix.reduce((a, b) => a * b, 1);
    const g = plan.bucket;
    this.base = g === undefined ? 0 : plan.start - (plan.start % g);
    const buckets = g === undefined ? 1 : Math.floor((plan.end - 1 - this.base) / g) + 1;
    this.bucketCount = buckets;
    const space = this.radix.reduce((a, b) => a * b, buckets);
    this.dense = plan.start >= 0 && buckets > 0 && space <= DENSE_KEYS ? DENSE.begin(space) : undefined;
  }

  get size(): number {
    return this.count;
  }

  /** Group k's code of dimension d (-1 for null). */
  code(d: number, k: number): number {
    if (!this.dense) return this.codes[d]![k]!;
    return (Math.floor(KEYS[k]! / this.place[d]!) % this.radix[d]!) - 1;
  }

  /** Group k's bucket (0 without a time series). */
  bucket(k: number): number {
    const g = this.plan.bucket;
    if (!this.dense) return this.buckets[k]!;
    return g === undefined ? 0 : this.base + Math.floor(KEYS[k]! / this.inner) * g;
  }
  /**
   * The group of each row (codes read from `codes`, the bucket from `times`, in the plan's window),
   * in a buffer lent for `use` (scan.ts `lend`).
   */
  assign(
    rows: Int32Array,
    codes: (dim: number) => Int32Array,
    times: Float64Array,
    use: RowsUse,
  ): Int32Array {
    const columns = this.plan.dims.map((_, d) => codes(d));
    const out = lend(use, rows.length);
    return this.dense
      ? this.assignDense(this.dense, rows, columns, times, out)
      : this.assignMapped(rows, columns, times, out);
  }

  /**
   * Dense keys, one pass per part: the bucket's number (in a window from 0 on, the times whole
   * seconds and the base a multiple of g, SQL's `time // g * g` is the base plus the number times
   * g, found without a floating-point remainder), then each dimension's code, then the ids.
   */
  private assignDense(
    dense: DenseIds,
    rows: Int32Array,
    columns: readonly Int32Array[],
    times: Float64Array,
    keys: Int32Array,
  ): Int32Array {
    const g = this.plan.bucket;
    if (g !== undefined) bucketNumbers(times, this.base, g, rows, keys);
    else keys.fill(0);
    columns.forEach((column, d) => {
      addDigit(column, this.radix[d]!, rows, keys);
    });
    // A time series alone: rows in time order come in runs of one bucket, whose id is looked up once.
    if (g !== undefined && columns.length === 0) {
      let last = -1;
      let id = -1;
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        if (key !== last) {
          id = this.denseId(dense, key);
          last = key;
        }
        keys[i] = id;
      }
      return keys;
    }
    for (let i = 0; i < keys.length; i++) keys[i] = this.denseId(dense, keys[i]!);
    return keys;
  }

  /** The id of a dense key, made if new. */
  private denseId(dense: DenseIds, key: number): number {
    let id = dense.get(key);
    if (id < 0) {
      id = this.count++;
      if (id === KEYS.length) KEYS = wider(KEYS);
      KEYS[id] = key;
      dense.set(key, id);
    }
    return id;
  }

  /** Keys made of the bucket and the codes, through a map. */
  private assignMapped(
    rows: Int32Array,
    columns: readonly Int32Array[],
    times: Float64Array,
    out: Int32Array,
  ): Int32Array {
    const g = this.plan.bucket;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const time = times[r]!;
      const bucket = g === undefined ? 0 : time - (time % g);
      let key: string | number = String(bucket);
      for (const c of columns) key += `,${c[r]}`;
      let id = this.ids.get(key);
      if (id === undefined) {
        id = this.add(bucket, columns, r);
        this.ids.set(key, id);
      }
      out[i] = id;
    }
    return out;
  }

  /**
   * The group of bucket `number` (counted from the window's first bucket) of a time series with no
   * other key, made if new (concurviewavg's buckets, totals.ts `activeByBucket`).
   */
  bucketGroup(number: number): number {
    const g = this.plan.bucket;
    if (g === undefined || this.plan.dims.length > 0)
      throw new TypeError('@playq/server: a bucket group of a plan that is not a plain time series');
    const bucket = this.base + number * g;
    if (this.dense) return this.denseId(this.dense, number);
    const key = String(bucket);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.add(bucket, [], 0);
      this.ids.set(key, id);
    }
    return id;
  }

  /**
   * The tie of each of `groups` (order.ts): its place among all groups in the order of their codes
   * (a null first), then their bucket, as one integer below `space` (its codes and bucket number as
   * mixed-radix digits). Undefined when `space` would pass `limit`.
   *
   * @example
   * ```ts
   * const tie = index.tieKeys(kept, 2 ** 52);
   * ```
   */
  tieKeys(
    groups: Int32Array,
    limit: number,
  ): { readonly keys: Float64Array; readonly space: number } | undefined {
    const g = this.plan.bucket;
    const inner = this.inner;
    const space = inner * this.bucketCount;
    if (!(space <= limit)) return undefined;
    const keys = scratchFloats('tie keys', groups.length);
    if (this.dense && this.bucketCount === 1) {
      for (let i = 0; i < keys.length; i++) keys[i] = KEYS[groups[i]!]!;
      return { keys, space };
    }
    if (this.dense) {
      // The dense key's digits are the bucket's number, then the codes: the number goes last.
      for (let i = 0; i < keys.length; i++) {
        const key = KEYS[groups[i]!]!;
        const number = Math.floor(key / inner);
        keys[i] = (key - number * inner) * this.bucketCount + number;
      }
      return { keys, space };
    }
    keys.fill(0);
    for (let d = 0; d < this.codes.length; d++) {
      const codes = this.codes[d]!;
      const radix = this.radix[d]!;
      for (let i = 0; i < keys.length; i++) keys[i] = keys[i]! * radix + codes[groups[i]!]! + 1;
    }
    if (g === undefined) return { keys, space };
    for (let i = 0; i < keys.length; i++) {
      // A bucket is the base plus a whole number of g in the window: anything else has no digit.
      const number = (this.buckets[groups[i]!]! - this.base) / g;
      if (!(Number.isInteger(number) && number >= 0 && number < this.bucketCount)) return undefined;
      keys[i] = keys[i]! * this.bucketCount + number;
    }
    return { keys, space };
  }

  /** The first bucket's start: the window's start less its remainder. */
  get firstBucket(): number {
    return this.base;
  }

  /** The window's buckets (1 without a time series). */
  readonly bucketCount: number;

  private add(bucket: number, columns: readonly Int32Array[], r: number): number {
    this.buckets.push(bucket);
    for (let d = 0; d < columns.length; d++) this.codes[d]!.push(columns[d]![r]!);
    return this.count++;
  }
}

/** The same keys in twice the room. */
function wider(keys: Int32Array): Int32Array {
  const out = new Int32Array(2 * keys.length);
  out.set(keys);
  return out;
}

/**
 * Each row's bucket number, `(time - base) // g`: divided only when a time leaves the last
 * bucket's span (rows in time order cross a bucket's edge once).
 */
function bucketNumbers(
  times: Float64Array,
  base: number,
  g: number,
  rows: Int32Array,
  keys: Int32Array,
): void {
  let number = 0;
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < rows.length; i++) {
    const time = times[rows[i]!]!;
    if (!(time >= from && time < to)) {
      number = Math.floor((time - base) / g);
      from = base + number * g;
      to = from + g;
    }
    keys[i] = number;
  }
}

/** Appends a dimension's code (+1: a null is 0) to each row's key as one more mixed-radix digit. */
function addDigit(codes: Int32Array, radix: number, rows: Int32Array, keys: Int32Array): void {
  for (let i = 0; i < rows.length; i++) keys[i] = keys[i]! * radix + codes[rows[i]!]! + 1;
}

/** One more than the largest code of a dimension in either table (0 without codes). */
function codeLimit(tables: SmallTables, dim: SmallPlan['dims'][number]): number {
  const errors = limitOf(tables.errors.codes[dim]);
  const sessions = tables.sessions.codes as Readonly<Record<string, Int32Array | undefined>>;
  const own = sessions[dim];
  return Math.max(errors, own ? limitOf(own) : 0);
}

/** Rows of one source grouped: group k's rows are `rows[start[k]..start[k + 1])`, in table order. */
export interface Grouped {
  readonly rows: Int32Array;
  readonly start: Int32Array;
}

export function groupRows(rows: Int32Array, groupOf: Int32Array, groups: number): Grouped {
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < groupOf.length; i++) start[groupOf[i]! + 1]!++;
  for (let k = 0; k < groups; k++) start[k + 1]! += start[k]!;
  const at = start.slice(0, groups);
  const out = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[at[groupOf[i]!]!++] = rows[i]!;
  return { rows: out, start };
}

/** The time column a source's rows are bucketed by. */
export function sessionTimes(plan: SmallPlan, tables: SmallTables): Float64Array {
  return plan.sessiontype === 'started' ? tables.sessions.startTs : tables.sessions.endTs;
}
