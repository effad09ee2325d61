// A metric's meaning as one value: an expression tree over the columns of the session and error
// tables (aggregates, filters on a row predicate, ratios with their zero rule, scaling to units),
// plus the session's own value where the metric has one. The nodes are plain JSON (a catalogue
// file writes the same tree); the functions of `expr` build them. The reference service prints a
// tree as SQL per dialect; `describeMetric` prints it as the prose definition the catalogue shows.

/** The rows a metric aggregates over. */
export type MetricRows =
  /** The query's session population S (with `concurrency=1`, the active sessions, time pro rata). */
  | 'sessions'
  /** Every matching session active in the window, whatever its status. */
  | 'active'
  /** The error events in the window (under the businesserror rule). */
  | 'errors';

/** A value of one row (a session, or an error event). */
export type RowExpr =
  | { readonly op: 'column'; readonly name: string }
  | { readonly op: 'number'; readonly value: number }
  | { readonly op: 'add' | 'subtract' | 'multiply'; readonly left: RowExpr; readonly right: RowExpr }
  /** `numerator / denominator`, 0 when the denominator is 0. */
  | { readonly op: 'ratio'; readonly numerator: RowExpr; readonly denominator: RowExpr }
  /** `of / divisor`: a value in a coarser unit (milliseconds in seconds). */
  | { readonly op: 'scale'; readonly of: RowExpr; readonly divisor: number; readonly unit: string }
  | { readonly op: 'least' | 'greatest'; readonly items: readonly RowExpr[] }
  | { readonly op: 'when'; readonly if: Predicate; readonly then: RowExpr; readonly else: RowExpr }
  /** A term the prose calls by its label (the quality-of-experience score). */
  | { readonly op: 'name'; readonly label: string; readonly of: RowExpr }
  /** The first value, else (when it is null) the second: a pair counted by `countDistinct`. */
  | { readonly op: 'either'; readonly first: RowExpr; readonly second: RowExpr };

export type ComparisonOp = '>' | '>=' | '<' | '<=' | '=' | '!=';

/** A condition on one row. */
export type Predicate =
  | { readonly op: 'present' | 'absent'; readonly column: string }
  /** A column equals a value (the status names a status; a boolean column is `flag`). */
  | { readonly op: 'equals'; readonly column: string; readonly value: string | number }
  | { readonly op: 'compare'; readonly of: RowExpr; readonly operator: ComparisonOp; readonly value: number }
  /** A boolean column is true (null counts as false). */
  | { readonly op: 'flag'; readonly column: string }
  | { readonly op: 'not'; readonly of: Predicate }
  | { readonly op: 'and' | 'or'; readonly items: readonly Predicate[] }
  /** A condition the prose calls by its label (and, negated, by `negated`). */
  | { readonly op: 'name'; readonly label: string; readonly negated?: string; readonly of: Predicate };

/** An aggregate over a group's rows, optionally of the rows where a predicate holds. */
export type Aggregate =
  | { readonly op: 'count'; readonly where?: Predicate }
  | {
      readonly op: 'sum' | 'avg' | 'countDistinct';
      readonly of: RowExpr;
      readonly where?: Predicate;
    }
  /** The continuous quantile (linear interpolation between the sorted values). */
  | { readonly op: 'quantile'; readonly of: RowExpr; readonly q: number; readonly where?: Predicate };

/** A value of a group: aggregates combined (never null: 0 when the group has no data for it). */
export type GroupExpr =
  | Aggregate
  | { readonly op: 'number'; readonly value: number }
  | { readonly op: 'add' | 'subtract' | 'multiply'; readonly left: GroupExpr; readonly right: GroupExpr }
  /** `numerator / denominator`, 0 when the denominator is 0. */
  | { readonly op: 'ratio'; readonly numerator: GroupExpr; readonly denominator: GroupExpr }
  | { readonly op: 'scale'; readonly of: GroupExpr; readonly divisor: number; readonly unit: string }
  | { readonly op: 'name'; readonly label: string; readonly of: GroupExpr }
  /** Another metric of the catalogue over the same rows, by name. */
  | { readonly op: 'metric'; readonly name: string };

/** The session's own value of a metric over error events: the number of its events that count. */
export interface OwnEvents {
  readonly op: 'events';
}

/** A metric's definition: its rows, its value per group and the session's own value. */
export interface MetricExpression {
  readonly rows: MetricRows;
  readonly value: GroupExpr;
  /**
   * The session's own value (what a session-level qoefilter condition tests and a session-list
   * field shows): a row value of a session, or for a metric over error events its own events.
   */
  readonly session?: RowExpr | OwnEvents;
}

