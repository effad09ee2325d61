// A catalogue of metric, dimension and session-field names as one frozen value whose type carries
// the names, so a builder made from it infers record types from it (as Kysely's builder takes a
// database interface). `defineCatalogue` checks a definition and fills in defaults;
// `extendCatalogue` adds names.
import { andList } from '../util/word-list';
import { AGGREGATE_ENDPOINTS, ENDPOINTS, type Endpoint, isEndpoint } from '../wire/endpoints';
import { describeMetric, expressionProblems, type MetricExpression } from './metric-expression';

/** Whether a metric is computed per session (and a qoefilter tests each session) or per group. */
export type MetricLevel = 'session' | 'group';
export type MetricUnit =
  | 'seconds'
  | 'minutes'
  | 'percent'
  | 'count'
  | 'sessions'
  | 'score'
  | 'ratio'
  | 'megabytes'
  | 'epoch_seconds';
/**
 * Which way a metric is better: `lower` (buffering, startup time, failures), `higher` (quality of
 * experience, playtime), or neither (`undefined`: counts, whose size says how much traffic there
 * is, not how good it was). Insights rank the values that are worse in that direction.
 */
export type MetricDirection = 'lower' | 'higher';

/** The definition of one metric, as a deployment writes it. */
export interface MetricDefinition {
  readonly unit: MetricUnit;
  readonly level: MetricLevel;
  /**
   * Its definition in prose; derived from `expression` when it has one (a metric has one or the
   * other).
   */
  readonly description?: string;
  /**
   * Its meaning as an expression over the session and error columns (built with `expr`), from
   * which the reference service derives its SQL and the catalogue its prose definition.
   */
  readonly expression?: MetricExpression;
  /**
   * The endpoints it is valid on (default `metricquery` and `session`). A session-level metric
   * that lists `listsessions` too is a list field there: each session's own value.
   */
  readonly endpoints?: readonly Endpoint[];
  /** Whether it may be requested with `concurrency=1` (default `true`). */
  readonly concurrency?: boolean;
  /** Which way is better (default neither). */
  readonly better?: MetricDirection;
}

/** The definition of one dimension, as a deployment writes it. */
export interface DimensionDefinition<M extends string = string> {
  readonly description: string;
  /**
   * The endpoints it is valid on (default every endpoint; `metricquery` and `session` for one that
   * combines with some metrics only, since a session list lists sessions, not error events). On
   * `listsessions` a dimension is a list field (each session's value) and may be filtered on.
   */
  readonly endpoints?: readonly Endpoint[];
  /** The only metrics it may be combined with (default: every metric). */
  readonly combinesWith?: readonly M[];
  /** Whether the session endpoint also accepts it in `metrics`, as a string field (default `false`). */
  readonly sessionField?: boolean;
  /**
   * Whether its values identify single things (a subscriber, an asset) rather than describe a
   * population (default `false`): insights leave identifiers out of their default candidates.
   */
  readonly identifier?: boolean;
}

/**
 * The definition of one field of a session list that is neither a metric nor a dimension (the
 * session's id, its start time), as a deployment writes it.
 */
export interface FieldDefinition {
  /** A number (with its unit) or a string (`""` for null). */
  readonly type: 'number' | 'string';
  readonly unit?: MetricUnit;
  readonly description: string;
}

export type MetricDefinitions = { readonly [name: string]: MetricDefinition };
export type DimensionDefinitions = { readonly [name: string]: DimensionDefinition };
export type FieldDefinitions = { readonly [name: string]: FieldDefinition };

export interface CatalogueDefinition<
  M extends MetricDefinitions = MetricDefinitions,
  D extends DimensionDefinitions = DimensionDefinitions,
  F extends FieldDefinitions = FieldDefinitions,
> {
  readonly metrics: M;
  readonly dimensions: D;
  /** Session-list fields that are neither metrics nor dimensions (default none). */
  readonly fields?: F;
}

/** One metric of a catalogue, defaults filled in. */
export interface MetricInfo<N extends string = string> {
  readonly kind: 'metric';
  readonly name: N;
  readonly type: 'number';
  readonly unit: MetricUnit;
  readonly level: MetricLevel;
  /** Its definition in prose (derived from the expression when it has one). */
  readonly description: string;
  /** Its meaning as an expression, when the definition gives one. */
  readonly expression?: MetricExpression;
  readonly endpoints: readonly Endpoint[];
  /** Whether it may be requested with `concurrency=1`. */
  readonly concurrency: boolean;
  /** Which way is better; `undefined` when neither is (a count). */
  readonly better: MetricDirection | undefined;
  /** The dimensions this metric may be broken down or filtered by. */
  readonly combinesWith: readonly string[];
}

