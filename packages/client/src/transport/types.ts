// The shapes the executor works with: a transport (anything that turns a standard Request into a
// standard Response) and the observation hooks users get, which only ever see redacted data.

import type { Endpoint } from '@playq/query';

/**
 * Anything that answers a standard `Request`: `globalThis.fetch`, the reference service's
 * `fetch`, an MSW handler, or a test double.
 */
export type Transport = (request: Request) => Promise<Response>;

/** What the client is calling. */
export type RequestKind = Endpoint | 'plan';

/** A request as hooks see it: credentials masked. */
export interface RequestInfo {
  readonly kind: RequestKind;
  readonly method: string;
  /** Redacted. */
  readonly url: string;
  /** Redacted copy; credential headers read `[REDACTED]`. */
  readonly headers: Readonly<Record<string, string>>;
  /** 1 for the first try, 2 for the first retry, ... */
  readonly attempt: number;
}

export interface ResponseInfo extends RequestInfo {
  /** Absent when no answer arrived (network failure, timeout). */
  readonly status: number | undefined;
  readonly durationMs: number;
  /** The error this attempt ended with, if any (the call may still succeed after a retry). */
  readonly error: unknown;
}

export interface ClientHooks {
  /** Called before every attempt, retries included. */
  readonly beforeRequest?: (info: RequestInfo) => void | Promise<void>;
  /** Called after every attempt, with its status or its error. */
  readonly afterResponse?: (info: ResponseInfo) => void | Promise<void>;
}
