// The client's one HTTP stack. Sends a request with everything around it: credentials, a
// per-attempt timeout, an overall deadline, retries with backoff, one re-authentication after a
// 401, redirects kept to their origin, user hooks on redacted data, and typed errors. Queries,
// plan lookups and token requests all go through it; it returns the body text of a 2xx answer.

import { PlayqNetworkError, PlayqTimeoutError } from '../errors/client-errors';
import { PlayqUnauthorizedError } from '../errors/http-errors';
import { PlayqError } from '../errors/playq-error';
import { abortReason, linkedController, raceSignal, sleep } from './abort';
import { Attempt } from './attempt';
import type { AuthAdapter, AuthHeaders, CredentialRequest, CredentialResponse } from './auth-adapter';
import { type CrossOriginRedirects, fetchFollowingRedirects } from './follow-redirects';
import { errorFromResponse } from './from-response';
import { headerValueProblem, isHeaderName } from './header-value';
import { DEFAULT_MAX_RESPONSE_BYTES, readBodyText } from './read-body';
import { redactHeaders, redactUrl, SENSITIVE_HEADERS } from './redact';
import { isRetryable, type RetryPolicy, resolveRetryPolicy, retryDelay } from './retry-policy';
import type { ClientHooks, RequestInfo, RequestKind, Transport } from './types';

/** @internal */
export interface ExecutorConfig {
  readonly transport: Transport;
  readonly retry: RetryPolicy;
  /** Per attempt, body included; undefined for none. */
  readonly timeoutMs: number | undefined;
  /** Per call, retries included; undefined for none. */
  readonly deadlineMs: number | undefined;
  /** The largest body read, in bytes; undefined for none. */
  readonly maxResponseBytes: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly hooks: ClientHooks;
  /** Every secret any adapter knows, for redaction. */
  readonly secrets: () => string[];
  /** What to do with a redirect to another origin while credentials are attached. */
  readonly crossOriginRedirects: CrossOriginRedirects;
  readonly random?: () => number;
}

/** @internal */
export interface SendInit {
  /** What is sent; a `token` request never reaches hooks (its content is secret). */
  readonly kind: RequestKind | 'token';
  readonly url: string;
  /** Default GET. */
  readonly method?: 'GET' | 'POST';
  /** The request's own headers instead of the client's. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly auth: AuthAdapter | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly deadlineMs?: number | undefined;
  /** A fixed description of a transport failure (see `CredentialRequest.label`). */
  readonly networkDetail?: string;
}

/** @internal */
export interface SentResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
  /** The request URL, redacted (computed on demand). */
  readonly url: () => string;
}

type Outcome =
  | { readonly ok: true; readonly response: SentResponse }
  | { readonly ok: false; readonly error: PlayqError; readonly sent: AuthHeaders | undefined };

/** @internal */
export async function send(config: ExecutorConfig, init: SendInit): Promise<SentResponse> {
  const deadlineMs = init.deadlineMs ?? config.deadlineMs;
  const method = init.method ?? 'GET';
  // One signal for the whole call: the user's abort or the deadline, whichever comes first.
  const call = linkedController(init.signal);
  const deadline = () =>
    new PlayqTimeoutError({
      kind: 'deadline',
      timeoutMs: deadlineMs!,
      method,
      url: redactUrl(init.url, config.secrets()),
    });
  const deadlineTimer =
    deadlineMs === undefined ? undefined : setTimeout(() => call.controller.abort(deadline()), deadlineMs);
  const started = Date.now();
  const signal = call.controller.signal;
  let reauthenticated = false;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await attemptOnce(config, init, signal, attempt);
        if (outcome.ok) return outcome.response;
        if (!reauthenticated && mayReauthenticate(init, outcome)) {
          reauthenticated = true;
          // A fresh credential is a different request, not a retry: it costs no backoff.
          if (await reauthenticate(config, init.auth!, outcome.sent!, signal)) {
            attempt--;
            continue;
          }
        }
        throw outcome.error;
      } catch (error) {
        if (signal.aborted) throw abortReason(signal);
        if (attempt > config.retry.retries || !isRetryable(error, config.retry)) throw error;
        const delay = retryDelay(attempt, error, config.retry, config.random);
        if (delay === undefined) throw error;
        if (deadlineMs !== undefined && Date.now() - started + delay >= deadlineMs) throw error;
        await sleep(delay, signal);
      }
    }
  } finally {
    if (deadlineTimer !== undefined) clearTimeout(deadlineTimer);
    call.dispose();
  }
}

