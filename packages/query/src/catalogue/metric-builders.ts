// The functions that build metric expressions (exported as `expr`): each returns one frozen node
// of the tree metric-expression.ts defines, so a definition reads as its formula.
import type {
  Aggregate,
  ComparisonOp,
  GroupExpr,
  MetricExpression,
  OwnEvents,
  Predicate,
  RowExpr,
} from './metric-expression';

type Value = RowExpr | GroupExpr;
/** Row arithmetic gives a row value, group arithmetic a group value. */
interface Binary {
  (left: RowExpr, right: RowExpr): RowExpr;
  (left: GroupExpr, right: GroupExpr): GroupExpr;
}
interface Unary {
  (of: RowExpr): RowExpr;
  (of: GroupExpr): GroupExpr;
}
interface Scale {
  (of: RowExpr, divisor: number, unit: string): RowExpr;
  (of: GroupExpr, divisor: number, unit: string): GroupExpr;
}

const node = <T>(n: T): T => Object.freeze(n);
const binary = (op: 'add' | 'subtract' | 'multiply'): Binary =>
  ((left: Value, right: Value) => node({ op, left, right })) as Binary;

/** A column of the sessions or the error events (docs/catalogue.md lists them). */
export const col = (name: string): RowExpr => node({ op: 'column', name });
export const num = (value: number): RowExpr & GroupExpr => node({ op: 'number', value });
export const add: Binary = binary('add');
export const subtract: Binary = binary('subtract');
export const multiply: Binary = binary('multiply');
/** `numerator / denominator`, 0 when the denominator is 0. */
export const ratio: Binary = ((numerator: Value, denominator: Value) =>
  node({ op: 'ratio', numerator, denominator })) as Binary;
/** `of / divisor`, a value in `unit`. */
export const scale: Scale = ((of: Value, divisor: number, unit: string) =>
  node({ op: 'scale', of, divisor, unit })) as Scale;
/** Milliseconds in seconds. */
export const seconds: Unary = ((ms: RowExpr) => scale(ms, 1000, 'seconds')) as Unary;
/** Milliseconds in minutes. */
export const minutes: Unary = ((ms: RowExpr) => scale(ms, 60_000, 'minutes')) as Unary;
/** Bytes in megabytes (10^6 bytes). */
export const megabytes: Unary = ((bytes: RowExpr) => scale(bytes, 1_000_000, 'megabytes')) as Unary;
export const least = (...items: RowExpr[]): RowExpr => node({ op: 'least', items });
export const greatest = (...items: RowExpr[]): RowExpr => node({ op: 'greatest', items });
/** `then` when the condition holds, else `otherwise`. */
export const when = (condition: Predicate, then: RowExpr, otherwise: RowExpr): RowExpr =>
  node({ op: 'when', if: condition, then, else: otherwise });
/** The first value, else the second (a viewer: the subscriber, else the device); for `countDistinct`. */
export const either = (first: RowExpr, second: RowExpr): RowExpr => node({ op: 'either', first, second });
/** A term the prose calls by its label. */
export function named(label: string, of: RowExpr): RowExpr;
export function named(label: string, of: GroupExpr): GroupExpr;
export function named(label: string, of: Predicate, negated?: string): Predicate;
export function named(label: string, of: Value | Predicate, negated?: string): Value | Predicate {
  return node({ op: 'name', label, of, ...(negated === undefined ? {} : { negated }) } as never);
}
/** Another metric of the catalogue (over the same rows), by name. */
export const metric = (name: string): GroupExpr => node({ op: 'metric', name });

/** The column holds a value (is not null). */
export const present = (column: string): Predicate => node({ op: 'present', column });
/** The column is empty (null). */
export const absent = (column: string): Predicate => node({ op: 'absent', column });
export const equals = (column: string, value: string | number): Predicate =>
  node({ op: 'equals', column, value });
export const compare = (of: RowExpr, operator: ComparisonOp, value: number): Predicate =>
  node({ op: 'compare', of, operator, value });
/** A boolean column is true (null counts as false). */
export const flag = (column: string): Predicate => node({ op: 'flag', column });
export const not = (of: Predicate): Predicate => node({ op: 'not', of });
export const and = (...items: Predicate[]): Predicate => node({ op: 'and', items });
export const or = (...items: Predicate[]): Predicate => node({ op: 'or', items });

const filtered = <T extends Aggregate>(a: T, where: Predicate | undefined): T =>
  node(where === undefined ? a : { ...a, where });
/** The number of rows (where the condition holds). */
export const count = (where?: Predicate): Aggregate => filtered({ op: 'count' }, where);
export const sum = (of: RowExpr, where?: Predicate): Aggregate => filtered({ op: 'sum', of }, where);
export const avg = (of: RowExpr, where?: Predicate): Aggregate => filtered({ op: 'avg', of }, where);
export const countDistinct = (of: RowExpr, where?: Predicate): Aggregate =>
  filtered({ op: 'countDistinct', of }, where);
/** The continuous quantile `q` (0 < q < 1), interpolated linearly. */
export const quantile = (of: RowExpr, q: number, where?: Predicate): Aggregate =>
  filtered({ op: 'quantile', of, q }, where);

/** The session's own value of a metric over error events: its events that count. */
export const ownEvents = (): OwnEvents => node({ op: 'events' });

/** A metric over the query's sessions S, with the session's own value where it has one. */
export const overSessions = (value: GroupExpr, session?: RowExpr): MetricExpression =>
  node({ rows: 'sessions', value, ...(session === undefined ? {} : { session }) });
/** A metric over every matching session active in the window, any status. */
export const overActiveSessions = (value: GroupExpr): MetricExpression => node({ rows: 'active', value });
/** A metric over the error events in the window; `session: true` gives each session its own count. */
export const overErrorEvents = (
  value: GroupExpr,
  options: { readonly session?: boolean } = {},
): MetricExpression => node({ rows: 'errors', value, ...(options.session ? { session: ownEvents() } : {}) });
