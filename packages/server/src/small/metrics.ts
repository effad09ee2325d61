// Each metric the small-data evaluator computes, exactly as its SQL (sql/metric-sql.ts) does: the
// aggregate over a group's sessions (sums of integers only: see SmallMetric) or error events,
// and a session's own value for a qoefilter condition. Quantiles interpolate as DuckDB's
// `quantile_cont`: lo * (1 - d) + hi * d.
import type { MetricName } from '@playq/query';
import { qoeScore } from '../sql/qoe-score';
import type { SmallMetric } from './plan';
import type { OwnErrorCounts, SessionColumns } from './tables';

/** The metrics over error events: every event in the window, or the fatal ones. */
export const ERROR_AGGREGATES = Object.freeze({ errors: 'all', fatalerrors: 'fatal' } as const);
type ErrorMetric = keyof typeof ERROR_AGGREGATES;

/** Rows `rows[from..to)` of the sessions table, one group's (in table order). */
export interface GroupRows {
  readonly t: SessionColumns;
  readonly rows: Int32Array;
  /** Sorted values already made for this group, by value function (quantiles asked together sort once). */
  sorted?: Map<(t: SessionColumns, r: number) => number, Float64Array>;
  readonly from: number;
  readonly to: number;
}

type SessionAggregate = (g: GroupRows) => number;

const count = (g: GroupRows, test: (t: SessionColumns, r: number) => boolean) => {
  let n = 0;
  for (let i = g.from; i < g.to; i++) if (test(g.t, g.rows[i]!)) n++;
  return n;
};
const sum = (g: GroupRows, column: (t: SessionColumns) => Float64Array) => {
  const c = column(g.t);
  let s = 0;
  for (let i = g.from; i < g.to; i++) s += c[g.rows[i]!]!;
  return s;
};
const plays = (g: GroupRows) => count(g, (t, r) => !Number.isNaN(t.startupMs[r]!));
/** `coalesce(num::DOUBLE / nullif(den, 0), 0)` */
const ratio = (num: number, den: number) => (den === 0 ? 0 : num / den);
const watch = (g: GroupRows) => sum(g, (t) => t.watchMs);
const rebuffer = (g: GroupRows) => sum(g, (t) => t.rebufferMs);
const bufferingRatio = (g: GroupRows) => ratio(100 * rebuffer(g), watch(g) + rebuffer(g));
const playdur = (g: GroupRows) => watch(g) / 60000;
const startupFailures = (g: GroupRows) =>
  count(g, (t, r) => Number.isNaN(t.startupMs[r]!) && t.businessFailure[r] === 0);

/** `count(DISTINCT key)` over the rows passing `when`; keys are codes, -1 (null) not counted. */
const distinct = (
  g: GroupRows,
  key: (t: SessionColumns, r: number) => number,
  when?: (r: number) => boolean,
) => {
  seen.clear();
  let n = 0;
  for (let i = g.from; i < g.to; i++) {
    const r = g.rows[i]!;
    if (when && !when(r)) continue;
    const k = key(g.t, r);
    if (k !== -1 && seen.add(k)) n++;
  }
  return n;
};

/**
 * A set of codes (from -1 down: -2 - code) cleared in O(1): each code's mark holds the round it
 * was last added in. One is shared, since the evaluator runs to its end without yielding.
 */
class CodeSet {
  private marks = new Int32Array(1024);
  private negative = new Int32Array(1024);
  private round = 1;

  clear(): void {
    this.round++;
    if (this.round === 0x7fffffff) {
      this.marks.fill(0);
      this.negative.fill(0);
      this.round = 1;
    }
  }

  /** Adds a code (not -1); whether it was new this round. */
  add(code: number): boolean {
    const at = code >= 0 ? code : -2 - code;
    const marks = this.grown(at, code < 0);
    if (marks[at] === this.round) return false;
    marks[at] = this.round;
    return true;
  }

  private grown(at: number, negative: boolean): Int32Array {
    const marks = negative ? this.negative : this.marks;
    if (at < marks.length) return marks;
    const more = new Int32Array(Math.max(2 * marks.length, at + 1));
    more.set(marks);
    if (negative) this.negative = more;
    else this.marks = more;
    return more;
  }
}
const seen = new CodeSet();

/** A viewer: the subscriber's code, else (anonymous) the device's, kept apart as -2 - code. */
const viewer = (t: SessionColumns, r: number) => {
  const s = t.codes.subscriberid[r]!;
  return s >= 0 ? s : -2 - t.codes.device_id[r]!;
};
const uniqueViewers = (g: GroupRows) => distinct(g, viewer, (r) => !Number.isNaN(g.t.startupMs[r]!));

/** Values of a column over the group's rows, NaN (null) left out, sorted ascending. */
function sorted(g: GroupRows, value: (t: SessionColumns, r: number) => number): Float64Array {
  const memo = g.sorted ?? new Map();
  g.sorted = memo;
  const made = memo.get(value);
  if (made) return made;
  const out = new Float64Array(g.to - g.from);
  let n = 0;
  for (let i = g.from; i < g.to; i++) {
    const v = value(g.t, g.rows[i]!);
    if (!Number.isNaN(v)) out[n++] = v;
  }
  const values = out.subarray(0, n).sort();
  memo.set(value, values);
  return values;
}

/** `quantile_cont(value, q)`, NaN (SQL NULL) over no value. */
export function quantileCont(values: Float64Array, q: number): number {
  if (values.length === 0) return Number.NaN;
  const rn = (values.length - 1) * q;
  const lo = Math.floor(rn);
  const hi = Math.ceil(rn);
  if (lo === hi) return values[lo]!;
  const d = rn - lo;
  return values[lo]! * (1 - d) + values[hi]! * d;
}

