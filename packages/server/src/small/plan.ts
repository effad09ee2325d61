// The small-data evaluator's plan of a query, as data (like the SQL plan that carries it): the
// population switches, the window, the group keys, the metrics, the filter and qoefilter
// conditions, the order and the record's fields. covers.ts makes it from a query.
import type { ComparisonOperator, ListFieldName, MetricName } from '@playq/query';
import { isServerDimension, type ServerDimension } from '../sql/dimension-sql';

/**
 * The metrics the evaluator computes (metrics.ts): all but `views` and the average QoE score, a
 * sum of doubles whose last digits follow the order in which DuckDB's plan adds the rows (a join
 * or a union in the population reorders them). Every other sum adds integers, exact in any order;
 * `concurviewavg` counts the active sessions (totals.ts `activeByBucket` for a time series).
 */
export type SmallMetric = Exclude<MetricName, 'views' | 'qualityofexperience' | 'avg_qualityofexperience'>;

/**
 * Dimensions the evaluator groups and filters by: all of them (a breakdown by a large one is
 * covered where the record writer decodes its codes, see compile.ts).
 */
export type SmallPlanDimension = ServerDimension;

export const isPlanDimension = (name: string): name is SmallPlanDimension => isServerDimension(name);

/** A qoefilter condition: on a metric the evaluator computes, or (session level) on any own value. */
export interface SmallCondition<M extends MetricName = SmallMetric> {
  readonly metric: M;
  readonly operator: ComparisonOperator;
  readonly value: number;
}

/** A record field: a metric, a dimension's code (decoded by the record writer) or the bucket. */
export type SmallField =
  | { readonly kind: 'metric'; readonly name: SmallMetric }
  | { readonly kind: 'dimension'; readonly name: SmallPlanDimension }
  | { readonly kind: 'timestamp' };

export interface SmallPlan {
  /** A groups plan (the default); a session list's is a `SmallListPlan`. */
  readonly kind?: 'groups';
  /** The customer's code in the coded tables. */
  readonly customer: number;
  readonly start: number;
  readonly end: number;
  readonly sessiontype: 'ended' | 'started';
  readonly allstatus: boolean;
  readonly businesserror: boolean;
  /**
   * `concurrency=1`: the session metrics are over the window's active sessions (any status and
   * session type), their time and bytes pro rata (pro-rata.ts). Not in a time series.
   */
  readonly concurrency?: boolean;
  readonly dims: readonly SmallPlanDimension[];
  /** Bucket length (s) of a time series. */
  readonly bucket?: number;
  /** Requested metrics, the ordering metric and those of group-level conditions. */
  readonly needed: readonly SmallMetric[];
  readonly requested: readonly SmallMetric[];
  readonly filter: readonly { readonly dimension: SmallPlanDimension; readonly values: readonly string[] }[];
  /** Conditions on each session's own value (`WHERE`), and on each record (`HAVING`). */
  readonly sessionConditions: readonly SmallCondition<MetricName>[];
  readonly groupConditions: readonly SmallCondition[];
  /** The first sort key (ties then by the dimensions' codes ascending, then the bucket). */
  readonly order?: { readonly field: SmallField; readonly desc: boolean };
  readonly fields: readonly SmallField[];
}

/** The list fields that are numbers (`kind: 'number'` in sql/list-fields.ts): all but the text ones. */
export type SmallListNumber = Exclude<ListFieldName, ServerDimension | 'sessionid' | 'status' | 'deviceid'>;

/**
 * A session list field the evaluator writes: a number (list-values.ts), a dimension's code (decoded
 * by the record writer, ordered by code: a null code first), the status (ordered by its name), or
 * a text it keeps (`SmallTables.text`: the session id, ordered by its rank; the device id, by code).
 */
export type SmallListField =
  | { readonly kind: 'number'; readonly name: SmallListNumber }
  | { readonly kind: 'code'; readonly name: Exclude<ServerDimension, 'category' | 'key'> }
  | { readonly kind: 'status' }
  | { readonly kind: 'text'; readonly name: 'sessionid' | 'deviceid' };

/**
 * A session list as the evaluator answers it (list.ts): one record per session of the population,
 * its fields in order, ordered by one of them, then by session id ascending.
 */
export interface SmallListPlan {
  readonly kind: 'list';
  /** The population S, as a groups plan selects it (no groups, metrics or group-level conditions). */
  readonly population: SmallPlan;
  readonly fields: readonly SmallListField[];
  /** The ordering field's index in `fields`, and its direction (a null code last descending). */
  readonly order: { readonly field: number; readonly desc: boolean };
}
