// Credentials: API keys for metricquery, OAuth 2.0 client credentials exchanged for signed, expiring
// JWTs (HS256 via jose) for session. Secrets are compared in constant time (on SHA-256 digests, so
// lengths do not leak either), and no secret ever reaches an error message or a log. A token
// carries its client credential's version, so rotating a client secret revokes earlier tokens.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { CustomerCredentials } from '../data/credentials';

const ISSUER = 'playq-reference-service';
const AUDIENCE = 'playq-session';
/** The scope a token must carry to read the session endpoint. */
export const SESSION_SCOPE = 'session';
/** Clock difference tolerated between issuer and verifier, in seconds. */
export const CLOCK_SKEW_SECONDS = 30;

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * A short, stable name for a presented credential (an API key, a token, a client id) that limits
 * can key on: 96 bits of its SHA-256, never the value itself.
 */
export function fingerprint(value: string): string {
  return digest(value).subarray(0, 12).toString('base64url');
}

/** The claim naming the version of the client credential a token was issued for. */
export const VERSION_CLAIM = 'cv';

/**
 * The version of a client credential: an HMAC under the token key of the customer, client id and
 * secret, so it changes whenever the secret does and tells nothing of the secret without the key.
 */
export function credentialVersion(key: Uint8Array, c: CustomerCredentials): string {
  return createHmac('sha256', key)
    .update(`playq credential version\u0000${c.customerId}\u0000${c.clientId}\u0000${c.clientSecret}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

function sameSecret(a: Buffer, b: string): boolean {
  return timingSafeEqual(a, digest(b));
}

export type TokenCheck =
  | { readonly ok: true; readonly customerId: string }
  | { readonly ok: false; readonly code: 'unauthenticated' | 'token_expired'; readonly detail: string };

export interface IssuedToken {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
}

export class Authenticator {
  private readonly keys: { customerId: string; digest: Buffer }[];
  private readonly clients: { credentials: CustomerCredentials; secret: Buffer; version: string }[];
  private readonly secret: Uint8Array;

  constructor(
    credentials: readonly CustomerCredentials[],
    private readonly tokenTtlSeconds: number,
    jwtSecret?: string | Uint8Array,
  ) {
    this.keys = credentials.map((c) => ({ customerId: c.customerId, digest: digest(c.apiKey) }));
    if (jwtSecret !== undefined && jwtSecret.length < 32) {
      throw new RangeError('@playq/server: jwtSecret must be at least 32 bytes long');
    }
    this.secret =
      typeof jwtSecret === 'string' ? new TextEncoder().encode(jwtSecret) : (jwtSecret ?? randomBytes(32));
    this.clients = credentials.map((c) => ({
      credentials: c,
      secret: digest(c.clientSecret),
      version: credentialVersion(this.secret, c),
    }));
  }

  /** The customer an API key belongs to. Every key is compared, so timing does not tell which matched. */
  customerForApiKey(key: string): string | undefined {
    const candidate = digest(key);
    let found: string | undefined;
    for (const k of this.keys) {
      if (timingSafeEqual(candidate, k.digest) && found === undefined) found = k.customerId;
    }
    return found;
  }

  /** The client a client id and secret identify, or `undefined`. */
  client(clientId: string, clientSecret: string): CustomerCredentials | undefined {
    const secret = digest(clientSecret);
    let found: CustomerCredentials | undefined;
    for (const c of this.clients) {
      const idMatches = sameSecret(digest(clientId), c.credentials.clientId);
      const secretMatches = timingSafeEqual(secret, c.secret);
      if (idMatches && secretMatches && found === undefined) found = c.credentials;
    }
    return found;
  }

  /** Issues a signed access token whose subject is the customer id, bound to its client credential's version. */
  async issue(customerId: string, now = Date.now()): Promise<IssuedToken> {
    const client = this.clients.find((c) => c.credentials.customerId === customerId);
    if (!client)
      throw new Error(`@playq/server: no client credential for customer ${JSON.stringify(customerId)}`);
    const iat = Math.floor(now / 1000);
    const token = await new SignJWT({ scope: SESSION_SCOPE, [VERSION_CLAIM]: client.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(customerId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.tokenTtlSeconds)
      .setJti(randomBytes(12).toString('base64url'))
      .sign(this.secret);
    return { access_token: token, token_type: 'Bearer', expires_in: this.tokenTtlSeconds };
  }

  /**
   * Verifies a bearer token's signature, issuer, audience, scope and times: `exp` and `iat` are
   * required, `iat` and `nbf` may not be in the future and `exp` may not lie further from `iat`
   * than the configured lifetime (each within a small clock skew), so a correctly signed token
   * cannot live longer than the service would have issued it for. Its subject must be a known
   * customer and its credential version that customer's current one.
   */
  async verify(token: string, now = Date.now()): Promise<TokenCheck> {
    const invalid = (detail: string): TokenCheck => ({ ok: false, code: 'unauthenticated', detail });
    const expired = (): TokenCheck => ({
      ok: false,
      code: 'token_expired',
      detail: 'The bearer token has expired; request a new one.',
    });
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat'],
        maxTokenAge: this.tokenTtlSeconds,
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate: new Date(now),
      });
      // The skew is for `iat` and `nbf` (a token from a verifier whose clock runs a little behind);
      // expiry is exact, as the issuer set it.
      if (payload.exp! <= Math.floor(now / 1000)) return expired();
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) {
        return invalid('The bearer token has no subject.');
      }
      if (payload.exp! - payload.iat! > this.tokenTtlSeconds + CLOCK_SKEW_SECONDS) {
        return invalid('The bearer token outlives the lifetime this service issues tokens for.');
      }
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      if (!scopes.includes(SESSION_SCOPE)) {
        return invalid(`The bearer token lacks the scope "${SESSION_SCOPE}".`);
      }
      const client = this.clients.find((c) => c.credentials.customerId === payload.sub);
      if (!client) return invalid('The bearer token is not valid.');
      const version = payload[VERSION_CLAIM];
      if (typeof version !== 'string' || !sameVersion(version, client.version)) {
        return invalid('The bearer token was issued for an earlier client secret; request a new one.');
      }
      return { ok: true, customerId: payload.sub };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return expired();
      return invalid('The bearer token is not valid.');
    }
  }
}

function sameVersion(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** Parses `Authorization: Basic base64(id:secret)`, with the form-encoding RFC 6749 section 2.3.1 asks for. */
export function parseBasic(header: string | null): { id: string; secret: string } | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const form = (s: string) => decodeURIComponent(s.replaceAll('+', ' '));
    return { id: form(decoded.slice(0, colon)), secret: form(decoded.slice(colon + 1)) };
  } catch {
    return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
}

/** Extracts the token of `Authorization: Bearer <token>`. */
export function parseBearer(header: string | null): string | undefined {
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header ?? '');
  return match?.[1];
}
