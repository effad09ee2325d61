// Errors for answers the service gave with a non-200 status. They carry the RFC 9457 problem body
// (docs/decisions.md#errors) and the request URL with credentials removed, never the request itself,
// whose headers hold secrets.
import type { ProblemCode } from '@playq/query';
import { brandClass, errorBrand, hasBrand, PlayqError } from './playq-error';

/** An RFC 9457 problem body as the service sends it; unknown members are kept. */
export interface ProblemDetails {
  readonly type?: string;
  readonly title?: string;
  readonly status?: number;
  readonly detail?: string;
  readonly code?: string;
  readonly param?: string;
  readonly offset?: number;
  readonly [member: string]: unknown;
}

export interface PlayqHttpErrorInit {
  readonly status: number;
  readonly method: string;
  /** Already redacted. */
  readonly url: string;
  readonly problem?: ProblemDetails;
  readonly retryable: boolean;
  /** Seconds, from `Retry-After`. */
  readonly retryAfter?: number;
  readonly message?: string;
}

function describe(init: PlayqHttpErrorInit): string {
  const p = init.problem;
  const what = p?.detail ?? p?.title ?? `HTTP ${init.status}`;
  const where = [
    p?.code && `code ${p.code}`,
    p?.param && `parameter ${p.param}`,
    p?.offset !== undefined && `offset ${p.offset}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `@playq/client: ${init.method} ${init.url} failed with ${init.status}: ${what}${where ? ` (${where})` : ''}`;
}

/**
 * The service answered with an error status. Subclasses exist per status class; catch this one
 * for all of them.
 *
 * @example
 * ```ts
 * catch (error) {
 *   if (PlayqHttpError.isInstance(error) && error.code === 'invalid_filter') {
 *     console.error(`filter error at ${error.offset}: ${error.problem?.detail}`);
 *   }
 * }
 * ```
 */
export class PlayqHttpError extends PlayqError {
  static override readonly brand: symbol = errorBrand('PlayqHttpError');
  static override isInstance(value: unknown): value is PlayqHttpError {
    return hasBrand(value, PlayqHttpError.brand);
  }
  readonly status: number;
  /** The problem `code` (`invalid_filter`, `rate_limited`, ...), when the body had one. */
  readonly code: ProblemCode | (string & {}) | undefined;
  /** The query parameter the problem concerns. */
  readonly param: string | undefined;
  /** Position inside the parameter's text, for grammar errors. */
  readonly offset: number | undefined;
  readonly problem: ProblemDetails | undefined;
  readonly method: string;
  /** The request URL with credentials removed. */
  readonly url: string;
  /** Whether the client considers the request worth retrying. */
  readonly retryable: boolean;
  /** Seconds the server asked to wait (`Retry-After`), on 429 and 503 answers. */
  readonly retryAfter: number | undefined;

  constructor(init: PlayqHttpErrorInit) {
    super(init.message ?? describe(init));
    this.status = init.status;
    this.code = typeof init.problem?.code === 'string' ? init.problem.code : undefined;
    this.param = typeof init.problem?.param === 'string' ? init.problem.param : undefined;
    this.offset = typeof init.problem?.offset === 'number' ? init.problem.offset : undefined;
    this.problem = init.problem;
    this.method = init.method;
    this.url = init.url;
    this.retryable = init.retryable;
    this.retryAfter = init.retryAfter;
  }
}
brandClass(PlayqHttpError, 'PlayqHttpError');

/** 400: a missing, malformed or out-of-range parameter. */
export class PlayqBadRequestError extends PlayqHttpError {
  static override readonly brand: symbol = errorBrand('PlayqBadRequestError');
  static override isInstance(value: unknown): value is PlayqBadRequestError {
    return hasBrand(value, PlayqBadRequestError.brand);
  }
}
brandClass(PlayqBadRequestError, 'PlayqBadRequestError');

/** 401: a missing, malformed, expired or unknown credential. */
export class PlayqUnauthorizedError extends PlayqHttpError {
  static override readonly brand: symbol = errorBrand('PlayqUnauthorizedError');
  static override isInstance(value: unknown): value is PlayqUnauthorizedError {
    return hasBrand(value, PlayqUnauthorizedError.brand);
  }
}
brandClass(PlayqUnauthorizedError, 'PlayqUnauthorizedError');

/** 403: a valid credential for another customer. */
export class PlayqForbiddenError extends PlayqHttpError {
  static override readonly brand: symbol = errorBrand('PlayqForbiddenError');
  static override isInstance(value: unknown): value is PlayqForbiddenError {
    return hasBrand(value, PlayqForbiddenError.brand);
  }
}
brandClass(PlayqForbiddenError, 'PlayqForbiddenError');

/** 404: an unknown path or customer. */
export class PlayqNotFoundError extends PlayqHttpError {
  static override readonly brand: symbol = errorBrand('PlayqNotFoundError');
  static override isInstance(value: unknown): value is PlayqNotFoundError {
    return hasBrand(value, PlayqNotFoundError.brand);
  }
}
brandClass(PlayqNotFoundError, 'PlayqNotFoundError');

/** 429: rate limited; `retryAfter` is the server's hint in seconds. */
export class PlayqRateLimitError extends PlayqHttpError {
  static override readonly brand: symbol = errorBrand('PlayqRateLimitError');
  static override isInstance(value: unknown): value is PlayqRateLimitError {
    return hasBrand(value, PlayqRateLimitError.brand);
  }
}
brandClass(PlayqRateLimitError, 'PlayqRateLimitError');

/** 5xx: the service failed. */
export class PlayqServerError extends PlayqHttpError {
  static override readonly brand: symbol = errorBrand('PlayqServerError');
  static override isInstance(value: unknown): value is PlayqServerError {
    return hasBrand(value, PlayqServerError.brand);
  }
}
brandClass(PlayqServerError, 'PlayqServerError');

/** The class for a status: the specific subclass when there is one. @internal */
export function httpErrorFor(init: PlayqHttpErrorInit): PlayqHttpError {
  switch (init.status) {
    case 400:
      return new PlayqBadRequestError(init);
    case 401:
      return new PlayqUnauthorizedError(init);
    case 403:
      return new PlayqForbiddenError(init);
    case 404:
      return new PlayqNotFoundError(init);
    case 429:
      return new PlayqRateLimitError(init);
    default:
      return init.status >= 500 ? new PlayqServerError(init) : new PlayqHttpError(init);
  }
}
