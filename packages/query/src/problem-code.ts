// The codes of the service's problem responses (docs/decisions.md#errors). Validation in this package,
import type { Diagnostic } from '@playq/grammar';

// the reference service and the client's typed errors all speak these.

export const PROBLEM_CODES = [
  'missing_parameter',
  'invalid_filter',
  'invalid_qoefilter',
  'invalid_period',
  'unknown_metric',
  'unknown_dimension',
  'incompatible_dimension',
  'invalid_aggby',
  'unsupported_parameter',
  'unsupported_on_endpoint',
  'invalid_limit',
  'invalid_offset',
  'invalid_order',
  'invalid_orderby',
  'invalid_granularity',
  'invalid_sessiontype',
  'invalid_allstatus',
  'invalid_concurrency',
  'invalid_businesserror',
  'unsupported_with_concurrency',
  'unsupported_metric',
  'period_too_long',
  'too_many_buckets',
  'invalid_planlevel',
  'invalid_agg',
  'invalid_customer',
  'duplicate_parameter',
  'unknown_parameter',
  'unauthenticated',
  'token_expired',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'rate_limited',
  'internal',
] as const;

export type ProblemCode = (typeof PROBLEM_CODES)[number];

/**
 * The codes the reference service adds for conditions beside a query's own (documented in
 * docs/server.md): a URL over the length limit, a query over its time budget, a service shutting
 * down or overloaded, hostile or broken requests, and a name the service has no SQL for.
 */
export const SERVICE_PROBLEM_CODES = [
  'uri_too_long',
  'query_timeout',
  'unavailable',
  'unsupported_dimension',
  'overloaded',
  'client_closed',
  'bad_request',
  'request_timeout',
  'headers_too_large',
  'payload_too_large',
] as const;

export type ServiceProblemCode = (typeof SERVICE_PROBLEM_CODES)[number];

/**
 * A problem with a query: a service problem code, the query parameter it concerns, and, where the
 * problem sits inside a parameter's text (a filter, a qoefilter, a period), the grammar's position.
 * It is a `PositionedProblem` of `@playq/grammar`: `formatDiagnostic(text, d)` renders it. Its
 * `message` is whole: it names its parameter where it needs to (`filter: …`), so a layer that
 * prints it adds no label of its own.
 */
export interface QueryDiagnostic {
  readonly code: ProblemCode;
  readonly message: string;
  readonly severity: 'error' | 'warning';
  /** The URL parameter name (`filter`, `metrics`, ...), or `customerId` / `path`. */
  readonly param?: string;
  /** Offset inside the parameter's text, when known. */
  readonly offset?: number;
  readonly length?: number;
  readonly line?: number;
  readonly column?: number;
  readonly hint?: string;
  /** The grammar diagnostic behind this one, when there is one. */
  readonly cause?: Diagnostic;
}
