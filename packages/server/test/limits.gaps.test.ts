// The HTTP layer's limits on their own, with exact answers: the token bucket's headers at given
// times (refill, reset, retry delay, policy window), its option checks and the sweep that bounds its
// memory; the per-address limits' 429s; the capped body reader; and the overload answers.
import { describe, expect, it } from 'vitest';
import { AdmissionRefusedError, QueryCancelledError } from '../src/exec/admission';
import { AddressLimits } from '../src/http/address-limits';
import { readCappedText } from '../src/http/body-limit';
import { overloadResponse } from '../src/http/overload';
import { RateLimiter } from '../src/http/rate-limit';

async function read(res: Response | undefined) {
  if (res === undefined) return undefined;
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.json() };
}

/** The headers of every problem answer. */
const PROBLEM_HEADERS = { 'cache-control': 'no-store', 'content-type': 'application/problem+json' };

const problem = (status: number, title: string, code: string, detail: string) => ({
  type: `https://playq.dev/problems/${code}`,
  title,
  status,
  detail,
  code,
});

describe('RateLimiter', () => {
  it('takes one token per request and says when the bucket is full again (one token per 4 s, burst 2)', () => {
    const limiter = new RateLimiter({ ratePerSecond: 0.25, burst: 2 });
    expect(limiter.take('k', 0)).toStrictEqual({
      allowed: true,
      headers: {
        'RateLimit-Limit': '2',
        'RateLimit-Remaining': '1',
        'RateLimit-Reset': '4',
        'RateLimit-Policy': '2;w=8',
      },
    });
    // Exactly one token left is still enough.
    expect(limiter.take('k', 0)).toStrictEqual({
      allowed: true,
      headers: {
        'RateLimit-Limit': '2',
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': '8',
        'RateLimit-Policy': '2;w=8',
      },
    });
    // Two seconds later half a token has flowed in: refused, the next token is 2 s away.
    expect(limiter.take('k', 2000)).toStrictEqual({
      allowed: false,
      headers: {
        'RateLimit-Limit': '2',
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': '2',
        'RateLimit-Policy': '2;w=8',
        'Retry-After': '2',
      },
    });
    // A refused request takes nothing: two seconds on, the token is there.
    expect(limiter.take('k', 4000).allowed).toBe(true);
    // Keys are separate buckets.
    expect(limiter.take('other', 4000).headers['RateLimit-Remaining']).toBe('1');
  });

  it('never holds more than the burst, and peek takes nothing', () => {
    const limiter = new RateLimiter({ ratePerSecond: 2, burst: 3 });
    expect(limiter.peek('k', 0)).toStrictEqual({
      allowed: true,
      headers: {
        'RateLimit-Limit': '3',
        'RateLimit-Remaining': '3',
        'RateLimit-Reset': '0',
        'RateLimit-Policy': '3;w=2',
      },
    });
    for (let i = 0; i < 3; i++) limiter.take('k', 0);
    expect(limiter.peek('k', 0)).toStrictEqual({
      allowed: false,
      headers: {
        'RateLimit-Limit': '3',
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': '1',
        'RateLimit-Policy': '3;w=2',
        'Retry-After': '1',
      },
    });
    // An hour later the bucket holds the burst, not 7,200 tokens.
    expect(limiter.take('k', 3_600_000).headers['RateLimit-Remaining']).toBe('2');
  });

  it('gives a policy window of at least one second', () => {
    expect(new RateLimiter({ ratePerSecond: 100, burst: 5 }).take('k', 0).headers['RateLimit-Policy']).toBe(
      '5;w=1',
    );
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses ratePerSecond %s', (ratePerSecond) => {
    expect(() => new RateLimiter({ ratePerSecond, burst: 1 })).toThrow(
      new RangeError('@playq/server: rateLimit.ratePerSecond must be a positive number'),
    );
  });

  it.each([0, -2, 1.5, Number.NaN, 2 ** 53])('refuses burst %s', (burst) => {
    expect(() => new RateLimiter({ ratePerSecond: 1, burst })).toThrow(
      new RangeError('@playq/server: rateLimit.burst must be an integer >= 1'),
    );
  });

  it('accepts the smallest valid options', () => {
    expect(new RateLimiter({ ratePerSecond: 1e-9, burst: 1 }).take('k', 0).allowed).toBe(true);
  });

  it('drops the buckets that refilled once it holds 10,000, and keeps the others', () => {
    const limiter = new RateLimiter({ ratePerSecond: 0.25, burst: 2 });
    // The memory bound is the behaviour under test, so the test reads the private map's size.
    const size = () => (limiter as unknown as { buckets: Map<string, unknown> }).buckets.size;
    limiter.take('x', 3000);
    limiter.take('x', 3000);
    for (let i = 0; i < 9_999; i++) limiter.take(`k${i}`, 3000);
    expect(size()).toBe(10_000);
    // Four seconds on, every k has its second token back (full), x has one of two (kept).
    limiter.take('new', 7000);
    expect(size()).toBe(2);
    expect(limiter.peek('x', 7000).headers['RateLimit-Remaining']).toBe('1');
  });
});