/** A column metric expressions may read, and how the prose names it. */
export interface MetricColumn {
  readonly name: string;
  readonly table: 'sessions' | 'errors';
  readonly type: 'integer' | 'boolean' | 'status' | 'id';
  readonly nullable: boolean;
  /** The column in prose ("startup time"). */
  readonly words: string;
  /** `present`/`absent` (nullable columns) or `flag`/`not flag` (booleans) in prose. */
  readonly yes?: string;
  readonly no?: string;
}

const column = (
  table: MetricColumn['table'],
  name: string,
  type: MetricColumn['type'],
  words: string,
  more: Partial<Pick<MetricColumn, 'nullable' | 'yes' | 'no'>> = {},
): MetricColumn => ({ name, table, type, words, nullable: more.nullable ?? false, ...more });

/** The columns of the data (docs/server.md, "Data") a metric expression may read. */
export const METRIC_COLUMNS: readonly MetricColumn[] = Object.freeze([
  column('sessions', 'subscriber_id', 'id', 'the subscriber', {
    nullable: true,
    yes: 'with a subscriber',
    no: 'without a subscriber',
  }),
  column('sessions', 'device_id', 'id', 'the device'),
  column('sessions', 'status', 'status', 'status'),
  column('sessions', 'start_ts', 'integer', 'start time'),
  column('sessions', 'end_ts', 'integer', 'end time', { nullable: true, yes: 'that ended', no: 'not ended' }),
  column('sessions', 'startup_ms', 'integer', 'startup time', {
    nullable: true,
    yes: 'with a first frame',
    no: 'without a first frame',
  }),
  column('sessions', 'watch_ms', 'integer', 'watch time'),
  column('sessions', 'rebuffer_ms', 'integer', 'rebuffering time'),
  column('sessions', 'rebuffer_count', 'integer', 'rebuffering events'),
  column('sessions', 'cdn_changes', 'integer', 'CDN changes'),
  column('sessions', 'business_failure', 'boolean', 'business failure', {
    yes: 'that failed for a business reason',
    no: 'that did not fail for a business reason',
  }),
  column('sessions', 'bytes_downloaded', 'integer', 'bytes downloaded'),
  column('errors', 'fatal', 'boolean', 'fatal', { yes: 'that are fatal', no: 'that are not fatal' }),
]);

/** The session statuses a predicate may name. */
export const METRIC_STATUSES = Object.freeze(['ENDED', 'DROPPED', 'RUNNING', 'LOADED'] as const);

const columnInfo = (name: string): MetricColumn | undefined => METRIC_COLUMNS.find((c) => c.name === name);

// ---------------------------------------------------------------------------------------------
// Checks

/**
 * Every problem with a metric's expression, each a sentence naming the metric and the part;
 * empty when it is sound. `metrics` are the catalogue's definitions (for `metric` references).
 * Never throws.
 *
 * @example
 * expressionProblems('slow', { rows: 'sessions', value: expr.sum(expr.col('watch_sec')) }, {});
 * // ['metric "slow": value: unknown column "watch_sec" (session columns: subscriber_id, …).']
 */
export function expressionProblems(
  name: string,
  expression: unknown,
  metrics: { readonly [name: string]: { readonly expression?: unknown; readonly level?: unknown } },
  declared?: { readonly level?: unknown; readonly endpoints?: unknown },
): string[] {
  const out: string[] = [];
  const where = `metric "${name}":`;
  if (!isRecord(expression)) return [`${where} expression is an object { rows, value, session? }.`];
  const rows = expression.rows;
  if (rows !== 'sessions' && rows !== 'active' && rows !== 'errors') {
    return [`${where} rows is sessions, active or errors.`];
  }
  const table = rows === 'errors' ? 'errors' : 'sessions';
  const say = (part: string, problem: string): undefined => {
    out.push(`${where} ${part}: ${problem}.`);
  };
  checkGroup(expression.value, 'value', { table, rows, name, metrics, seen: [name], say });
  const own = expression.session;
  if (own !== undefined) {
    if (isRecord(own) && own.op === 'events') {
      if (rows !== 'errors') say('session', 'a session’s own events are the value of a metric over errors');
      else if (!isRecord(expression.value) || expression.value.op !== 'count')
        say('session', 'the own events of a session are counted: its value is count');
    } else if (rows === 'errors') {
      say('session', 'the own value of a metric over error events is { op: "events" }');
    } else checkRow(own, 'session', { table, say, aggregates: false });
  }
  if (declared?.level === 'session' && own === undefined)
    say('session', 'a session-level metric needs the session’s own value');
  if (Array.isArray(declared?.endpoints) && declared.endpoints.includes('listsessions') && own === undefined)
    say('session', 'a metric on listsessions needs the session’s own value (its list field)');
  return out;
}

