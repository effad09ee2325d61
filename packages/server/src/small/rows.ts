// The rows a small plan aggregates, as the SQL plan selects them (sql/group-rows.ts): the
// population S (customer, the period on the start or end time, status, filter, session-level
// conditions) and the error events in the window (businesserror rule, filter, the events of
// sessions that pass the session-level conditions). Row numbers in the order tables.ts reads.

import type { MetricName } from '@playq/query';
import { DIMENSION_SQL } from '../sql/dimension-sql';
import { QOE_TESTS } from '../sql/operators';
import { ownValueOf } from './metrics';
import type { SmallCondition, SmallPlan } from './plan';
import type { CustomerRange, ErrorCodeColumn, SessionCodeColumn, SmallTables } from './tables';

/** Per filtered dimension, a flag per code (1: selected); `null` when a clause selects no code. */
type CodeFlags = readonly { readonly column: ErrorCodeColumn; readonly flags: Uint8Array }[] | null;

function codeFlags(plan: SmallPlan, tables: SmallTables): CodeFlags {
  const out: { column: ErrorCodeColumn; flags: Uint8Array }[] = [];
  for (const clause of plan.filter) {
    const known = tables.codes[clause.dimension];
    const codes = clause.values.map((v) => known.get(v)).filter((c): c is number => c !== undefined);
    if (codes.length === 0) return null;
    const flags = new Uint8Array(Math.max(...codes) + 1);
    for (const c of codes) flags[c] = 1;
    out.push({ column: clause.dimension, flags });
  }
  return out;
}

/** A session-level condition resolved for one plan: the own value's function and the test. */
type Check = (r: number) => boolean;

/** Each session-level condition as a check of row `r` (a NULL own value, NaN, fails). */
function checks(
  conditions: readonly SmallCondition<MetricName>[],
  tables: SmallTables,
  business: boolean,
): Check[] {
  return conditions.map((c) => {
    const value = ownValueOf(c.metric);
    if (!value)
      throw new TypeError(`@playq/server: the small plan's condition on ${c.metric} has no own value`);
    const test = QOE_TESTS[c.operator];
    const { sessions, own } = tables;
    return (r) => {
      const v = value(sessions, own, r, business);
      return !Number.isNaN(v) && test(v, c.value);
    };
  });
}

const passes = (checks: readonly Check[], r: number) => {
  for (let c = 0; c < checks.length; c++) if (!checks[c]!(r)) return false;
  return true;
};

/** The first index in `[from, to)` whose value is at least `x` (`values` ascending there), else `to`. */
export function lowerBound(values: Float64Array, from: number, to: number, x: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rows of a customer whose time (ordered within its run) lies in `[start, end)`. */
function window(
  range: CustomerRange | undefined,
  times: Float64Array,
  start: number,
  end: number,
): [number, number] {
  if (!range) return [0, 0];
  return [lowerBound(times, range.from, range.open, start), lowerBound(times, range.from, range.open, end)];
}

const selected = (codes: Int32Array, flags: Uint8Array, r: number) => {
  const c = codes[r]!;
  return c >= 0 && flags[c] === 1;
};

/** Whether the plan groups or filters by a dimension only error events carry (category, key). */
export function errorOnly(plan: SmallPlan): boolean {
  return [...plan.dims, ...plan.filter.map((c) => c.dimension)].some((d) => DIMENSION_SQL[d].errorOnly);
}

/**
 * The population S: rows of the sessions table, in the tables' row order (none under an error-only
 * filter). A window on the end time is one run of rows; one on the start time scans the customer's.
 */
export function populationRows(plan: SmallPlan, tables: SmallTables): Int32Array {
  const filter = codeFlags(plan, tables);
  const t = tables.sessions;
  if (filter === null || errorOnly(plan)) return new Int32Array(0);
  const range = t.ranges.get(plan.customer);
  const started = plan.sessiontype === 'started';
  const [from, to] = started
    ? [range?.from ?? 0, range?.to ?? 0]
    : window(range, t.endTs, plan.start, plan.end);
  const conditions = checks(plan.sessionConditions, tables, plan.businesserror);
  const columns = filter.map((f) => t.codes[f.column as SessionCodeColumn]);
  const flags = filter.map((f) => f.flags);
  const out = new Int32Array(to - from);
  let n = 0;
  next: for (let r = from; r < to; r++) {
    if (started) {
      const time = t.startTs[r]!;
      if (!(time >= plan.start && time < plan.end)) continue;
    }
    if (!plan.allstatus && t.status[r]! > 1) continue;
    for (let f = 0; f < columns.length; f++) if (!selected(columns[f]!, flags[f]!, r)) continue next;
    if (conditions.length > 0 && !passes(conditions, r)) continue;
    out[n++] = r;
  }
  return out.subarray(0, n);
}

/** Error events in the window under the businesserror rule and the filter (sql/fragments.ts). */
export function errorRows(plan: SmallPlan, tables: SmallTables): Int32Array {
  const filter = codeFlags(plan, tables);
  const e = tables.errors;
  if (filter === null) return new Int32Array(0);
  const conditions = checks(plan.sessionConditions, tables, plan.businesserror);
  const [from, to] = window(e.ranges.get(plan.customer), e.ts, plan.start, plan.end);
  const columns = filter.map((f) => e.codes[f.column]);
  const flags = filter.map((f) => f.flags);
  const out = new Int32Array(to - from);
  let n = 0;
  next: for (let i = from; i < to; i++) {
    if (!plan.businesserror && e.business[i] === 1) continue;
    for (let f = 0; f < columns.length; f++) if (!selected(columns[f]!, flags[f]!, i)) continue next;
    if (conditions.length > 0) {
      const s = e.session[i]!;
      if (s < 0 || !(tables.sessions.startTs[s]! < plan.end)) continue;
      if (!passes(conditions, s)) continue;
    }
    out[n++] = i;
  }
  return out.subarray(0, n);
}