/** A 401 to a request that carried an adapter's credentials, which can react to it. */
function mayReauthenticate(init: SendInit, outcome: Outcome & { ok: false }): boolean {
  return (
    PlayqUnauthorizedError.isInstance(outcome.error) &&
    init.auth?.unauthorized !== undefined &&
    outcome.sent !== undefined
  );
}

/** Whether the adapter has fresh credentials after a 401 to `sent`. */
function reauthenticate(
  config: ExecutorConfig,
  auth: AuthAdapter,
  sent: AuthHeaders,
  signal: AbortSignal,
): Promise<boolean> {
  const context = authContext(config, signal);
  return raceSignal(Promise.resolve(auth.unauthorized!(sent, context)), signal);
}

async function attemptOnce(
  config: ExecutorConfig,
  init: SendInit,
  outer: AbortSignal,
  number: number,
): Promise<Outcome> {
  const method = init.method ?? 'GET';
  const attempt = new Attempt(
    {
      method,
      url: init.url,
      timeoutMs: config.timeoutMs,
      secrets: config.secrets,
      networkDetail: init.networkDetail,
    },
    outer,
  );
  try {
    const headers = new Headers(init.headers ?? config.headers);
    const sent = await authenticate(config, init, attempt, headers);
    const info = hookInfo(config, init, attempt, headers, number);
    if (info && config.hooks.beforeRequest) await config.hooks.beforeRequest(info);
    const started = Date.now();
    const after = async (error: unknown) => {
      if (!info || !config.hooks.afterResponse) return;
      await config.hooks.afterResponse({
        ...info,
        status: attempt.status,
        durationMs: Date.now() - started,
        error,
      });
    };
    let outcome: Outcome;
    try {
      outcome = await exchange(config, init, attempt, headers, sent);
    } catch (error) {
      const failure = attempt.classify(error);
      await after(failure);
      throw failure;
    }
    await after(outcome.ok ? undefined : outcome.error);
    return outcome;
  } finally {
    attempt.dispose();
  }
}

/** Adds the adapter's headers; a provider's own failure (a bad token, a bug) is not retried. */
async function authenticate(
  config: ExecutorConfig,
  init: SendInit,
  attempt: Attempt,
  headers: Headers,
): Promise<AuthHeaders | undefined> {
  if (!init.auth) return undefined;
  let sent: AuthHeaders;
  try {
    const context = authContext(config, attempt.signal);
    sent = await raceSignal(Promise.resolve(init.auth.headers(context)), attempt.signal);
  } catch (error) {
    const failure = attempt.classify(error);
    throw PlayqNetworkError.isInstance(failure) && !PlayqError.isInstance(error) ? error : failure;
  }
  for (const [name, value] of Object.entries(sent)) setCredential(headers, init.auth.kind, name, value);
  attempt.refreshSecrets();
  return sent;
}

/** What hooks see of this attempt; undefined when no hook would look (redacting costs a copy). */
function hookInfo(
  config: ExecutorConfig,
  init: SendInit,
  attempt: Attempt,
  headers: Headers,
  number: number,
): RequestInfo | undefined {
  const { beforeRequest, afterResponse } = config.hooks;
  if (init.kind === 'token' || (!beforeRequest && !afterResponse)) return undefined;
  const headerCopy = redactHeaders(headers, attempt.secrets);
  return {
    kind: init.kind,
    method: attempt.init.method,
    url: attempt.url(),
    headers: headerCopy,
    attempt: number,
  };
}