interface GroupScope {
  readonly table: 'sessions' | 'errors';
  readonly rows: MetricRows;
  readonly name: string;
  readonly metrics: { readonly [name: string]: { readonly expression?: unknown } };
  readonly seen: readonly string[];
  say(part: string, problem: string): undefined;
}

const AGGREGATES = new Set(['count', 'sum', 'avg', 'countDistinct', 'quantile']);

function checkGroup(node: unknown, part: string, scope: GroupScope): undefined {
  if (!isRecord(node)) return scope.say(part, 'expected an expression node { op, … }');
  const op = node.op;
  if (typeof op === 'string' && AGGREGATES.has(op)) return checkAggregate(node, part, scope);
  switch (op) {
    case 'number':
      if (typeof node.value !== 'number' || !Number.isFinite(node.value))
        scope.say(part, 'a number is finite');
      return;
    case 'add':
    case 'subtract':
    case 'multiply':
      checkGroup(node.left, `${part}.left`, scope);
      return checkGroup(node.right, `${part}.right`, scope);
    case 'ratio':
      checkGroup(node.numerator, `${part}.numerator`, scope);
      return checkGroup(node.denominator, `${part}.denominator`, scope);
    case 'scale':
      checkScale(node, part, scope.say);
      return checkGroup(node.of, `${part}.of`, scope);
    case 'name':
      if (typeof node.label !== 'string') scope.say(part, 'a name has a label');
      return checkGroup(node.of, `${part}.of`, scope);
    case 'metric':
      return checkReference(node.name, part, scope);
    case 'column':
      return scope.say(
        part,
        `column "${String(node.name)}" outside an aggregate (count, sum, avg, quantile, countDistinct)`,
      );
    default:
      return scope.say(part, `unknown operation ${JSON.stringify(op)}`);
  }
}

function checkReference(name: unknown, part: string, scope: GroupScope): undefined {
  if (typeof name !== 'string' || !Object.hasOwn(scope.metrics, name))
    return scope.say(part, `names "${String(name)}", which is not a metric of the catalogue`);
  if (scope.seen.includes(name))
    return scope.say(part, `refers to itself through ${[...scope.seen, name].join(' → ')}`);
  const other = scope.metrics[name]!.expression;
  if (!isRecord(other)) return scope.say(part, `names "${name}", which has no expression`);
  if (other.rows !== scope.rows)
    return scope.say(
      part,
      `mixes levels: "${name}" is over ${String(other.rows)}, this metric over ${scope.rows}`,
    );
  const loop = cycle(other.value, [...scope.seen, name], scope.metrics);
  if (loop) scope.say(part, `refers to itself through ${loop.join(' → ')}`);
}

/** The first chain of references from `node` back to a metric of `seen`, if any. */
function cycle(node: unknown, seen: readonly string[], metrics: GroupScope['metrics']): string[] | undefined {
  if (!isRecord(node)) return undefined;
  if (node.op === 'metric' && typeof node.name === 'string') {
    if (seen.includes(node.name)) return [...seen, node.name];
    const next = metrics[node.name]?.expression;
    return isRecord(next) ? cycle(next.value, [...seen, node.name], metrics) : undefined;
  }
  for (const child of [node.left, node.right, node.numerator, node.denominator, node.of]) {
    const found = cycle(child, seen, metrics);
    if (found) return found;
  }
  return undefined;
}

function checkAggregate(node: Record<string, unknown>, part: string, scope: GroupScope): undefined {
  const row = { table: scope.table, say: scope.say, aggregates: false };
  if (node.op !== 'count') checkRow(node.of, `${part}.of`, row, node.op === 'countDistinct');
  if (node.op === 'quantile' && !(typeof node.q === 'number' && node.q > 0 && node.q < 1))
    scope.say(part, 'a quantile q is between 0 and 1 (exclusive)');
  if (node.where !== undefined) checkPredicate(node.where, `${part}.where`, row);
}

