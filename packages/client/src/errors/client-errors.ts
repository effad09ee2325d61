// Errors that are not an HTTP status from the service: the request never got an answer, took too
// long, got an answer that is not a valid envelope, or was refused before sending because the
// query itself is invalid.
import { labelledMessage, type QueryDiagnostic } from '@playq/query';
import { brandClass, errorBrand, hasBrand, PlayqError } from './playq-error';

/**
 * The transport failed before an answer arrived (connection refused or reset, DNS, CORS).
 *
 * @example
 * ```ts
 * if (PlayqNetworkError.isInstance(error)) console.error('service unreachable:', error.url);
 * ```
 */
export class PlayqNetworkError extends PlayqError {
  static override readonly brand: symbol = errorBrand('PlayqNetworkError');
  static override isInstance(value: unknown): value is PlayqNetworkError {
    return hasBrand(value, PlayqNetworkError.brand);
  }
  readonly method: string;
  /** The request URL with credentials removed. */
  readonly url: string;
  readonly retryable = true;
  constructor(init: { method: string; url: string; cause?: unknown; detail?: string }) {
    super(`@playq/client: ${init.method} ${init.url} failed: ${init.detail ?? 'network error'}`, {
      cause: init.cause,
    });
    this.method = init.method;
    this.url = init.url;
  }
}
brandClass(PlayqNetworkError, 'PlayqNetworkError');

/**
 * A request took longer than `timeoutMs` (`kind: 'request'`, retried like a network failure), or
 * the whole call, retries included, ran past `deadlineMs` (`kind: 'deadline'`).
 *
 * @example
 * ```ts
 * if (PlayqTimeoutError.isInstance(error) && error.kind === 'deadline') showStaleData();
 * ```
 */
export class PlayqTimeoutError extends PlayqError {
  static override readonly brand: symbol = errorBrand('PlayqTimeoutError');
  static override isInstance(value: unknown): value is PlayqTimeoutError {
    return hasBrand(value, PlayqTimeoutError.brand);
  }
  readonly kind: 'request' | 'deadline';
  readonly timeoutMs: number;
  readonly method: string;
  readonly url: string;
  readonly retryable: boolean;
  constructor(init: { kind: 'request' | 'deadline'; timeoutMs: number; method: string; url: string }) {
    const what = init.kind === 'request' ? 'the request timeout' : 'the deadline';
    super(`@playq/client: ${init.method} ${init.url} exceeded ${what} of ${init.timeoutMs} ms`);
    this.kind = init.kind;
    this.timeoutMs = init.timeoutMs;
    this.method = init.method;
    this.url = init.url;
    this.retryable = init.kind === 'request';
  }
}
brandClass(PlayqTimeoutError, 'PlayqTimeoutError');

/**
 * The service answered 200 but the body is not a valid result: malformed JSON, a missing envelope
 * field, or an envelope inconsistent with itself. `excerpt` shows the start of the body.
 *
 * @example
 * ```ts
 * if (PlayqResponseError.isInstance(error)) console.error(error.reason, error.excerpt);
 * ```
 */
export class PlayqResponseError extends PlayqError {
  static override readonly brand: symbol = errorBrand('PlayqResponseError');
  static override isInstance(value: unknown): value is PlayqResponseError {
    return hasBrand(value, PlayqResponseError.brand);
  }
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** What was wrong, in one sentence. */
  readonly reason: string;
  /** The first characters of the body, redacted. */
  readonly excerpt: string;
  readonly retryable = false;
  constructor(init: {
    method: string;
    url: string;
    status: number;
    reason: string;
    excerpt: string;
    cause?: unknown;
  }) {
    super(
      `@playq/client: ${init.method} ${init.url} returned an invalid body: ${init.reason} (body starts: ${JSON.stringify(init.excerpt)})`,
      {
        cause: init.cause,
      },
    );
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.reason = init.reason;
    this.excerpt = init.excerpt;
  }
}
brandClass(PlayqResponseError, 'PlayqResponseError');

/**
 * The answer's body was larger than the client's `maxResponseBytes` (default 64 MiB): reading
 * stopped at the limit, before the body was buffered whole. Not retried: the same request would
 * bring the same body. Ask for fewer records (`limit`), or raise the option.
 *
 * @example
 * ```ts
 * if (PlayqResponseTooLargeError.isInstance(error)) console.error(`over ${error.limitBytes} bytes`);
 * ```
 */
export class PlayqResponseTooLargeError extends PlayqError {
  static override readonly brand: symbol = errorBrand('PlayqResponseTooLargeError');
  static override isInstance(value: unknown): value is PlayqResponseTooLargeError {
    return hasBrand(value, PlayqResponseTooLargeError.brand);
  }
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** The limit the body went past, in bytes (`maxResponseBytes`). */
  readonly limitBytes: number;
  readonly retryable = false;
  constructor(init: { method: string; url: string; status: number; limitBytes: number }) {
    super(
      `@playq/client: ${init.method} ${init.url} answered a body of more than ${formatBytes(init.limitBytes)}, the client's maxResponseBytes; ask for fewer records (limit) or raise maxResponseBytes`,
    );
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.limitBytes = init.limitBytes;
  }
}
brandClass(PlayqResponseTooLargeError, 'PlayqResponseTooLargeError');

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (Number.isInteger(mib)) return `${mib} MiB`;
  const kib = bytes / 1024;
  return Number.isInteger(kib) ? `${kib} KiB` : `${bytes} bytes`;
}

/**
 * The query is invalid, found before sending anything; `diagnostics` say what and where.
 *
 * @example
 * ```ts
 * if (PlayqValidationError.isInstance(error)) for (const d of error.diagnostics) console.error(d.param, d.message);
 * ```
 */
export class PlayqValidationError extends PlayqError {
  static override readonly brand: symbol = errorBrand('PlayqValidationError');
  static override isInstance(value: unknown): value is PlayqValidationError {
    return hasBrand(value, PlayqValidationError.brand);
  }
  readonly diagnostics: readonly QueryDiagnostic[];
  readonly retryable = false;
  constructor(diagnostics: readonly QueryDiagnostic[], message?: string) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const first = errors[0] ?? diagnostics[0];
    super(
      message ??
        `@playq/client: invalid query: ${first ? labelledMessage(first) : 'unknown problem'}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
    );
    this.diagnostics = diagnostics;
  }
}
brandClass(PlayqValidationError, 'PlayqValidationError');
