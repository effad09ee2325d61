// The public shapes of the contract suite: what a caller passes to `checkContract` and what comes
// back. A report is plain JSON so it can be printed, diffed, or stored as a CI artefact.

import type { AnyCatalogue } from '@playq/query';

/** A standard fetch-shaped transport: the suite never needs more than this. */
export type Transport = (request: Request) => Promise<Response>;

/**
 * `pass`: the expectation held. `fail`: the deployment breaks the specification (or, with
 * `strict`, the playq design contract). `info`: a point the specification leaves open, answered
 * differently from the playq reference. `skip`: the check could not run (no data, no credential,
 * request budget spent).
 */
export type CheckStatus = 'pass' | 'fail' | 'info' | 'skip';

/**
 * Where an expectation comes from: `spec` — the interface specification (or plain safety, such as
 * one customer's key never reading another's data); `design` — playq's design contract (docs/decisions.md), which fills
 * the specification's gaps. Design findings fail only in strict mode.
 */
export type FindingBasis = 'spec' | 'design';

export interface Finding {
  readonly basis: FindingBasis;
  readonly message: string;
}

export interface ContractCheckResult {
  /** Stable dotted name, e.g. `paging.no-overlap-or-gap`. */
  readonly name: string;
  /** One line saying what the check verifies. */
  readonly title: string;
  readonly status: CheckStatus;
  /** Why it passed, failed or was skipped; never contains a credential. */
  readonly detail: string;
  /** Every finding behind a `fail` or `info` status. */
  readonly findings: readonly Finding[];
  /** HTTP requests this check made (shared answers count once, for the first check using them). */
  readonly requests: number;
}

export interface ContractReport {
  /** True when no check failed. */
  readonly ok: boolean;
  readonly baseUrl: string;
  readonly customerId: string;
  readonly strict: boolean;
  /** The period the data checks used, as `start=…,end=…`, when one was settled on. */
  readonly period?: string;
  readonly checks: readonly ContractCheckResult[];
  /** Total HTTP requests made. */
  readonly requests: number;
  readonly durationMs: number;
}

export interface ClientCredentialsOptions {
  /** Defaults to `{baseUrl}/oauth/token`, as the reference service serves it. */
  readonly tokenUrl?: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface ContractOptions {
  /** `{base_url}`, including the API path prefix, e.g. `http://127.0.0.1:8080/api/v1`. */
  readonly baseUrl: string;
  /** `{plan_url}`, the plan-level lookup host. Session checks are skipped without it unless `planLevel` is given. */
  readonly planUrl?: string;
  /** The customer whose data the checks read: the `{customerId}` of every URL. */
  readonly customerId: string;
  /** The `X-API-Key` of `customerId`, for the metric endpoint. */
  readonly apiKey: string;
  /** A bearer token of `customerId`, for the session endpoint. */
  readonly token?: string;
  /** Or client credentials to fetch one with the OAuth 2.0 client-credentials grant. */
  readonly clientCredentials?: ClientCredentialsOptions;
  /** A second customer, to check that credentials do not cross customers. */
  readonly otherCustomer?: { readonly customerId: string; readonly apiKey: string };
  /** Skip the plan lookup and use this plan level on session queries. */
  readonly planLevel?: string;
  /** Transport; defaults to `globalThis.fetch`. */
  readonly fetch?: Transport;
  /** Upper bound on HTTP requests for the whole run. Default 200. */
  readonly maxRequests?: number;
  /** Request rate ceiling. Default 5 per second; `Infinity` for none (in-process services). */
  readonly requestsPerSecond?: number;
  /**
   * The period the data checks query, as `{ start, end }` in epoch seconds or `start=…,end=…`.
   * By default the suite looks for the most recent week with data within the last 366 days.
   */
  readonly period?: { readonly start: number; readonly end: number } | string;
  /** Treat departures from the playq design contract as failures, not information. Default false. */
  readonly strict?: boolean;
  /** Run only the checks with these names or groups (`auth`, `auth.session`, `paging.`). */
  readonly only?: readonly string[];
  /**
   * The names the deployment answers (`defineCatalogue`/`extendCatalogue` of `@playq/query`).
   * Answers are judged by its units and kinds, and the `catalogue.*` checks query each of its
   * metric-endpoint names. Given, a refused name fails; left out, the default catalogue (the
   * vendor's public dictionary) is used and a refused name is a design finding.
   */
  readonly catalogue?: AnyCatalogue;
  /** Clock for the default period; tests pin it. Epoch milliseconds. */
  readonly now?: () => number;
}
