// Sends one GET with everything around it: credentials, a per-attempt timeout, an overall
// deadline, retries with backoff, one re-authentication after a 401, user hooks on redacted
// data, and typed errors. Returns the body text of a 2xx answer; callers parse it.
import type { AuthAdapter, AuthHeaders } from '../auth/auth-adapter';
import { PlayqNetworkError, PlayqTimeoutError } from '../errors/client-errors';
import { errorFromResponse } from '../errors/from-response';
import { PlayqUnauthorizedError } from '../errors/http-errors';
import { PlayqError } from '../errors/playq-error';
import { abortReason, linkedController, raceSignal, sleep } from './abort';
import { type CrossOriginRedirects, fetchFollowingRedirects } from './follow-redirects';
import { headerValueProblem, isHeaderName } from './header-value';
import { redactHeaders, redactText, redactUrl, SENSITIVE_HEADERS } from './redact';
import { isRetryable, type RetryPolicy, retryDelay } from './retry-policy';
import type { ClientHooks, RequestKind, Transport } from './types';

/** @internal */
export interface ExecutorConfig {
  readonly transport: Transport;
  readonly retry: RetryPolicy;
  /** Per attempt, body included; undefined for none. */
  readonly timeoutMs: number | undefined;
  /** Per call, retries included; undefined for none. */
  readonly deadlineMs: number | undefined;
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
  readonly kind: RequestKind;
  readonly url: string;
  readonly auth: AuthAdapter | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly deadlineMs?: number | undefined;
}

/** @internal */
export interface SentResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
  /** The request URL, redacted (computed on demand). */
  readonly url: () => string;
}

const METHOD = 'GET';

/** @internal */
export async function send(config: ExecutorConfig, init: SendInit): Promise<SentResponse> {
  const deadlineMs = init.deadlineMs ?? config.deadlineMs;
  // One signal for the whole call: the user's abort or the deadline, whichever comes first.
  const call = linkedController(init.signal);
  const deadlineTimer =
    deadlineMs === undefined
      ? undefined
      : setTimeout(
          () =>
            call.controller.abort(
              new PlayqTimeoutError({
                kind: 'deadline',
                timeoutMs: deadlineMs,
                method: METHOD,
                url: redactUrl(init.url, config.secrets()),
              }),
            ),
          deadlineMs,
        );
  const started = Date.now();
  const signal = call.controller.signal;
  let reauthenticated = false;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await attemptOnce(config, init, signal, attempt);
        if (outcome.ok) return outcome.response;
        if (
          PlayqUnauthorizedError.isInstance(outcome.error) &&
          init.auth?.unauthorized &&
          !reauthenticated &&
          outcome.sent
        ) {
          reauthenticated = true;
          // A fresh credential is a different request, not a retry: it costs no backoff.
          if (
            await raceSignal(
              Promise.resolve(init.auth.unauthorized(outcome.sent, { fetch: config.transport, signal })),
              signal,
            )
          ) {
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

type Outcome =
  | { readonly ok: true; readonly response: SentResponse }
  | { readonly ok: false; readonly error: PlayqError; readonly sent: AuthHeaders | undefined };

async function attemptOnce(
  config: ExecutorConfig,
  init: SendInit,
  outer: AbortSignal,
  attempt: number,
): Promise<Outcome> {
  const own = linkedController(outer);
  const signal = own.controller.signal;
  let timedOut = false;
  const timer =
    config.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          own.controller.abort();
        }, config.timeoutMs);
  let secrets = config.secrets();
  // Redacting parses the URL; only errors and hooks need it, so it is done on first use.
  let redacted: string | undefined;
  const url = () => {
    redacted ??= redactUrl(init.url, secrets);
    return redacted;
  };
  const headers = new Headers(config.headers);
  // Which wait was cut short decides the error: the user's abort or the deadline win over this
  // attempt's own timeout; anything else the transport throws is a network failure.
  const classify = (error: unknown): unknown => {
    if (outer.aborted) return abortReason(outer);
    if (timedOut) {
      return new PlayqTimeoutError({
        kind: 'request',
        timeoutMs: config.timeoutMs!,
        method: METHOD,
        url: url(),
      });
    }
    if (PlayqError.isInstance(error)) return error;
    return new PlayqNetworkError({
      method: METHOD,
      url: url(),
      detail: describeNetworkError(error, secrets),
    });
  };
  try {
    let sent: AuthHeaders | undefined;
    if (init.auth) {
      try {
        sent = await raceSignal(
          Promise.resolve(init.auth.headers({ fetch: config.transport, signal })),
          signal,
        );
      } catch (error) {
        // A provider's own failure (a bad token, a bug) is not a network failure: no retry.
        const failure = classify(error);
        throw PlayqNetworkError.isInstance(failure) && !PlayqError.isInstance(error) ? error : failure;
      }
      for (const [name, value] of Object.entries(sent)) setCredential(headers, init.auth.kind, name, value);
      // A provider may just have produced a new secret.
      secrets = config.secrets();
      redacted = undefined;
    }
    const { beforeRequest, afterResponse } = config.hooks;
    // Redacting headers costs a copy; only hooks need it.
    const info =
      beforeRequest || afterResponse
        ? { kind: init.kind, method: METHOD, url: url(), headers: redactHeaders(headers, secrets), attempt }
        : undefined;
    if (beforeRequest) await beforeRequest(info!);
    const started = Date.now();
    let status: number | undefined;
    let outcome: Outcome;
    try {
      const followed = await fetchFollowingRedirects(
        { url: init.url, method: METHOD, headers },
        {
          transport: config.transport,
          signal,
          crossOrigin: config.crossOriginRedirects,
          credentialHeaders: credentialHeaders(sent),
          secrets: () => secrets,
        },
      );
      const response = followed.response;
      // Credentials left behind on another origin: a 401 there is no reason to fetch fresh ones.
      if (!followed.credentialed) sent = undefined;
      status = response.status;
      let body: string;
      try {
        body = await raceSignal(response.text(), signal);
      } catch (error) {
        response.body?.cancel().catch(() => {});
        throw error;
      }
      outcome = response.ok
        ? { ok: true, response: { status, headers: response.headers, body, url } }
        : {
            ok: false,
            sent,
            error: errorFromResponse({
              status,
              headers: response.headers,
              body,
              method: METHOD,
              url: url(),
              secrets,
              retryStatuses: config.retry.statuses,
            }),
          };
    } catch (error) {
      const failure = classify(error);
      if (afterResponse)
        await afterResponse({ ...info!, status, durationMs: Date.now() - started, error: failure });
      throw failure;
    }
    if (afterResponse) {
      await afterResponse({
        ...info!,
        status,
        durationMs: Date.now() - started,
        error: outcome.ok ? undefined : outcome.error,
      });
    }
    return outcome;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    own.dispose();
  }
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

// The transport's own message helps ("ECONNRESET", "fetch failed") but may quote the request;
// keep it short and redacted, and never attach the original error (it can hold the Request).
function describeNetworkError(error: unknown, secrets: readonly string[]): string {
  const e = error as { message?: unknown; cause?: { code?: unknown; message?: unknown } } | null;
  const parts = [e?.message, e?.cause?.code ?? e?.cause?.message].filter(
    (p): p is string => typeof p === 'string',
  );
  const text = parts.join(': ').slice(0, 200) || 'network error';
  return redactText(text, secrets);
}
