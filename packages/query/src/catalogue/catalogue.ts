// The one list of metric and dimension names, with their types, units and the rules on what may be
// combined. Validation, the builder's types, the reference service and the CLI all read it, so a
// name added here is known everywhere at once.
import type { Endpoint } from '../model';

export type MetricName = 'latency' | 'viewercount' | 'bufferingratio' | 'concurviewavg' | 'users' | 'errors';
export type DimensionName = 'country' | 'platform' | 'subscriberid' | 'category' | 'key' | 'player';
/** Dimensions that exist only on error records: they combine with the `errors` metric alone. */
export type ErrorDimensionName = 'category' | 'key';
/** Dimensions the session endpoint also accepts in `metrics`, where they come back as string fields. */
export type SessionFieldName = 'category' | 'key' | 'player' | 'subscriberid';

export type MetricUnit = 'seconds' | 'percent' | 'count' | 'sessions';

export interface MetricInfo {
  readonly kind: 'metric';
  readonly name: MetricName;
  readonly type: 'number';
  readonly unit: MetricUnit;
  readonly description: string;
  readonly endpoints: readonly Endpoint[];
  /** The dimensions this metric may be broken down or filtered by. */
  readonly combinesWith: readonly DimensionName[];
}

export interface DimensionInfo {
  readonly kind: 'dimension';
  readonly name: DimensionName;
  readonly type: 'string';
  readonly description: string;
  readonly endpoints: readonly Endpoint[];
  /** The metrics this dimension may be combined with. */
  readonly combinesWith: readonly MetricName[];
  /** Endpoints on which the name may also be listed in `metrics` (as a string field). */
  readonly metricOn: readonly Endpoint[];
}

const BOTH: readonly Endpoint[] = Object.freeze(['metricquery', 'session']);
const ALL_METRICS: readonly MetricName[] = Object.freeze([
  'latency',
  'viewercount',
  'bufferingratio',
  'concurviewavg',
  'users',
  'errors',
]);
const ALL_DIMENSIONS: readonly DimensionName[] = Object.freeze([
  'country',
  'platform',
  'subscriberid',
  'category',
  'key',
  'player',
]);
const PLAYBACK_DIMENSIONS: readonly DimensionName[] = Object.freeze([
  'country',
  'platform',
  'subscriberid',
  'player',
]);

function metric(name: MetricName, unit: MetricUnit, description: string): MetricInfo {
  return Object.freeze({
    kind: 'metric',
    name,
    type: 'number',
    unit,
    description,
    endpoints: BOTH,
    combinesWith: name === 'errors' ? ALL_DIMENSIONS : PLAYBACK_DIMENSIONS,
  });
}

function dimension(
  name: DimensionName,
  description: string,
  metricOn: readonly Endpoint[] = [],
): DimensionInfo {
  const errorOnly = name === 'category' || name === 'key';
  return Object.freeze({
    kind: 'dimension',
    name,
    type: 'string',
    description,
    endpoints: BOTH,
    combinesWith: errorOnly ? Object.freeze(['errors'] as const) : ALL_METRICS,
    metricOn: Object.freeze([...metricOn]),
  });
}

/** Every metric, keyed by name. */
export const METRICS: { readonly [K in MetricName]: MetricInfo } = Object.freeze({
  latency: metric('latency', 'seconds', 'Mean startup time of the sessions that started, in seconds.'),
  viewercount: metric('viewercount', 'count', 'Plays: sessions that started.'),
  bufferingratio: metric(
    'bufferingratio',
    'percent',
    'Rebuffering time as a percentage of watch plus rebuffering time.',
  ),
  concurviewavg: metric(
    'concurviewavg',
    'sessions',
    'Time-weighted mean number of concurrent sessions over the window.',
  ),
  users: metric('users', 'count', 'Distinct subscribers with a session.'),
  errors: metric('errors', 'count', 'Error events.'),
});

/** Every dimension, keyed by name. */
export const DIMENSIONS: { readonly [K in DimensionName]: DimensionInfo } = Object.freeze({
  country: dimension('country', 'Country of the viewer (ISO 3166-1 alpha-2 code).'),
  platform: dimension('platform', 'Device platform, such as ios, android, web or tv.'),
  subscriberid: dimension('subscriberid', 'Subscriber identifier.', ['session']),
  category: dimension('category', 'Error category (error records only).', ['session']),
  key: dimension('key', 'Error key within its category (error records only).', ['session']),
  player: dimension('player', 'Player name and version.', ['session']),
});

/** The special `aggby` value of a time series. */
export const TIMESTAMP = 'timestamp';

/**
 * The whole catalogue: metrics, dimensions and the special `timestamp` aggby.
 *
 * @example
 * CATALOGUE.metrics.latency.unit; // 'seconds'
 * CATALOGUE.dimensions.category.combinesWith; // ['errors']
 */
export const CATALOGUE = Object.freeze({
  metrics: METRICS,
  dimensions: DIMENSIONS,
  timestamp: TIMESTAMP,
  metricNames: ALL_METRICS,
  dimensionNames: ALL_DIMENSIONS,
});

const hasOwn = (o: object, k: string) => Object.hasOwn(o, k);

/**
 * Whether a name is a metric of the catalogue (exact, lower-case spelling).
 *
 * @example
 * isMetric('latency'); // true
 * isMetric('country'); // false
 */
export function isMetric(name: string): name is MetricName {
  return hasOwn(METRICS, name);
}

/**
 * Whether a name is a dimension of the catalogue (exact, lower-case spelling).
 *
 * @example
 * isDimension('country'); // true
 * isDimension('timestamp'); // false: it is the special aggby of a time series
 */
export function isDimension(name: string): name is DimensionName {
  return hasOwn(DIMENSIONS, name);
}

/**
 * Whether a dimension exists only on error records (`category`, `key`).
 *
 * @example
 * isErrorDimension('key'); // true
 */
export function isErrorDimension(name: string): name is ErrorDimensionName {
  return name === 'category' || name === 'key';
}

/**
 * Whether a name may be listed in `metrics` on the given endpoint as a string field.
 *
 * @example
 * isSessionField('player', 'session'); // true
 * isSessionField('player', 'metricquery'); // false
 */
export function isSessionField(name: string, endpoint: Endpoint = 'session'): name is SessionFieldName {
  return isDimension(name) && DIMENSIONS[name].metricOn.includes(endpoint);
}
