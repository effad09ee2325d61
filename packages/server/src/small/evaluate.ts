// The small-data evaluator: answers a small plan (plan.ts) over the tables in typed arrays
// (tables.ts) with the records the SQL plan yields, in its order, as output columns (a dimension
// as its code, for the record writer to decode) and the total. A group exists where a source
// holding a requested metric has rows; a metric without data in the group is 0 (sql/groups.ts).
import { QOE_TESTS } from '../sql/operators';
import { GroupIndex, groupRows, sessionTimes } from './groups';
import {
  ACTIVE_METRIC,
  BY_TOTALS,
  ERROR_AGGREGATES,
  type GroupRows,
  isSessionMetric,
  SESSION_AGGREGATES,
} from './metrics';
import type { SmallField, SmallListPlan, SmallMetric, SmallPlan } from './plan';
import { activeRows, errorOnly, errorRows, populationRows } from './rows';
import { selectSmallest } from './select';
import { type SessionCodeColumn, SMALL_EVALUATOR_SESSIONS, type SmallTables } from './tables';
import { activeByBucket, errorTotals, SessionTotals } from './totals';

/** The ordered result up to the records asked for: one array per record field (`plan.fields`), and the number of all records. */
export interface SmallResult {
  readonly columns: readonly (readonly (number | null)[])[];
  readonly total: number;
}

/**
 * Whether the evaluator answers `plan` on these tables: every plan it covers below
 * SMALL_EVALUATOR_SESSIONS sessions, beyond only session lists and the groups plans whose session
 * metrics are sums and counts.
 *
 * @example
 * ```ts
 * if (answers(plan, tables)) evaluateSmall(plan, tables, offset + limit);
 * ```
 */
export function answers(plan: SmallPlan | SmallListPlan, tables: SmallTables): boolean {
  // A session list is one pass over the population at any size (list.ts).
  if (plan.kind === 'list') return true;
  return (
    tables.sessions.count < SMALL_EVALUATOR_SESSIONS ||
    plan.needed.every((m) => !isSessionMetric(m) || BY_TOTALS.has(m))
  );
}

/**
 * Evaluates a small plan: its first `need` records in order (a page's end; all by default) and
 * the number of all.
 *
 * @example
 * ```ts
 * const { columns, total } = evaluateSmall(plan, tables, offset + limit);
 * ```
 */
export function evaluateSmall(
  plan: SmallPlan,
  tables: SmallTables,
  need = Number.POSITIVE_INFINITY,
): SmallResult {
  const index = new GroupIndex(plan, tables);
  // A breakdown or filter by an error-only dimension selects no session: session metrics are 0.
  const sessionSource = !errorOnly(plan) && plan.needed.some(isSessionMetric);
  const errorSource = plan.needed.some(isErrorMetric);
  const population = sessionSource ? populationRows(plan, tables) : undefined;
  const sessionGroup =
    population &&
    index.assign(
      population,
      (d) => tables.sessions.codes[plan.dims[d] as SessionCodeColumn],
      sessionTimes(plan, tables),
      'population groups',
    );
  const events = errorSource ? errorRows(plan, tables) : undefined;
  const eventGroup =
    events &&
    index.assign(events, (d) => tables.errors.codes[plan.dims[d]!], tables.errors.ts, 'errors groups');
  const activeOf = plan.needed.includes(ACTIVE_METRIC) ? activeCounts(plan, tables, index) : undefined;
  const groups = index.size;
  const sessions = population && sessionGroups(plan, tables, population, sessionGroup!, groups);
  const errors = events && errorTotals(tables.errors, events, eventGroup!, groups);
  const active = activeOf?.(groups);
  const requestsSessions = plan.requested.some(isSessionMetric);
  const requestsErrors = plan.requested.some(isErrorMetric);
  const requestsActive = plan.requested.includes(ACTIVE_METRIC);
  const kept: number[] = [];
  for (let k = 0; k < groups; k++)
    if (
      (requestsSessions && sessions && sessions.count[k]! > 0) ||
      (requestsErrors && errors && errors.all[k]! > 0) ||
      (requestsActive && active && active[k]! > 0)
    )
      kept.push(k);
  // Each kept group's sessions, shared by its session metrics (and their sorted values).
  const views = kept.map((k) => (sessions && sessions.count[k]! > 0 ? sessions.view(k) : undefined));
  const values = new Map<SmallMetric, Float64Array>();
  for (const m of plan.needed) values.set(m, metricValues(m, kept, views, errors, active));
  // The records: the kept groups (by their index among them) passing the group-level conditions.
  const tests = plan.groupConditions.map((c) => ({
    values: values.get(c.metric)!,
    test: QOE_TESTS[c.operator],
    x: c.value,
  }));
  const records: number[] = [];
  for (let i = 0; i < kept.length; i++) if (tests.every((c) => c.test(c.values[i]!, c.x))) records.push(i);
  /** A field's value of record (group k, kept i): a dimension's code (-1 for null), the bucket, a metric. */
  const reader = (f: SmallField): ((k: number, i: number) => number) => {
    if (f.kind === 'metric') {
      const column = values.get(f.name)!;
      return (_, i) => column[i]!;
    }
    if (f.kind === 'timestamp') return (k) => index.buckets[k]!;
    const codes = index.codes[plan.dims.indexOf(f.name)]!;
    return (k) => codes[k]!;
  };
  sortRecords(records, kept, plan, index, plan.order && reader(plan.order.field), need);
  const ordered = need < records.length ? records.slice(0, need) : records;
  return {
    columns: plan.fields.map((f) => {
      const read = reader(f);
      return ordered.map((i) => {
        const v = read(kept[i]!, i);
        return f.kind === 'dimension' && v < 0 ? null : v;
      });
    }),
    total: records.length,
  };
}

