// The builder's type-level bookkeeping: what has been chosen so far (a small state record), the
// result record that follows from it, and the argument types that turn invalid combinations into
// compile-time errors whose message says what is wrong.
import type { ComparisonOperator } from '@playq/grammar';
import type {
  CombinesWithOf,
  DimensionNameOf,
  MetricNameOf,
  NumericListFieldOf,
  RestrictedDimensionOf,
} from '../catalogue/catalogue';
import type { DefaultCatalogue } from '../catalogue/default-catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import type { AggMode, Endpoint, Granularity, QueryNode, SessionType, SortOrder } from '../model';
import type { ParameterName } from '../parameters/parameter-codecs';
import type { AggByArg, FilterDimArg, HavingArg, MetricArg, OrderByArg } from './arguments';
import type { Invalid, RunnableMessage } from './invalid';
import type { TimeInput, TimeUnit } from './time';

/** What a builder has accumulated, as types. */
export interface BuilderState {
  readonly endpoint: Endpoint;
  /** The catalogue whose names the builder accepts. */
  readonly catalogue: AnyCatalogue;
  /** Union of the names passed to `.metrics()`. */
  readonly metrics: string;
  /** Union of the dimensions passed to `.aggBy()`. */
  readonly dims: string;
  readonly timeseries: boolean;
  /** Whether `.agg()` was called (session endpoint). */
  readonly agg: boolean;
  /**
   * The metrics still allowed: every metric, narrowed by each dimension used so far that combines
   * with some metrics only (`category` and `key` allow `errors` and `fatalerrors`).
   */
  readonly allowed: string;
}

/** The state of a builder fresh from `metricQuery()` / `sessionQuery()`. */
export interface InitialState<E extends Endpoint, C extends AnyCatalogue = DefaultCatalogue> {
  readonly endpoint: E;
  readonly catalogue: C;
  readonly metrics: never;
  readonly dims: never;
  readonly timeseries: false;
  readonly agg: false;
  readonly allowed: MetricNameOf<C>;
}

/** The state of a builder whose contents are only known at run time (from `fromQuery`). */
export interface LooseState<E extends Endpoint = Endpoint, C extends AnyCatalogue = DefaultCatalogue> {
  readonly endpoint: E;
  readonly catalogue: C;
  readonly metrics: string;
  readonly dims: string;
  readonly timeseries: boolean;
  readonly agg: true;
  readonly allowed: string;
}

type With<S extends BuilderState, P extends Partial<BuilderState>> = {
  readonly [K in keyof BuilderState]: K extends keyof P ? P[K] : S[K];
};

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The record type of a query with the given metrics (or session fields), aggby dimensions and time
 * series flag. Metrics of the catalogue are numbers, dimensions and session fields strings, a time
 * series adds the bucket start as `timestamp` (epoch seconds), and session records carry
 * `totalpages`.
 *
 * @example
 * type R = RecordOf<'errors', 'country'>; // { errors: number; country: string }
 */
export type RecordOf<
  M extends string,
  D extends string = never,
  TS extends boolean = false,
  E extends Endpoint = 'metricquery',
  C extends AnyCatalogue = DefaultCatalogue,
> = Simplify<
  (E extends 'listsessions'
    ? { [K in M]: K extends NumericListFieldOf<C> ? number : string }
    : { [K in M]: K extends MetricNameOf<C> ? number : string }) & { [K in D]: string } & (TS extends true
      ? { timestamp: number }
      : unknown) &
    (E extends 'session' ? { totalpages: number } : unknown)
>;

type StateRecord<S extends BuilderState> = RecordOf<
  S['metrics'],
  S['dims'],
  S['timeseries'],
  S['endpoint'],
  S['catalogue']
>;

/** Dimensions among N that refuse metric M. */
type Refusing<C extends AnyCatalogue, N extends string, M extends string> = N extends unknown
  ? M extends CombinesWithOf<C, N>
    ? never
    : N
  : never;

/** The metrics of A that every dimension in N combines with. */
type Narrow<C extends AnyCatalogue, A extends string, N extends string> = {
  [M in A]: [Refusing<C, Extract<N, RestrictedDimensionOf<C>>, M>] extends [never] ? M : never;
}[A];