/** One dimension of a catalogue, defaults filled in. */
export interface DimensionInfo<N extends string = string> {
  readonly kind: 'dimension';
  readonly name: N;
  readonly type: 'string';
  readonly description: string;
  readonly endpoints: readonly Endpoint[];
  /** The metrics this dimension may be combined with. */
  readonly combinesWith: readonly string[];
  /** Whether it combines with some metrics only (like the error-only `category` and `key`). */
  readonly restricted: boolean;
  /** Endpoints on which the name may also be listed in `metrics` (as a string field). */
  readonly metricOn: readonly Endpoint[];
  /** Whether its values identify single things (a subscriber, an asset). */
  readonly identifier: boolean;
}

/** One session-list field of a catalogue that is neither a metric nor a dimension. */
export interface FieldInfo<N extends string = string> {
  readonly kind: 'field';
  readonly name: N;
  readonly type: 'number' | 'string';
  readonly unit?: MetricUnit;
  readonly description: string;
  readonly endpoints: readonly Endpoint[];
}

/** A checked, deeply frozen catalogue. Its type parameters carry the definitions, names included. */
export interface Catalogue<
  M extends MetricDefinitions = MetricDefinitions,
  D extends DimensionDefinitions = DimensionDefinitions,
  F extends FieldDefinitions = {},
> {
  readonly metrics: { readonly [K in keyof M & string]: MetricInfo<K> };
  readonly dimensions: { readonly [K in keyof D & string]: DimensionInfo<K> };
  readonly fields: { readonly [K in keyof F & string]: FieldInfo<K> };
  /** Metric names in definition order. */
  readonly metricNames: readonly (keyof M & string)[];
  /** Dimension names in definition order. */
  readonly dimensionNames: readonly (keyof D & string)[];
  /** Field names in definition order. */
  readonly fieldNames: readonly (keyof F & string)[];
  /**
   * The names a session list takes in `metrics`, in this order: the metrics valid on
   * `listsessions`, the fields, then the dimensions valid there.
   */
  readonly listFieldNames: readonly string[];
  /** The special `aggby` of a time series. */
  readonly timestamp: 'timestamp';
  /** The definition it was made from (frozen), which `extendCatalogue` builds on. */
  readonly definition: CatalogueDefinition<M, D, F>;
}

/** Any catalogue, whatever its names. */
// biome-ignore lint/suspicious/noExplicitAny: the widest catalogue type, for constraints only
export type AnyCatalogue = Catalogue<any, any, any>;

const UNITS: readonly MetricUnit[] = [
  'seconds',
  'minutes',
  'percent',
  'count',
  'sessions',
  'score',
  'ratio',
  'megabytes',
  'epoch_seconds',
];
const DIRECTIONS: readonly MetricDirection[] = ['lower', 'higher'];
const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Check a catalogue definition and make it a frozen catalogue. Names are lower-case identifiers,
 * metric and dimension names are distinct, and `timestamp` is reserved. Throws a `TypeError` that
 * lists every problem (see `catalogueProblems` to get them without throwing).
 *
 * @example
 * const shop = defineCatalogue({
 *   metrics: { carts: { unit: 'count', level: 'group', description: 'Carts opened.' } },
 *   dimensions: { store: { description: 'Store id.' } },
 * });
 * createQueries(shop).metricQuery('demo').metrics('carts').aggBy('store');
 * // record type { carts: number; store: string }
 */
export function defineCatalogue<
  const M extends MetricDefinitions,
  const D extends { readonly [name: string]: DimensionDefinition<NoInfer<keyof M & string>> },
  const F extends FieldDefinitions = {},
>(definition: { readonly metrics: M; readonly dimensions: D; readonly fields?: F }): Catalogue<M, D, F> {
  const problems = catalogueProblems(definition);
  if (problems.length > 0) {
    throw new TypeError(`@playq/query: defineCatalogue: ${problems.join(' ')}`);
  }
  return build(definition) as unknown as Catalogue<M, D, F>;
}

/**
 * `defineCatalogue` without the checks, for the default catalogue only: its definition is checked
 * by a test (`catalogueProblems` finds nothing), so bundles that only build URLs do not carry the
 * checks and their messages. @internal
 */
export function defineTrustedCatalogue<
  const M extends MetricDefinitions,
  const D extends { readonly [name: string]: DimensionDefinition<NoInfer<keyof M & string>> },
  const F extends FieldDefinitions = {},
>(definition: { readonly metrics: M; readonly dimensions: D; readonly fields?: F }): Catalogue<M, D, F> {
  return build(definition) as unknown as Catalogue<M, D, F>;
}

