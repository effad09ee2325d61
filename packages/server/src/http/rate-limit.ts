// A token bucket per credential: `ratePerSecond` tokens flow in, at most `burst` are held, each
// request takes one. Answers carry `RateLimit-*` headers (IETF draft) and a 429 adds `Retry-After`.

export interface RateLimitOptions {
  readonly ratePerSecond: number;
  readonly burst: number;
}

export interface RateDecision {
  readonly allowed: boolean;
  readonly headers: Record<string, string>;
}

interface Bucket {
  tokens: number;
  updated: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly options: RateLimitOptions) {
    const { ratePerSecond, burst } = options;
    if (!(ratePerSecond > 0) || !Number.isFinite(ratePerSecond)) {
      throw new RangeError('@playq/server: rateLimit.ratePerSecond must be a positive number');
    }
    if (!Number.isSafeInteger(burst) || burst < 1)
      throw new RangeError('@playq/server: rateLimit.burst must be an integer >= 1');
  }

  /** Takes one token for `key` (a credential identity, never the secret itself). */
  take(key: string, now = performance.now()): RateDecision {
    return this.decide(key, now, 1);
  }

  /** Whether `key` has a token left, without taking it (for limits that count failures only). */
  peek(key: string, now = performance.now()): RateDecision {
    return this.decide(key, now, 0);
  }

  private decide(key: string, now: number, cost: 0 | 1): RateDecision {
    const { ratePerSecond, burst } = this.options;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= 10_000) this.sweep(now);
      bucket = { tokens: burst, updated: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updated) / 1000) * ratePerSecond);
    bucket.updated = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= cost;
    const remaining = Math.floor(bucket.tokens);
    const untilFull = Math.ceil((burst - bucket.tokens) / ratePerSecond);
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(burst),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(
        allowed ? untilFull : Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)),
      ),
      'RateLimit-Policy': `${burst};w=${Math.max(1, Math.round(burst / ratePerSecond))}`,
    };
    if (!allowed)
      headers['Retry-After'] = String(Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)));
    return { allowed, headers };
  }

  /** Drops buckets that have refilled completely: they hold no state worth keeping. */
  private sweep(now: number): void {
    const { ratePerSecond, burst } = this.options;
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.updated) / 1000) * ratePerSecond >= burst) this.buckets.delete(key);
    }
  }
}
