// Each metric the small-data evaluator computes, exactly as its SQL (sql/metric-sql.ts) does: the
// aggregate over a group's sessions (sums of integers only: see SmallMetric) or error events,
// and a session's own value for a qoefilter condition. Quantiles interpolate as DuckDB's
// `quantile_cont`: lo * (1 - d) + hi * d.
import type { MetricName } from '@playq/query';
import { qoeScore } from '../sql/qoe-score';
import type { SmallMetric } from './plan';
import type { OwnErrorCounts, SessionColumns } from './tables';
import type { SessionTotals, SumColumn } from './totals';

/** The metrics over error events: every event in the window, or the fatal ones. */
export const ERROR_AGGREGATES = Object.freeze({ errors: 'all', fatalerrors: 'fatal' } as const);
type ErrorMetric = keyof typeof ERROR_AGGREGATES;

/** The metric over the active sessions of the window (rows.ts `activeRows`): their count. */
export const ACTIVE_METRIC = 'concurviewavg';

/** Rows `rows[from..to)` of the sessions table, one group's (in table order). */
export interface GroupRows {
  readonly t: SessionColumns;
  readonly rows: Int32Array;
  /** Sorted values already made for this group, by value function (quantiles asked together sort once). */
  sorted?: Map<(t: SessionColumns, r: number) => number, Float64Array>;
  readonly from: number;
  readonly to: number;
  /** Group k's totals, when its metrics are all read from them (`BY_TOTALS`): then it has no rows. */
  readonly totals?: { readonly of: SessionTotals; readonly k: number };
}

type SessionAggregate = (g: GroupRows) => number;

/** The group's rows, for a metric not in BY_TOTALS. */
const rowsOf = (g: GroupRows) => {
  if (g.totals) throw new TypeError('@playq/server: a metric over rows was given a group of totals');
  return g.rows;
};
const total = (g: GroupRows, what: Parameters<SessionTotals['of']>[0], rows: (g: GroupRows) => number) =>
  g.totals ? g.totals.of.of(what)[g.totals.k]! : rows(g);

const sum = (g: GroupRows, column: SumColumn) =>
  total(g, column, () => {
    const c = g.t[column];
    const rows = g.rows;
    let s = 0;
    for (let i = g.from; i < g.to; i++) s += c[rows[i]!]!;
    return s;
  });
const attempts = (g: GroupRows) => total(g, 'rows', () => g.to - g.from);
/** Sessions with a first frame (`count(startup_ms)`). */
const plays = (g: GroupRows) =>
  total(g, 'plays', () => {
    const { rows, t } = g;
    let n = 0;
    for (let i = g.from; i < g.to; i++) n += Number.isNaN(t.startupMs[rows[i]!]!) ? 0 : 1;
    return n;
  });
/** Sessions with a first frame and the status ENDED. */
const endedPlays = (g: GroupRows) =>
  total(g, 'endedPlays', () => {
    const { rows, t } = g;
    let n = 0;
    for (let i = g.from; i < g.to; i++) {
      const r = rows[i]!;
      n += +!Number.isNaN(t.startupMs[r]!) & +(t.status[r] === 0);
    }
    return n;
  });
/** `coalesce(num::DOUBLE / nullif(den, 0), 0)` */
const ratio = (num: number, den: number) => (den === 0 ? 0 : num / den);
const watch = (g: GroupRows) => sum(g, 'watchMs');
const rebuffer = (g: GroupRows) => sum(g, 'rebufferMs');
/** Both times, made in one pass from totals. */
const times = (g: GroupRows) => {
  g.totals?.of.watchAndRebuffer();
  return { watch: watch(g), rebuffer: rebuffer(g) };
};
const bufferingRatio = (g: GroupRows) => {
  const t = times(g);
  return ratio(100 * t.rebuffer, t.watch + t.rebuffer);
};
const playdur = (g: GroupRows) => watch(g) / 60000;
/** Sessions without a first frame that are not business failures. */
const startupFailures = (g: GroupRows) =>
  total(g, 'failures', () => {
    const { rows, t } = g;
    let n = 0;
    for (let i = g.from; i < g.to; i++) {
      const r = rows[i]!;
      n += +Number.isNaN(t.startupMs[r]!) & +(t.businessFailure[r] === 0);
    }
    return n;
  });

/** Which sessions a distinct count takes: all, those with a first frame, or the anonymous ones. */
type Among = 'all' | 'plays' | 'anonymous';

