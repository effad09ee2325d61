// The contract between the executor and a credential: decorate one request, and react once to a
// 401. Adapters keep their secrets in closures so that serialising or logging one shows nothing.
import { headerValueProblem } from '../transport/header-value';
import type { Transport } from '../transport/types';

export interface AuthContext {
  /** The client's transport, for adapters that need to fetch a token. */
  readonly fetch: Transport;
  /** Aborts when the call that needs the credential is cancelled. */
  readonly signal: AbortSignal | undefined;
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
