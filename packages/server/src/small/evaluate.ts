// The small-data evaluator: answers a small plan (plan.ts) over the tables in typed arrays
// (tables.ts) with the records the SQL plan yields, in its order, as output columns (a dimension
// as its code, for the record writer to decode) and the total. A group exists where a source
// holding a requested metric has rows; a metric without data in the group is 0 (sql/groups.ts).
import { QOE_TESTS } from '../sql/operators';
import { type Grouped, GroupIndex, groupRows, sessionTimes } from './groups';
import { ERROR_AGGREGATES, type GroupRows, isSessionMetric, SESSION_AGGREGATES } from './metrics';
import type { SmallField, SmallMetric, SmallPlan } from './plan';
import { errorOnly, errorRows, populationRows } from './rows';
import type { SessionCodeColumn, SmallTables } from './tables';

/** The whole ordered result: one array per record field (`plan.fields`), and the number of records. */
export interface SmallResult {
  readonly columns: readonly (readonly (number | null)[])[];
  readonly total: number;
}

/**
 * Evaluates a small plan.
 *
 * @example
 * ```ts
 * const { columns, total } = evaluateSmall(plan, tables);
 * ```
 */
export function evaluateSmall(plan: SmallPlan, tables: SmallTables): SmallResult {
  const index = new GroupIndex(plan);
  // A breakdown or filter by an error-only dimension selects no session: session metrics are 0.
  const sessionSource = !errorOnly(plan) && plan.needed.some(isSessionMetric);
  const errorSource = plan.needed.some((m) => !isSessionMetric(m));
  let sessions: Grouped | undefined;
  let errors: Grouped | undefined;
  if (sessionSource) {
    const rows = populationRows(plan, tables);
    const codes = (d: number) => tables.sessions.codes[plan.dims[d] as SessionCodeColumn];
    const of = index.assign(rows, codes, sessionTimes(plan, tables));
    sessions = groupRows(rows, of, index.size);
  }
  if (errorSource) {
    const rows = errorRows(plan, tables);
    const of = index.assign(rows, (d) => tables.errors.codes[plan.dims[d]!], tables.errors.ts);
    errors = groupRows(rows, of, index.size);
  }
  const groups = index.size;
  const has = (g: Grouped | undefined, k: number) =>
    g !== undefined && k + 1 < g.start.length && g.start[k + 1]! > g.start[k]!;
  const requestsSessions = plan.requested.some(isSessionMetric);
  const requestsErrors = plan.requested.some((m) => !isSessionMetric(m));
  const kept: number[] = [];
  for (let k = 0; k < groups; k++)
    if ((requestsSessions && has(sessions, k)) || (requestsErrors && has(errors, k))) kept.push(k);
  // Each kept group's sessions, shared by its session metrics (and their sorted values).
  const views = kept.map((k): GroupRows | undefined =>
    sessions && has(sessions, k)
      ? {
          t: tables.sessions,
          rows: sessions.rows,
          sorted: new Map(),
          from: sessions.start[k]!,
          to: sessions.start[k + 1]!,
        }
      : undefined,
  );
  const values = new Map<SmallMetric, Float64Array>();
  for (const m of plan.needed) values.set(m, metricValues(m, kept, views, tables, errors, has));
  const records = kept
    .map((k, i) => ({ k, i }))
    .filter(({ i }) =>
      plan.groupConditions.every((c) => QOE_TESTS[c.operator](values.get(c.metric)![i]!, c.value)),
    );
  const field = (f: SmallField, k: number, i: number): number | null => {
    if (f.kind === 'metric') return values.get(f.name)![i]!;
    if (f.kind === 'timestamp') return index.buckets[k]!;
    const code = index.codes[plan.dims.indexOf(f.name)]![k]!;
    return code < 0 ? null : code;
  };
  records.sort((a, b) => compare(plan, index, field, a, b));
  return {
    columns: plan.fields.map((f) => records.map(({ k, i }) => field(f, k, i))),
    total: records.length,
  };
}

/** A metric's value per kept group (0 where its source has no rows in the group). */
function metricValues(
  metric: SmallMetric,
  kept: readonly number[],
  views: readonly (GroupRows | undefined)[],
  tables: SmallTables,
  errors: Grouped | undefined,
  has: (g: Grouped | undefined, k: number) => boolean,
): Float64Array {
  const out = new Float64Array(kept.length);
  if (isSessionMetric(metric)) {
    const aggregate = SESSION_AGGREGATES[metric];
    views.forEach((g, i) => {
      if (g) out[i] = aggregate(g);
    });
    return out;
  }
  const fatalOnly = ERROR_AGGREGATES[metric] === 'fatal';
  kept.forEach((k, i) => {
    if (!errors || !has(errors, k)) return;
    let n = 0;
    for (let j = errors.start[k]!; j < errors.start[k + 1]!; j++)
      if (!fatalOnly || tables.errors.fatal[errors.rows[j]!] === 1) n++;
    out[i] = n;
  });
  return out;
}

type Record_ = { readonly k: number; readonly i: number };

/** The SQL plan's order (sql/order.ts): the first key, then the dimensions' codes ascending (null first), then the bucket. */
function compare(
  plan: SmallPlan,
  index: GroupIndex,
  field: (f: SmallField, k: number, i: number) => number | null,
  a: Record_,
  b: Record_,
): number {
  if (plan.order) {
    // A null code (-1 here) sorts first ascending and last descending: below every code either way.
    const x = field(plan.order.field, a.k, a.i) ?? -1;
    const y = field(plan.order.field, b.k, b.i) ?? -1;
    if (x !== y) return (x < y ? -1 : 1) * (plan.order.desc ? -1 : 1);
  }
  for (const codes of index.codes) if (codes[a.k] !== codes[b.k]) return codes[a.k]! - codes[b.k]!;
  return index.buckets[a.k]! - index.buckets[b.k]!;
}