interface RowScope {
  readonly table: 'sessions' | 'errors';
  readonly aggregates: boolean;
  say(part: string, problem: string): undefined;
}

function checkColumn(name: unknown, part: string, scope: RowScope): MetricColumn | undefined {
  const info = typeof name === 'string' ? columnInfo(name) : undefined;
  if (info === undefined) {
    const names = METRIC_COLUMNS.filter((c) => c.table === scope.table).map((c) => c.name);
    scope.say(
      part,
      `unknown column "${String(name)}" (${tableWords(scope.table)} columns: ${names.join(', ')})`,
    );
    return undefined;
  }
  if (info.table !== scope.table) {
    scope.say(
      part,
      `mixes levels: "${info.name}" is a column of ${info.table === 'errors' ? 'error events' : 'sessions'}, the metric is over ${scope.table === 'errors' ? 'error events' : 'sessions'}`,
    );
    return undefined;
  }
  return info;
}

const tableWords = (t: 'sessions' | 'errors') => (t === 'errors' ? 'error event' : 'session');

function checkRow(node: unknown, part: string, scope: RowScope, distinct = false): undefined {
  if (!isRecord(node)) return scope.say(part, 'expected an expression node { op, … }');
  switch (node.op) {
    case 'column': {
      const info = checkColumn(node.name, part, scope);
      if (info && (info.type === 'id' || info.type === 'status') && !distinct)
        scope.say(
          part,
          `column "${info.name}" is not a number (count its distinct values, or test it in where)`,
        );
      if (info?.type === 'boolean') scope.say(part, `column "${info.name}" is a flag: test it in where`);
      return;
    }
    case 'number':
      if (typeof node.value !== 'number' || !Number.isFinite(node.value))
        scope.say(part, 'a number is finite');
      return;
    case 'add':
    case 'subtract':
    case 'multiply':
      checkRow(node.left, `${part}.left`, scope);
      return checkRow(node.right, `${part}.right`, scope);
    case 'ratio':
      checkRow(node.numerator, `${part}.numerator`, scope);
      return checkRow(node.denominator, `${part}.denominator`, scope);
    case 'scale':
      checkScale(node, part, scope.say);
      return checkRow(node.of, `${part}.of`, scope);
    case 'least':
    case 'greatest':
      if (!Array.isArray(node.items) || node.items.length < 2)
        return scope.say(part, `${node.op} takes two or more items`);
      for (const [i, item] of node.items.entries()) checkRow(item, `${part}.items[${i}]`, scope);
      return;
    case 'when':
      checkPredicate(node.if, `${part}.if`, scope);
      checkRow(node.then, `${part}.then`, scope);
      return checkRow(node.else, `${part}.else`, scope);
    case 'name':
      if (typeof node.label !== 'string') scope.say(part, 'a name has a label');
      return checkRow(node.of, `${part}.of`, scope, distinct);
    case 'either':
      if (!distinct) scope.say(part, 'either is a pair of values: count its distinct values');
      checkRow(node.first, `${part}.first`, scope, true);
      return checkRow(node.second, `${part}.second`, scope, true);
    default:
      if (typeof node.op === 'string' && (AGGREGATES.has(node.op) || node.op === 'metric'))
        return scope.say(part, `an aggregate (${node.op}) inside a row value`);
      return scope.say(part, `unknown operation ${JSON.stringify(node.op)}`);
  }
}

function checkPredicate(node: unknown, part: string, scope: RowScope): undefined {
  if (!isRecord(node)) return scope.say(part, 'expected a condition node { op, … }');
  switch (node.op) {
    case 'present':
    case 'absent': {
      const info = checkColumn(node.column, part, scope);
      if (info && !info.nullable) scope.say(part, `column "${info.name}" is never empty`);
      return;
    }
    case 'equals': {
      const info = checkColumn(node.column, part, scope);
      if (info?.type === 'status') {
        if (!(METRIC_STATUSES as readonly unknown[]).includes(node.value))
          scope.say(part, `status is one of ${METRIC_STATUSES.join(', ')}`);
      } else if (info?.type === 'integer') {
        if (typeof node.value !== 'number') scope.say(part, `column "${info.name}" equals a number`);
      } else if (info)
        scope.say(part, `column "${info.name}" is not compared with a value (use present/absent or flag)`);
      return;
    }
    case 'compare':
      if (!['>', '>=', '<', '<=', '=', '!='].includes(node.operator as string))
        scope.say(part, 'operator is one of >, >=, <, <=, =, !=');
      if (typeof node.value !== 'number' || !Number.isFinite(node.value))
        scope.say(part, 'value is a finite number');
      return checkRow(node.of, `${part}.of`, scope);
    case 'flag': {
      const info = checkColumn(node.column, part, scope);
      if (info && info.type !== 'boolean') scope.say(part, `column "${info.name}" is not a flag`);
      return;
    }
    case 'not':
      return checkPredicate(node.of, `${part}.of`, scope);
    case 'and':
    case 'or':
      if (!Array.isArray(node.items) || node.items.length === 0)
        return scope.say(part, `${node.op} takes one or more conditions`);
      for (const [i, item] of node.items.entries()) checkPredicate(item, `${part}.items[${i}]`, scope);
      return;
    case 'name':
      if (typeof node.label !== 'string') scope.say(part, 'a name has a label');
      return checkPredicate(node.of, `${part}.of`, scope);
    default:
      return scope.say(part, `unknown condition ${JSON.stringify(node.op)}`);
  }
}

