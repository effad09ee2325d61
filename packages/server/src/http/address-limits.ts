// Limits by client address and claimed identity, against guessing: a failed authentication (a
// wrong API key, a bad token, a wrong client secret) takes a token from the bucket of its address
// and the identity it claimed, and that pair, out of tokens, gets 429 before its credential is even
// looked at. Other identities from the same address (a correct key behind the same proxy or NAT)
// are not held back. The token endpoint also limits grants per address and client id.
import { problemResponse } from './problem';
import { RateLimiter, type RateLimitOptions } from './rate-limit';

export interface AddressLimitOptions {
  /** Failed authentications per address and claimed identity; default `{ ratePerSecond: 1, burst: 20 }`. */
  readonly failures?: RateLimitOptions;
  /** Requests to the token endpoint per address and client id; default `{ ratePerSecond: 2, burst: 20 }`. */
  readonly tokenRequests?: RateLimitOptions;
}

/**
 * Who a request says it is, without the secret: an API key's or a token's fingerprint, a client
 * id's (see `fingerprint` in auth.ts).
 */
export type ClaimedIdentity = `key:${string}` | `token:${string}` | `client:${string}`;

export class AddressLimits {
  private readonly failures: RateLimiter;
  private readonly tokens: RateLimiter;

  constructor(options: AddressLimitOptions = {}) {
    this.failures = new RateLimiter(options.failures ?? { ratePerSecond: 1, burst: 20 });
    this.tokens = new RateLimiter(options.tokenRequests ?? { ratePerSecond: 2, burst: 20 });
  }

  /** A 429 when this identity has failed too often lately from the address, else `undefined`. */
  refuseFailing(address: string | undefined, identity: ClaimedIdentity): Response | undefined {
    if (address === undefined) return undefined;
    const decision = this.failures.peek(bucketOf(address, identity));
    return decision.allowed
      ? undefined
      : tooMany('Too many failed authentications from this address', decision.headers);
  }

  /** Counts a failed authentication against the address and the identity it claimed. */
  failed(address: string | undefined, identity: ClaimedIdentity): void {
    if (address !== undefined) this.failures.take(bucketOf(address, identity));
  }

  /** A 429 when the address asks for this client's tokens too often (each request counts), else `undefined`. */
  takeTokenRequest(address: string | undefined, identity: ClaimedIdentity): Response | undefined {
    if (address === undefined) return undefined;
    const decision = this.tokens.take(bucketOf(address, identity));
    return decision.allowed
      ? undefined
      : tooMany('Too many token requests from this address', decision.headers);
  }
}

const bucketOf = (address: string, identity: ClaimedIdentity) => `${address} ${identity}`;

function tooMany(what: string, headers: Record<string, string>): Response {
  return problemResponse(429, 'rate_limited', `${what}; retry after the delay given.`, {
    headers: { 'Retry-After': headers['Retry-After'] ?? '1' },
  });
}
