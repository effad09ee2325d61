// The sessions table as `concurrency=1` reads it (sql/group-rows.ts `activeRows`): a window's
// active sessions count their time and bytes pro rata, the share of their duration inside the
// window, in whole milliseconds and bytes, with the same IEEE operations as the SQL.
import type { SmallPlan } from './plan';
import type { SessionColumns } from './tables';

/** The columns counted pro rata (sql/group-rows.ts `PRO_RATA`). */
type ProRataColumn = 'watchMs' | 'rebufferMs' | 'bytesDownloaded';

/**
 * The share of a session's duration inside `[start, end)`, as the SQL computes it: a session
 * without an end (NaN) lasts to the window's end, one of zero length counts whole.
 *
 * @example
 * ```ts
 * share(0, 100, 50, 150); // 0.5: half of [0, 100) is in [50, 150)
 * ```
 */
export function share(from: number, to: number, start: number, end: number): number {
  const until = Number.isNaN(to) ? end : to;
  return until <= from ? 1 : (Math.min(until, end) - Math.max(from, start)) / (until - from);
}

/**
 * A value's pro-rata part, a whole number (half up): `floor(x * share + 0.5)` in the SQL.
 *
 * @example
 * ```ts
 * proRata(5, 0.5); // 3
 * ```
 */
export const proRata = (value: number, part: number): number => Math.floor(value * part + 0.5);

/** Per sessions table, its pro-rata columns (each as long as the table; only the rows asked for are current). */
const columns = new WeakMap<SessionColumns, Record<ProRataColumn, Float64Array>>();

/**
 * The sessions table a plan's metrics and list fields read for its population `rows`
 * (rows.ts `populationRows`): with `concurrency=1`, its time and bytes pro rata in the window
 * (`proRataSessions`), else the table as it is.
 *
 * @example
 * ```ts
 * const rows = populationRows(plan, tables);
 * const t = sessionsRead(plan, tables.sessions, rows);
 * ```
 */
export function sessionsRead(plan: SmallPlan, t: SessionColumns, rows: Int32Array): SessionColumns {
  return plan.concurrency ? proRataSessions(t, rows, plan) : t;
}

/**
 * The sessions table with its time and bytes pro rata in the plan's window, for `rows` (the
 * window's active sessions, rows.ts `activeRows`): other rows of those columns hold older values.
 * The columns are made on first use and kept (8 MB each at 1M sessions); read the result before
 * the next evaluation.
 */
function proRataSessions(t: SessionColumns, rows: Int32Array, plan: SmallPlan): SessionColumns {
  let out = columns.get(t);
  if (!out) {
    out = {
      watchMs: new Float64Array(t.count),
      rebufferMs: new Float64Array(t.count),
      bytesDownloaded: new Float64Array(t.count),
    };
    columns.set(t, out);
  }
  const { watchMs, rebufferMs, bytesDownloaded } = out;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    const part = share(t.startTs[r]!, t.endTs[r]!, plan.start, plan.end);
    watchMs[r] = proRata(t.watchMs[r]!, part);
    rebufferMs[r] = proRata(t.rebufferMs[r]!, part);
    bytesDownloaded[r] = proRata(t.bytesDownloaded[r]!, part);
  }
  return { ...t, ...out };
}
