// @playq/query: the catalogue of names, the immutable query model, the typed fluent builder,
// validation, and the URL codec (query -> URL -> query) of the Playback Analytics Query Service.

export { builderCode } from './builder/builder-code';
export { fromQuery, metricQuery, sessionQuery } from './builder/query-builder';
export { spanSeconds, type TimeInput, type TimeResult, type TimeUnit, toEpochSeconds } from './builder/time';
export type {
  BuilderMethods,
  BuilderState,
  ErrorOnlyMessage,
  InferRecord,
  InitialState,
  LastOptions,
  LooseState,
  MetricQueryBuilder,
  OrderByMessage,
  PeriodInput,
  QueryBuilder,
  RecordOf,
  Runnable,
  RunnableMessage,
  SessionMethods,
  SessionQueryBuilder,
  TimeSeriesMessage,
} from './builder/types';
export {
  CATALOGUE,
  DIMENSIONS,
  type DimensionInfo,
  type DimensionName,
  type ErrorDimensionName,
  isDimension,
  isErrorDimension,
  isMetric,
  isSessionField,
  METRICS,
  type MetricInfo,
  type MetricName,
  type MetricUnit,
  type SessionFieldName,
  TIMESTAMP,
} from './catalogue/catalogue';
export { editDistance, suggestName } from './catalogue/suggest-name';
export { checkText } from './complete/check-text';
export { type CompleteOptions, complete, completeSync } from './complete/complete';
export {
  type CompletionNames,
  DEFAULT_COMPLETION_NAMES,
  describeName,
  type NameEntry,
} from './complete/names';
export type {
  CompletionResult,
  Suggestion,
  SuggestionType,
  ValueEntry,
  ValueProvider,
  ValueRequest,
} from './complete/suggestion';
export {
  bucketCount,
  DEFAULT_LIMITS,
  GRANULARITIES,
  granularitySeconds,
  isGranularity,
  type QueryLimits,
} from './limits';
export type { AggMode, Endpoint, Granularity, InvalidText, QueryNode, SortOrder } from './model';
export { DEFAULT_GRANULARITY, DEFAULT_LIMIT, DEFAULT_OFFSET } from './model';
export { PROBLEM_CODES, type ProblemCode, type QueryDiagnostic } from './problem-code';
export { type FromURLOptions, type FromURLResult, fromURL } from './url/from-url';
export {
  PARAMETER_ORDER,
  type ParameterName,
  type QueryLike,
  queryEntries,
  type ToURLOptions,
  toSearchParams,
  toURL,
} from './url/to-url';
export { isError } from './validate/diagnostics';
export { type ValidateOptions, validate } from './validate/validate';
