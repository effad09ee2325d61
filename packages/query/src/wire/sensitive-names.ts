// The names under which credentials travel: headers and URL or form parameters. The client's
// error redaction, its hooks and the testing toolkit's recorded fixtures mask exactly these, so a
// secret is never shown by one package and hidden by another.

/** Header names (lower case) whose values are credentials, in requests or responses. */
export const SENSITIVE_HEADERS: readonly string[] = Object.freeze([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'cookie',
  'set-cookie',
]);

const PARAM = /key|token|secret|password|passwd|signature|auth|credential|assertion|session_id/i;

/**
 * Whether a header's value is a credential (case-insensitive).
 *
 * @example
 * isSensitiveHeader('X-API-Key'); // true
 * isSensitiveHeader('accept'); // false
 */
export function isSensitiveHeader(name: string): boolean {
  return SENSITIVE_HEADERS.includes(name.toLowerCase());
}

/**
 * Whether a URL or form parameter's value looks like a credential: its name mentions a key, a
 * token, a secret, a password, a signature, an assertion or auth. No query parameter of the
 * service does.
 *
 * @example
 * isSensitiveParam('access_token'); // true
 * isSensitiveParam('client_assertion'); // true
 * isSensitiveParam('metrics'); // false
 */
export function isSensitiveParam(name: string): boolean {
  return PARAM.test(name);
}
