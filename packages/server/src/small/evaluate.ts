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
import { orderRecords } from './order';
import type { SmallField, SmallListPlan, SmallMetric, SmallPlan } from './plan';
import { sessionsRead } from './pro-rata';
import { activeRows, errorOnly, errorRows, populationRows } from './rows';
import { scratchFloats, scratchInts } from './scratch';
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
  const kept = keptGroups(plan, groups, sessions?.count, errors?.all, active);
  // Each kept group's sessions, shared by its session metrics (and their sorted values).
  const views = sessions && Array.from(kept, (k) => (sessions.count[k]! > 0 ? sessions.view(k) : undefined));
  const values = new Map<SmallMetric, Float64Array>();
  plan.needed.forEach((m, at) => {
    values.set(m, metricValues(m, kept, views, errors, active, scratchFloats(`metric ${at}`, kept.length)));
  });
  const records = passing(plan, kept.length, values);
  /** A field's value of record (group k, kept i): a dimension's code (-1 for null), the bucket, a metric. */
  const reader = (f: SmallField): ((k: number, i: number) => number) => {
    if (f.kind === 'metric') {
      const column = values.get(f.name)!;
      return (_, i) => column[i]!;
    }
    if (f.kind === 'timestamp') return (k) => index.bucket(k);
    const d = plan.dims.indexOf(f.name);
    return (k) => index.code(d, k);
  };
  const key = firstKeys(plan, records, kept, values, reader);
  const ordered = orderedRecords(records, kept, plan, index, key, need);
  return {
    columns: plan.fields.map((f) => {
      const read = reader(f);
      return Array.from(ordered, (i) => {
        const v = read(kept[i]!, i);
        return f.kind === 'dimension' && v < 0 ? null : v;
      });
    }),
    total: records.length,
  };
}

/** The groups with records: where a source holding a requested metric has rows (or active sessions). */
function keptGroups(
  plan: SmallPlan,
  groups: number,
  sessions: ArrayLike<number> | undefined,
  errors: Float64Array | undefined,
  active: Float64Array | undefined,
): Int32Array {
  const bySessions = plan.requested.some(isSessionMetric) ? sessions : undefined;
  const byErrors = plan.requested.some(isErrorMetric) ? errors : undefined;
  const byActive = plan.requested.includes(ACTIVE_METRIC) ? active : undefined;
  const kept = scratchInts('kept', groups);
  let n = 0;
  for (let k = 0; k < groups; k++)
    if (
      (bySessions && bySessions[k]! > 0) ||
      (byErrors && byErrors[k]! > 0) ||
      (byActive && byActive[k]! > 0)
    )
      kept[n++] = k;
  return kept.subarray(0, n);
}

/** The records: the kept groups (by their index among them) passing the group-level conditions. */
function passing(plan: SmallPlan, kept: number, values: ReadonlyMap<SmallMetric, Float64Array>): Int32Array {
  const tests = plan.groupConditions.map((c) => ({
    values: values.get(c.metric)!,
    test: QOE_TESTS[c.operator],
    x: c.value,
  }));
  const passes = (i: number) => {
    for (const c of tests) if (!c.test(c.values[i]!, c.x)) return false;
    return true;
  };
  const records = scratchInts('records', kept);
  let n = 0;
  for (let i = 0; i < kept; i++) if (passes(i)) records[n++] = i;
  return records.subarray(0, n);
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
  const t = sessionsRead(plan, tables.sessions, rows);
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
  kept: Int32Array,
  views: readonly (GroupRows | undefined)[] | undefined,
  errors: { readonly all: Float64Array; readonly fatal: Float64Array } | undefined,
  active: Float64Array | undefined,
  out: Float64Array,
): Float64Array {
  out.fill(0);
  if (isSessionMetric(metric)) {
    const aggregate = SESSION_AGGREGATES[metric];
    views?.forEach((g, i) => {
      if (g) out[i] = aggregate(g);
    });
    return out;
  }
  const counts =
    metric === ACTIVE_METRIC ? active : ERROR_AGGREGATES[metric] === 'fatal' ? errors?.fatal : errors?.all;
  if (!counts) return out;
  for (let i = 0; i < kept.length; i++) out[i] = counts[kept[i]!]!;
  return out;
}

/**
 * Each record's first key by its index among the kept groups: a metric's values as they are, else
 * read once per record (0 for all without an order).
 */
function firstKeys(
  plan: SmallPlan,
  records: Int32Array,
  kept: Int32Array,
  values: ReadonlyMap<SmallMetric, Float64Array>,
  reader: (f: SmallField) => (k: number, i: number) => number,
): Float64Array {
  const field = plan.order?.field;
  if (field?.kind === 'metric') return values.get(field.name)!;
  const key = scratchFloats('first key', kept.length);
  if (!field) return key.fill(0);
  const read = reader(field);
  for (let j = 0; j < records.length; j++) {
    const i = records[j]!;
    key[i] = read(kept[i]!, i);
  }
  return key;
}

/**
 * The first `need` records in the SQL plan's order (order.ts): the first key, read once per record,
 * then the dimensions' codes and the bucket, one number per record where they fit in one
 * (`GroupIndex.tieKeys`).
 */
function orderedRecords(
  records: Int32Array,
  kept: Int32Array,
  plan: SmallPlan,
  index: GroupIndex,
  key: Float64Array,
  need: number,
): Int32Array {
  const dims = plan.dims.length;
  const compareTies = (a: number, b: number) => {
    const ka = kept[a]!;
    const kb = kept[b]!;
    for (let d = 0; d < dims; d++) {
      const ca = index.code(d, ka);
      const cb = index.code(d, kb);
      if (ca !== cb) return ca - cb;
    }
    return index.bucket(ka) - index.bucket(kb);
  };
  const tie = index.tieKeys(kept, EXACT_TIES);
  return orderRecords(records, { key, desc: plan.order?.desc === true, tie, compareTies }, need);
}

/** Tie keys up to this space (beyond, ties compare code by code). */
const EXACT_TIES = 2 ** 52;