// Not exported: declarations that infer a builder's type spell it out rather than import it.
/** The metrics still allowed once the dimensions `N` are used. */
type Allowing<S extends BuilderState, N extends string> = Narrow<S['catalogue'], S['allowed'], N>;

/** A period as text (`start=…,end=…`) or as two instants. */
export type PeriodInput = string | { readonly start: TimeInput; readonly end: TimeInput };

export interface LastOptions {
  /** The end of the span (default: now). */
  readonly now?: TimeInput;
}

/** What every builder offers, whichever the endpoint. */
export interface BuilderMethods<S extends BuilderState> {
  /** Phantom: the record type of this query's results. Not present at run time. */
  readonly '~record'?: StateRecord<S>;
  /** The catalogue the builder was made with; `validate` checks names against it. */
  readonly '~catalogue': S['catalogue'];
  /** Phantom: whether a client may run this query as it stands. Not present at run time. */
  readonly '~runnable': S['endpoint'] extends 'session'
    ? S['agg'] extends true
      ? true
      : RunnableMessage
    : true;

  /**
   * Add metrics (appended, duplicates ignored). On the session endpoint, `category`, `key`,
   * `player` and `subscriberid` may be listed too; they come back as string fields.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('latency', 'viewercount');
   * // …/metricquery/demo?period=…&metrics=latency%2Cviewercount
   */
  metrics<const N extends string>(
    ...names: MetricArg<S, N>[]
  ): QueryBuilder<With<S, { metrics: S['metrics'] | N; allowed: Allowing<S, N> }>>;

  /**
   * Break results down by dimensions (appended, duplicates ignored).
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('errors').aggBy('country', 'platform');
   * // …&metrics=errors&aggby=country%2Cplatform
   */
  aggBy<const N extends string>(
    ...dimensions: AggByArg<S, N>[]
  ): QueryBuilder<
    With<S, { dims: S['dims'] | Extract<N, DimensionNameOf<S['catalogue']>>; allowed: Allowing<S, N> }>
  >;

  /**
   * Make a time series: `aggby=timestamp` with a granularity (default `auto`, which the service
   * resolves from the period's length and the URL leaves out). Records carry the bucket start as
   * `timestamp`, in epoch seconds.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('viewercount').timeseries('5minute');
   * // …&metrics=viewercount&aggby=timestamp&granularity=5minute
   */
  timeseries(granularity?: Granularity): QueryBuilder<With<S, { timeseries: true }>>;

  /**
   * Which timestamp puts a session in the period: `ended` (default, its end) or `started`.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('attempts').sessionType('started');
   * // …&metrics=attempts&sessiontype=started
   */
  sessionType(type: SessionType): QueryBuilder<S>;

  /**
   * Count sessions of every status (still running or loading too), not only ended or dropped ones.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('attempts').allStatuses();
   * // …&metrics=attempts&allstatus=1
   */
  allStatuses(on?: boolean): QueryBuilder<S>;

  /**
   * Concurrency mode: every session active in the window, time metrics pro rata. The aggregate
   * variants (`avg_*`, `median_*`, `p95_*`, `p99_*`) are refused in this mode.
   *
   * @example
   * metricQuery('demo').last(1, 'hour').metrics('viewercount').concurrency();
   * // …&metrics=viewercount&concurrency=1
   */
  concurrency(on?: boolean): QueryBuilder<S>;

  /**
   * Count business errors (entitlement, geo-block) in `errors` and `fatalerrors` too.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('errors').businessErrors();
   * // …&metrics=errors&businesserror=true
   */
  businessErrors(on?: boolean): QueryBuilder<S>;

  /**
   * Set the period from its text (`start=…,end=…`) or from two instants (`Date`, ISO-8601 string
   * or epoch seconds). Text that does not parse is kept and reported by `validate`.
   *
   * @example
   * metricQuery('demo').period({ start: '2024-01-01', end: '2024-01-02' });
   * // …?period=start%3D1704067200%2Cend%3D1704153600
   */
  period(period: PeriodInput): QueryBuilder<S>;

