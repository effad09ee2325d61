// Limits by client address, against guessing: failed authentications (a wrong API key, a bad
// token, a wrong client secret) each take a token, and an address out of tokens gets 429 before
// its credential is even looked at; the token endpoint also limits grants per address.
import { problemResponse } from './problem';
import { RateLimiter, type RateLimitOptions } from './rate-limit';

export interface AddressLimitOptions {
  /** Failed authentications per address; default `{ ratePerSecond: 1, burst: 20 }`. */
  readonly failures?: RateLimitOptions;
  /** Requests to the token endpoint per address; default `{ ratePerSecond: 2, burst: 20 }`. */
  readonly tokenRequests?: RateLimitOptions;
}

export class AddressLimits {
  private readonly failures: RateLimiter;
  private readonly tokens: RateLimiter;

  constructor(options: AddressLimitOptions = {}) {
    this.failures = new RateLimiter(options.failures ?? { ratePerSecond: 1, burst: 20 });
    this.tokens = new RateLimiter(options.tokenRequests ?? { ratePerSecond: 2, burst: 20 });
  }

  /** A 429 when the address has failed too often lately, else `undefined`. */
  refuseFailing(address: string | undefined): Response | undefined {
    if (address === undefined) return undefined;
    const decision = this.failures.peek(address);
    return decision.allowed
      ? undefined
      : tooMany('Too many failed authentications from this address', decision.headers);
  }

  /** Counts a failed authentication against the address. */
  failed(address: string | undefined): void {
    if (address !== undefined) this.failures.take(address);
  }

  /** A 429 when the address asks for tokens too often (each request counts), else `undefined`. */
  takeTokenRequest(address: string | undefined): Response | undefined {
    if (address === undefined) return undefined;
    const decision = this.tokens.take(address);
    return decision.allowed
      ? undefined
      : tooMany('Too many token requests from this address', decision.headers);
  }
}

function tooMany(what: string, headers: Record<string, string>): Response {
  return problemResponse(429, 'rate_limited', `${what}; retry after the delay given.`, {
    headers: { 'Retry-After': headers['Retry-After'] ?? '1' },
  });
}
