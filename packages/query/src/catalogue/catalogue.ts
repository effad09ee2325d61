// Questions asked of a catalogue (is this a metric? which names may stand where?), at run time and
// as types. Every function takes the catalogue to ask, defaulting to the public dictionary, so
// validation, the builder, the CLI and the reference service answer them the same way.
import type { Endpoint } from '../model';
import { DEFAULT_CATALOGUE, type DefaultCatalogue } from './default-catalogue';
import type { AnyCatalogue, DimensionInfo, MetricInfo } from './define-catalogue';

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

/** The default catalogue's metric names. */
export type MetricName = MetricNameOf<DefaultCatalogue>;
/** The default catalogue's dimension names. */
export type DimensionName = DimensionNameOf<DefaultCatalogue>;
/** Dimensions that exist only on error records: they combine with `errors` and `fatalerrors` alone. */
export type ErrorDimensionName = RestrictedDimensionOf<DefaultCatalogue>;
/** Dimensions the session endpoint also accepts in `metrics`, where they come back as string fields. */
export type SessionFieldName = SessionFieldOf<DefaultCatalogue>;

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

/** @internal */
export function metricInfo(catalogue: AnyCatalogue, name: string): MetricInfo {
  return (catalogue.metrics as Record<string, MetricInfo>)[name]!;
}

/** @internal */
export function dimensionInfo(catalogue: AnyCatalogue, name: string): DimensionInfo {
  return (catalogue.dimensions as Record<string, DimensionInfo>)[name]!;
}
