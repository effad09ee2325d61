// RFC 9457 problem responses: every non-200 answer of the service goes through here, so each has
// the same shape, a stable `code`, and never a stack trace, SQL text or credential.
import type { ProblemCode, QueryDiagnostic, ServiceProblemCode } from '@playq/query';

/**
 * The service's problem codes: those of docs/decisions.md#errors, plus those for conditions the design
 * leaves open (documented in docs/server.md), both owned by @playq/query.
 */
export type ServerProblemCode = ProblemCode | ServiceProblemCode;

export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ServerProblemCode;
  readonly param?: string;
  readonly offset?: number;
  readonly [extension: string]: unknown;
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
  499: 'Client Closed Request',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const PROBLEM_TYPE_BASE = 'https://playq.dev/problems/';

export interface ProblemOptions {
  readonly param?: string;
  readonly offset?: number;
  readonly headers?: Record<string, string>;
  readonly extensions?: Record<string, unknown>;
}

/**
 * Builds an `application/problem+json` response.
 *
 * @example
 * ```ts
 * problemResponse(403, 'forbidden', 'This API key belongs to another customer.');
 * ```
 */
export function problemResponse(
  status: number,
  code: ServerProblemCode,
  detail: string,
  options: ProblemOptions = {},
): Response {
  return new Response(problemJson(status, code, detail, options), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', ...options.headers },
  });
}

/** @internal The JSON text of a problem body (for answers written straight to a socket). */
export function problemJson(
  status: number,
  code: ServerProblemCode,
  detail: string,
  options: ProblemOptions = {},
): string {
  const body: ProblemBody = {
    type: PROBLEM_TYPE_BASE + code,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(options.param !== undefined ? { param: options.param } : {}),
    ...(options.offset !== undefined ? { offset: options.offset } : {}),
    ...options.extensions,
  };
  return JSON.stringify(body);
}

/** @internal The reason phrase of a status. */
export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}

/** A 400 for the query diagnostics of `fromURL`: the first error leads, all are listed in `errors`. */
export function diagnosticsResponse(errors: readonly QueryDiagnostic[]): Response {
  const first = errors[0];
  if (!first) return problemResponse(400, 'missing_parameter', 'The query is not valid.');
  const listed = errors.map((d) => ({
    code: d.code,
    message: d.message,
    ...(d.param !== undefined ? { param: d.param } : {}),
    ...(d.offset !== undefined ? { offset: d.offset } : {}),
    ...(d.length !== undefined ? { length: d.length } : {}),
    ...(d.hint !== undefined ? { hint: d.hint } : {}),
  }));
  // A path problem (an unusable customer id) is a 400 `invalid_customer`, never a 404 here: the route matched.
  return problemResponse(400, first.code, first.message, {
    ...(first.param !== undefined ? { param: first.param } : {}),
    ...(first.offset !== undefined ? { offset: first.offset } : {}),
    extensions: { errors: listed },
  });
}