  /**
   * Set the period to the half-open interval `[from, to)`.
   *
   * @example
   * metricQuery('demo').between(new Date('2024-01-01Z'), 1704153600);
   * // …?period=start%3D1704067200%2Cend%3D1704153600
   */
  between(from: TimeInput, to: TimeInput): QueryBuilder<S>;

  /**
   * Set the period to the last `n` units, ending now (or at `options.now`).
   *
   * @example
   * metricQuery('demo').last(24, 'hours', { now: 1704153600 });
   * // …?period=start%3D1704067200%2Cend%3D1704153600
   */
  last(n: number, unit: TimeUnit, options?: LastOptions): QueryBuilder<S>;

  /**
   * Keep only records whose dimension takes one of the values (a filter clause; clauses are ANDed),
   * or add raw filter text such as `[country=US|DE]`.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('errors').where('platform', ['ios', 'android']);
   * // …&filter=%5Bplatform%3Dios%7Candroid%5D
   */
  where<const D extends string>(
    dimension: FilterDimArg<S, D>,
    values: string | readonly string[],
  ): QueryBuilder<With<S, { allowed: Allowing<S, D> }>>;
  where(filterText: string): QueryBuilder<S>;

  /**
   * Keep only result records whose metric satisfies a comparison (conditions are ANDed), or add
   * raw qoefilter text such as `latency>2 AND errors>=1`.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('latency').aggBy('country').having('bufferingratio', '>', 5);
   * // …&qoefilter=bufferingratio%3E5
   */
  having<const M extends string>(
    metric: HavingArg<S, M>,
    operator: ComparisonOperator,
    value: number,
  ): QueryBuilder<S>;
  having(qoeFilterText: string): QueryBuilder<S>;

  /**
   * Sort by a requested metric or dimension (or `timestamp` in a time series). Without an order,
   * metrics sort descending and dimensions ascending.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('viewercount').aggBy('country').orderBy('viewercount', 'desc');
   * // …&orderby=viewercount&order=desc
   */
  orderBy<const N extends string>(name: OrderByArg<S, N>, order?: SortOrder): QueryBuilder<S>;

  /**
   * Page size, 1 to 10000 (default 1000, left out of URLs).
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('errors').limit(100); // …&limit=100
   */
  limit(n: number): QueryBuilder<S>;

  /**
   * Record offset to start from (default 0).
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('errors').offset(200); // …&offset=200
   */
  offset(n: number): QueryBuilder<S>;

  /**
   * Jump to a 1-based page of the current page size (or of `size`, which also sets `limit`).
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('errors').page(3, 50); // …&limit=50&offset=100
   */
  page(n: number, size?: number): QueryBuilder<S>;

  /**
   * Set a parameter from its URL text, read as `fromURL` reads it: for code that holds parameters
   * as text (a command line, a form). Text the parameter does not allow is kept and reported by
   * `validate`. The builder's types become loose, since the names are only known at run time.
   *
   * @example
   * metricQuery('demo').last(1, 'day').metrics('errors').withParameter('sessiontype', 'started');
   * // …&metrics=errors&sessiontype=started
   */
  withParameter(name: ParameterName, text: string): QueryBuilder<LooseState<S['endpoint'], S['catalogue']>>;

  /**
   * The query as plain frozen data.
   *
   * @example
   * metricQuery('demo').metrics('errors').toQuery().metrics; // ['errors']
   */
  toQuery(): QueryNode;

  /**
   * The canonical URL of the query under a base address.
   *
   * @example
   * metricQuery('demo').between(0, 3600).metrics('errors').toURL('https://example.com/api/v1');
   * // 'https://example.com/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors'
   */
  toURL(baseUrl: string | URL): string;

  /**
   * The query parameters in canonical order.
   *
   * @example
   * metricQuery('demo').metrics('errors').toSearchParams().get('metrics'); // 'errors'
   */
  toSearchParams(): URLSearchParams;

  /** The query node, so `JSON.stringify(builder)` prints the query. */
  toJSON(): QueryNode;
}