function checkScale(
  node: Record<string, unknown>,
  part: string,
  say: (part: string, problem: string) => void,
): void {
  if (typeof node.divisor !== 'number' || !(node.divisor > 0) || !Number.isFinite(node.divisor))
    say(part, 'a scale divisor is a positive number');
  if (typeof node.unit !== 'string' || node.unit === '') say(part, 'a scale names its unit');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---------------------------------------------------------------------------------------------
// Prose

const ROW_NOUN: Readonly<Record<MetricRows, string>> = {
  sessions: 'sessions',
  active: 'sessions active at any time in the window (any status)',
  errors: 'error events in the window (business ones only with businesserror=true)',
};

/**
 * The prose definition of a metric's expression, as the catalogue, `playq catalogue`, the docs and
 * the OpenAPI description show it.
 *
 * @example
 * describeMetric({ rows: 'sessions', value: expr.sum(expr.col('cdn_changes')) });
 * // 'Sum of CDN changes.'
 */
export function describeMetric(expression: MetricExpression): string {
  const text = describeTop(expression.value, expression.rows);
  // A metric's name leads as it is spelled.
  const lead = startsWithMetric(expression.value) ? text : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return `${lead}.`;
}

function startsWithMetric(node: GroupExpr): boolean {
  switch (node.op) {
    case 'metric':
      return true;
    case 'add':
    case 'subtract':
    case 'multiply':
      return startsWithMetric(node.left);
    case 'ratio':
      return startsWithMetric(node.numerator);
    case 'scale':
      return startsWithMetric(node.of);
    default:
      return false;
  }
}

function describeTop(node: GroupExpr, rows: MetricRows): string {
  if (node.op === 'name') return `${node.label}: ${describeGroup(node.of, rows)}`;
  return describeGroup(node, rows);
}

const PRECEDENCE: Readonly<Record<string, number>> = { add: 1, subtract: 1, multiply: 2, ratio: 2 };
const SYMBOL: Readonly<Record<string, string>> = { add: '+', subtract: '-', multiply: '*', ratio: '/' };

function describeGroup(node: GroupExpr, rows: MetricRows, parent = 0): string {
  switch (node.op) {
    case 'number':
      return String(node.value);
    case 'metric':
      return node.name;
    case 'name':
      return node.label;
    case 'scale':
      return parent > 0
        ? `(${describeGroup(node.of, rows)} in ${node.unit})`
        : `${describeGroup(node.of, rows)}, in ${node.unit}`;
    case 'add':
    case 'subtract':
    case 'multiply': {
      const p = PRECEDENCE[node.op]!;
      const text = `${describeGroup(node.left, rows, p)} ${SYMBOL[node.op]} ${describeGroup(node.right, rows, p + 1)}`;
      return p < parent ? `(${text})` : text;
    }
    case 'ratio': {
      const den = describeGroup(node.denominator, rows, 3);
      const text = `${describeGroup(node.numerator, rows, 2)} / ${den}, ${zeroWords(node.denominator, rows)}`;
      return parent > 0 ? `(${text})` : text;
    }
    case 'count':
      return rowSet(rows, node.where);
    case 'sum':
      return `sum of ${describeRow(node.of, 3)}${over(rows, node.where)}`;
    case 'avg':
      return `mean ${describeRow(node.of, 3)}${over(rows, node.where, true)}`;
    case 'countDistinct':
      return `distinct ${plural(describeRow(node.of, 3))}${node.where ? ` among ${rowSet(rows, node.where)}` : ''}`;
    case 'quantile':
      return `${quantileWords(node.q)} ${describeRow(node.of, 3)}${over(rows, node.where, true)} (linear interpolation)`;
  }
}

/** "distinct the subscriber, else the device" reads as "distinct viewers". */
function plural(text: string): string {
  return text.replace(/^the (\w+)/, '$1s').replace(/, else the (\w+)$/, ', else $1s');
}

/** The zero rule of a ratio in words. */
function zeroWords(den: GroupExpr, rows: MetricRows): string {
  if (den.op === 'count') return `0 without ${rowSet(rows, den.where)}`;
  if (den.op === 'metric') return `0 when ${den.name} is 0`;
  if (den.op === 'countDistinct') return '0 when there are none';
  return '0 when the denominator is 0';
}

function rowSet(rows: MetricRows, where: Predicate | undefined): string {
  return where === undefined ? ROW_NOUN[rows] : `${ROW_NOUN[rows]} ${describePredicate(where)}`;
}

function over(rows: MetricRows, where: Predicate | undefined, always = false): string {
  if (where === undefined) return always ? ` over ${ROW_NOUN[rows]}` : '';
  return ` over ${rowSet(rows, where)}`;
}

function quantileWords(q: number): string {
  if (q === 0.5) return 'median';
  const pct = Math.round(q * 10_000) / 100;
  const last = pct % 10;
  const suffix =
    pct % 100 >= 11 && pct % 100 <= 13
      ? 'th'
      : last === 1
        ? 'st'
        : last === 2
          ? 'nd'
          : last === 3
            ? 'rd'
            : 'th';
  return `${pct}${Number.isInteger(pct) ? suffix : 'th'} percentile of`;
}

function describeRow(node: RowExpr, parent = 0): string {
  switch (node.op) {
    case 'column':
      return columnInfo(node.name)?.words ?? node.name;
    case 'number':
      return String(node.value);
    case 'name':
      return node.label;
    case 'scale':
      return `${describeRow(node.of, 3)} in ${node.unit}`;
    case 'either':
      return `${describeRow(node.first)}, else ${describeRow(node.second)}`;
    case 'add':
    case 'subtract':
    case 'multiply': {
      const p = PRECEDENCE[node.op]!;
      const text = `${describeRow(node.left, p)} ${SYMBOL[node.op]} ${describeRow(node.right, p + 1)}`;
      return p < parent ? `(${text})` : text;
    }
    case 'ratio': {
      const den = describeRow(node.denominator, 3);
      const text = `${describeRow(node.numerator, 2)} / ${den}, 0 when the denominator is 0`;
      return parent > 0 ? `(${text})` : text;
    }
    case 'least':
    case 'greatest':
      return `the ${node.op === 'least' ? 'least' : 'greatest'} of ${node.items.map((i) => describeRow(i)).join(' and ')}`;
    case 'when': {
      const text = `${describeRow(node.then)} for those ${describePredicate(node.if)}, else ${describeRow(node.else)}`;
      return parent > 0 ? `(${text})` : text;
    }
  }
}

function describePredicate(node: Predicate): string {
  switch (node.op) {
    case 'present':
    case 'absent': {
      const info = columnInfo(node.column);
      const yes = node.op === 'present';
      return (yes ? info?.yes : info?.no) ?? `with ${yes ? '' : 'no '}${info?.words ?? node.column}`;
    }
    case 'equals':
      return `with ${columnInfo(node.column)?.words ?? node.column} ${node.value}`;
    case 'compare':
      return `with ${describeRow(node.of)} ${node.operator} ${node.value}`;
    case 'flag':
      return columnInfo(node.column)?.yes ?? `with ${node.column}`;
    case 'name':
      return node.label;
    case 'not':
      return negation(node.of);
    case 'and':
      return node.items.map(describePredicate).join(' and ');
    case 'or':
      return node.items.map(describePredicate).join(' or ');
  }
}

function negation(node: Predicate): string {
  if (node.op === 'present') return describePredicate({ op: 'absent', column: node.column });
  if (node.op === 'absent') return describePredicate({ op: 'present', column: node.column });
  if (node.op === 'flag') return columnInfo(node.column)?.no ?? `without ${node.column}`;
  if (node.op === 'name' && node.negated !== undefined) return node.negated;
  if (node.op === 'not') return describePredicate(node.of);
  return `not (${describePredicate(node)})`;
}
