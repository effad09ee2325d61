// How the builder's types refuse an argument: the parameter's type becomes `Invalid<"why">`, an
// object type no string is assignable to, so the compiler's error quotes the reason while an
// editor's completions (string literal types only) list nothing but the names that are valid.
import type { ClosestName } from './closest-name';

/**
 * The type a builder method's parameter takes for an argument it refuses: the compiler's message
 * then reads `Argument of type '"contry"' is not assignable to parameter of type 'Invalid<"…">'`,
 * with the reason inside. No value has this type.
 *
 * @example
 * metricQuery('d').metrics('latency').aggBy('contry');
 * // Argument of type '"contry"' is not assignable to parameter of type
 * // 'Invalid<"\'contry\' is not a dimension of this catalogue; did you mean \'country\'?">'.
 */
export interface Invalid<Reason extends string> {
  /** Phantom: never present; it only makes the reason part of the type. */
  readonly '~invalid': Reason;
}

/** A dimension used in the query allows some metrics only, and this is not one of them. */
export type ErrorOnlyMessage =
  'a dimension used in this query (category, key) combines only with some metrics (errors, fatalerrors)';
export type TimeSeriesMessage = 'a time series cannot also be broken down by dimensions';
export type OrderByMessage = 'orderBy names a metric or dimension requested earlier in the chain';
export type RunnableMessage = 'call .agg(1) or .agg(2) before running a session query';
export type ListFieldMessage =
  'not a field of a session list (group-level metrics and error dimensions are a metricquery)';
export type ListAggByMessage =
  'a session list has one record per session (aggby is only sessionid; a breakdown is a metricquery)';
export type ListHavingMessage = 'a session list filters on session-level metrics only';
/** The advice for a name that is in no list of the catalogue, when no name is close to it. */
export type UnknownNameMessage = 'extend the catalogue with extendCatalogue to add a name';

/**
 * The reason for a name that is not a `Kind` of the catalogue: the closest of `Names` as a
 * did-you-mean (the rule of `suggestName`), else how to add a name.
 *
 * @example
 * type R = UnknownName<'contry', 'dimension', 'country' | 'platform'>;
 * // "'contry' is not a dimension of this catalogue; did you mean 'country'?"
 */
export type UnknownName<
  Name extends string,
  Kind extends string,
  Names extends string,
> = `'${Name}' is not a ${Kind} of this catalogue${[ClosestName<Name, Names>] extends [never]
  ? ` (${UnknownNameMessage})`
  : `; did you mean '${ClosestName<Name, Names>}'?`}`;
