// @playq/query: the catalogue of names, the immutable query model, the typed fluent builder,
// validation, and the URL codec (query -> URL -> query) of the Playback Analytics Query Service.

export {
  COMPARISON_OPERATORS,
  type ComparisonOperator,
  formatDiagnostic,
  type PositionedProblem,
} from '@playq/grammar';
export { builderCode } from './builder/builder-code';
export type { ClosestName } from './builder/closest-name';
export { createQueries, fromQuery, metricQuery, sessionList, sessionQuery } from './builder/create-queries';
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
  CATALOGUE,
  type CombinesWithOf,
  DIMENSIONS,
  type DimensionName,
  type DimensionNameOf,
  type DirectedMetricName,
  type DirectedMetricOf,
  type ErrorDimensionName,
  isAdditiveMetric,
  isDimension,
  isErrorDimension,
  isListField,
  isMetric,
  isSessionField,
  type ListFieldName,
  type ListFieldOf,
  listFieldType,
  METRICS,
  type MetricName,
  type MetricNameOf,
  metricDirection,
  type NumericListFieldOf,
  type RestrictedDimensionOf,
  type SessionFieldName,
  type SessionFieldOf,
  TIMESTAMP,
} from './catalogue/catalogue';
export { DEFAULT_CATALOGUE, type DefaultCatalogue } from './catalogue/default-catalogue';
export {
  type AnyCatalogue,
  type Catalogue,
  type CatalogueDefinition,
  catalogueProblems,
  type DimensionDefinition,
  type DimensionDefinitions,
  type DimensionInfo,
  defineCatalogue,
  extendCatalogue,
  type FieldDefinition,
  type FieldDefinitions,
  type FieldInfo,
  type MetricDefinition,
  type MetricDefinitions,
  type MetricDirection,
  type MetricInfo,
  type MetricLevel,
  type MetricUnit,
} from './catalogue/define-catalogue';
export * as expr from './catalogue/metric-builders';
export {
  type Aggregate,
  type ComparisonOp,
  describeMetric,
  expressionProblems,
  type GroupExpr,
  METRIC_COLUMNS,
  METRIC_STATUSES,
  type MetricColumn,
  type MetricExpression,
  type MetricRows,
  type OwnEvents,
  type Predicate,
  type RowExpr,
} from './catalogue/metric-expression';
export { didYouMean, editDistance, suggestName, unknownNameMessage } from './catalogue/suggest-name';
export { checkText } from './complete/check-text';
export { type CompleteOptions, complete, completeSync } from './complete/complete';
export {
  type CompletionNames,
  DEFAULT_COMPLETION_NAMES,
  describeName,
  type NameEntry,
  namesOf,
} from './complete/names';
export { completeParameterName, type ParameterCompletionOptions } from './complete/parameter-names';
export type {
  CompletionResult,
  Suggestion,
  SuggestionType,
  ValueEntry,
  ValueProvider,
  ValueRequest,
} from './complete/suggestion';
export { type DrillDownOptions, type DrillDownResult, drillDown, isDrillable } from './drill/drill-down';
export type { ResultEnvelope } from './envelope';
export {
  bucketCount,
  DEFAULT_LIMITS,
  GRANULARITIES,
  granularitySeconds,
  isGranularity,
  MAX_EPOCH_SECONDS,
  type PeriodBounds,
  type QueryLimits,
  resolveGranularity,
} from './limits';
export type {
  AggMode,
  BucketGranularity,
  Endpoint,
  Granularity,
  InvalidText,
  QueryNode,
  SessionType,
  SortOrder,
} from './model';
export { DEFAULT_GRANULARITY, DEFAULT_LIMIT, DEFAULT_OFFSET, DEFAULT_SESSION_TYPE } from './model';
export type {
  Decoded,
  Parameter,
  ParameterCodec,
  ParameterHelp,
  ParameterKind,
  ParameterValue,
} from './parameters/parameter';
export { PARAMETER_ORDER, PARAMETERS, type ParameterName } from './parameters/parameter-table';
export type { Parsed, TextParsers } from './parameters/text-parsers';
export {
  PROBLEM_CODES,
  type ProblemCode,
  type QueryDiagnostic,
  SERVICE_PROBLEM_CODES,
  type ServiceProblemCode,
} from './problem-code';
export { bucketSeconds, isPerEventQuery, isTimeSeries, lastPeriodEnd } from './time-series';
export { type FromURLOptions, type FromURLResult, fromURL } from './url/from-url';
export {
  type QueryLike,
  queryEntries,
  type ToURLOptions,
  toSearchParams,
  toURL,
} from './url/to-url';
export { isError, labelledMessage } from './validate/diagnostics';
export { catalogueOf, type ValidateOptions, validate } from './validate/validate';
export { DEFAULT_BASE_URL, hasHttpScheme, isHttpUrl, withoutTrailingSlash } from './wire/base-url';
export {
  CUSTOMER_ID_PATTERN,
  DOT_SEGMENT_CUSTOMER_MESSAGE,
  hasDotSegmentCustomer,
  isCustomerId,
} from './wire/customer-id';
export {
  DATA_SPAN_HEADER,
  type DataSpan,
  formatDataSpan,
  missesSpan,
  outsideTheData,
  parseDataSpan,
} from './wire/data-span';
export {
  AGGREGATE_ENDPOINTS,
  CREDENTIAL_HEADER,
  type Credential,
  credentialOf,
  ENDPOINTS,
  type EndpointWith,
  isEndpoint,
  isListEndpoint,
} from './wire/endpoints';
export { pageCount } from './wire/page-count';
export { PLAN_LOOKUP_SEGMENT, planLookupUrl, TOKEN_PATH, tokenUrlOf } from './wire/paths';
export { isSensitiveHeader, isSensitiveParam, SENSITIVE_HEADERS } from './wire/sensitive-names';
