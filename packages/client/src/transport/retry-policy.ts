// When and how long to wait before retrying: jittered exponential backoff, stretched to honour a
// server's Retry-After, and only for failures that a retry can fix.
import { PlayqHttpError } from '../errors/http-errors';
import { PlayqError } from '../errors/playq-error';

export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  readonly retries?: number;
  /** Base delay of the first retry. Default 250 ms. */
  readonly minDelayMs?: number;
  /** Cap of the computed backoff (a Retry-After may exceed it). Default 10 000 ms. */
  readonly maxDelayMs?: number;
  /** Growth per retry. Default 2. */
  readonly factor?: number;
  /** Statuses worth retrying. Default `[429, 502, 503, 504]`. */
  readonly statuses?: readonly number[];
  /** A Retry-After longer than this is not waited for: the error is thrown instead. Default 60 000 ms. */
  readonly maxRetryAfterMs?: number;
}

export interface RetryPolicy {
  readonly retries: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
  readonly factor: number;
  readonly statuses: ReadonlySet<number>;
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_STATUSES: readonly number[] = [429, 502, 503, 504];

function check(name: string, value: number, min: number, integer: boolean): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value < min ||
    (integer && !Number.isInteger(value))
  ) {
    throw new TypeError(
      `@playq/client: retry.${name} must be ${integer ? 'an integer' : 'a finite number'} >= ${min}, got ${String(value)}`,
    );
  }
  return value;
}

/** Fills defaults and checks ranges; `false` disables retries. @internal */
export function resolveRetryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { ...resolveRetryPolicy({}), retries: 0 };
  const o = options ?? {};
  const minDelayMs = check('minDelayMs', o.minDelayMs ?? 250, 0, false);
  const maxDelayMs = check('maxDelayMs', o.maxDelayMs ?? 10_000, 0, false);
  if (maxDelayMs < minDelayMs) {
    throw new TypeError(
      `@playq/client: retry.maxDelayMs (${maxDelayMs}) is below retry.minDelayMs (${minDelayMs})`,
    );
  }
  const statuses = o.statuses ?? DEFAULT_RETRY_STATUSES;
  for (const s of statuses) check('statuses[]', s, 100, true);
  return {
    retries: check('retries', o.retries ?? 3, 0, true),
    minDelayMs,
    maxDelayMs,
    factor: check('factor', o.factor ?? 2, 1, false),
    statuses: new Set(statuses),
    maxRetryAfterMs: check('maxRetryAfterMs', o.maxRetryAfterMs ?? 60_000, 0, false),
  };
}

/** Whether an attempt's error is worth another attempt under the policy. @internal */
export function isRetryable(error: unknown, policy: RetryPolicy): boolean {
  if (PlayqHttpError.isInstance(error)) return policy.statuses.has(error.status);
  if (PlayqError.isInstance(error)) return (error as { retryable?: unknown }).retryable === true;
  return false;
}

/**
 * The wait before retry number `retry` (1-based): "equal jitter" (half fixed, half random) so
 * that concurrent clients spread out but never retry instantly; at least the server's Retry-After.
 * Returns undefined when the server asks for a wait longer than the policy accepts.
 * @internal
 */
export function retryDelay(
  retry: number,
  error: unknown,
  policy: RetryPolicy,
  random = Math.random,
): number | undefined {
  const exp = Math.min(policy.maxDelayMs, policy.minDelayMs * policy.factor ** (retry - 1));
  const jittered = exp / 2 + random() * (exp / 2);
  const retryAfter = PlayqHttpError.isInstance(error) ? error.retryAfter : undefined;
  if (retryAfter === undefined) return jittered;
  const afterMs = retryAfter * 1000;
  if (afterMs > policy.maxRetryAfterMs) return undefined;
  return Math.max(afterMs, jittered);
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. @internal */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - now) / 1000);
}
