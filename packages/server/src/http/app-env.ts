// The hono environment of the service's app and what its routes are given: the connection's
// address (known only over HTTP) and the options every route reads.
import type { Context } from 'hono';
import type { CustomerCredentials } from '../data/credentials';
import type { AddressLimits } from './address-limits';
import type { Authenticator } from './auth';
import type { QueryContext } from './query-handler';
import type { RateLimiter } from './rate-limit';

/** What the Node listener tells the app about the connection (nothing in process). */
export interface AppEnv {
  readonly Bindings: {
    readonly address?: string;
    /** The signal that the client went away (see client-gone.ts); in process, `request.signal` is. */
    readonly gone?: () => AbortSignal;
  };
}

export interface AppOptions {
  readonly basePath: string;
  readonly planPath: string;
  readonly maxUrlLength: number;
  readonly credentials: readonly CustomerCredentials[];
  /** Origins allowed to read answers from a browser, or `'*'`. */
  readonly corsOrigins: '*' | readonly string[];
  readonly auth: Authenticator;
  readonly rateLimiter: RateLimiter | undefined;
  /** Failed authentications and token requests per client address (over HTTP only). */
  readonly addressLimits: AddressLimits | undefined;
  readonly query: QueryContext;
  /** Reports unexpected errors (never sent to the caller). */
  readonly onError: (error: unknown) => void;
}

/** The client's address; `undefined` in process, where callers are not limited by address. */
export function addressOf(c: Context<AppEnv>): string | undefined {
  return c.env?.address;
}

/** The signal that the client went away, on first use; `undefined` in process (read `request.signal`). */
export function goneOf(c: Context<AppEnv>): (() => AbortSignal) | undefined {
  return c.env?.gone;
}

/** Each customer's credentials by customer id. */
export function customersById(
  credentials: readonly CustomerCredentials[],
): ReadonlyMap<string, CustomerCredentials> {
  return new Map(credentials.map((c) => [c.customerId, c]));
}