const startup = (t: SessionColumns, r: number) => t.startupMs[r]!;
const startupQuantile = (q: number) => (g: GroupRows) => {
  const v = quantileCont(sorted(g, startup), q) / 1000;
  return Number.isNaN(v) ? 0 : v;
};
const qoe = (t: SessionColumns, r: number) =>
  qoeScore(Number.isNaN(t.startupMs[r]!) ? null : t.startupMs[r]!, t.watchMs[r]!, t.rebufferMs[r]!);
/** `coalesce(avg(startup_ms) / 1000.0, 0)`: DuckDB divides the integer sum by the count in doubles. */
const avgLatency = (g: GroupRows) => {
  let s = 0;
  let n = 0;
  for (let i = g.from; i < g.to; i++) {
    const v = g.t.startupMs[g.rows[i]!]!;
    if (Number.isNaN(v)) continue;
    s += v;
    n++;
  }
  return n === 0 ? 0 : s / n / 1000;
};

/** The session-source aggregates, keyed by metric. */
export const SESSION_AGGREGATES = Object.freeze({
  attempts: (g) => g.to - g.from,
  viewercount: plays,
  endedplays: (g) => count(g, (t, r) => !Number.isNaN(t.startupMs[r]!) && t.status[r] === 0),
  totalstartupfailure: startupFailures,
  failurerate: (g) => ratio(100 * startupFailures(g), g.to - g.from),
  latency: avgLatency,
  avg_latency: avgLatency,
  median_latency: startupQuantile(0.5),
  p95_latency: startupQuantile(0.95),
  p99_latency: startupQuantile(0.99),
  bufferingratio: bufferingRatio,
  cirrbufferingratio: bufferingRatio,
  buffcount: (g) => sum(g, (t) => t.rebufferCount),
  playdur,
  totalduration: (g) => (watch(g) + rebuffer(g)) / 60000,
  cbrsize: (g) => sum(g, (t) => t.bytesDownloaded) / 1000000,
  avg_playtime_by_audience: (g) => ratio(playdur(g), distinct(g, viewer)),
  users: (g) => distinct(g, (t, r) => t.codes.subscriberid[r]!),
  unique_subscribers: (g) => distinct(g, (t, r) => t.codes.subscriberid[r]!),
  uniqueviewercount: uniqueViewers,
  unique_devices: (g) => distinct(g, (t, r) => t.codes.device_id[r]!),
  anonymous_viewers: (g) =>
    distinct(
      g,
      (t, r) => t.codes.device_id[r]!,
      (r) => g.t.codes.subscriberid[r] === -1,
    ),
  uniquesubscribercount: (g) =>
    distinct(
      g,
      (t, r) => t.codes.subscriberid[r]!,
      (r) => !Number.isNaN(g.t.startupMs[r]!),
    ),
  cdn_change_rate: (g) =>
    ratio(
      sum(g, (t) => t.cdnChanges),
      plays(g),
    ),
  median_qualityofexperience: (g) => {
    const v = quantileCont(sorted(g, qoe), 0.5);
    return Number.isNaN(v) ? 0 : v;
  },
  playperunique: (g) => ratio(plays(g), uniqueViewers(g)),
  playtimeperunique: (g) => ratio(playdur(g), uniqueViewers(g)),
} satisfies Record<Exclude<SmallMetric, ErrorMetric>, SessionAggregate>);

export type SessionMetric = keyof typeof SESSION_AGGREGATES;

export function isSessionMetric(name: string): name is SessionMetric {
  return Object.hasOwn(SESSION_AGGREGATES, name);
}

export function isSmallMetric(name: string): name is SmallMetric {
  return isSessionMetric(name) || Object.hasOwn(ERROR_AGGREGATES, name);
}

type OwnValue = (t: SessionColumns, own: OwnErrorCounts, r: number, businesserror: boolean) => number;

/** A session's buffering ratio, 0 on an empty denominator (metric-sql.ts `session`). */
const ownRatio: OwnValue = (t, _own, r) => {
  const total = t.watchMs[r]! + t.rebufferMs[r]!;
  return total === 0 ? 0 : (100 * t.rebufferMs[r]!) / total;
};
const ownLatency: OwnValue = (t, _own, r) => t.startupMs[r]! / 1000;

/** The own value of each metric that has one (metric-sql.ts `session`), typed by the catalogue. */
const OWN_VALUES: Partial<Record<MetricName, OwnValue>> = {
  latency: ownLatency,
  avg_latency: ownLatency,
  bufferingratio: ownRatio,
  cirrbufferingratio: ownRatio,
  buffcount: (t, _own, r) => t.rebufferCount[r]!,
  playdur: (t, _own, r) => t.watchMs[r]! / 60000,
  totalduration: (t, _own, r) => (t.watchMs[r]! + t.rebufferMs[r]!) / 60000,
  cbrsize: (t, _own, r) => t.bytesDownloaded[r]! / 1000000,
  qualityofexperience: (t, _own, r) => qoe(t, r),
  errors: (_t, own, r, business) => (business ? own.allWithBusiness : own.all)[r]!,
  fatalerrors: (_t, own, r, business) => (business ? own.fatalWithBusiness : own.fatal)[r]!,
};

/**
 * A session's own value for a session-level condition (metric-sql.ts `session`), NaN where SQL
 * has NULL (no first frame for latency): such a session fails every comparison. `undefined` for a
 * metric without one.
 */
export function ownValueOf(metric: MetricName): OwnValue | undefined {
  return OWN_VALUES[metric];
}
