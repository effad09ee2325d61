// The numeric session list fields as the small-data evaluator computes them, exactly as their SQL
// (sql/list-fields.ts) does over one session row: each field fills a Float64Array for a run of rows
// in one monomorphic loop (a divisor where the SQL divides, 0 where it coalesces a NULL).
import type { ListFieldName } from '@playq/query';
import { qoeScore } from '../sql/qoe-score';
import type { SmallListNumber } from './plan';
import type { SessionColumns, SmallTables } from './tables';

/** Writes a field's value of session row `rows[i]` into `out[i]`, for every i. */
type ListValues = (tables: SmallTables, rows: Int32Array, out: Float64Array, businesserror: boolean) => void;

/** `column / divisor` (`x / 1` is `x`), a NULL (NaN) as 0 (`coalesce(…, 0)`). */
const divided =
  (column: (t: SessionColumns) => Float64Array, divisor = 1): ListValues =>
  ({ sessions }, rows, out) => {
    const c = column(sessions);
    for (let i = 0; i < rows.length; i++) {
      const v = c[rows[i]!]! / divisor;
      out[i] = Number.isNaN(v) ? 0 : v;
    }
  };

/** `(watch_ms + rebuffer_ms) / divisor`: the time played, buffering included. */
const played =
  (divisor: number): ListValues =>
  ({ sessions: t }, rows, out) => {
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      out[i] = (t.watchMs[r]! + t.rebufferMs[r]!) / divisor;
    }
  };

/** `SESSION_BUFFERING_RATIO`: 0 on an empty denominator. */
const ratio: ListValues = ({ sessions: t }, rows, out) => {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const total = t.watchMs[r]! + t.rebufferMs[r]!;
    out[i] = total === 0 ? 0 : (100 * t.rebufferMs[r]!) / total;
  }
};

/** The session's own error events (any time) under the businesserror rule, all or the fatal ones. */
const ownErrors =
  (fatal: boolean): ListValues =>
  ({ own }, rows, out, business) => {
    const counts = fatal
      ? business
        ? own.fatalWithBusiness
        : own.fatal
      : business
        ? own.allWithBusiness
        : own.all;
    for (let i = 0; i < rows.length; i++) out[i] = counts[rows[i]!]!;
  };

const quality: ListValues = ({ sessions: t }, rows, out) => {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const startup = t.startupMs[r]!;
    out[i] = qoeScore(Number.isNaN(startup) ? null : startup, t.watchMs[r]!, t.rebufferMs[r]!);
  }
};

/** Each numeric list field's values (a field added to list-fields.ts fails this typecheck until it has one). */
const LIST_VALUES = Object.freeze({
  latency: divided((t) => t.startupMs, 1000),
  bufferingratio: ratio,
  cirrbufferingratio: ratio,
  buffcount: divided((t) => t.rebufferCount),
  playdur: divided((t) => t.watchMs, 60000),
  totalduration: played(60000),
  cbrsize: divided((t) => t.bytesDownloaded, 1000000),
  qualityofexperience: quality,
  errors: ownErrors(false),
  fatalerrors: ownErrors(true),
  cdn_change_rate: divided((t) => t.cdnChanges),
  starttime: divided((t) => t.startTs),
  endtime: divided((t) => t.endTs),
  watchtime: played(1000),
} satisfies Record<Extract<ListFieldName, SmallListNumber>, ListValues>);

export function isSmallListNumber(name: string): name is SmallListNumber {
  return Object.hasOwn(LIST_VALUES, name);
}

/**
 * A numeric list field's value for each of `rows` (session rows of the tables).
 *
 * @example
 * ```ts
 * listValues('latency', tables, rows, false); // Float64Array: startup s per row, 0 without a first frame
 * ```
 */
export function listValues(
  name: SmallListNumber,
  tables: SmallTables,
  rows: Int32Array,
  businesserror: boolean,
): Float64Array {
  const out = new Float64Array(rows.length);
  LIST_VALUES[name](tables, rows, out, businesserror);
  return out;
}
