// The rows a small plan aggregates, as the SQL plan selects them (sql/group-rows.ts): the
// population S (customer, the period on the start or end time, status, filter, session-level
// conditions) and the error events in the window (businesserror rule, filter, the events of
// sessions that pass the session-level conditions). Row numbers in table order.

import { DIMENSION_SQL } from '../sql/dimension-sql';
import { QOE_TESTS } from '../sql/operators';
import { ownValue } from './metrics';
import type { SmallCondition, SmallPlan } from './plan';
import type { ErrorCodeColumn, SessionCodeColumn, SmallTables } from './tables';

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

/** Whether session `r` passes every session-level condition (a NULL own value fails). */
function passes(conditions: readonly SmallCondition[], tables: SmallTables, r: number, business: boolean) {
  for (const c of conditions) {
    const v = ownValue(c.metric, tables.sessions, tables.own, r, business);
    if (Number.isNaN(v) || !QOE_TESTS[c.operator](v, c.value)) return false;
  }
  return true;
}

const selected = (codes: Int32Array, flags: Uint8Array, r: number) => {
  const c = codes[r]!;
  return c >= 0 && flags[c] === 1;
};

/** Whether the plan groups or filters by a dimension only error events carry (category, key). */
export function errorOnly(plan: SmallPlan): boolean {
  return [...plan.dims, ...plan.filter.map((c) => c.dimension)].some((d) => DIMENSION_SQL[d].errorOnly);
}

/** The population S: rows of the sessions table, in table order (none under an error-only filter). */
export function populationRows(plan: SmallPlan, tables: SmallTables): Int32Array {
  const filter = codeFlags(plan, tables);
  const t = tables.sessions;
  if (filter === null || errorOnly(plan)) return new Int32Array(0);
  const ts = plan.sessiontype === 'started' ? t.startTs : t.endTs;
  const out = new Int32Array(t.count);
  let n = 0;
  next: for (let r = 0; r < t.count; r++) {
    if (t.cust[r] !== plan.customer) continue;
    const time = ts[r]!;
    // (NaN, an open session's end, fails both comparisons)
    if (!(time >= plan.start && time < plan.end)) continue;
    if (!plan.allstatus && t.status[r]! > 1) continue;
    for (const f of filter) if (!selected(t.codes[f.column as SessionCodeColumn], f.flags, r)) continue next;
    if (plan.sessionConditions.length > 0 && !passes(plan.sessionConditions, tables, r, plan.businesserror))
      continue;
    out[n++] = r;
  }
  return out.subarray(0, n);
}

/** Error events in the window under the businesserror rule and the filter (sql/fragments.ts). */
export function errorRows(plan: SmallPlan, tables: SmallTables): Int32Array {
  const filter = codeFlags(plan, tables);
  const e = tables.errors;
  if (filter === null) return new Int32Array(0);
  const conditions = plan.sessionConditions;
  const out = new Int32Array(e.count);
  let n = 0;
  next: for (let i = 0; i < e.count; i++) {
    if (e.cust[i] !== plan.customer) continue;
    const ts = e.ts[i]!;
    if (!(ts >= plan.start && ts < plan.end)) continue;
    if (!plan.businesserror && e.business[i] === 1) continue;
    for (const f of filter) if (!selected(e.codes[f.column], f.flags, i)) continue next;
    if (conditions.length > 0) {
      const s = e.session[i]!;
      if (s < 0 || !(tables.sessions.startTs[s]! < plan.end)) continue;
      if (!passes(conditions, tables, s, plan.businesserror)) continue;
    }
    out[n++] = i;
  }
  return out.subarray(0, n);
}
