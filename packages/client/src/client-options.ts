// The options of `createClient` and what they resolve to: checked addresses, credentials per
// endpoint, and the configuration of the one HTTP stack (transport, retries, timeouts, headers,
// hooks, redirect rule, the secrets to redact). Bad input fails here, before any request.

import { type AnyCatalogue, withoutTrailingSlash } from '@playq/query';
import type { AuthAdapter } from './transport/auth-adapter';
import type { ExecutorConfig } from './transport/executor';
import { CROSS_ORIGIN_REDIRECTS, type CrossOriginRedirects } from './transport/follow-redirects';
import { headerValueProblem, isHeaderName } from './transport/header-value';
import { DEFAULT_MAX_RESPONSE_BYTES } from './transport/read-body';
import { SENSITIVE_HEADERS } from './transport/redact';
import { type RetryOptions, resolveRetryPolicy } from './transport/retry-policy';
import type { ClientHooks, Transport } from './transport/types';

/** Credentials per endpoint; a single adapter serves both. */
export type ClientAuth =
  | AuthAdapter
  | { readonly metricquery?: AuthAdapter; readonly session?: AuthAdapter; readonly plan?: AuthAdapter };

export interface ClientOptions {
  /** The service's base address with its API prefix, e.g. `http://127.0.0.1:8080/api/v1`. */
  readonly baseUrl: string | URL;
  /** The plan host, needed to run session queries that do not set `planlevel`. */
  readonly planUrl?: string | URL;
  readonly auth?: ClientAuth;
  /** The transport. Default: `globalThis.fetch`, looked up at call time. */
  readonly fetch?: Transport;
  /** Retry policy, or `false` to never retry. */
  readonly retry?: RetryOptions | false;
  /** Timeout of one attempt, body included. Default 30 000 ms; `0` for none. */
  readonly timeoutMs?: number;
  /** Deadline of one call (one page), retries and backoff included. Default: none. */
  readonly deadlineMs?: number;
  /**
   * The largest answer body read, in bytes, counted while it streams in: a larger one stops with a
   * `PlayqResponseTooLargeError` before it is buffered whole. Default 64 MiB; `0` or `Infinity`
   * for no limit.
   */
  readonly maxResponseBytes?: number;
  /** Extra headers for every request. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A redirect to another origin while credentials are attached: `'refuse'` (default) throws a
   * `PlayqRedirectError` naming the target; `'follow-without-credentials'` follows it with every
   * credential header removed. Same-origin redirects are always followed with the credentials.
   */
  readonly crossOriginRedirects?: CrossOriginRedirects;
  /** Sent as `User-Agent` where the platform allows it (browsers ignore it). */
  readonly userAgent?: string;
  readonly hooks?: ClientHooks;
  /**
   * How long a resolved plan level is reused. Default 300 000 ms; `0` to ask every time,
   * `Infinity` to keep each answer for the client's lifetime.
   */
  readonly planLevelTtlMs?: number;
  /**
   * The catalogue to check query names against before sending. Default: the catalogue of the
   * builder that made the query (`createQueries(catalogue)`), else the default catalogue.
   */
  readonly catalogue?: AnyCatalogue;
}

/** The credential of each endpoint. @internal */
export interface EndpointAuth {
  readonly metricquery?: AuthAdapter;
  readonly session?: AuthAdapter;
  readonly plan?: AuthAdapter;
}

/** Options resolved and checked. @internal */
export interface ClientSettings {
  readonly baseUrl: string;
  readonly planUrl: string | undefined;
  readonly auth: EndpointAuth;
  readonly config: ExecutorConfig;
  /** Milliseconds; 0 asks the plan host every time, Infinity keeps each answer. */
  readonly planLevelTtlMs: number;
  readonly catalogue: AnyCatalogue | undefined;
}

/** Checks `createClient`'s options and resolves their defaults. @internal */
export function resolveClientOptions(options: ClientOptions): ClientSettings {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('@playq/client: createClient() needs an options object with at least baseUrl');
  }
  const baseUrl = checkUrl('baseUrl', options.baseUrl);
  const planUrl = options.planUrl === undefined ? undefined : checkUrl('planUrl', options.planUrl);
  const auth = splitAuth(options.auth);
  for (const [endpoint, adapter] of Object.entries(auth)) {
    if (adapter !== undefined && (typeof adapter !== 'object' || typeof adapter.headers !== 'function')) {
      throw new TypeError(
        `@playq/client: auth.${endpoint} must be an auth adapter (apiKeyAuth, bearerAuth, clientCredentials)`,
      );
    }
  }
  const config = executorConfig(options, auth);
  // 0 asks the plan host every time; Infinity keeps an answer for the client's lifetime.
  const planLevelTtlMs = options.planLevelTtlMs ?? 300_000;
  checkMs('planLevelTtlMs', planLevelTtlMs);
  return {
    baseUrl,
    planUrl,
    auth,
    config,
    planLevelTtlMs,
    catalogue: options.catalogue,
  };
}