/**
 * A catalogue with a deployment's own names added to a base (usually the default catalogue). A
 * name the base already has is an error: extending never redefines.
 *
 * @example
 * const mine = extendCatalogue(DEFAULT_CATALOGUE, {
 *   metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
 * });
 * mine.metrics.ad_impressions.unit; // 'count'
 */
export function extendCatalogue<
  C extends AnyCatalogue,
  const M extends MetricDefinitions = {},
  const D extends {
    readonly [name: string]: DimensionDefinition<NoInfer<(keyof M | keyof C['metrics']) & string>>;
  } = {},
  const F extends FieldDefinitions = {},
>(
  base: C,
  more: { readonly metrics?: M; readonly dimensions?: D; readonly fields?: F },
): Catalogue<
  C['definition']['metrics'] & M,
  C['definition']['dimensions'] & D,
  NonNullable<C['definition']['fields']> & F
> {
  const has = (section: object | undefined, n: string) => section !== undefined && Object.hasOwn(section, n);
  const clash = [
    ...Object.keys(more.metrics ?? {}).filter((n) => has(base.definition.metrics, n)),
    ...Object.keys(more.dimensions ?? {}).filter((n) => has(base.definition.dimensions, n)),
    ...Object.keys(more.fields ?? {}).filter((n) => has(base.definition.fields, n)),
  ];
  if (clash.length > 0) {
    throw new TypeError(`@playq/query: extendCatalogue: the base already defines ${clash.join(', ')}.`);
  }
  return defineCatalogue({
    metrics: { ...base.definition.metrics, ...more.metrics },
    dimensions: { ...base.definition.dimensions, ...more.dimensions },
    fields: { ...base.definition.fields, ...more.fields },
  }) as never;
}

/**
 * Every problem with a catalogue definition (for example one read from a JSON file), as
 * sentences; empty when `defineCatalogue` would accept it. Never throws.
 *
 * @example
 * catalogueProblems({ metrics: { Bad: {} }, dimensions: {} });
 * // ['metric "Bad": a name is a lower-case identifier ([a-z_][a-z0-9_]*).', ...]
 */
export function catalogueProblems(definition: unknown): string[] {
  if (!isRecord(definition) || !isRecord(definition.metrics) || !isRecord(definition.dimensions)) {
    return ['a catalogue is an object { metrics: {...}, dimensions: {...} }.'];
  }
  const out: string[] = [];
  const metrics = definition.metrics;
  for (const [name, def] of Object.entries(metrics)) metricProblems(name, def, metrics, out);
  for (const [name, def] of Object.entries(definition.dimensions)) {
    dimensionProblems(name, def, metrics, out);
  }
  if (definition.fields !== undefined && !isRecord(definition.fields)) {
    out.push('fields is an object of field definitions.');
  } else {
    for (const [name, def] of Object.entries(definition.fields ?? {})) {
      fieldProblems(name, def, [metrics, definition.dimensions], out);
    }
  }
  return out;
}

function fieldProblems(
  name: string,
  def: unknown,
  taken: readonly Record<string, unknown>[],
  out: string[],
): void {
  const where = `field "${name}":`;
  nameProblems(where, name, out);
  if (taken.some((section) => Object.hasOwn(section, name)))
    out.push(`${where} a metric or dimension has the same name.`);
  if (!isRecord(def)) {
    out.push(`${where} its definition is an object with type and description.`);
    return;
  }
  if (def.type !== 'number' && def.type !== 'string') out.push(`${where} type is number or string.`);
  if (def.unit !== undefined && !UNITS.includes(def.unit as MetricUnit)) {
    out.push(`${where} unit is one of ${UNITS.join(', ')}.`);
  }
  if (typeof def.description !== 'string') out.push(`${where} description is a string.`);
}

function metricProblems(name: string, def: unknown, metrics: Record<string, unknown>, out: string[]): void {
  const where = `metric "${name}":`;
  nameProblems(where, name, out);
  if (!isRecord(def)) {
    out.push(`${where} its definition is an object with unit, level and description or expression.`);
    return;
  }
  if (!UNITS.includes(def.unit as MetricUnit)) out.push(`${where} unit is one of ${UNITS.join(', ')}.`);
  if (def.level !== 'session' && def.level !== 'group') out.push(`${where} level is session or group.`);
  if (def.description !== undefined && typeof def.description !== 'string')
    out.push(`${where} description is a string.`);
  if (def.description === undefined && def.expression === undefined)
    out.push(`${where} it has a description or an expression.`);
  if (def.expression !== undefined)
    out.push(...expressionProblems(name, def.expression, metrics as never, def));
  if (def.concurrency !== undefined && typeof def.concurrency !== 'boolean') {
    out.push(`${where} concurrency is true or false.`);
  }
  if (def.better !== undefined && !DIRECTIONS.includes(def.better as MetricDirection)) {
    out.push(`${where} better is "lower" or "higher" (or left out when neither is).`);
  }
  endpointProblems(where, def.endpoints, out);
}