/** Sends the request (following redirects under the origin rule) and reads the answer. */
async function exchange(
  config: ExecutorConfig,
  init: SendInit,
  attempt: Attempt,
  headers: Headers,
  sent: AuthHeaders | undefined,
): Promise<Outcome> {
  const { signal } = attempt;
  const followed = await fetchFollowingRedirects(
    { url: init.url, method: attempt.init.method, headers, body: init.body },
    {
      transport: config.transport,
      signal,
      crossOrigin: config.crossOriginRedirects,
      credentialHeaders: credentialHeaders(sent),
      secrets: () => attempt.secrets,
    },
  );
  const { response } = followed;
  const status = response.status;
  attempt.status = status;
  let body: string;
  try {
    body = await readBodyText(response, {
      method: attempt.init.method,
      url: () => attempt.url(),
      maxBytes: config.maxResponseBytes,
      signal,
    });
  } catch (error) {
    response.body?.cancel().catch(() => {});
    throw error;
  }
  const url = () => attempt.url();
  if (response.ok) return { ok: true, response: { status, headers: response.headers, body, url } };
  const error = errorFromResponse({
    status,
    headers: response.headers,
    body,
    method: attempt.init.method,
    url: url(),
    secrets: attempt.secrets,
    retryStatuses: config.retry.statuses,
  });
  // Credentials left behind on another origin: a 401 there is no reason to fetch fresh ones.
  return { ok: false, error, sent: followed.credentialed ? sent : undefined };
}

function authContext(config: ExecutorConfig, signal: AbortSignal) {
  return {
    fetch: config.transport,
    signal,
    send: (request: CredentialRequest) => sendCredentialRequest(config, request),
  };
}

/**
 * A credential request (a token request) through the same stack: the client's redirect rule,
 * redaction and typed errors, its own timeout, no deadline, no hooks, and no retries of its own
 * (the call that needs the credential retries, so retries do not multiply).
 * @internal
 */
export async function sendCredentialRequest(
  config: ExecutorConfig,
  request: CredentialRequest,
): Promise<CredentialResponse> {
  const own: ExecutorConfig = {
    ...config,
    transport: request.fetch ?? config.transport,
    retry: { ...config.retry, retries: 0 },
    timeoutMs: request.timeoutMs ?? config.timeoutMs,
    deadlineMs: undefined,
  };
  const response = await send(own, {
    kind: 'token',
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    auth: undefined,
    signal: request.signal,
    networkDetail: `${request.label} failed`,
  });
  return { status: response.status, headers: response.headers, body: response.body, url: response.url() };
}

/**
 * The stack for an adapter used outside a client: `transport`, no retries, redirects refused
 * across origins, the adapter's own secrets redacted.
 * @internal
 */
export function standaloneConfig(transport: Transport, secrets: () => string[]): ExecutorConfig {
  return {
    transport,
    retry: resolveRetryPolicy(false),
    timeoutMs: undefined,
    deadlineMs: undefined,
    maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
    headers: {},
    hooks: {},
    secrets,
    crossOriginRedirects: 'refuse',
  };
}

// Adapter output goes into `Headers`, whose own errors quote the value: check it first.
function setCredential(headers: Headers, kind: string, name: string, value: unknown): void {
  const problem = typeof value === 'string' ? headerValueProblem(value) : 'is not a string';
  if (problem !== undefined || !isHeaderName(name)) {
    throw new TypeError(
      `@playq/client: the ${kind} auth adapter produced a header ${isHeaderName(name) ? name : '(invalid name)'} whose value ${problem ?? 'is fine but whose name is not a header name'}`,
    );
  }
  headers.set(name, value as string);
}

/** The headers to remove before a request leaves its origin: the known ones and the adapter's. */
function credentialHeaders(sent: AuthHeaders | undefined): ReadonlySet<string> {
  if (sent === undefined) return SENSITIVE_HEADERS;
  return new Set([...SENSITIVE_HEADERS, ...Object.keys(sent).map((name) => name.toLowerCase())]);
}
