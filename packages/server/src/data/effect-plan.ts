// How a planted effect changes the data for a metric, read off the metric's expression in the
// default catalogue. Three ways, tried in turn:
// - columns: scaling some session columns by a factor scales the metric by the same factor for
//   every set of sessions (a sum, mean or quantile of a column, a ratio of one to a count),
//   optionally holding a sum of two columns fixed (rebuffering over play time);
// - failures: making that many more (or fewer) of the sessions startup failures scales a count of
//   startup failures, and its ratio to a count of attempts;
// - events: repeating (or dropping) a session's error events scales a count of error events.
import {
  DEFAULT_CATALOGUE,
  type GroupExpr,
  METRIC_COLUMNS,
  type MetricExpression,
  type Predicate,
  type RowExpr,
} from '@playq/query';

/** How an effect changes the matching sessions, or their error events. */
export type PlantPlan =
  | {
      readonly changes: 'columns';
      /** Columns multiplied by the factor. */
      readonly scaled: readonly string[];
      /** A column that gives back what the scaled column gains, so that their sum stays the same. */
      readonly balance?: string;
    }
  /** Plays turned into startup failures (factor above 1), or failures into plays (below 1). */
  | { readonly changes: 'failures' }
  /** Each error event repeated (factor above 1) or dropped (below 1). */
  | { readonly changes: 'events' };

/** What a trial changes, while a degree is computed. */
interface Trial {
  /** Columns multiplied by the factor. */
  readonly scaled: ReadonlySet<string>;
  readonly balance?: string;
  /** Columns changed otherwise (not by a power of the factor): their values and presence. */
  readonly moved?: ReadonlySet<string>;
  /** Rows meeting this condition become factor times as many (the others stay as many). */
  readonly counted?: Predicate;
  /** Every row (an error event) becomes factor times as many, copies of itself. */
  readonly repeated?: boolean;
}

/** The session columns a plan may change: the integer measures of a session. */
const MEASURES = METRIC_COLUMNS.filter(
  (c) => c.table === 'sessions' && c.type === 'integer' && !c.name.endsWith('_ts'),
).map((c) => c.name);

const expressionOf = (name: string): MetricExpression | undefined =>
  (DEFAULT_CATALOGUE.metrics as Record<string, { expression?: MetricExpression }>)[name]?.expression;

/**
 * The degree of a group value in the trial's columns: 1 when scaling them by f scales the value by
 * f, 0 when it leaves the value alone, `null` when the value is not a power of f.
 */
function groupDegree(node: GroupExpr, t: Trial, seen: readonly string[]): number | null {
  switch (node.op) {
    case 'number':
      return 0;
    case 'count':
      if (t.repeated || (t.counted !== undefined && sameCondition(node.where, t.counted))) return 1;
      return invariant(node.where, t) ? 0 : null;
    case 'sum':
      if (t.repeated) return rowDegree(node.of, t) === 0 ? 1 : null;
      return invariant(node.where, t) ? rowDegree(node.of, t) : null;
    case 'avg':
    case 'quantile':
      if (t.repeated) return null;
      return invariant(node.where, t) ? rowDegree(node.of, t) : null;
    case 'countDistinct':
      return invariant(node.where, t) && rowDegree(node.of, t) === 0 ? 0 : null;
    case 'add':
    case 'subtract':
      return same(groupDegree(node.left, t, seen), groupDegree(node.right, t, seen));
    case 'multiply':
      return plus(groupDegree(node.left, t, seen), groupDegree(node.right, t, seen));
    case 'ratio':
      return minus(groupDegree(node.numerator, t, seen), groupDegree(node.denominator, t, seen));
    case 'scale':
    case 'name':
      return groupDegree(node.of, t, seen);
    case 'metric': {
      const other = expressionOf(node.name);
      if (other === undefined || other.rows !== rowsOf(seen[0]) || seen.includes(node.name)) return null;
      return groupDegree(other.value, t, [...seen, node.name]);
    }
  }
}

function rowDegree(node: RowExpr, t: Trial): number | null {
  switch (node.op) {
    case 'column':
      if (t.scaled.has(node.name)) return 1;
      return changed(node.name, t) ? null : 0;
    case 'number':
      return 0;
    case 'add':
      if (balancedSum(node, t)) return 0;
      return same(rowDegree(node.left, t), rowDegree(node.right, t));
    case 'subtract':
      return same(rowDegree(node.left, t), rowDegree(node.right, t));
    case 'multiply':
      return plus(rowDegree(node.left, t), rowDegree(node.right, t));
    case 'ratio':
      return minus(rowDegree(node.numerator, t), rowDegree(node.denominator, t));
    case 'scale':
    case 'name':
      return rowDegree(node.of, t);
    default:
      // least, greatest, when, either: not a power of the factor unless they read no changed column.
      return readsNone(node, t) ? 0 : null;
  }
}

/** `balance + scaled` (either order): the sum the balancing column holds fixed. */
function balancedSum(node: { readonly left: RowExpr; readonly right: RowExpr }, t: Trial): boolean {
  const names = [node.left, node.right].map((n) => (n.op === 'column' ? n.name : undefined));
  return (
    t.balance !== undefined &&
    names.includes(t.balance) &&
    names.some((n) => n !== undefined && t.scaled.has(n))
  );
}