function dimensionProblems(
  name: string,
  def: unknown,
  metrics: Record<string, unknown>,
  out: string[],
): void {
  const where = `dimension "${name}":`;
  nameProblems(where, name, out);
  if (Object.hasOwn(metrics, name)) out.push(`${where} a metric has the same name.`);
  if (!isRecord(def)) {
    out.push(`${where} its definition is an object with a description.`);
    return;
  }
  if (typeof def.description !== 'string') out.push(`${where} description is a string.`);
  if (def.sessionField !== undefined && typeof def.sessionField !== 'boolean') {
    out.push(`${where} sessionField is true or false.`);
  }
  if (def.identifier !== undefined && typeof def.identifier !== 'boolean') {
    out.push(`${where} identifier is true or false.`);
  }
  endpointProblems(where, def.endpoints, out);
  if (def.combinesWith === undefined) return;
  if (!Array.isArray(def.combinesWith) || def.combinesWith.length === 0) {
    out.push(`${where} combinesWith is a non-empty list of metric names.`);
    return;
  }
  for (const m of def.combinesWith) {
    if (typeof m !== 'string' || !Object.hasOwn(metrics, m)) {
      out.push(`${where} combinesWith names "${String(m)}", which is not a metric of the catalogue.`);
    }
  }
}

function nameProblems(where: string, name: string, out: string[]): void {
  if (!NAME.test(name)) out.push(`${where} a name is a lower-case identifier ([a-z_][a-z0-9_]*).`);
  if (name === 'timestamp') out.push(`${where} "timestamp" is reserved for the time-series aggby.`);
}

function endpointProblems(where: string, endpoints: unknown, out: string[]): void {
  if (endpoints === undefined) return;
  if (!Array.isArray(endpoints) || endpoints.length === 0 || !endpoints.every((e) => isEndpoint(e))) {
    out.push(`${where} endpoints is a non-empty list of ${andList(ENDPOINTS)}.`);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function build(def: CatalogueDefinition): AnyCatalogue {
  const metricNames = Object.keys(def.metrics);
  const dimensionNames = Object.keys(def.dimensions);
  const dimensions: Record<string, DimensionInfo> = {};
  for (const name of dimensionNames) {
    const d = def.dimensions[name]!;
    dimensions[name] = {
      kind: 'dimension',
      name,
      type: 'string',
      description: d.description,
      endpoints: d.endpoints ?? (d.combinesWith === undefined ? ENDPOINTS : AGGREGATE_ENDPOINTS),
      combinesWith: d.combinesWith ?? metricNames,
      restricted: d.combinesWith !== undefined,
      metricOn: d.sessionField === true ? ['session'] : [],
      identifier: d.identifier === true,
    };
  }
  const metrics: Record<string, MetricInfo> = {};
  for (const name of metricNames) {
    const m = def.metrics[name]!;
    metrics[name] = {
      kind: 'metric',
      name,
      type: 'number',
      unit: m.unit,
      level: m.level,
      description: m.description ?? describeMetric(m.expression!),
      ...(m.expression === undefined ? {} : { expression: m.expression }),
      endpoints: m.endpoints ?? AGGREGATE_ENDPOINTS,
      concurrency: m.concurrency ?? true,
      better: m.better,
      combinesWith: dimensionNames.filter((d) => dimensions[d]!.combinesWith.includes(name)),
    };
  }
  const fieldNames = Object.keys(def.fields ?? {});
  const fields: Record<string, FieldInfo> = {};
  for (const name of fieldNames) {
    const f = def.fields![name]!;
    fields[name] = {
      kind: 'field',
      name,
      type: f.type,
      ...(f.unit === undefined ? {} : { unit: f.unit }),
      description: f.description,
      endpoints: ['listsessions'],
    };
  }
  const onList = (info: { readonly endpoints: readonly Endpoint[] }) =>
    info.endpoints.includes('listsessions');
  const listFieldNames = [
    ...metricNames.filter((n) => onList(metrics[n]!)),
    ...fieldNames,
    ...dimensionNames.filter((n) => onList(dimensions[n]!)),
  ];
  return freeze({
    metrics,
    dimensions,
    fields,
    metricNames,
    dimensionNames,
    fieldNames,
    listFieldNames,
    timestamp: 'timestamp',
    definition: structuredClone(def),
  }) as AnyCatalogue;
}

function freeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) freeze(v);
  }
  return value;
}
