// The two simple strategies of docs/decisions.md#authentication: an API key for the metric endpoint, and a bearer
// token (fixed, or from a provider function) for the session endpoint.
import { type AuthAdapter, type AuthHeaders, requireCredential } from '../transport/auth-adapter';

/**
 * Authenticates metric queries with `X-API-Key`.
 *
 * @example
 * ```ts
 * const client = createClient({ baseUrl, auth: { metricquery: apiKeyAuth('demo-key') } });
 * ```
 */
export function apiKeyAuth(key: string): AuthAdapter {
  const value = requireCredential('apiKeyAuth', 'key', key);
  const headers: AuthHeaders = Object.freeze({ 'x-api-key': value });
  return Object.freeze({
    kind: 'apiKey',
    headers: () => headers,
    secrets: () => [value],
  });
}

/** A token, or a function that returns one (called for every request; cache inside it if costly). */
export type TokenSource = string | (() => string | Promise<string>);

// Remembered provider tokens, for redaction; bounded so a long-lived client does not grow.
const REMEMBERED_TOKENS = 8;

/**
 * Authenticates session queries with `Authorization: Bearer <token>`. With a provider function,
 * a 401 makes the client call it once more and retry with the new token.
 *
 * @example
 * ```ts
 * bearerAuth(process.env.PLAYQ_TOKEN!);
 * bearerAuth(async () => (await myIdentityProvider.getToken()).accessToken);
 * ```
 */
export function bearerAuth(token: TokenSource): AuthAdapter {
  if (typeof token !== 'function') {
    const value = requireCredential('bearerAuth', 'token', token);
    const headers: AuthHeaders = Object.freeze({ authorization: `Bearer ${value}` });
    return Object.freeze({ kind: 'bearer', headers: () => headers, secrets: () => [value] });
  }
  const seen: string[] = [];
  return Object.freeze({
    kind: 'bearer',
    async headers(): Promise<AuthHeaders> {
      const value = requireCredential('bearerAuth', 'token from the provider', await token());
      if (!seen.includes(value)) {
        seen.push(value);
        if (seen.length > REMEMBERED_TOKENS) seen.shift();
      }
      return { authorization: `Bearer ${value}` };
    },
    unauthorized: () => true,
    secrets: () => seen,
  });
}
