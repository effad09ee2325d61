// Questions asked of a catalogue (is this a metric? which names may stand where?), at run time and
// as types. Every function takes the catalogue to ask, defaulting to the public dictionary, so
// validation, the builder, the CLI and the reference service answer them the same way.
import type { Endpoint } from '../model';
import { DEFAULT_CATALOGUE, type DefaultCatalogue } from './default-catalogue';
import type { AnyCatalogue, DimensionInfo, FieldInfo, MetricInfo } from './define-catalogue';
import type { GroupExpr } from './metric-expression';

/** A metric name of a catalogue (of the default one when not given). */
export type MetricNameOf<C extends AnyCatalogue> = keyof C['definition']['metrics'] & string;
/** A dimension name of a catalogue. */
export type DimensionNameOf<C extends AnyCatalogue> = keyof C['definition']['dimensions'] & string;
/** Dimensions a catalogue lets the session endpoint list in `metrics` (as string fields). */
export type SessionFieldOf<C extends AnyCatalogue> = {
  [K in DimensionNameOf<C>]: C['definition']['dimensions'][K] extends { readonly sessionField: true }
    ? K
    : never;
}[DimensionNameOf<C>];
/** The metrics a dimension may be combined with (every metric unless it says otherwise). */
export type CombinesWithOf<C extends AnyCatalogue, D extends string> =
  D extends DimensionNameOf<C>
    ? C['definition']['dimensions'][D] extends { readonly combinesWith: readonly (infer X)[] }
      ? X & string
      : MetricNameOf<C>
    : MetricNameOf<C>;
/** Dimensions that combine with some metrics only. */
export type RestrictedDimensionOf<C extends AnyCatalogue> = {
  [K in DimensionNameOf<C>]: C['definition']['dimensions'][K] extends {
    readonly combinesWith: readonly string[];
  }
    ? K
    : never;
}[DimensionNameOf<C>];

/** The names that carry an endpoint in their definition's `endpoints` (or, without one, by default). */
type OnEndpoint<Defs, E extends string, Default extends boolean> = {
  [K in keyof Defs & string]: Defs[K] extends { readonly endpoints: readonly (infer X)[] }
    ? E extends X
      ? K
      : never
    : Default extends true
      ? K
      : never;
}[keyof Defs & string];
type Dims<C extends AnyCatalogue> = C['definition']['dimensions'];
type Fields<C extends AnyCatalogue> = NonNullable<C['definition']['fields']>;

/**
 * The names a catalogue's session list takes in `metrics` (list fields): metrics valid on
 * `listsessions` (each session's own value), the catalogue's fields, and its dimensions valid
 * there (every one that does not combine with some metrics only).
 */
export type ListFieldOf<C extends AnyCatalogue> =
  | OnEndpoint<C['definition']['metrics'], 'listsessions', false>
  | (keyof Fields<C> & string)
  | DimensionsOnList<C>;
/** Dimensions valid on `listsessions`: listed there, or (by default) every one that is not error-only. */
type DimensionsOnList<C extends AnyCatalogue> = {
  [K in keyof Dims<C> & string]: Dims<C>[K] extends { readonly endpoints: readonly (infer X)[] }
    ? 'listsessions' extends X
      ? K
      : never
    : Dims<C>[K] extends { readonly combinesWith: readonly string[] }
      ? never
      : K;
}[keyof Dims<C> & string];
/** The list fields whose values are numbers (the rest are strings). */
export type NumericListFieldOf<C extends AnyCatalogue> =
  | OnEndpoint<C['definition']['metrics'], 'listsessions', false>
  | {
      [K in keyof Fields<C> & string]: Fields<C>[K] extends { readonly type: 'number' } ? K : never;
    }[keyof Fields<C> & string];

/** The default catalogue's metric names. */
export type MetricName = MetricNameOf<DefaultCatalogue>;
/** The default catalogue's dimension names. */
export type DimensionName = DimensionNameOf<DefaultCatalogue>;
/** Dimensions that exist only on error records: they combine with `errors` and `fatalerrors` alone. */
export type ErrorDimensionName = RestrictedDimensionOf<DefaultCatalogue>;
/** Dimensions the session endpoint also accepts in `metrics`, where they come back as string fields. */
export type SessionFieldName = SessionFieldOf<DefaultCatalogue>;
/** The names the default catalogue's session list takes in `metrics`. */
export type ListFieldName = ListFieldOf<DefaultCatalogue>;

/** The default catalogue (the public dictionary). Kept under its first name. */
export const CATALOGUE: DefaultCatalogue = DEFAULT_CATALOGUE;
/** Every metric of the default catalogue, keyed by name. */
export const METRICS: DefaultCatalogue['metrics'] = DEFAULT_CATALOGUE.metrics;
/** Every dimension of the default catalogue, keyed by name. */
export const DIMENSIONS: DefaultCatalogue['dimensions'] = DEFAULT_CATALOGUE.dimensions;

/** The special `aggby` value of a time series. */
export const TIMESTAMP = 'timestamp';

/**
 * Whether a name is a metric of the catalogue (exact, lower-case spelling).
 *
 * @example
 * isMetric('latency'); // true
 * isMetric('country'); // false
 */
export function isMetric(name: string, catalogue: AnyCatalogue = DEFAULT_CATALOGUE): name is MetricName {
  return Object.hasOwn(of(catalogue).metrics, name);
}

