// The error hierarchy: brands that survive duplicate installs, subclass relations, status
// mapping, and the data each error carries.
import { describe, expect, it } from 'vitest';
import { httpErrorFor } from '../src/errors/http-errors';
import {
  PlayqBadRequestError,
  PlayqError,
  PlayqForbiddenError,
  PlayqHttpError,
  PlayqNetworkError,
  PlayqNotFoundError,
  PlayqRateLimitError,
  PlayqResponseError,
  PlayqServerError,
  PlayqTimeoutError,
  PlayqUnauthorizedError,
  PlayqValidationError,
} from '../src/index';

const init = { method: 'GET', url: 'http://x/api/v1/metricquery/demo', retryable: false };

describe('error hierarchy', () => {
  it.each([
    [400, PlayqBadRequestError],
    [401, PlayqUnauthorizedError],
    [403, PlayqForbiddenError],
    [404, PlayqNotFoundError],
    [429, PlayqRateLimitError],
    [500, PlayqServerError],
    [503, PlayqServerError],
    [418, PlayqHttpError],
  ] as const)('maps status %i to %o, an HTTP error and a Playq error', (status, cls) => {
    const error = httpErrorFor({ ...init, status });
    expect(error).toBeInstanceOf(cls);
    expect(cls.isInstance(error)).toBe(true);
    expect(PlayqHttpError.isInstance(error)).toBe(true);
    expect(PlayqError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(cls.name);
  });

  it('does not confuse siblings', () => {
    const error = httpErrorFor({ ...init, status: 403 });
    expect(PlayqUnauthorizedError.isInstance(error)).toBe(false);
    expect(PlayqNetworkError.isInstance(error)).toBe(false);
    expect(PlayqHttpError.isInstance(new PlayqNetworkError({ method: 'GET', url: 'u' }))).toBe(false);
  });

  it('recognises an error from another copy of the package by its Symbol.for brand', () => {
    // What a second install's class produces: different class objects, the same global symbols.
    const foreign = Object.create(Error.prototype, {
      [Symbol.for('playq.error.PlayqError')]: { value: true },
      [Symbol.for('playq.error.PlayqHttpError')]: { value: true },
      [Symbol.for('playq.error.PlayqRateLimitError')]: { value: true },
    });
    expect(foreign instanceof PlayqRateLimitError).toBe(false);
    expect(PlayqRateLimitError.isInstance(foreign)).toBe(true);
    expect(PlayqHttpError.isInstance(foreign)).toBe(true);
    expect(PlayqServerError.isInstance(foreign)).toBe(false);
  });

  it.each([null, undefined, 'PlayqError', 42, {}, new Error('x')])('isInstance(%o) is false', (value) => {
    expect(PlayqError.isInstance(value)).toBe(false);
  });

  it('works detached, as a callback', () => {
    const errors = [httpErrorFor({ ...init, status: 404 }), new Error('other')];
    expect(errors.filter(PlayqNotFoundError.isInstance)).toHaveLength(1);
  });

  it('carries the problem body fields and a readable message', () => {
    const error = httpErrorFor({
      ...init,
      status: 400,
      problem: {
        type: 't',
        title: 'Bad filter',
        status: 400,
        detail: 'Expected "=" after "country".',
        code: 'invalid_filter',
        param: 'filter',
        offset: 8,
      },
    });
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_filter',
      param: 'filter',
      offset: 8,
      url: init.url,
    });
    expect(error.message).toBe(
      '@playq/client: GET http://x/api/v1/metricquery/demo failed with 400: Expected "=" after "country". (code invalid_filter, parameter filter, offset 8)',
    );
  });

  it('serialises to its data only: no brand, no name noise, no request', () => {
    const error = httpErrorFor({ ...init, status: 429, retryAfter: 2, problem: { code: 'rate_limited' } });
    expect(Object.keys(error).sort()).toEqual(
      ['code', 'method', 'offset', 'param', 'problem', 'retryAfter', 'retryable', 'status', 'url'].sort(),
    );
    expect((error as PlayqRateLimitError).retryAfter).toBe(2);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'PlayqRateLimitError',
      message: error.message,
      status: 429,
      retryAfter: 2,
    });
  });

  it('builds the non-HTTP errors with their fields', () => {
    expect(new PlayqTimeoutError({ kind: 'deadline', timeoutMs: 5, method: 'GET', url: 'u' })).toMatchObject({
      kind: 'deadline',
      retryable: false,
      message: '@playq/client: GET u exceeded the deadline of 5 ms',
    });
    expect(
      new PlayqResponseError({ method: 'GET', url: 'u', status: 200, reason: 'r', excerpt: 'e' }).message,
    ).toBe('@playq/client: GET u returned an invalid body: r (body starts: "e")');
    const v = new PlayqValidationError([
      { code: 'unknown_metric', message: 'Unknown metric "x".', severity: 'error', param: 'metrics' },
      { code: 'invalid_limit', message: 'Bad limit.', severity: 'error', param: 'limit' },
    ]);
    expect(v.message).toBe('@playq/client: invalid query: metrics: Unknown metric "x". (and 1 more)');
  });
});