describe('AddressLimits', () => {
  const KEY = 'key:k1';
  it('refuses an address after its failures use up the budget, and ignores an unknown address', async () => {
    const limits = new AddressLimits({ failures: { ratePerSecond: 0.001, burst: 2 } });
    limits.failed('10.0.0.1', KEY);
    expect(limits.refuseFailing('10.0.0.1', KEY)).toBeUndefined();
    limits.failed('10.0.0.1', KEY);
    limits.failed(undefined, KEY);
    expect(limits.refuseFailing(undefined, KEY)).toBeUndefined();
    expect(limits.refuseFailing('10.0.0.2', KEY)).toBeUndefined();
    expect(await read(limits.refuseFailing('10.0.0.1', KEY))).toStrictEqual({
      status: 429,
      headers: { ...PROBLEM_HEADERS, 'retry-after': '1000' },
      body: problem(
        429,
        'Too Many Requests',
        'rate_limited',
        'Too many failed authentications from this address; retry after the delay given.',
      ),
    });
  });

  it('keeps each claimed identity of an address apart', () => {
    const limits = new AddressLimits({
      failures: { ratePerSecond: 0.001, burst: 1 },
      tokenRequests: { ratePerSecond: 0.001, burst: 1 },
    });
    limits.failed('10.0.0.1', 'key:wrong');
    expect(limits.refuseFailing('10.0.0.1', 'key:wrong')?.status).toBe(429);
    expect(limits.refuseFailing('10.0.0.1', 'key:right')).toBeUndefined();
    expect(limits.refuseFailing('10.0.0.1', 'token:wrong')).toBeUndefined();
    expect(limits.refuseFailing('10.0.0.2', 'key:wrong')).toBeUndefined();
    expect(limits.takeTokenRequest('10.0.0.1', 'client:a')).toBeUndefined();
    expect(limits.takeTokenRequest('10.0.0.1', 'client:a')?.status).toBe(429);
    expect(limits.takeTokenRequest('10.0.0.1', 'client:b')).toBeUndefined();
  });

  it('counts every token request of an address', async () => {
    const limits = new AddressLimits({ tokenRequests: { ratePerSecond: 0.001, burst: 1 } });
    expect(limits.takeTokenRequest('10.0.0.1', 'client:c')).toBeUndefined();
    expect(limits.takeTokenRequest(undefined, 'client:c')).toBeUndefined();
    expect(limits.takeTokenRequest(undefined, 'client:c')).toBeUndefined();
    expect(await read(limits.takeTokenRequest('10.0.0.1', 'client:c'))).toStrictEqual({
      status: 429,
      headers: { ...PROBLEM_HEADERS, 'retry-after': '1000' },
      body: problem(
        429,
        'Too Many Requests',
        'rate_limited',
        'Too many token requests from this address; retry after the delay given.',
      ),
    });
  });

  it('allows 20 failures and 20 token requests in a burst by default', () => {
    const limits = new AddressLimits();
    for (let i = 0; i < 20; i++) {
      expect(limits.refuseFailing('a', KEY)).toBeUndefined();
      limits.failed('a', KEY);
      expect(limits.takeTokenRequest('a', 'client:c')).toBeUndefined();
    }
    expect(limits.refuseFailing('a', KEY)?.status).toBe(429);
    expect(limits.takeTokenRequest('a', 'client:c')?.status).toBe(429);
  });
});

