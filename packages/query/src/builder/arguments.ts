// Which names each builder method takes, as the type of its parameter: exactly the valid names
// (what an editor offers as completions), or, for a name the method refuses, `Invalid<"why">`, so
// the compiler's error says what is wrong (a misspelling gets the runtime's did-you-mean).
import type {
  CombinesWithOf,
  DimensionNameOf,
  ListFieldOf,
  MetricNameOf,
  RestrictedDimensionOf,
  SessionFieldOf,
} from '../catalogue/catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import type { Endpoint } from '../model';
import type {
  ErrorOnlyMessage,
  Invalid,
  ListAggByMessage,
  ListFieldMessage,
  ListHavingMessage,
  OrderByMessage,
  TimeSeriesMessage,
  UnknownName,
} from './invalid';
import type { BuilderState } from './types';

type Cat<S extends BuilderState> = S['catalogue'];
type IsLoose<S extends BuilderState> = string extends S['metrics'] ? true : false;

/**
 * The parameter type for one argument `N` among the `Valid` names: the valid names while `N` is not
 * known yet (what an editor completes), `N` when valid, else the valid names it begins (it may be
 * still being typed) and `Invalid<Why>`. Distributes over `N`, one type per argument.
 */
type NameArg<N extends string, Valid extends string, Why extends string> = string extends N
  ? Valid
  : N extends Valid
    ? N
    : Extract<Valid, `${NoInfer<N>}${string}`> | Invalid<Why>;

/** A reason that names the refused argument: `'latency': <message>`. */
type Naming<N extends string, Message extends string> = `'${N}': ${Message}`;

/** The catalogue's metrics valid on an endpoint. */
type MetricsOn<C extends AnyCatalogue, E extends Endpoint> = Distribute<
  MetricNameOf<C>,
  C['definition']['metrics'],
  E
>;
type Distribute<K, Defs, E> = K extends keyof Defs & string
  ? Defs[K] extends { readonly endpoints: readonly (infer X)[] }
    ? E extends X
      ? K
      : never
    : K
  : never;

/** The requested names that are metrics of the catalogue (not session fields). */
type Numeric<S extends BuilderState> = Extract<S['metrics'], MetricNameOf<Cat<S>>>;

/** The dimensions that combine with every metric requested so far. */
type CompatibleDims<S extends BuilderState> = {
  [K in DimensionNameOf<Cat<S>>]: [Exclude<Numeric<S>, CombinesWithOf<Cat<S>, K>>] extends [never]
    ? K
    : never;
}[DimensionNameOf<Cat<S>>];

/** The session-level metrics of a catalogue: what a session list's qoefilter may test. */
type SessionLevelOf<C extends AnyCatalogue> = {
  [K in MetricNameOf<C>]: C['definition']['metrics'][K] extends { readonly level: 'session' } ? K : never;
}[MetricNameOf<C>];

/** Why a name is not a metric: a dimension, or unknown (with the closest metric). */
type NotAMetric<C extends AnyCatalogue, N extends string, Names extends string = MetricNameOf<C>> =
  N extends DimensionNameOf<C> ? `'${N}' is a dimension, not a metric` : UnknownName<N, 'metric', Names>;

/** Why a name is not a dimension: a metric, or unknown (with the closest dimension). */
type NotADimension<C extends AnyCatalogue, N extends string> =
  N extends MetricNameOf<C>
    ? `'${N}' is a metric, not a dimension`
    : UnknownName<N, 'dimension', DimensionNameOf<C>>;

/** The string fields `.metrics()` takes besides metrics: the session endpoint's. */
type SessionFieldsOn<S extends BuilderState> = S['endpoint'] extends 'session'
  ? SessionFieldOf<Cat<S>>
  : never;

/** The names `.metrics()` takes on the metric and session endpoints. */
type MetricsValid<S extends BuilderState> =
  | Extract<MetricsOn<Cat<S>, S['endpoint']>, S['allowed']>
  | SessionFieldsOn<S>;

type MetricsWhy<S extends BuilderState, N extends string> =
  N extends MetricNameOf<Cat<S>>
    ? N extends MetricsOn<Cat<S>, S['endpoint']>
      ? Naming<N, ErrorOnlyMessage>
      : `'${N}' is not available on the ${S['endpoint']} endpoint`
    : NotAMetric<Cat<S>, N, MetricNameOf<Cat<S>> | SessionFieldsOn<S>>;

type ListFieldWhy<C extends AnyCatalogue, N extends string> = N extends MetricNameOf<C> | DimensionNameOf<C>
  ? Naming<N, ListFieldMessage>
  : UnknownName<N, 'list field', ListFieldOf<C>>;

// A builder from `fromQuery` holds names only known at run time, so it takes any string and
// leaves the checking to `validate`.
/** The parameter type of `.metrics()` for the argument `N`. */
export type MetricArg<S extends BuilderState, N extends string> =
  IsLoose<S> extends true
    ? string
    : N extends unknown
      ? S['endpoint'] extends 'listsessions'
        ? NameArg<N, ListFieldOf<Cat<S>>, ListFieldWhy<Cat<S>, N>>
        : NameArg<N, MetricsValid<S>, MetricsWhy<S, N>>
      : never;

/** The parameter type of `.where(dimension, values)` for the dimension `N`. */
export type FilterDimArg<S extends BuilderState, N extends string> =
  IsLoose<S> extends true
    ? string
    : N extends unknown
      ? S['endpoint'] extends 'listsessions'
        ? NameArg<
            N,
            Exclude<DimensionNameOf<Cat<S>>, RestrictedDimensionOf<Cat<S>>>,
            N extends DimensionNameOf<Cat<S>> ? Naming<N, ErrorOnlyMessage> : NotADimension<Cat<S>, N>
          >
        : NameArg<
            N,
            CompatibleDims<S>,
            N extends DimensionNameOf<Cat<S>> ? Naming<N, ErrorOnlyMessage> : NotADimension<Cat<S>, N>
          >
      : never;

/** The parameter type of `.aggBy()` for the argument `N`. */
export type AggByArg<S extends BuilderState, N extends string> =
  IsLoose<S> extends true
    ? string
    : S['endpoint'] extends 'listsessions'
      ? N extends unknown
        ? NameArg<N, never, Naming<N, ListAggByMessage>>
        : never
      : S['timeseries'] extends true
        ? N extends unknown
          ? NameArg<N, never, Naming<N, TimeSeriesMessage>>
          : never
        : FilterDimArg<S, N>;

/** The parameter type of `.having(metric, operator, value)` for the metric `N`. */
export type HavingArg<S extends BuilderState, N extends string> =
  IsLoose<S> extends true
    ? string
    : N extends unknown
      ? S['endpoint'] extends 'listsessions'
        ? NameArg<
            N,
            SessionLevelOf<Cat<S>>,
            N extends MetricNameOf<Cat<S>> ? Naming<N, ListHavingMessage> : NotAMetric<Cat<S>, N>
          >
        : NameArg<N, MetricNameOf<Cat<S>>, NotAMetric<Cat<S>, N>>
      : never;

/** The parameter type of `.orderBy()` for the name `N`: a name requested earlier in the chain. */
export type OrderByArg<S extends BuilderState, N extends string> = N extends unknown
  ? NameArg<
      N,
      S['metrics'] | S['dims'] | (S['timeseries'] extends true ? 'timestamp' : never),
      Naming<N, OrderByMessage>
    >
  : never;