/** A condition that scaling leaves alone: presence, flags and status, on no changed column's value. */
function invariant(p: Predicate | undefined, t: Trial): boolean {
  if (p === undefined) return true;
  switch (p.op) {
    case 'present':
    case 'absent':
    case 'flag':
      return !t.moved?.has(p.column);
    case 'equals':
      return !changed(p.column, t);
    case 'compare':
      return readsNone(p.of, t);
    case 'not':
    case 'name':
      return invariant(p.of, t);
    case 'and':
    case 'or':
      return p.items.every((i) => invariant(i, t));
  }
}

const changed = (column: string, t: Trial) =>
  t.scaled.has(column) || column === t.balance || t.moved?.has(column) === true;

const sameCondition = (a: Predicate | undefined, b: Predicate) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

const rowsOf = (metric: string | undefined) =>
  metric === undefined ? undefined : expressionOf(metric)?.rows;

function readsNone(node: RowExpr, t: Trial): boolean {
  return columnsOf(node).every((c) => !changed(c, t));
}

function columnsOf(node: RowExpr | Predicate): string[] {
  const out: string[] = [];
  const walk = (n: unknown): void => {
    if (n === null || typeof n !== 'object') return;
    const r = n as Record<string, unknown>;
    if (r.op === 'column' && typeof r.name === 'string') out.push(r.name);
    if (typeof r.column === 'string') out.push(r.column);
    for (const v of Object.values(r)) {
      if (Array.isArray(v)) v.forEach(walk);
      else walk(v);
    }
  };
  walk(node);
  return out;
}

/** The measures a group value reads, through the metrics it refers to. */
function measuresRead(node: GroupExpr, seen: readonly string[] = []): Set<string> {
  const out = new Set<string>();
  const walk = (n: unknown): void => {
    if (n === null || typeof n !== 'object') return;
    const r = n as Record<string, unknown>;
    if (r.op === 'metric' && typeof r.name === 'string' && !seen.includes(r.name)) {
      const other = expressionOf(r.name);
      if (other) for (const c of measuresRead(other.value, [...seen, r.name])) out.add(c);
      return;
    }
    for (const c of columnsOf(r as RowExpr)) if (MEASURES.includes(c)) out.add(c);
    for (const v of Object.values(r)) if (v !== null && typeof v === 'object') walk(v);
  };
  walk(node);
  return out;
}

const same = (a: number | null, b: number | null) => (a !== null && a === b ? a : null);
const plus = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** What a startup failure is: the condition `totalstartupfailure` counts. */
function failureCondition(): Predicate | undefined {
  let found: Predicate | undefined;
  const walk = (n: GroupExpr): void => {
    if (found !== undefined) return;
    if (n.op === 'count') found = n.where;
    else if (n.op === 'name' || n.op === 'scale') walk(n.of);
  };
  const expression = expressionOf('totalstartupfailure');
  if (expression) walk(expression.value);
  return found;
}

/** What turning a play into a startup failure (or back) changes: its times, counts and status. */
const FAILURE_MOVES: ReadonlySet<string> = new Set([...MEASURES, 'status']);

const COLUMNS_PLAN = (t: Trial): PlantPlan =>
  Object.freeze({
    changes: 'columns' as const,
    scaled: Object.freeze([...t.scaled]),
    ...(t.balance === undefined ? {} : { balance: t.balance }),
  });

/**
 * How to plant an effect on `metric`: the fewest session columns to scale (one alone, then one
 * balanced by another, then all the measures it reads together); else startup failures, for a
 * count of them or its ratio to a count of attempts; else repeated error events, for a count of
 * them. `undefined` when none of these scales the metric (counts of sessions or viewers, scores
 * with thresholds).
 *
 * @example
 * plantPlan('latency'); // { changes: 'columns', scaled: ['startup_ms'] }
 * plantPlan('bufferingratio'); // { changes: 'columns', scaled: ['rebuffer_ms'], balance: 'watch_ms' }
 * plantPlan('failurerate'); // { changes: 'failures' }
 * plantPlan('errors'); // { changes: 'events' }
 */
export function plantPlan(metric: string): PlantPlan | undefined {
  const expression = expressionOf(metric);
  if (expression === undefined) return undefined;
  const degree = (t: Trial) => groupDegree(expression.value, t, [metric]);
  if (expression.rows === 'errors')
    return degree({ scaled: new Set(), repeated: true }) === 1
      ? Object.freeze({ changes: 'events' as const })
      : undefined;
  if (expression.rows !== 'sessions') return undefined;
  const read = [...measuresRead(expression.value)];
  const trials: Trial[] = [
    ...read.map((c) => ({ scaled: new Set([c]) })),
    ...read.flatMap((c) => read.filter((b) => b !== c).map((b) => ({ scaled: new Set([c]), balance: b }))),
    ...(read.length > 1 ? [{ scaled: new Set(read) }] : []),
  ];
  const found = trials.find((t) => degree(t) === 1);
  if (found !== undefined) return COLUMNS_PLAN(found);
  const counted = failureCondition();
  if (counted !== undefined && degree({ scaled: new Set(), moved: FAILURE_MOVES, counted }) === 1)
    return Object.freeze({ changes: 'failures' as const });
  return undefined;
}

/** The metrics of the default catalogue an effect can be planted on, in catalogue order. */
export const PLANTABLE_METRICS: readonly string[] = Object.freeze(
  Object.keys(DEFAULT_CATALOGUE.metrics).filter((m) => plantPlan(m) !== undefined),
);
