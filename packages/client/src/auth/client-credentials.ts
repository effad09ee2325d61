// OAuth 2.0 client credentials (RFC 6749 section 4.4) as DESIGN section 5 asks: one cached token,
// refreshed shortly before it expires, one refresh at a time however many requests wait for it,
// and a 401 with the current token drops it so the retry gets a fresh one.

import { PlayqNetworkError, PlayqResponseError, PlayqTimeoutError } from '../errors/client-errors';
import { excerpt, parseProblem } from '../errors/from-response';
import { httpErrorFor } from '../errors/http-errors';
import { PlayqError } from '../errors/playq-error';
import { raceSignal } from '../transport/abort';
import { fetchFollowingRedirects } from '../transport/follow-redirects';
import { headerValueProblem } from '../transport/header-value';
import { REDACTED, redactText, redactUrl, SENSITIVE_HEADERS } from '../transport/redact';
import { parseRetryAfter } from '../transport/retry-policy';
import type { Transport } from '../transport/types';
import { type AuthAdapter, type AuthContext, type AuthHeaders, requireCredential } from './auth-adapter';

export interface ClientCredentialsOptions {
  /** The token endpoint, for the reference service `{baseUrl}/oauth/token`. */
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Space-separated scopes to request, if the identity provider wants them. */
  readonly scope?: string;
  /** Transport for token requests; defaults to the client's own. */
  readonly fetch?: Transport;
  /** Refresh this long before expiry (at most half the token's lifetime). Default 60. */
  readonly refreshSkewSeconds?: number;
  /** Timeout of one token request. Default 30 000 ms. */
  readonly timeoutMs?: number;
  /** Clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

interface CachedToken {
  readonly value: string;
  /** Epoch ms after which the token is refreshed before use; Infinity when the lifetime is unknown. */
  readonly refreshAt: number;
}

// Issued tokens remembered for redaction; bounded for long-lived clients.
const REMEMBERED_TOKENS = 8;
const TOKEN_MEMBER = /("[a-z_]*(?:token|secret)"\s*:\s*")[^"]*"/gi;
const RETRYABLE_TOKEN_STATUSES = new Set([429, 502, 503, 504]);

function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