describe('readCappedText', () => {
  const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new Request('http://svc.test/api/v1/oauth/token', { method: 'POST', body, headers });

  it('reads a body of exactly the cap', async () => {
    expect(await readCappedText(post('0123456789'), 10)).toBe('0123456789');
    expect(await readCappedText(post('0123456789', { 'content-length': '10' }), 10)).toBe('0123456789');
  });

  it('reads no body as the empty text', async () => {
    expect(await readCappedText(new Request('http://svc.test/'), 10)).toBe('');
  });

  it('refuses a declared length over the cap before reading anything', async () => {
    expect(
      await read((await readCappedText(post('abc', { 'content-length': '11' }), 10)) as Response),
    ).toStrictEqual({
      status: 413,
      headers: PROBLEM_HEADERS,
      body: problem(
        413,
        'Content Too Large',
        'payload_too_large',
        'The request body is larger than 10 bytes.',
      ),
    });
  });

  it('refuses a streamed body once it passes the cap, and cancels the stream', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('012345'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request('http://svc.test/', {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const res = (await readCappedText(request, 11)) as Response;
    expect([res.status, cancelled]).toStrictEqual([413, true]);
    expect((await res.json()).detail).toBe('The request body is larger than 11 bytes.');
  });

  it('uses an 8 KiB cap by default', async () => {
    expect(await readCappedText(post('x'.repeat(8192)))).toHaveLength(8192);
    expect(((await readCappedText(post('x'.repeat(8193)))) as Response).status).toBe(413);
  });
});

describe('overloadResponse', () => {
  it("answers 429 for a customer's full queue and 503 for the service's, with Retry-After", async () => {
    expect(await read(overloadResponse(new AdmissionRefusedError('customer', 3)))).toStrictEqual({
      status: 429,
      headers: { ...PROBLEM_HEADERS, 'retry-after': '3' },
      body: problem(
        429,
        'Too Many Requests',
        'rate_limited',
        'Too many queries of this customer are running or waiting; retry after the delay given.',
      ),
    });
    expect(await read(overloadResponse(new AdmissionRefusedError('service', 7)))).toStrictEqual({
      status: 503,
      headers: { ...PROBLEM_HEADERS, 'retry-after': '7' },
      body: problem(
        503,
        'Service Unavailable',
        'overloaded',
        'Too many queries are running or waiting; retry after the delay given.',
      ),
    });
  });

  it("answers 503 for DuckDB's out-of-memory error, on any line of its message", async () => {
    const expected = {
      status: 503,
      headers: { ...PROBLEM_HEADERS, 'retry-after': '5' },
      body: problem(
        503,
        'Service Unavailable',
        'overloaded',
        'The query needs more memory than the service allows right now; narrow the period or the breakdown.',
      ),
    };
    expect(await read(overloadResponse(new Error('Out of Memory Error: could not allocate')))).toStrictEqual(
      expected,
    );
    expect(await read(overloadResponse(new Error('query failed\nOut of Memory Error: x')))).toStrictEqual(
      expected,
    );
  });

  it('answers 499 for a query whose client went away', async () => {
    expect(await read(overloadResponse(new QueryCancelledError()))).toStrictEqual({
      status: 499,
      headers: PROBLEM_HEADERS,
      body: problem(
        499,
        'Client Closed Request',
        'client_closed',
        'The client went away; the query was cancelled.',
      ),
    });
  });

  it('leaves every other error to the caller', () => {
    expect(overloadResponse(new Error('Binder Error: not an Out of Memory Error here'))).toBeUndefined();
    expect(overloadResponse(new Error('boom'))).toBeUndefined();
    expect(overloadResponse('Out of Memory Error')).toBeUndefined();
    expect(overloadResponse(undefined)).toBeUndefined();
  });
});
