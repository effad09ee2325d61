// The suite's only way onto the network: a request budget, a rate ceiling, one polite retry after
// a 429, redirects never followed, and answers read once into plain data so the rules that judge
// them stay pure functions.
import type { Transport } from './types';

/** One request and what came back, read into plain data. */
export interface Probe {
  readonly method: string;
  /** The URL requested (credentials travel in headers, never here). */
  readonly url: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON when the body is JSON; otherwise undefined. */
  readonly json: unknown;
  readonly text: string;
  /** Set when the transport itself failed (network error, refused connection). */
  readonly networkError?: string;
}

export class BudgetExhaustedError extends Error {
  constructor(max: number) {
    super(`@playq/testing: the contract suite's request budget of ${max} is spent`);
    this.name = 'BudgetExhaustedError';
  }
}

export interface GentleFetchOptions {
  readonly fetch: Transport;
  readonly maxRequests: number;
  readonly requestsPerSecond: number;
  /** Longest Retry-After the suite will honour, in ms. */
  readonly maxRetryWaitMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** @internal */
export class GentleFetch {
  count = 0;
  /** Requests that failed below HTTP (refused connection, DNS, TLS). */
  networkErrors = 0;
  /** The status of the latest answer (0 after a network error). */
  lastStatus = 0;
  /** Every 429 that arrived, before its polite retry: the rate-limit check judges them. */
  readonly rateLimited: Probe[] = [];
  readonly #options: GentleFetchOptions;
  #nextSlot = 0;

  constructor(options: GentleFetchOptions) {
    this.#options = options;
  }

  get remaining(): number {
    return this.#options.maxRequests - this.count;
  }

  async request(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) {
    const first = await this.#once(url, init);
    if (first.status !== 429) return first;
    this.rateLimited.push(first);
    const retryAfter = Number(first.headers['retry-after']);
    const waitMs = Math.min(
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : 1000,
      this.#options.maxRetryWaitMs ?? 10_000,
    );
    await sleep(waitMs);
    return this.#once(url, init);
  }

  async #once(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
  ): Promise<Probe> {
    if (this.count >= this.#options.maxRequests) throw new BudgetExhaustedError(this.#options.maxRequests);
    this.count++;
    await this.#pace();
    const method = init.method ?? 'GET';
    // Never followed: a redirect is an answer to judge, and following one would carry the
    // caller's credentials to whatever origin it names.
    const request = new Request(url, { method, headers: init.headers, body: init.body, redirect: 'manual' });
    let response: Response;
    try {
      response = await this.#options.fetch(request);
    } catch (error) {
      this.networkErrors++;
      this.lastStatus = 0;
      return {
        method,
        url,
        status: 0,
        headers: {},
        json: undefined,
        text: '',
        networkError: error instanceof Error ? error.message : String(error),
      };
    }
    this.lastStatus = response.status;
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      headers[key.toLowerCase()] = value;
    });
    let json: unknown;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { method, url, status: response.status, headers, json, text };
  }

  async #pace(): Promise<void> {
    const rps = this.#options.requestsPerSecond;
    if (!Number.isFinite(rps) || rps <= 0) return;
    const interval = 1000 / rps;
    const now = Date.now();
    const slot = Math.max(now, this.#nextSlot);
    this.#nextSlot = slot + interval;
    if (slot > now) await sleep(slot - now);
  }
}