/** What only the session endpoint's builder offers. */
export interface SessionMethods<S extends BuilderState> {
  /**
   * The customer's plan level. May be left out when a client that resolves it from the plan host
   * runs the query; a session URL without it is invalid.
   *
   * @example
   * sessionQuery('demo').planLevel('2'); // …/session/demo?planlevel=2
   */
  planLevel(level: string | number): QueryBuilder<S>;

  /**
   * Aggregation mode: `1` groups by `aggby`, `2` returns one record per error event.
   *
   * @example
   * sessionQuery('demo').planLevel(2).last(1, 'day').agg(1).metrics('errors', 'subscriberid').aggBy('subscriberid');
   * // …/session/demo?planlevel=2&period=…&metrics=errors%2Csubscriberid&aggby=subscriberid&agg=1
   */
  agg(mode: AggMode): QueryBuilder<With<S, { agg: true }>>;
}

/** An immutable, typed query builder: every method returns a new builder. */
export type QueryBuilder<S extends BuilderState> = (S['endpoint'] extends 'listsessions'
  ? // A session list is not a time series.
    Omit<BuilderMethods<S>, 'timeseries'>
  : BuilderMethods<S>) &
  ('session' extends S['endpoint'] ? SessionMethods<S> : unknown);

/** The builder of a session list: the list fields requested so far, in a record of their types. */
export type SessionListBuilder<
  M extends string = never,
  C extends AnyCatalogue = DefaultCatalogue,
> = QueryBuilder<{
  endpoint: 'listsessions';
  catalogue: C;
  metrics: M;
  dims: never;
  timeseries: false;
  agg: false;
  allowed: MetricNameOf<C>;
}>;

export type MetricQueryBuilder<
  M extends string = never,
  D extends string = never,
  TS extends boolean = false,
  C extends AnyCatalogue = DefaultCatalogue,
> = QueryBuilder<{
  endpoint: 'metricquery';
  catalogue: C;
  metrics: M;
  dims: D;
  timeseries: TS;
  agg: false;
  allowed: MetricNameOf<C>;
}>;

export type SessionQueryBuilder<
  M extends string = never,
  D extends string = never,
  TS extends boolean = false,
  A extends boolean = boolean,
  C extends AnyCatalogue = DefaultCatalogue,
> = QueryBuilder<{
  endpoint: 'session';
  catalogue: C;
  metrics: M;
  dims: D;
  timeseries: TS;
  agg: A;
  allowed: MetricNameOf<C>;
}>;

/**
 * Anything a client can run: it produces a query node and carries the record type of its results
 * as a phantom. A session builder satisfies it only once `.agg()` is set.
 */
export interface Runnable<R = unknown> {
  toQuery(): QueryNode;
  readonly '~record'?: R;
  readonly '~runnable'?: true;
}

/**
 * A builder a client may not run yet (a session query before `.agg()`): it still builds a query
 * (`toURL`, `validate`), and its phantom `~runnable` says what to call first.
 */
export interface PendingQuery {
  toQuery(): QueryNode;
  readonly '~runnable': RunnableMessage;
}

/**
 * What a client's run methods take for a query `Q`: `Q` itself, or for a builder that may not run
 * yet `Invalid<"why">`, so the compiler's error says what to call first.
 *
 * @example
 * declare function run<Q extends Runnable | PendingQuery>(query: RunnableQuery<Q>): void;
 * run(sessionQuery('d').planLevel('2').metrics('errors'));
 * // … is not assignable to parameter of type
 * // 'Invalid<"call .agg(1) or .agg(2) before running a session query">'.
 */
export type RunnableQuery<Q> = Q extends PendingQuery ? Invalid<Q['~runnable']> : Q;

/**
 * The record type of a builder's (or any `Runnable`'s) results.
 *
 * @example
 * const q = metricQuery('demo').metrics('errors').aggBy('country');
 * type R = InferRecord<typeof q>; // { errors: number; country: string }
 */
export type InferRecord<Q> = Q extends { readonly '~record'?: infer R } ? Exclude<R, undefined> : never;
