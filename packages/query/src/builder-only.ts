// @playq/query/builder: the typed builders, the catalogue and the URL printer without the text
// parsers, for browser bundles that build URLs and never parse text. Structured calls
// (`where('country', ['US'])`) work as in the full entry; text given to `where`, `having` or
// `period` is kept as written and reported as not parsed. Import `@playq/query` to parse.

import { type Queries, queriesWith } from './builder/query-builder';
import { DEFAULT_CATALOGUE, type DefaultCatalogue } from './catalogue/default-catalogue';
import type { AnyCatalogue } from './catalogue/define-catalogue';
import { NO_TEXT_PARSERS } from './parameters/text-parsers';

export { COMPARISON_OPERATORS, type ComparisonOperator } from '@playq/grammar/print';
export type { ClosestName } from './builder/closest-name';
export type {
  ErrorOnlyMessage,
  Invalid,
  ListAggByMessage,
  ListFieldMessage,
  ListHavingMessage,
  OrderByMessage,
  RunnableMessage,
  TimeSeriesMessage,
  UnknownName,
  UnknownNameMessage,
} from './builder/invalid';
export type { Queries } from './builder/query-builder';
export { spanSeconds, type TimeInput, type TimeResult, type TimeUnit, toEpochSeconds } from './builder/time';
export type {
  BuilderMethods,
  BuilderState,
  InferRecord,
  InitialState,
  LastOptions,
  LooseState,
  MetricQueryBuilder,
  PendingQuery,
  PeriodInput,
  QueryBuilder,
  RecordOf,
  Runnable,
  RunnableQuery,
  SessionListBuilder,
  SessionMethods,
  SessionQueryBuilder,
} from './builder/types';
export {
  type DimensionName,
  type DimensionNameOf,
  isDimension,
  isMetric,
  type ListFieldName,
  type ListFieldOf,
  type MetricName,
  type MetricNameOf,
} from './catalogue/catalogue';
export { DEFAULT_CATALOGUE, type DefaultCatalogue } from './catalogue/default-catalogue';
export {
  type AnyCatalogue,
  type Catalogue,
  type DimensionInfo,
  defineCatalogue,
  extendCatalogue,
  type MetricInfo,
} from './catalogue/define-catalogue';
export type { ResultEnvelope } from './envelope';
export { GRANULARITIES, granularitySeconds, resolveGranularity } from './limits';
export type { AggMode, Endpoint, Granularity, QueryNode, SessionType, SortOrder } from './model';
export { PARAMETER_ORDER } from './parameters/parameter-codecs';
export { queryEntries, toSearchParams, toURL } from './url/to-url';

/**
 * The builders typed by a catalogue, without text parsing (see the module note).
 *
 * @example
 * createQueries(DEFAULT_CATALOGUE).metricQuery('demo').between(0, 3600).metrics('errors').toURL(base);
 */
export function createQueries<C extends AnyCatalogue>(catalogue: C): Queries<C> {
  return queriesWith(catalogue, NO_TEXT_PARSERS);
}

const DEFAULT_QUERIES: Queries<DefaultCatalogue> = createQueries(DEFAULT_CATALOGUE);

/** {@inheritDoc Queries.metricQuery} */
export const metricQuery: Queries<DefaultCatalogue>['metricQuery'] = DEFAULT_QUERIES.metricQuery;
/** {@inheritDoc Queries.sessionQuery} */
export const sessionQuery: Queries<DefaultCatalogue>['sessionQuery'] = DEFAULT_QUERIES.sessionQuery;
/** {@inheritDoc Queries.sessionList} */
export const sessionList: Queries<DefaultCatalogue>['sessionList'] = DEFAULT_QUERIES.sessionList;
/** {@inheritDoc Queries.fromQuery} */
export const fromQuery: Queries<DefaultCatalogue>['fromQuery'] = DEFAULT_QUERIES.fromQuery;
