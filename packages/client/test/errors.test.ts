// The error hierarchy: brands that survive duplicate installs, subclass relations, status
// mapping, and the data each error carries.
import { describe, expect, it } from 'vitest';
import { httpErrorFor } from '../src/errors/http-errors';
import {
  PlayqBadRequestError,
  PlayqConsistencyError,
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
import { errorFromResponse, excerpt, parseProblem } from '../src/transport/from-response';

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

const URL_ = 'http://x/api/v1/metricquery/demo';

describe('brands and names', () => {
  it.each([
    [PlayqError, 'PlayqError'],
    [PlayqNetworkError, 'PlayqNetworkError'],
    [PlayqTimeoutError, 'PlayqTimeoutError'],
    [PlayqResponseError, 'PlayqResponseError'],
    [PlayqValidationError, 'PlayqValidationError'],
    [PlayqConsistencyError, 'PlayqConsistencyError'],
    [PlayqHttpError, 'PlayqHttpError'],
    [PlayqBadRequestError, 'PlayqBadRequestError'],
    [PlayqUnauthorizedError, 'PlayqUnauthorizedError'],
    [PlayqForbiddenError, 'PlayqForbiddenError'],
    [PlayqNotFoundError, 'PlayqNotFoundError'],
    [PlayqRateLimitError, 'PlayqRateLimitError'],
    [PlayqServerError, 'PlayqServerError'],
  ] as const)(
    '%o has the global brand playq.error.<name>, a non-enumerable true on its prototype',
    (cls, name) => {
      const brand = Symbol.for(`playq.error.${name}`);
      expect(cls.brand).toBe(brand);
      expect(Object.getOwnPropertyDescriptor(cls.prototype, brand)).toStrictEqual({
        value: true,
        enumerable: false,
        writable: false,
        configurable: false,
      });
      expect(Object.getOwnPropertyDescriptor(cls.prototype, 'name')).toStrictEqual({
        value: name,
        enumerable: false,
        writable: true,
        configurable: false,
      });
    },
  );

  it('recognises a foreign object carrying only the global brand of a non-HTTP class', () => {
    for (const [cls, name] of [
      [PlayqNetworkError, 'PlayqNetworkError'],
      [PlayqTimeoutError, 'PlayqTimeoutError'],
      [PlayqValidationError, 'PlayqValidationError'],
      [PlayqConsistencyError, 'PlayqConsistencyError'],
      [PlayqServerError, 'PlayqServerError'],
      [PlayqUnauthorizedError, 'PlayqUnauthorizedError'],
    ] as const) {
      const foreign = { [Symbol.for(`playq.error.${name}`)]: true };
      expect(cls.isInstance(foreign)).toBe(true);
      expect(PlayqError.isInstance(foreign)).toBe(false);
    }
    expect(PlayqError.isInstance({ [Symbol.for('playq.error.PlayqError')]: true })).toBe(true);
    expect(PlayqError.isInstance({ [Symbol.for('playq.error.')]: true })).toBe(false);
  });

  it('gives every instance its class name, which an instance may still overwrite', () => {
    expect(new PlayqError('m').name).toBe('PlayqError');
    expect(new PlayqValidationError([]).name).toBe('PlayqValidationError');
    expect(new PlayqNetworkError({ method: 'GET', url: 'u' }).name).toBe('PlayqNetworkError');
    expect(new PlayqTimeoutError({ kind: 'request', timeoutMs: 1, method: 'GET', url: 'u' }).name).toBe(
      'PlayqTimeoutError',
    );
    expect(
      new PlayqResponseError({ method: 'GET', url: 'u', status: 200, reason: 'r', excerpt: 'e' }).name,
    ).toBe('PlayqResponseError');
    expect(new PlayqConsistencyError({ kind: 'overlap', offset: 0, firstTotal: 1, total: 1 }).name).toBe(
      'PlayqConsistencyError',
    );
    const error = new PlayqError('m');
    error.name = 'Renamed';
    expect(error.name).toBe('Renamed');
    expect(new PlayqError('m').name).toBe('PlayqError');
  });

  it('lists no inherited name or brand when enumerating an error with for...in', () => {
    const keys: string[] = [];
    for (const key in new PlayqError('m')) keys.push(key);
    expect(keys).toStrictEqual([]);
    expect(new PlayqError('m').toJSON()).toStrictEqual({ name: 'PlayqError', message: 'm' });
  });
});

describe('PlayqError cause', () => {
  it('has no cause property at all when none is given', () => {
    const error = new PlayqError('m');
    expect(Object.hasOwn(error, 'cause')).toBe(false);
    expect('cause' in error).toBe(false);
    expect(Object.hasOwn(new PlayqError('m', {}), 'cause')).toBe(false);
    expect(Object.hasOwn(new PlayqError('m', { cause: undefined }), 'cause')).toBe(false);
  });

  it('keeps a given cause as an own, non-enumerable property', () => {
    const cause = new Error('root');
    const error = new PlayqError('m', { cause });
    expect(error.cause).toBe(cause);
    expect(Object.getOwnPropertyDescriptor(error, 'cause')).toStrictEqual({
      value: cause,
      enumerable: false,
      writable: true,
      configurable: true,
    });
    // Falsy causes are causes too.
    expect(Object.hasOwn(new PlayqError('m', { cause: 0 }), 'cause')).toBe(true);
    expect(new PlayqError('m', { cause: null }).cause).toBe(null);
  });
});

describe('PlayqNetworkError', () => {
  it('says "network error" when there is no detail, and keeps the cause', () => {
    const cause = new TypeError('fetch failed');
    const error = new PlayqNetworkError({ method: 'GET', url: 'http://h/x', cause });
    expect(error.message).toBe('@playq/client: GET http://h/x failed: network error');
    expect(error.cause).toBe(cause);
    expect(error).toMatchObject({ method: 'GET', url: 'http://h/x', retryable: true });
  });

  it('uses the detail when given, and has no cause without one', () => {
    const error = new PlayqNetworkError({ method: 'GET', url: 'u', detail: 'connection refused' });
    expect(error.message).toBe('@playq/client: GET u failed: connection refused');
    expect(Object.hasOwn(error, 'cause')).toBe(false);
  });
});

describe('PlayqTimeoutError', () => {
  it('names the request timeout for kind "request", which is retryable', () => {
    const error = new PlayqTimeoutError({ kind: 'request', timeoutMs: 250, method: 'GET', url: 'u' });
    expect(error.message).toBe('@playq/client: GET u exceeded the request timeout of 250 ms');
    expect(error).toMatchObject({
      kind: 'request',
      timeoutMs: 250,
      method: 'GET',
      url: 'u',
      retryable: true,
    });
  });

  it('names the deadline for kind "deadline", which is not retryable', () => {
    const error = new PlayqTimeoutError({ kind: 'deadline', timeoutMs: 900, method: 'GET', url: 'u' });
    expect(error.message).toBe('@playq/client: GET u exceeded the deadline of 900 ms');
    expect(error.retryable).toBe(false);
  });
});

describe('PlayqResponseError', () => {
  it('keeps the cause it was given', () => {
    const cause = new SyntaxError('bad json');
    const error = new PlayqResponseError({
      method: 'GET',
      url: 'u',
      status: 200,
      reason: 'the body is not valid JSON',
      excerpt: '{',
      cause,
    });
    expect(error.cause).toBe(cause);
    expect(error.message).toBe(
      '@playq/client: GET u returned an invalid body: the body is not valid JSON (body starts: "{")',
    );
    expect(error.toJSON()).toStrictEqual({
      name: 'PlayqResponseError',
      message: error.message,
      retryable: false,
      method: 'GET',
      url: 'u',
      status: 200,
      reason: 'the body is not valid JSON',
      excerpt: '{',
    });
  });
});

describe('PlayqValidationError', () => {
  it('is never retryable and keeps all diagnostics', () => {
    const diagnostics = [
      { code: 'invalid_limit', message: 'Bad limit.', severity: 'error', param: 'limit' },
    ] as const;
    const error = new PlayqValidationError(diagnostics);
    expect(error.retryable).toBe(false);
    expect(error.diagnostics).toBe(diagnostics);
    expect(error.message).toBe('@playq/client: invalid query: limit: Bad limit.');
  });

  it('says "unknown problem" when there are no diagnostics', () => {
    expect(new PlayqValidationError([]).message).toBe('@playq/client: invalid query: unknown problem');
  });

  it('leaves out the parameter prefix when the diagnostic has no param', () => {
    expect(
      new PlayqValidationError([{ code: 'invalid_limit', message: 'Something is off.', severity: 'warning' }])
        .message,
    ).toBe('@playq/client: invalid query: Something is off.');
  });

  it('reports the first error before any warning, and counts only the other errors', () => {
    const error = new PlayqValidationError([
      { code: 'invalid_order', message: 'Just a warning.', severity: 'warning', param: 'order' },
      { code: 'unknown_metric', message: 'Unknown metric "x".', severity: 'error', param: 'metrics' },
      { code: 'invalid_limit', message: 'Another warning.', severity: 'warning', param: 'limit' },
    ]);
    expect(error.message).toBe('@playq/client: invalid query: metrics: Unknown metric "x".');
  });

  it('falls back to the first warning when there are only warnings, without a count', () => {
    const error = new PlayqValidationError([
      { code: 'invalid_order', message: 'First warning.', severity: 'warning', param: 'order' },
      { code: 'invalid_limit', message: 'Second warning.', severity: 'warning', param: 'limit' },
    ]);
    expect(error.message).toBe('@playq/client: invalid query: order: First warning.');
  });

  it('counts the further errors: "(and 2 more)"', () => {
    const d = (param: string) =>
      ({ code: 'invalid_limit', message: 'Bad.', severity: 'error', param }) as const;
    expect(new PlayqValidationError([d('a'), d('b'), d('c')]).message).toBe(
      '@playq/client: invalid query: a: Bad. (and 2 more)',
    );
  });

  it('uses a given message as is', () => {
    expect(new PlayqValidationError([], 'custom').message).toBe('custom');
  });
});

describe('PlayqConsistencyError', () => {
  it('describes a changed total with both totals and the offset', () => {
    const error = new PlayqConsistencyError({ kind: 'total_changed', offset: 20, firstTotal: 25, total: 26 });
    expect(error.message).toBe(
      '@playq/client: totalrecords changed from 25 to 26 at offset 20; the result changed during the walk, restart it',
    );
    expect(error).toMatchObject({
      kind: 'total_changed',
      offset: 20,
      firstTotal: 25,
      total: 26,
      retryable: true,
    });
  });

  it('describes an overlap by the offset of the repeating page', () => {
    const error = new PlayqConsistencyError({ kind: 'overlap', offset: 10, firstTotal: 25, total: 25 });
    expect(error.message).toBe(
      '@playq/client: the page at offset 10 repeats records of the page before it; the result changed during the walk, restart it',
    );
  });
});

describe('HTTP error messages', () => {
  const base = { method: 'GET', url: URL_, retryable: false };

  it('says "HTTP <status>" with no location when there is no problem body', () => {
    expect(httpErrorFor({ ...base, status: 502 }).message).toBe(
      `@playq/client: GET ${URL_} failed with 502: HTTP 502`,
    );
  });

  it('uses the title when there is no detail, and lists only the location fields present', () => {
    expect(
      httpErrorFor({ ...base, status: 400, problem: { title: 'Bad request', param: 'limit' } }).message,
    ).toBe(`@playq/client: GET ${URL_} failed with 400: Bad request (parameter limit)`);
    expect(httpErrorFor({ ...base, status: 400, problem: { detail: 'd', offset: 0 } }).message).toBe(
      `@playq/client: GET ${URL_} failed with 400: d (offset 0)`,
    );
    expect(
      httpErrorFor({ ...base, status: 401, problem: { detail: 'd', code: 'unauthorized' } }).message,
    ).toBe(`@playq/client: GET ${URL_} failed with 401: d (code unauthorized)`);
  });
});

describe('excerpt', () => {
  it('keeps a body of up to 160 characters whole', () => {
    const body = 'a'.repeat(160);
    expect(excerpt(body, [])).toBe(body);
    expect(excerpt('short', [])).toBe('short');
  });

  it('cuts a longer body to its first 160 characters and an ellipsis', () => {
    const body = `${'a'.repeat(159)}bc${'z'.repeat(40)}`;
    expect(excerpt(body, [])).toBe(`${'a'.repeat(159)}b…`);
  });

  it('removes secrets from what it keeps', () => {
    expect(excerpt('token s3cr3t-value here', ['s3cr3t-value'])).toBe('token [REDACTED] here');
  });
});

describe('parseProblem', () => {
  it('parses a problem body surrounded by whitespace, redacting its strings', () => {
    expect(
      parseProblem(400, '  \n{"code":"invalid_filter","detail":"bad s3cr3t-value","offset":3}\n ', [
        's3cr3t-value',
      ]),
    ).toStrictEqual({ code: 'invalid_filter', detail: 'bad [REDACTED]', offset: 3 });
  });

  it('returns nothing for an empty or blank body', () => {
    expect(parseProblem(502, '', [])).toBeUndefined();
    expect(parseProblem(502, ' \n\t ', [])).toBeUndefined();
  });

  it('describes a non-problem body by its trimmed, quoted excerpt', () => {
    expect(parseProblem(502, '  <html>Bad gateway</html>\n', [])).toStrictEqual({
      status: 502,
      detail: 'non-problem body: "<html>Bad gateway</html>"',
    });
  });

  it('describes a body that starts like JSON but is not, or is JSON but not an object', () => {
    expect(parseProblem(500, '{oops', [])).toStrictEqual({
      status: 500,
      detail: 'non-problem body: "{oops"',
    });
    expect(parseProblem(500, '[1,2]', [])).toStrictEqual({
      status: 500,
      detail: 'non-problem body: "[1,2]"',
    });
    expect(parseProblem(500, 'null', [])).toStrictEqual({ status: 500, detail: 'non-problem body: "null"' });
  });

  it('cuts a long non-problem body in its description', () => {
    const body = `${'x'.repeat(200)}`;
    expect(parseProblem(503, body, [])).toStrictEqual({
      status: 503,
      detail: `non-problem body: "${'x'.repeat(160)}…"`,
    });
  });
});

describe('errorFromResponse', () => {
  const init = {
    method: 'GET',
    url: URL_,
    secrets: [] as string[],
    retryStatuses: new Set([429, 503]),
  };

  it('builds the typed error with the problem, retryability and Retry-After', () => {
    const error = errorFromResponse({
      ...init,
      status: 429,
      headers: new Headers({ 'retry-after': '3' }),
      body: '{"code":"rate_limited","detail":"slow down"}',
    });
    expect(error).toBeInstanceOf(PlayqRateLimitError);
    expect(error.toJSON()).toStrictEqual({
      name: 'PlayqRateLimitError',
      message: `@playq/client: GET ${URL_} failed with 429: slow down (code rate_limited)`,
      status: 429,
      code: 'rate_limited',
      param: undefined,
      offset: undefined,
      problem: { code: 'rate_limited', detail: 'slow down' },
      method: 'GET',
      url: URL_,
      retryable: true,
      retryAfter: 3,
    });
  });

  it('has no problem and no Retry-After for an empty 502', () => {
    const error = errorFromResponse({ ...init, status: 502, headers: new Headers(), body: '' });
    expect(error).toBeInstanceOf(PlayqServerError);
    expect(error.problem).toBeUndefined();
    expect(error.retryAfter).toBeUndefined();
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(`@playq/client: GET ${URL_} failed with 502: HTTP 502`);
  });

  it('describes a proxy HTML page in the message', () => {
    const error = errorFromResponse({ ...init, status: 503, headers: new Headers(), body: '<h1>down</h1>' });
    expect(error.problem).toStrictEqual({ status: 503, detail: 'non-problem body: "<h1>down</h1>"' });
    expect(error.message).toBe(
      `@playq/client: GET ${URL_} failed with 503: non-problem body: "<h1>down</h1>"`,
    );
    expect(error.retryable).toBe(true);
  });
});