/**
 * The population's groups: each one's count of sessions and its view for the metrics, which read
 * totals (totals.ts) when every session metric needed is made of them, else the group's rows.
 */
function sessionGroups(
  plan: SmallPlan,
  tables: SmallTables,
  rows: Int32Array,
  groupOf: Int32Array,
  groups: number,
): { readonly count: ArrayLike<number>; readonly view: (k: number) => GroupRows } {
  const t = tables.sessions;
  if (plan.needed.every((m) => !isSessionMetric(m) || BY_TOTALS.has(m))) {
    // A time series without a breakdown over the end time: the rows' buckets come in runs.
    const runs = plan.dims.length === 0 && plan.bucket !== undefined && plan.sessiontype === 'ended';
    const totals = new SessionTotals(t, rows, groupOf, groups, runs);
    const none = new Int32Array(0);
    return {
      count: totals.of('rows'),
      view: (k) => ({ t, rows: none, from: 0, to: 0, totals: { of: totals, k } }),
    };
  }
  const grouped = groupRows(rows, groupOf, groups);
  const count = new Int32Array(groups);
  for (let k = 0; k < groups; k++) count[k] = grouped.start[k + 1]! - grouped.start[k]!;
  return {
    count,
    view: (k) => ({ t, rows: grouped.rows, from: grouped.start[k]!, to: grouped.start[k + 1]! }),
  };
}

const isErrorMetric = (m: string) => Object.hasOwn(ERROR_AGGREGATES, m);

/**
 * The active sessions' count per group (concurviewavg), made once every group is: in a time
 * series, per bucket each one spans (totals.ts `activeByBucket`); else per group of its keys.
 */
function activeCounts(
  plan: SmallPlan,
  tables: SmallTables,
  index: GroupIndex,
): (groups: number) => Float64Array {
  const rows = activeRows(plan, tables);
  const g = plan.bucket;
  if (g === undefined) {
    const codes = (d: number) => tables.sessions.codes[plan.dims[d] as SessionCodeColumn];
    const groupOf = index.assign(rows, codes, tables.sessions.endTs, 'active groups');
    return (groups) => {
      const out = new Float64Array(groups);
      for (let i = 0; i < groupOf.length; i++) out[groupOf[i]!]!++;
      return out;
    };
  }
  const byBucket = activeByBucket(tables.sessions, rows, plan, index.firstBucket, g, index.bucketCount);
  const ids: number[] = [];
  const counts: number[] = [];
  byBucket.forEach((count, b) => {
    if (count <= 0) return;
    ids.push(index.bucketGroup(b));
    counts.push(count);
  });
  return (groups) => {
    const out = new Float64Array(groups);
    ids.forEach((k, i) => {
      out[k] = counts[i]!;
    });
    return out;
  };
}

/** A metric's value per kept group (0 where its source has no rows in the group). */
function metricValues(
  metric: SmallMetric,
  kept: readonly number[],
  views: readonly (GroupRows | undefined)[],
  errors: { readonly all: Float64Array; readonly fatal: Float64Array } | undefined,
  active: Float64Array | undefined,
): Float64Array {
  const out = new Float64Array(kept.length);
  if (isSessionMetric(metric)) {
    const aggregate = SESSION_AGGREGATES[metric];
    views.forEach((g, i) => {
      if (g) out[i] = aggregate(g);
    });
    return out;
  }
  const counts =
    metric === ACTIVE_METRIC ? active : ERROR_AGGREGATES[metric] === 'fatal' ? errors?.fatal : errors?.all;
  if (!counts) return out;
  kept.forEach((k, i) => {
    out[i] = counts[k]!;
  });
  return out;
}

/**
 * The SQL plan's order (sql/order.ts): the first key (its values read once per record), then the
 * dimensions' codes ascending (null first), then the bucket. A null code (-1) sorts first ascending
 * and last descending: below every code either way.
 */
function sortRecords(
  records: number[],
  kept: readonly number[],
  plan: SmallPlan,
  index: GroupIndex,
  first: ((k: number, i: number) => number) | undefined,
  need: number,
): void {
  // Each record's first key, read once, by its index among the kept groups.
  const key = new Float64Array(kept.length);
  if (first) for (const i of records) key[i] = first(kept[i]!, i);
  const dir = plan.order?.desc ? -1 : 1;
  const { codes: dims, buckets } = index;
  const compare = (a: number, b: number) => {
    if (key[a] !== key[b]) return (key[a]! < key[b]! ? -1 : 1) * dir;
    const ka = kept[a]!;
    const kb = kept[b]!;
    for (const codes of dims) if (codes[ka] !== codes[kb]) return codes[ka]! - codes[kb]!;
    return buckets[ka]! - buckets[kb]!;
  };
  // Only the records up to the page's end need their order: select them first when they are few.
  if (need >= records.length / 4) {
    records.sort(compare);
    return;
  }
  selectSmallest(records, need, compare);
  const head = records.slice(0, need).sort(compare);
  for (let i = 0; i < need; i++) records[i] = head[i]!;
}