function basic(clientId: string, clientSecret: string): string {
  // RFC 6749 section 2.3.1: form-encode both parts, then Basic; UTF-8 bytes for btoa.
  const text = `${formEncode(clientId)}:${formEncode(clientSecret)}`;
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/**
 * Fetches and caches bearer tokens with the client-credentials grant.
 *
 * @example
 * ```ts
 * const client = createClient({
 *   baseUrl,
 *   auth: {
 *     session: clientCredentials({ tokenUrl: `${baseUrl}/oauth/token`, clientId: 'demo', clientSecret: 'demo-secret' }),
 *   },
 * });
 * ```
 */
export function clientCredentials(options: ClientCredentialsOptions): AuthAdapter {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('@playq/client: clientCredentials() needs an options object');
  }
  const tokenUrl = requireCredential('clientCredentials', 'tokenUrl', options.tokenUrl, 'text');
  let protocol: string | undefined;
  try {
    protocol = new URL(tokenUrl).protocol;
  } catch {
    // Not parsed, so not shown either: a malformed URL may still hold a credential.
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TypeError('@playq/client: clientCredentials() needs an absolute http(s) tokenUrl');
  }
  const clientId = requireCredential('clientCredentials', 'clientId', options.clientId, 'text');
  const clientSecret = requireCredential('clientCredentials', 'clientSecret', options.clientSecret, 'text');
  const skewMs = (options.refreshSkewSeconds ?? 60) * 1000;
  if (!Number.isFinite(skewMs) || skewMs < 0) {
    throw new TypeError('@playq/client: clientCredentials() refreshSkewSeconds must be a finite number >= 0');
  }
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  const authorization = `Basic ${basic(clientId, clientSecret)}`;
  const issued: string[] = [];
  let current: CachedToken | undefined;
  let refreshing: Promise<CachedToken> | undefined;

  const secrets = () => [clientSecret, authorization.slice(6), ...issued];

  async function fetchToken(transport: Transport): Promise<CachedToken> {
    const started = now();
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    if (options.scope) body.set('scope', options.scope);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const url = redactUrl(tokenUrl, secrets());
    let response: Response;
    let text: string;
    try {
      const outgoing = {
        url: tokenUrl,
        method: 'POST',
        headers: new Headers({
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        }),
        body: body.toString(),
      };
      // The client secret stays with the token endpoint's origin, whatever redirects say.
      ({ response } = await fetchFollowingRedirects(outgoing, {
        transport,
        signal: controller.signal,
        crossOrigin: 'refuse',
        credentialHeaders: SENSITIVE_HEADERS,
        secrets,
      }));
      text = await raceSignal(response.text(), controller.signal);
    } catch (error) {
      if (controller.signal.aborted)
        throw new PlayqTimeoutError({ kind: 'request', timeoutMs, method: 'POST', url });
      if (PlayqError.isInstance(error)) throw error;
      throw new PlayqNetworkError({ method: 'POST', url, detail: 'token request failed' });
    } finally {
      clearTimeout(timer);
    }
    const list = secrets();
    if (response.status !== 200) {
      const problem = parseProblem(response.status, text, list);
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
      throw httpErrorFor({
        status: response.status,
        method: 'POST',
        url,
        retryable: RETRYABLE_TOKEN_STATUSES.has(response.status),
        ...(problem ? { problem } : {}),
        ...(retryAfter === undefined ? {} : { retryAfter }),
        ...(response.status === 401 || response.status === 400
          ? {
              message: `@playq/client: the token endpoint ${url} refused the client credentials (${response.status}${problem?.code ? ` ${problem.code}` : ''})`,
            }
          : {}),
      });
    }
    // A token answer is made of secrets: mask every token-like member, then every known secret.
    const invalid = (reason: string) =>
      new PlayqResponseError({
        method: 'POST',
        url,
        status: 200,
        reason,
        excerpt: excerpt(text.replace(TOKEN_MEMBER, `$1${REDACTED}"`), secrets()),
      });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalid('the token response is not JSON');
    }
    if (typeof parsed !== 'object' || parsed === null)
      throw invalid('the token response is not a JSON object');
    const {
      access_token: value,
      token_type: type,
      expires_in: expiresIn,
    } = parsed as Record<string, unknown>;
    if (typeof value !== 'string' || value === '' || /[\r\n]/.test(value)) {
      throw invalid('access_token is missing or not a string');
    }
    const problem = headerValueProblem(value);
    if (problem !== undefined) throw invalid(`access_token ${problem}`);
    // Remember first, so that even the excerpt of a later failure cannot show this token.
    issued.push(value);
    if (issued.length > REMEMBERED_TOKENS) issued.shift();
    if (type !== undefined && (typeof type !== 'string' || type.toLowerCase() !== 'bearer')) {
      throw invalid(`token_type ${redactText(JSON.stringify(type), [value])} is not Bearer`);
    }
    if (expiresIn === undefined) return { value, refreshAt: Number.POSITIVE_INFINITY };
    const seconds = typeof expiresIn === 'string' ? Number(expiresIn) : expiresIn;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
      throw invalid('expires_in is not a positive number');
    }
    const lifetimeMs = seconds * 1000;
    return { value, refreshAt: started + lifetimeMs - Math.min(skewMs, lifetimeMs / 2) };
  }

  function token(context: AuthContext): Promise<CachedToken> {
    if (current && now() < current.refreshAt) return Promise.resolve(current);
    if (!refreshing) {
      // Shared by every waiting request, so no single caller's abort may cancel it; each caller
      // stops waiting on its own signal instead.
      refreshing = fetchToken(options.fetch ?? context.fetch).then(
        (fresh) => {
          current = fresh;
          refreshing = undefined;
          return fresh;
        },
        (error: unknown) => {
          refreshing = undefined;
          throw error;
        },
      );
    }
    return raceSignal(refreshing, context.signal);
  }

  return Object.freeze({
    kind: 'clientCredentials',
    async headers(context: AuthContext): Promise<AuthHeaders> {
      const { value } = await token(context);
      return { authorization: `Bearer ${value}` };
    },
    unauthorized(sent: AuthHeaders): boolean {
      // Only drop the token if it is still the one that failed: concurrent 401s for the same
      // token then cause one refresh, not one each.
      if (current && sent.authorization === `Bearer ${current.value}`) current = undefined;
      return true;
    },
    secrets,
  });
}
