// The retry policy's arithmetic and validation, checked exactly with an injected random source:
// defaults, each range check and its message, the backoff curve and its cap, Retry-After in both
// spellings, and which errors count as retryable.
import { describe, expect, it } from 'vitest';
import { PlayqHttpError } from '../src/errors/http-errors';
import { PlayqError } from '../src/errors/playq-error';
import {
  DEFAULT_RETRY_STATUSES,
  isRetryable,
  parseRetryAfter,
  resolveRetryPolicy,
  retryDelay,
} from '../src/transport/retry-policy';

const http = (status: number, retryAfter?: number) =>
  new PlayqHttpError({ status, method: 'GET', url: 'http://127.0.0.1/x', retryable: true, retryAfter });

describe('resolveRetryPolicy', () => {
  it('fills the documented defaults', () => {
    expect(resolveRetryPolicy(undefined)).toStrictEqual({
      retries: 3,
      minDelayMs: 250,
      maxDelayMs: 10_000,
      factor: 2,
      statuses: new Set([429, 502, 503, 504]),
      maxRetryAfterMs: 60_000,
    });
    expect(DEFAULT_RETRY_STATUSES).toStrictEqual([429, 502, 503, 504]);
  });

  it('false keeps the defaults but allows no retry', () => {
    expect(resolveRetryPolicy(false)).toStrictEqual({ ...resolveRetryPolicy({}), retries: 0 });
  });

  it('accepts the boundary values', () => {
    const p = resolveRetryPolicy({
      retries: 0,
      minDelayMs: 0,
      maxDelayMs: 0,
      factor: 1,
      statuses: [100],
      maxRetryAfterMs: 0,
    });
    expect(p).toStrictEqual({
      retries: 0,
      minDelayMs: 0,
      maxDelayMs: 0,
      factor: 1,
      statuses: new Set([100]),
      maxRetryAfterMs: 0,
    });
  });

  it.each([
    [{ retries: -1 }, 'retry.retries must be an integer >= 0, got -1'],
    [{ retries: 1.5 }, 'retry.retries must be an integer >= 0, got 1.5'],
    [{ retries: Number.NaN }, 'retry.retries must be an integer >= 0, got NaN'],
    [{ minDelayMs: -0.5 }, 'retry.minDelayMs must be a finite number >= 0, got -0.5'],
    [{ maxDelayMs: Number.POSITIVE_INFINITY }, 'retry.maxDelayMs must be a finite number >= 0, got Infinity'],
    [{ factor: 0.5 }, 'retry.factor must be a finite number >= 1, got 0.5'],
    [{ statuses: [429, 99] }, 'retry.statuses[] must be an integer >= 100, got 99'],
    [{ statuses: [502.5] }, 'retry.statuses[] must be an integer >= 100, got 502.5'],
    [{ maxRetryAfterMs: -1 }, 'retry.maxRetryAfterMs must be a finite number >= 0, got -1'],
    [{ retries: '3' }, 'retry.retries must be an integer >= 0, got 3'],
    [{ minDelayMs: 10, maxDelayMs: 5 }, 'retry.maxDelayMs (5) is below retry.minDelayMs (10)'],
  ])('refuses %j', (options, message) => {
    expect(() => resolveRetryPolicy(options as never)).toThrow(new TypeError(`@playq/client: ${message}`));
  });
});

describe('retryDelay', () => {
  const policy = resolveRetryPolicy({ minDelayMs: 100, maxDelayMs: 1000, factor: 3, maxRetryAfterMs: 5000 });

  it('grows by the factor, with equal jitter between half and all of the step', () => {
    expect([1, 2, 3].map((n) => retryDelay(n, new Error('x'), policy, () => 0))).toStrictEqual([
      50, 150, 450,
    ]);
    expect([1, 2, 3].map((n) => retryDelay(n, new Error('x'), policy, () => 1))).toStrictEqual([
      100, 300, 900,
    ]);
    expect(retryDelay(2, new Error('x'), policy, () => 0.5)).toBe(225);
  });

  it('caps the step at maxDelayMs', () => {
    expect(retryDelay(4, new Error('x'), policy, () => 1)).toBe(1000);
    expect(retryDelay(9, new Error('x'), policy, () => 0)).toBe(500);
  });

  it('waits at least the Retry-After, but gives up when it is longer than maxRetryAfterMs', () => {
    expect(retryDelay(1, http(503, 2), policy, () => 0)).toBe(2000);
    expect(retryDelay(3, http(503, 0.1), policy, () => 1)).toBe(900);
    expect(retryDelay(1, http(503, 5), policy, () => 0)).toBe(5000);
    expect(retryDelay(1, http(503, 5.001), policy, () => 0)).toBeUndefined();
    expect(retryDelay(1, http(503), policy, () => 0)).toBe(50);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 0, 1, 0, 0, 0);

  it('reads delta-seconds, trimmed, with or without a fraction', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1.5);
    expect(parseRetryAfter('0', now)).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('1e3', now)).toBeUndefined();
  });
});

describe('isRetryable', () => {
  const policy = resolveRetryPolicy({ statuses: [503] });

  it('retries an HTTP error only for a listed status', () => {
    expect(isRetryable(http(503), policy)).toBe(true);
    expect(isRetryable(http(502), policy)).toBe(false);
  });

  it('retries another client error only when it says it is retryable', () => {
    const retryable = Object.assign(new PlayqError('x'), { retryable: true });
    const truthy = Object.assign(new PlayqError('x'), { retryable: 'yes' });
    expect(isRetryable(retryable, policy)).toBe(true);
    expect(isRetryable(truthy, policy)).toBe(false);
    expect(isRetryable(new PlayqError('x'), policy)).toBe(false);
  });

  it('never retries a foreign error', () => {
    expect(isRetryable(Object.assign(new Error('x'), { retryable: true, status: 503 }), policy)).toBe(false);
    expect(isRetryable(undefined, policy)).toBe(false);
  });
});
