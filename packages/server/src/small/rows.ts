// The rows a small plan aggregates, as the SQL plan selects them (sql/group-rows.ts): the
// population S (customer, the period on the start or end time, status, filter, session-level
// conditions) and the error events in the window (businesserror rule, filter, the events of
// sessions that pass the session-level conditions). Row numbers in the order tables.ts reads,
// kept by the selection passes of scan.ts, one test after another.

import type { ComparisonOperator } from '@playq/query';
import { DIMENSION_SQL } from '../sql/dimension-sql';
import { QOE_TESTS } from '../sql/operators';
import { ownColumn } from './metrics';
import type { SmallPlan } from './plan';
import {
  allOf,
  codeFlags,
  flagsAtMost,
  flagsAtMostWith,
  keepAtMost,
  keepCodesOf,
  keepCompared,
  timesIn,
} from './scan';
import { lend, type RowsUse } from './scratch';
import type { CustomerRange, SessionCodeColumn, SmallTables } from './tables';

/** Per filtered dimension, its code column and a flag per code (`codeFlags`); `null` when a clause selects no code. */
type Filter = readonly { readonly codes: Int32Array; readonly flags: Uint8Array }[] | null;

function filterOf(
  plan: SmallPlan,
  tables: SmallTables,
  column: (d: SmallPlan['dims'][number]) => Int32Array,
): Filter {
  const out: { codes: Int32Array; flags: Uint8Array }[] = [];
  for (const clause of plan.filter) {
    const known = tables.codes[clause.dimension];
    const codes = clause.values.map((v) => known.get(v)).filter((c): c is number => c !== undefined);
    if (codes.length === 0) return null;
    const values = column(clause.dimension);
    out.push({ codes: values, flags: codeFlags(values, codes) });
  }
  return out;
}

/** A session-level condition on its own-value column (`ownColumn`). */
interface ColumnCondition {
  readonly column: Float64Array;
  readonly operator: ComparisonOperator;
  readonly value: number;
}

function conditionColumns(plan: SmallPlan, tables: SmallTables): ColumnCondition[] {
  return plan.sessionConditions.map((c) => ({
    column: ownColumn(c.metric, tables.sessions, tables.own, plan.businesserror),
    operator: c.operator,
    value: c.value,
  }));
}