function executorConfig(options: ClientOptions, auth: EndpointAuth): ExecutorConfig {
  if (options.fetch !== undefined && typeof options.fetch !== 'function') {
    throw new TypeError('@playq/client: fetch must be a function (request: Request) => Promise<Response>');
  }
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
  };
  const headerSecrets: string[] = [];
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    checkHeader(name, value);
    headers[name.toLowerCase()] = value;
    if (SENSITIVE_HEADERS.has(name.toLowerCase())) headerSecrets.push(value);
  }
  const crossOriginRedirects = options.crossOriginRedirects ?? 'refuse';
  if (!CROSS_ORIGIN_REDIRECTS.includes(crossOriginRedirects)) {
    throw new TypeError(
      `@playq/client: crossOriginRedirects must be ${CROSS_ORIGIN_REDIRECTS.map((v) => `'${v}'`).join(' or ')}`,
    );
  }
  const adapters = [...new Set(Object.values(auth).filter((a): a is AuthAdapter => a !== undefined))];
  return {
    transport: options.fetch ?? ((request) => globalThis.fetch(request)),
    retry: resolveRetryPolicy(options.retry),
    timeoutMs: checkMs('timeoutMs', options.timeoutMs ?? 30_000),
    deadlineMs: checkMs('deadlineMs', options.deadlineMs),
    maxResponseBytes: checkBytes(options.maxResponseBytes),
    headers,
    hooks: options.hooks ?? {},
    crossOriginRedirects,
    secrets: () => {
      const out = [...headerSecrets];
      for (const adapter of adapters) for (const s of adapter.secrets()) out.push(s);
      return out;
    },
  };
}

const DEFAULT_USER_AGENT = '@playq/client';

function checkUrl(name: string, value: string | URL): string {
  const text = String(value);
  let parsed: URL | undefined;
  try {
    parsed = new URL(text);
  } catch {
    // Not parsed, so not shown either: it may hold a credential.
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new TypeError(`@playq/client: ${name} must be an absolute http(s) URL`);
  }
  if (parsed.username || parsed.password) {
    throw new TypeError(
      `@playq/client: ${name} must not carry credentials (user:password@); pass them with auth`,
    );
  }
  if (parsed.search || parsed.hash) {
    throw new TypeError(
      `@playq/client: ${name} must not have a query string or fragment; the client appends paths to it`,
    );
  }
  return withoutTrailingSlash(text);
}

// `Headers` would throw later with the value in its message; a header may hold a credential.
function checkHeader(name: string, value: unknown): void {
  if (!isHeaderName(name))
    throw new TypeError('@playq/client: headers has a name that is not a valid header name');
  const problem = typeof value === 'string' ? headerValueProblem(value) : 'is not a string';
  if (problem !== undefined) throw new TypeError(`@playq/client: headers.${name} ${problem}`);
}

/** A duration option: undefined, 0 and Infinity mean none. @internal */
export function checkMs(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new TypeError(`@playq/client: ${name} must be a number of milliseconds >= 0, got ${String(value)}`);
  }
  return value === 0 || value === Number.POSITIVE_INFINITY ? undefined : value;
}

function checkBytes(value: number | undefined): number | undefined {
  if (value === undefined) return DEFAULT_MAX_RESPONSE_BYTES;
  if (
    typeof value !== 'number' ||
    Number.isNaN(value) ||
    value < 0 ||
    !(Number.isInteger(value) || value === Infinity)
  ) {
    throw new TypeError(
      `@playq/client: maxResponseBytes must be a whole number of bytes >= 0, got ${String(value)}`,
    );
  }
  return value === 0 || value === Number.POSITIVE_INFINITY ? undefined : value;
}

function splitAuth(auth: ClientAuth | undefined): EndpointAuth {
  if (auth === undefined) return {};
  if (typeof (auth as AuthAdapter).headers === 'function') {
    return { metricquery: auth as AuthAdapter, session: auth as AuthAdapter };
  }
  return auth as EndpointAuth;
}
