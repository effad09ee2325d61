// Per-group totals of a source's rows, for metrics that are sums and counts: each total is one
// pass over the rows and their groups (groups.ts `assign`), made on first use, with no grouping of
// the rows themselves. Sums add integers, exact in any order (see plan.ts SmallMetric).
import { scratchFloats } from './scratch';
import type { ErrorColumns, SessionColumns } from './tables';

/** The integer columns a session metric sums. */
export type SumColumn = 'watchMs' | 'rebufferMs' | 'rebufferCount' | 'cdnChanges' | 'bytesDownloaded';

/** What a session total counts or sums. */
type SessionTotal = 'rows' | 'plays' | 'endedPlays' | 'failures' | 'startup' | SumColumn;

/**
 * The population's totals per group: rows, plays (a first frame), ended plays, startup failures
 * (no first frame, not a business failure), the startup times of plays, and column sums.
 *
 * @example
 * ```ts
 * const totals = new SessionTotals(tables.sessions, rows, groupOf, index.size);
 * totals.of('plays')[k]; // group k's sessions with a first frame
 * ```
 */
export class SessionTotals {
  private readonly made = new Map<SessionTotal, Float64Array>();

  constructor(
    private readonly t: SessionColumns,
    private readonly rows: Int32Array,
    private readonly groupOf: Int32Array,
    private readonly groups: number,
    /** Whether the group numbers come in runs along the rows (then added run by run; any order is counted right). */
    private readonly runs = false,
  ) {}

  of(total: SessionTotal): Float64Array {
    let out = this.made.get(total);
    if (!out) {
      out = zeros(total, this.groups);
      this.fill(total, out);
      this.made.set(total, out);
    }
    return out;
  }

  /**
   * Makes the watch and rebuffering times' sums in one pass, unless one is made already: for a
   * metric that reads both (a buffering ratio, a total duration).
   */
  watchAndRebuffer(): void {
    if (this.made.has('watchMs') || this.made.has('rebufferMs')) return;
    const watch = zeros('watchMs', this.groups);
    const rebuffer = zeros('rebufferMs', this.groups);
    sumTwo(this.t.watchMs, this.t.rebufferMs, this.rows, this.groupOf, watch, rebuffer, this.runs);
    this.made.set('watchMs', watch);
    this.made.set('rebufferMs', rebuffer);
  }

  private fill(total: SessionTotal, out: Float64Array): void {
    const { t, rows, groupOf } = this;
    const runs = this.runs;
    // The plays and their startup times are made in one pass: both read the startup time, and
    // a latency needs both.
    if (total === 'plays' || total === 'startup') {
      const other = zeros(total === 'plays' ? 'startup' : 'plays', this.groups);
      this.made.set(total === 'plays' ? 'startup' : 'plays', other);
      const [plays, startup] = total === 'plays' ? [out, other] : [other, out];
      countAndSumPresent(t.startupMs, rows, groupOf, plays, startup, runs);
    } else if (total === 'rows') countRows(groupOf, out, runs);
    else if (total === 'endedPlays') countEndedPlays(t, rows, groupOf, out);
    else if (total === 'failures') countFailures(t, rows, groupOf, out);
    else sumValues(t[total as SumColumn], rows, groupOf, out, runs);
  }
}

/**
 * A total's per-group array, zeroed: a scratch buffer (scratch.ts) lent to this evaluation, so a
 * query allocates none.
 */
const zeros = (total: string, groups: number) => scratchFloats(`total ${total}`, groups).fill(0);

// One function per total, each a loop the JIT keeps to itself. Where the rows' group numbers come
// in runs (a time series without a breakdown: rows in end-time order), a run's total is kept in a
// local and added once, rather than each row adding to the same slot right after the last.

function countRows(groupOf: Int32Array, out: Float64Array, runs: boolean): void {
  if (!runs) {
    for (let i = 0; i < groupOf.length; i++) out[groupOf[i]!]!++;
    return;
  }
  let at = 0;
  while (at < groupOf.length) {
    const g = groupOf[at]!;
    let end = at + 1;
    while (end < groupOf.length && groupOf[end] === g) end++;
    out[g]! += end - at;
    at = end;
  }
}

/**
 * The rows whose value is not NaN (SQL's `count(column)`) and the sum of those values
 * (`sum(column)`), per group.
 */
function countAndSumPresent(
  column: Float64Array,
  rows: Int32Array,
  groupOf: Int32Array,
  count: Float64Array,
  sum: Float64Array,
  runs: boolean,
): void {
  if (!runs) {
    for (let i = 0; i < rows.length; i++) {
      const v = column[rows[i]!]!;
      const k = groupOf[i]!;
      const present = !Number.isNaN(v);
      count[k]! += +present;
      sum[k]! += present ? v : 0;
    }
    return;
  }
  let at = 0;
  while (at < rows.length) {
    const g = groupOf[at]!;
    let n = 0;
    let total = 0;
    let i = at;
    for (; i < rows.length && groupOf[i] === g; i++) {
      const v = column[rows[i]!]!;
      const present = !Number.isNaN(v);
      n += +present;
      total += present ? v : 0;
    }
    count[g]! += n;
    sum[g]! += total;
    at = i;
  }
}

function countEndedPlays(t: SessionColumns, rows: Int32Array, groupOf: Int32Array, out: Float64Array): void {
  const startup = t.startupMs;
  const status = t.status;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out[groupOf[i]!]! += +!Number.isNaN(startup[r]!) & +(status[r] === 0);
  }
}

