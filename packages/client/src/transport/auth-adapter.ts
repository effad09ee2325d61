// The contract between the executor and a credential: decorate one request, and react once to a
// 401. Adapters keep their secrets in closures so that serialising or logging one shows nothing.
import { headerValueProblem } from './header-value';
import type { Transport } from './types';

export interface AuthContext {
  /** The client's transport, for adapters that need to fetch a token. */
  readonly fetch: Transport;
  /** Aborts when the call that needs the credential is cancelled. */
  readonly signal: AbortSignal | undefined;
  /**
   * Sends a request through the client's own HTTP stack (redirects kept to their origin, a
   * timeout, redaction, typed errors): the way for an adapter to fetch a credential. Absent when
   * an adapter is called outside a client; `clientCredentials` then uses the same stack over
   * `fetch`.
   */
  readonly send?: (request: CredentialRequest) => Promise<CredentialResponse>;
}

/** A request an adapter makes to obtain a credential, such as a token request. */
export interface CredentialRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** The request's only headers (the client's own headers are not added). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Timeout of the request. Default: the client's `timeoutMs`. */
  readonly timeoutMs?: number;
  /** Another transport for this request. Default: the client's. */
  readonly fetch?: Transport;
  /** Cancels the request. Default: none (a shared credential outlives any one caller). */
  readonly signal?: AbortSignal;
  /** What the request is, for errors: a transport failure reads `<label> failed`. */
  readonly label: string;
}

/**
 * The 2xx answer to a credential request. Any other status is thrown as the matching
 * `PlayqHttpError`; a transport failure as a `PlayqNetworkError`; a timeout as a
 * `PlayqTimeoutError` (never retried here: the call that needs the credential decides).
 */
export interface CredentialResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
  /** The request URL, redacted. */
  readonly url: string;
}

/** Credential headers sent with one request. */
export type AuthHeaders = Readonly<Record<string, string>>;

/**
 * A credential strategy. Make one with `apiKeyAuth`, `bearerAuth` or `clientCredentials`, or
 * implement it for a custom scheme.
 */
export interface AuthAdapter {
  /** A label for diagnostics: `apiKey`, `bearer`, `clientCredentials`, or your own. */
  readonly kind: string;
  /** The headers that authenticate one request. */
  headers(context: AuthContext): AuthHeaders | Promise<AuthHeaders>;
  /**
   * Called at most once per call after a 401 to a request that carried `sent`. Drop the cached
   * credential (if it is still the one that was sent) and return true when a retry with fresh
   * headers may succeed.
   */
  unauthorized?(sent: AuthHeaders, context: AuthContext): boolean | Promise<boolean>;
  /** Every secret this adapter has used, for redaction wherever the client shows something. */
  secrets(): Iterable<string>;
}

/**
 * Rejects a credential that is not a non-empty string, or that HTTP would not carry as it is
 * (control characters such as NUL or a line break, surrounding whitespace, characters beyond
 * U+00FF), with a message naming the factory and never the value. `text` credentials (a client
 * id or secret, sent form-encoded) may hold any character but controls.
 * @internal
 */
export function requireCredential(
  factory: string,
  name: string,
  value: unknown,
  carriedAs: 'header' | 'text' = 'header',
): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(
      `@playq/client: ${factory}() needs a non-empty string ${name}, got ${value === '' ? 'an empty string' : typeof value}`,
    );
  }
  const problem = headerValueProblem(value, { latin1: carriedAs === 'header' });
  if (problem !== undefined) throw new TypeError(`@playq/client: ${factory}() got a ${name} that ${problem}`);
  return value;
}