/** Whether session `s` passes a condition (a NULL own value, NaN, fails). */
const passes = (c: ColumnCondition, s: number) => {
  const v = c.column[s]!;
  return !Number.isNaN(v) && QOE_TESTS[c.operator](v, c.value);
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

/** Whether the plan groups or filters by a dimension only error events carry (category, key). */
export function errorOnly(plan: SmallPlan): boolean {
  return [...plan.dims, ...plan.filter.map((c) => c.dimension)].some((d) => DIMENSION_SQL[d].errorOnly);
}

/**
 * The population S: rows of the sessions table, in the tables' row order (none under an error-only
 * filter). A window on the end time is one run of rows; one on the start time scans the customer's.
 * With `concurrency=1`, S is the window's active sessions (`activeRows`). The rows are lent
 * (scratch.ts `lend`): read them before the next evaluation.
 */
export function populationRows(plan: SmallPlan, tables: SmallTables): Int32Array {
  if (plan.concurrency) return activeRows(plan, tables, 'population');
  const t = tables.sessions;
  const scope = sessionScope(plan, tables);
  if (!scope) return new Int32Array(0);
  const { range } = scope;
  const [from, to] =
    plan.sessiontype === 'started' ? [range.from, range.to] : window(range, t.endTs, plan.start, plan.end);
  const rows = lend('population', to - from);
  let filter = scope.filter;
  let n: number;
  if (plan.sessiontype === 'started') {
    n = timesIn(t.startTs, plan.start, plan.end, from, to, rows);
    if (!plan.allstatus) n = keepAtMost(t.status, 1, rows, n);
  } else if (plan.allstatus) n = allOf(from, to, rows);
  else if (filter.length === 0) n = flagsAtMost(t.status, 1, from, to, rows);
  else {
    // The status and the first clause in one pass over the window's run.
    n = flagsAtMostWith(t.status, 1, filter[0]!, from, to, rows);
    filter = filter.slice(1);
  }
  return rows.subarray(0, keepMatching(filter, plan, tables, rows, n));
}

/**
 * The active sessions of the window (sql/group-rows.ts `activeSessions`): any status and session
 * type, started before the window's end and ended after its start or not ended, under the filter
 * and the session-level conditions. Those ended after the start are one run of rows (the open
 * ones follow them). `use` names the lent buffer: 'population' where they are S (`concurrency=1`),
 * 'active' where `concurviewavg` counts them.
 */
export function activeRows(plan: SmallPlan, tables: SmallTables, use: RowsUse = 'active'): Int32Array {
  const t = tables.sessions;
  const scope = sessionScope(plan, tables);
  if (!scope) return new Int32Array(0);
  const { range } = scope;
  let from = lowerBound(t.endTs, range.from, range.open, plan.start);
  while (from < range.open && t.endTs[from] === plan.start) from++;
  // Those ended before the window's end started before it (no session ends before it starts, a
  // rule of the data: data/schema.ts): only the later and open ones are tested.
  const ended = lowerBound(t.endTs, from, range.open, plan.end) - from;
  const rows = lend(use, range.to - from);
  const all = allOf(from, range.to, rows);
  const n = ended + keepCompared(t.startTs, '<', plan.end, rows.subarray(ended), all - ended);
  return rows.subarray(0, keepMatching(scope.filter, plan, tables, rows, n));
}

/**
 * The customer's run of sessions and the filter's flags on them, or `undefined` when no session can
 * match: a breakdown or filter by an error-only dimension, a customer without sessions, a filter
 * clause none of whose values the data holds.
 */
function sessionScope(
  plan: SmallPlan,
  tables: SmallTables,
): { readonly range: CustomerRange; readonly filter: NonNullable<Filter> } | undefined {
  const range = tables.sessions.ranges.get(plan.customer);
  if (errorOnly(plan) || !range) return undefined;
  const filter = filterOf(plan, tables, (d) => tables.sessions.codes[d as SessionCodeColumn]);
  return filter === null ? undefined : { range, filter };
}

/** Keeps the first `n` sessions of `rows` that pass the filter and the session-level conditions; their count. */
function keepMatching(
  filter: NonNullable<Filter>,
  plan: SmallPlan,
  tables: SmallTables,
  rows: Int32Array,
  n: number,
): number {
  let m = n;
  m = keepCodesOf(filter, rows, m);
  for (const c of conditionColumns(plan, tables)) m = keepCompared(c.column, c.operator, c.value, rows, m);
  return m;
}

/** Error events in the window under the businesserror rule and the filter (sql/fragments.ts). */
export function errorRows(plan: SmallPlan, tables: SmallTables): Int32Array {
  const e = tables.errors;
  const filter = filterOf(plan, tables, (d) => e.codes[d]);
  if (filter === null) return new Int32Array(0);
  const [from, to] = window(e.ranges.get(plan.customer), e.ts, plan.start, plan.end);
  const rows = lend('errors', to - from);
  let n = plan.businesserror ? allOf(from, to, rows) : flagsAtMost(e.business, 0, from, to, rows);
  n = keepCodesOf(filter, rows, n);
  if (plan.sessionConditions.length > 0) {
    // The event's session: one that exists, started before the window's end, and passes.
    const conditions = conditionColumns(plan, tables);
    const starts = tables.sessions.startTs;
    let m = 0;
    for (let k = 0; k < n; k++) {
      const i = rows[k]!;
      const s = e.session[i]!;
      rows[m] = i;
      m += s >= 0 && starts[s]! < plan.end && conditions.every((c) => passes(c, s)) ? 1 : 0;
    }
    n = m;
  }
  return rows.subarray(0, n);
}
