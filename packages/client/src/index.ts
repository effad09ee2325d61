// @playq/client: runs queries built with @playq/query against the service or any deployment of
// it, over any fetch-standard transport.

export { type ClientCredentialsOptions, clientCredentials } from './auth/client-credentials';
export { apiKeyAuth, bearerAuth, type TokenSource } from './auth/static-auth';
export {
  type AllOptions,
  createClient,
  type PagesOptions,
  type PlayqClient,
  type RunOptions,
} from './client';
export type { ClientAuth, ClientOptions } from './client-options';
export {
  PlayqNetworkError,
  PlayqResponseError,
  PlayqResponseTooLargeError,
  PlayqTimeoutError,
  PlayqValidationError,
} from './errors/client-errors';
export { PlayqConsistencyError } from './errors/consistency-error';
export {
  PlayqBadRequestError,
  PlayqForbiddenError,
  PlayqHttpError,
  PlayqNotFoundError,
  PlayqRateLimitError,
  PlayqServerError,
  PlayqUnauthorizedError,
  type ProblemDetails,
} from './errors/http-errors';
export { PlayqError } from './errors/playq-error';
export { PlayqRedirectError, type RedirectRefusal } from './errors/redirect-error';
export type {
  ComparedRecord,
  CompareOptions,
  Comparison,
  MetricKeyOf,
  PeriodBounds,
  Presence,
} from './insights/compare';
export type { BreakdownValue, OverallValue, RankedValue } from './insights/impact';
export type { InsightCause, Insights, InsightsOptions } from './insights/insights';
export type { OverallRecord } from './insights/overall';
export type { PlayqRecord, QueryInput, ResultRecord } from './query/query-input';
export type { Page } from './response/envelope';
export { type DatedRecord, type FillTimeSeriesOptions, type FillValue, fillTimeSeries } from './time-series';
export type {
  AuthAdapter,
  AuthContext,
  AuthHeaders,
  CredentialRequest,
  CredentialResponse,
} from './transport/auth-adapter';
export type { CrossOriginRedirects } from './transport/follow-redirects';
export {
  MIN_SECRET_LENGTH,
  REDACTED,
  redactDeep as redactSecretsDeep,
  redactText as redactSecrets,
} from './transport/redact';
export type { RetryOptions } from './transport/retry-policy';
export type { ClientHooks, RequestInfo, RequestKind, ResponseInfo, Transport } from './transport/types';
export { type ServiceValuesOptions, serviceValues } from './values/service-values';