/**
 * Whether a name is a dimension of the catalogue (exact, lower-case spelling).
 *
 * @example
 * isDimension('country'); // true
 * isDimension('timestamp'); // false: it is the special aggby of a time series
 */
export function isDimension(
  name: string,
  catalogue: AnyCatalogue = DEFAULT_CATALOGUE,
): name is DimensionName {
  return Object.hasOwn(of(catalogue).dimensions, name);
}

// `names.filter(isMetric)` passes the index as the second argument: treat it as "no catalogue".
function of(catalogue: unknown): AnyCatalogue {
  return typeof catalogue === 'object' && catalogue !== null
    ? (catalogue as AnyCatalogue)
    : DEFAULT_CATALOGUE;
}

/**
 * Whether a dimension combines with some metrics only (`category`, `key`: error records only).
 *
 * @example
 * isErrorDimension('key'); // true
 */
export function isErrorDimension(
  name: string,
  catalogue: AnyCatalogue = DEFAULT_CATALOGUE,
): name is ErrorDimensionName {
  return isDimension(name, catalogue) && dimensionInfo(catalogue, name).restricted;
}

/**
 * Whether a name may be listed in `metrics` on the given endpoint as a string field.
 *
 * @example
 * isSessionField('player', 'session'); // true
 * isSessionField('player', 'metricquery'); // false
 */
export function isSessionField(
  name: string,
  endpoint: Endpoint = 'session',
  catalogue: AnyCatalogue = DEFAULT_CATALOGUE,
): name is SessionFieldName {
  return isDimension(name, catalogue) && dimensionInfo(catalogue, name).metricOn.includes(endpoint);
}

/**
 * Whether a name is a field of a session list (`metrics` on `listsessions`): a metric valid there,
 * a field of the catalogue, or a dimension valid there.
 *
 * @example
 * isListField('bufferingratio'); // true (the session's own value)
 * isListField('sessionid'); // true
 * isListField('views'); // false: a group-level metric
 */
export function isListField(
  name: string,
  catalogue: AnyCatalogue = DEFAULT_CATALOGUE,
): name is ListFieldName {
  return of(catalogue).listFieldNames.includes(name);
}

/**
 * Whether a list field's values are numbers or strings; `undefined` for a name that is not one.
 *
 * @example
 * listFieldType('starttime'); // 'number'
 * listFieldType('country'); // 'string'
 */
export function listFieldType(
  name: string,
  catalogue: AnyCatalogue = DEFAULT_CATALOGUE,
): 'number' | 'string' | undefined {
  const c = of(catalogue);
  if (!c.listFieldNames.includes(name)) return undefined;
  if (Object.hasOwn(c.fields, name)) return (c.fields as Record<string, FieldInfo>)[name]!.type;
  return Object.hasOwn(c.metrics, name) ? 'number' : 'string';
}

/** @internal */
export function metricInfo(catalogue: AnyCatalogue, name: string): MetricInfo {
  return (catalogue.metrics as Record<string, MetricInfo>)[name]!;
}

/** @internal */
export function dimensionInfo(catalogue: AnyCatalogue, name: string): DimensionInfo {
  return (catalogue.dimensions as Record<string, DimensionInfo>)[name]!;
}

/**
 * The metrics of a catalogue that say which way is better (`better: 'lower' | 'higher'`): the
 * ones whose values can be ranked from good to bad.
 */
export type DirectedMetricOf<C extends AnyCatalogue> = {
  [K in MetricNameOf<C>]: C['definition']['metrics'][K] extends { readonly better: 'lower' | 'higher' }
    ? K
    : never;
}[MetricNameOf<C>];
/** The default catalogue's metrics that say which way is better. */
export type DirectedMetricName = DirectedMetricOf<DefaultCatalogue>;

/**
 * Which way a metric of the catalogue is better; `undefined` for one where neither is (a count) or
 * a name that is not a metric.
 *
 * @example
 * metricDirection('bufferingratio'); // 'lower'
 * metricDirection('qualityofexperience'); // 'higher'
 * metricDirection('attempts'); // undefined
 */
export function metricDirection(
  name: string,
  catalogue: AnyCatalogue = DEFAULT_CATALOGUE,
): 'lower' | 'higher' | undefined {
  return isMetric(name, catalogue) ? metricInfo(of(catalogue), name).better : undefined;
}

/**
 * Whether a metric adds up over groups: its value over sessions (or error events) split into
 * groups is the sum of the groups' values (a count or a sum, however scaled). Its size follows the
 * size of the population, so comparing groups means comparing it per attempt. `false` for a ratio,
 * a mean, a quantile, a distinct count, or a metric known by its description only.
 *
 * @example
 * isAdditiveMetric('playdur'); // true: a sum of watch time
 * isAdditiveMetric('bufferingratio'); // false: a ratio
 */
export function isAdditiveMetric(name: string, catalogue: AnyCatalogue = DEFAULT_CATALOGUE): boolean {
  if (!isMetric(name, catalogue)) return false;
  let value: GroupExpr | undefined = metricInfo(of(catalogue), name).expression?.value;
  while (value?.op === 'name' || value?.op === 'scale') value = value.of;
  return value?.op === 'count' || value?.op === 'sum';
}