/** `count(DISTINCT code)` over the group's sessions `among`; a null code (-1) is not counted. */
const distinct = (g: GroupRows, codes: Int32Array, among: Among) => {
  const rows = rowsOf(g);
  const t = g.t;
  seen.clear();
  let n = 0;
  for (let i = g.from; i < g.to; i++) {
    const r = rows[i]!;
    if (
      among === 'plays'
        ? Number.isNaN(t.startupMs[r]!)
        : among === 'anonymous' && t.codes.subscriberid[r] !== -1
    )
      continue;
    const k = codes[r]!;
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

/**
 * Distinct viewers (sessions with a first frame, or all `among`): the subscriber's code, else
 * (anonymous) the device's, kept apart as -2 - code.
 */
const viewers = (g: GroupRows, among: 'all' | 'plays') => {
  const rows = rowsOf(g);
  const t = g.t;
  const subscribers = t.codes.subscriberid;
  const devices = t.codes.device_id;
  seen.clear();
  let n = 0;
  for (let i = g.from; i < g.to; i++) {
    const r = rows[i]!;
    if (among === 'plays' && Number.isNaN(t.startupMs[r]!)) continue;
    const s = subscribers[r]!;
    const k = s >= 0 ? s : -2 - devices[r]!;
    if (k !== -1 && seen.add(k)) n++;
  }
  return n;
};
const uniqueViewers = (g: GroupRows) => viewers(g, 'plays');

/** Values of a column over the group's rows, NaN (null) left out, sorted ascending. */
function sorted(g: GroupRows, value: (t: SessionColumns, r: number) => number): Float64Array {
  const memo = g.sorted ?? new Map();
  g.sorted = memo;
  const made = memo.get(value);
  if (made) return made;
  const rows = rowsOf(g);
  const out = new Float64Array(g.to - g.from);
  let n = 0;
  for (let i = g.from; i < g.to; i++) {
    const v = value(g.t, rows[i]!);
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
  const n = plays(g);
  const s = total(g, 'startup', () => {
    let s = 0;
    for (let i = g.from; i < g.to; i++) {
      const v = g.t.startupMs[g.rows[i]!]!;
      if (!Number.isNaN(v)) s += v;
    }
    return s;
  });
  return n === 0 ? 0 : s / n / 1000;
};

/** The session metrics made of totals alone (totals.ts): a group's rows are not needed for them. */
const FROM_TOTALS = {
  attempts,
  viewercount: plays,
  endedplays: endedPlays,
  totalstartupfailure: startupFailures,
  failurerate: (g) => ratio(100 * startupFailures(g), attempts(g)),
  latency: avgLatency,
  avg_latency: avgLatency,
  bufferingratio: bufferingRatio,
  cirrbufferingratio: bufferingRatio,
  buffcount: (g) => sum(g, 'rebufferCount'),
  playdur,
  totalduration: (g) => {
    const t = times(g);
    return (t.watch + t.rebuffer) / 60000;
  },
  cbrsize: (g) => sum(g, 'bytesDownloaded') / 1000000,
  cdn_change_rate: (g) => ratio(sum(g, 'cdnChanges'), plays(g)),
} satisfies Partial<Record<MetricName, SessionAggregate>>;

/** The session metrics over a group's rows: quantiles and distinct counts. */
const FROM_ROWS = {
  median_latency: startupQuantile(0.5),
  p95_latency: startupQuantile(0.95),
  p99_latency: startupQuantile(0.99),
  avg_playtime_by_audience: (g) => ratio(playdur(g), viewers(g, 'all')),
  users: (g) => distinct(g, g.t.codes.subscriberid, 'all'),
  unique_subscribers: (g) => distinct(g, g.t.codes.subscriberid, 'all'),
  uniqueviewercount: uniqueViewers,
  unique_devices: (g) => distinct(g, g.t.codes.device_id, 'all'),
  anonymous_viewers: (g) => distinct(g, g.t.codes.device_id, 'anonymous'),
  uniquesubscribercount: (g) => distinct(g, g.t.codes.subscriberid, 'plays'),
  median_qualityofexperience: (g) => {
    const v = quantileCont(sorted(g, qoe), 0.5);
    return Number.isNaN(v) ? 0 : v;
  },
  playperunique: (g) => ratio(plays(g), uniqueViewers(g)),
  playtimeperunique: (g) => ratio(playdur(g), uniqueViewers(g)),
} satisfies Partial<Record<MetricName, SessionAggregate>>;

/** The session-source aggregates, keyed by metric. */
export const SESSION_AGGREGATES = Object.freeze({
  ...FROM_TOTALS,
  ...FROM_ROWS,
} satisfies Record<Exclude<SmallMetric, ErrorMetric | typeof ACTIVE_METRIC>, SessionAggregate>);

/** The session metrics made of totals alone: a group needs no rows of its own for them. */
export const BY_TOTALS: ReadonlySet<string> = new Set(Object.keys(FROM_TOTALS));

export type SessionMetric = keyof typeof SESSION_AGGREGATES;

export function isSessionMetric(name: string): name is SessionMetric {
  return Object.hasOwn(SESSION_AGGREGATES, name);
}

export function isSmallMetric(name: string): name is SmallMetric {
  return isSessionMetric(name) || Object.hasOwn(ERROR_AGGREGATES, name) || name === ACTIVE_METRIC;
}

/** A session's own value (metric-sql.ts `session`) as data, read row by row or written for many rows. */
type Own =
  /** A number column divided by `by`: NaN (NULL) stays NaN. */
  | {
      readonly kind: 'scaled';
      readonly column: 'startupMs' | 'watchMs' | 'rebufferCount' | 'bytesDownloaded';
      readonly by: number;
    }
  /** The buffering ratio, 0 on an empty denominator. */
  | { readonly kind: 'ratio' }
  /** Watch and rebuffering time in minutes. */
  | { readonly kind: 'duration' }
  | { readonly kind: 'qoe' }
  /** The session's own error events under the businesserror rule, or the fatal ones. */
  | { readonly kind: 'errors'; readonly fatal: boolean };

const latencyOwn: Own = { kind: 'scaled', column: 'startupMs', by: 1000 };
const ratioOwn: Own = { kind: 'ratio' };

/** The own value of each metric that has one (metric-sql.ts `session`), typed by the catalogue. */
const OWN: Partial<Record<MetricName, Own>> = {
  latency: latencyOwn,
  avg_latency: latencyOwn,
  bufferingratio: ratioOwn,
  cirrbufferingratio: ratioOwn,
  buffcount: { kind: 'scaled', column: 'rebufferCount', by: 1 },
  playdur: { kind: 'scaled', column: 'watchMs', by: 60000 },
  totalduration: { kind: 'duration' },
  cbrsize: { kind: 'scaled', column: 'bytesDownloaded', by: 1000000 },
  qualityofexperience: { kind: 'qoe' },
  errors: { kind: 'errors', fatal: false },
  fatalerrors: { kind: 'errors', fatal: true },
};

const ownRatio = (watch: number, rebuffer: number) => {
  const total = watch + rebuffer;
  return total === 0 ? 0 : (100 * rebuffer) / total;
};
const ownErrors = (own: OwnErrorCounts, fatal: boolean, business: boolean) =>
  fatal ? (business ? own.fatalWithBusiness : own.fatal) : business ? own.allWithBusiness : own.all;

/**
 * Writes the own value of `metric` (one it has, see `hasOwnValue`) for each of `rows[0..n)` into
 * `out`, one loop per kind of value.
 *
 * @example
 * ```ts
 * ownValues('bufferingratio', t, own, rows, n, false, values); // values[k]: rows[k]'s ratio
 * ```
 */
export function ownValues(
  metric: MetricName,
  t: SessionColumns,
  own: OwnErrorCounts,
  rows: Int32Array,
  n: number,
  business: boolean,
  out: Float64Array,
): void {
  const o = OWN[metric];
  if (!o) throw new TypeError(`@playq/server: ${metric} has no own value`);
  switch (o.kind) {
    case 'scaled': {
      const column = t[o.column];
      for (let k = 0; k < n; k++) out[k] = column[rows[k]!]! / o.by;
      return;
    }
    case 'ratio':
      for (let k = 0; k < n; k++) out[k] = ownRatio(t.watchMs[rows[k]!]!, t.rebufferMs[rows[k]!]!);
      return;
    case 'duration':
      for (let k = 0; k < n; k++) out[k] = (t.watchMs[rows[k]!]! + t.rebufferMs[rows[k]!]!) / 60000;
      return;
    case 'qoe':
      for (let k = 0; k < n; k++) out[k] = qoe(t, rows[k]!);
      return;
    case 'errors': {
      const counts = ownErrors(own, o.fatal, business);
      for (let k = 0; k < n; k++) out[k] = counts[rows[k]!]!;
      return;
    }
  }
}

/**
 * The own value of `metric` for every session, made once per table, kind of value and (for error
 * counts) businesserror rule, then kept: a condition on it reads one column, as a stored one.
 *
 * @example
 * ```ts
 * const ratio = ownColumn('bufferingratio', tables.sessions, tables.own, false);
 * ratio[r]; // session r's buffering ratio
 * ```
 */
export function ownColumn(
  metric: MetricName,
  t: SessionColumns,
  own: OwnErrorCounts,
  business: boolean,
): Float64Array {
  const o = OWN[metric];
  if (!o) throw new TypeError(`@playq/server: ${metric} has no own value`);
  let kept = ownColumns.get(t);
  if (!kept) {
    kept = new Map();
    ownColumns.set(t, kept);
  }
  const key = o.kind === 'errors' ? `${o.fatal}/${business}` : o;
  let column = kept.get(key);
  if (!column) {
    const all = new Int32Array(t.count);
    for (let r = 0; r < t.count; r++) all[r] = r;
    column = new Float64Array(t.count);
    ownValues(metric, t, own, all, t.count, business, column);
    kept.set(key, column);
  }
  return column;
}
const ownColumns = new WeakMap<SessionColumns, Map<Own | string, Float64Array>>();

/**
 * Whether a metric has a session's own value for a session-level condition (metric-sql.ts
 * `session`): NaN where SQL has NULL (no first frame for latency), which fails every comparison.
 */
export function hasOwnValue(metric: MetricName): boolean {
  return OWN[metric] !== undefined;
}
