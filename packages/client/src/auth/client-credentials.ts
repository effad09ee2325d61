// OAuth 2.0 client credentials (RFC 6749 section 4.4) as docs/decisions.md asks: one cached
// token, refreshed shortly before it expires, one refresh at a time however many requests wait
// for it, and a 401 with the current token drops it so the retry gets a fresh one. The token
// request goes through the client's own HTTP stack (`AuthContext.send`).

import { httpErrorFor, PlayqHttpError } from '../errors/http-errors';
import { raceSignal } from '../transport/abort';
import {
  type AuthAdapter,
  type AuthContext,
  type AuthHeaders,
  type CredentialRequest,
  type CredentialResponse,
  requireCredential,
} from '../transport/auth-adapter';
import { sendCredentialRequest, standaloneConfig } from '../transport/executor';
import { parseProblem } from '../transport/from-response';
import { redactUrl } from '../transport/redact';
import type { Transport } from '../transport/types';
import { readTokenAnswer } from './token-answer';

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
  const settings = checkOptions(options);
  const authorization = `Basic ${basic(settings.clientId, settings.clientSecret)}`;
  const issued: string[] = [];
  const secrets = () => [settings.clientSecret, authorization.slice(6), ...issued];
  const remember = (token: string) => {
    issued.push(token);
    if (issued.length > REMEMBERED_TOKENS) issued.shift();
  };
  let current: CachedToken | undefined;
  let refreshing: Promise<CachedToken> | undefined;

  async function fetchToken(context: AuthContext): Promise<CachedToken> {
    const started = settings.now();
    const send =
      context.send ??
      ((request: CredentialRequest) =>
        sendCredentialRequest(standaloneConfig(context.fetch, secrets), request));
    const response = await requestToken(send, tokenRequest(settings, authorization), secrets);
    const url = redactUrl(settings.tokenUrl, secrets());
    const { value, expiresIn } = readTokenAnswer(response.body, { url, secrets, remember });
    if (expiresIn === undefined) return { value, refreshAt: Number.POSITIVE_INFINITY };
    const lifetimeMs = expiresIn * 1000;
    return { value, refreshAt: started + lifetimeMs - Math.min(settings.skewMs, lifetimeMs / 2) };
  }

  function token(context: AuthContext): Promise<CachedToken> {
    if (current && settings.now() < current.refreshAt) return Promise.resolve(current);
    if (!refreshing) {
      // Shared by every waiting request, so no single caller's abort may cancel it; each caller
      // stops waiting on its own signal instead.
      refreshing = fetchToken(context).then(
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

interface Settings {
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string | undefined;
  readonly fetch: Transport | undefined;
  readonly skewMs: number;
  readonly timeoutMs: number;
  readonly now: () => number;
}

function checkOptions(options: ClientCredentialsOptions): Settings {
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
  return {
    tokenUrl,
    clientId,
    clientSecret,
    scope: options.scope,
    fetch: options.fetch,
    skewMs,
    timeoutMs: options.timeoutMs ?? 30_000,
    now: options.now ?? Date.now,
  };
}

/** The token request: the form-encoded grant, Basic credentials, JSON accepted. */
function tokenRequest(settings: Settings, authorization: string): CredentialRequest {
  const body = new URLSearchParams({ grant_type: 'client_credentials' });
  if (settings.scope) body.set('scope', settings.scope);
  return {
    method: 'POST',
    url: settings.tokenUrl,
    headers: {
      authorization,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: body.toString(),
    timeoutMs: settings.timeoutMs,
    ...(settings.fetch === undefined ? {} : { fetch: settings.fetch }),
    label: 'token request',
  };
}

/**
 * Sends the token request; a 400 or 401 says the credentials were refused, and any answer but
 * 200 is an error (RFC 6749 section 5.1 issues tokens with 200).
 */
async function requestToken(
  send: (request: CredentialRequest) => Promise<CredentialResponse>,
  request: CredentialRequest,
  secrets: () => string[],
): Promise<CredentialResponse> {
  let response: CredentialResponse;
  try {
    response = await send(request);
  } catch (error) {
    if (!PlayqHttpError.isInstance(error) || (error.status !== 400 && error.status !== 401)) throw error;
    const code = error.code ? ` ${error.code}` : '';
    throw httpErrorFor({
      status: error.status,
      method: error.method,
      url: error.url,
      retryable: error.retryable,
      ...(error.problem ? { problem: error.problem } : {}),
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
      message: `@playq/client: the token endpoint ${error.url} refused the client credentials (${error.status}${code})`,
    });
  }
  if (response.status === 200) return response;
  const problem = parseProblem(response.status, response.body, secrets());
  throw httpErrorFor({
    status: response.status,
    method: 'POST',
    url: response.url,
    retryable: false,
    ...(problem ? { problem } : {}),
  });
}

function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

function basic(clientId: string, clientSecret: string): string {
  // RFC 6749 section 2.3.1: form-encode both parts, then Basic; UTF-8 bytes for btoa.
  const text = `${formEncode(clientId)}:${formEncode(clientSecret)}`;
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}