function countFailures(t: SessionColumns, rows: Int32Array, groupOf: Int32Array, out: Float64Array): void {
  const startup = t.startupMs;
  const business = t.businessFailure;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out[groupOf[i]!]! += +Number.isNaN(startup[r]!) & +(business[r] === 0);
  }
}

/**
 * The sum of a column without NaN, per group: integers whose sums stay under 2^53, exact in any
 * order, so a run adds into two locals.
 */
function sumValues(
  column: Float64Array,
  rows: Int32Array,
  groupOf: Int32Array,
  out: Float64Array,
  runs: boolean,
): void {
  if (!runs) {
    for (let i = 0; i < rows.length; i++) out[groupOf[i]!]! += column[rows[i]!]!;
    return;
  }
  let at = 0;
  while (at < rows.length) {
    const g = groupOf[at]!;
    let end = at + 1;
    while (end < rows.length && groupOf[end] === g) end++;
    let even = 0;
    let odd = 0;
    let i = at;
    for (; i + 1 < end; i += 2) {
      even += column[rows[i]!]!;
      odd += column[rows[i + 1]!]!;
    }
    if (i < end) even += column[rows[i]!]!;
    out[g]! += even + odd;
    at = end;
  }
}

/** The sums of two columns without NaN, per group, in one pass (as `sumValues` each). */
function sumTwo(
  a: Float64Array,
  b: Float64Array,
  rows: Int32Array,
  groupOf: Int32Array,
  outA: Float64Array,
  outB: Float64Array,
  runs: boolean,
): void {
  if (!runs) {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const k = groupOf[i]!;
      outA[k]! += a[r]!;
      outB[k]! += b[r]!;
    }
    return;
  }
  let at = 0;
  while (at < rows.length) {
    const g = groupOf[at]!;
    let sa = 0;
    let sb = 0;
    let i = at;
    for (; i < rows.length && groupOf[i] === g; i++) {
      const r = rows[i]!;
      sa += a[r]!;
      sb += b[r]!;
    }
    outA[g]! += sa;
    outB[g]! += sb;
    at = i;
  }
}

/**
 * The error events per group, all of them and the fatal ones.
 *
 * @example
 * ```ts
 * const { all, fatal } = errorTotals(tables.errors, rows, groupOf, index.size);
 * ```
 */
export function errorTotals(
  e: ErrorColumns,
  rows: Int32Array,
  groupOf: Int32Array,
  groups: number,
): { readonly all: Float64Array; readonly fatal: Float64Array } {
  const all = zeros('errors', groups);
  const fatal = zeros('fatal errors', groups);
  for (let i = 0; i < rows.length; i++) {
    const k = groupOf[i]!;
    all[k]!++;
    fatal[k]! += e.fatal[rows[i]!]!;
  }
  return { all, fatal };
}

/**
 * `concurviewavg` of a time series (sql/group-rows.ts `activeCountSource`): per bucket number of
 * the window (`g` seconds from `base`; `buckets` of them), the active sessions of `rows` in it:
 * +1 at each one's first bucket (its start's, or the window's first) and -1 after its last (its
 * last second's, or the window's last for a session not ended), then the running sum. A session
 * ending where it starts, at a bucket's start, is in none (its +1 and -1 cancel), as in SQL.
 *
 * @example
 * ```ts
 * const counts = activeByBucket(tables.sessions, activeRows(plan, tables), plan, base, 3600, 168);
 * ```
 */
export function activeByBucket(
  t: SessionColumns,
  rows: Int32Array,
  window: { readonly start: number; readonly end: number },
  base: number,
  g: number,
  buckets: number,
): Float64Array {
  const delta = new Float64Array(buckets + 1);
  const { start, end } = window;
  const firsts = new BucketOf(base, g);
  const lasts = new BucketOf(base, g);
  const lastOfWindow = lasts.of(end - 1);
  // The +1s and -1s of a run of rows in one bucket are counted in locals and added once.
  let first = 0;
  let starting = 0;
  let after = 0;
  let ending = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const ended = t.endTs[r]!;
    const f = firsts.of(Math.max(t.startTs[r]!, start));
    const a = (Number.isNaN(ended) ? lastOfWindow : lasts.of(Math.min(ended, end) - 1)) + 1;
    if (f !== first) {
      delta[first]! += starting;
      first = f;
      starting = 0;
    }
    starting++;
    if (a !== after) {
      delta[after]! -= ending;
      after = a;
      ending = 0;
    }
    ending++;
  }
  delta[first]! += starting;
  delta[after]! -= ending;
  const counts = new Float64Array(buckets);
  let running = 0;
  for (let b = 0; b < buckets; b++) {
    running += delta[b]!;
    counts[b] = running;
  }
  return counts;
}

/**
 * A time's bucket number, `(time - base) // g`, divided only when the time leaves the last one's
 * span: the rows come by end time, and most sessions are short, so their starts are near in order.
 */
class BucketOf {
  private number = 0;
  private from = Number.POSITIVE_INFINITY;
  private to = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly base: number,
    private readonly g: number,
  ) {}

  of(time: number): number {
    if (!(time >= this.from && time < this.to)) {
      this.number = Math.floor((time - this.base) / this.g);
      this.from = this.base + this.number * this.g;
      this.to = this.from + this.g;
    }
    return this.number;
  }
}
