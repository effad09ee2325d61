// The authenticator on its own, with exact results: the token checks at the edges of each rule
// (expiry to the second, lifetime, subject, scope), the secret's minimum length, which credential
// wins when two match, and the two header parsers.
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { CustomerCredentials } from '../src/data/credentials';
import { Authenticator, credentialVersion, parseBasic, parseBearer } from '../src/http/auth';

const SECRET = 's'.repeat(32);
const NOW = 1_700_000_000_000;
const NOW_S = NOW / 1000;
const TTL = 3600;

const customer = (
  customerId: string,
  apiKey: string,
  clientSecret = `${customerId}-secret`,
): CustomerCredentials => ({
  customerId,
  apiKey,
  clientId: customerId,
  clientSecret,
  planLevel: '1',
});
const auth = new Authenticator([customer('demo', 'demo-key')], TTL, SECRET);
const DEMO_VERSION = credentialVersion(new TextEncoder().encode(SECRET), customer('demo', 'demo-key'));

/** A token signed with the service's secret, with the given claims on top of valid ones. */
async function signed(
  claims: { sub?: string; iat?: number; exp?: number; scope?: unknown; cv?: unknown } = {},
) {
  const { sub = 'demo', iat = NOW_S, exp = NOW_S + TTL } = claims;
  // An explicit `scope: undefined` (or `cv: undefined`) leaves the claim out.
  const scope = 'scope' in claims ? claims.scope : 'session';
  const cv = 'cv' in claims ? claims.cv : DEMO_VERSION;
  const jwt = new SignJWT({ ...(scope === undefined ? {} : { scope }), ...(cv === undefined ? {} : { cv }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('playq-reference-service')
    .setAudience('playq-session')
    .setIssuedAt(iat)
    .setExpirationTime(exp);
  if (sub !== '') jwt.setSubject(sub);
  return jwt.sign(new TextEncoder().encode(SECRET));
}

const invalid = (detail: string) => ({ ok: false, code: 'unauthenticated', detail });
const EXPIRED = {
  ok: false,
  code: 'token_expired',
  detail: 'The bearer token has expired; request a new one.',
};

describe('Authenticator.issue', () => {
  it('issues an HS256 JWT for the customer with the session scope, a unique id and its lifetime', async () => {
    const first = await auth.issue('demo', NOW);
    const second = await auth.issue('demo', NOW);
    expect(decodeProtectedHeader(first.access_token)).toStrictEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(first.access_token);
    expect({ ...claims, jti: typeof claims.jti }).toStrictEqual({
      scope: 'session',
      cv: DEMO_VERSION,
      sub: 'demo',
      iss: 'playq-reference-service',
      aud: 'playq-session',
      iat: NOW_S,
      exp: NOW_S + TTL,
      jti: 'string',
    });
    expect(claims.jti).not.toBe(decodeJwt(second.access_token).jti);
    expect([first.token_type, first.expires_in]).toStrictEqual(['Bearer', TTL]);
  });
});

describe('Authenticator.verify', () => {
  it('accepts a token it issued, up to the second before it expires', async () => {
    const { access_token } = await auth.issue('demo', NOW);
    expect(await auth.verify(access_token, NOW)).toStrictEqual({ ok: true, customerId: 'demo' });
    expect(await auth.verify(access_token, NOW + (TTL - 1) * 1000)).toStrictEqual({
      ok: true,
      customerId: 'demo',
    });
  });

  it('calls a token expired from the second of its exp on, without the clock skew', async () => {
    const { access_token } = await auth.issue('demo', NOW);
    expect(await auth.verify(access_token, NOW + TTL * 1000)).toStrictEqual(EXPIRED);
    expect(await auth.verify(access_token, NOW + 2 * TTL * 1000)).toStrictEqual(EXPIRED);
  });

  it('refuses a token without a subject or with an empty one', async () => {
    expect(await auth.verify(await signed({ sub: '' }), NOW)).toStrictEqual(
      invalid('The bearer token has no subject.'),
    );
  });

  it('refuses a token that would live longer than the service issues tokens for (skew allowed)', async () => {
    expect(await auth.verify(await signed({ exp: NOW_S + TTL + 30 }), NOW)).toStrictEqual({
      ok: true,
      customerId: 'demo',
    });
    expect(await auth.verify(await signed({ exp: NOW_S + TTL + 31 }), NOW)).toStrictEqual(
      invalid('The bearer token outlives the lifetime this service issues tokens for.'),
    );
  });

  it('needs the session scope among the space-separated scopes', async () => {
    const lacks = invalid('The bearer token lacks the scope "session".');
    expect(await auth.verify(await signed({ scope: 'read session' }), NOW)).toStrictEqual({
      ok: true,
      customerId: 'demo',
    });
    expect(await auth.verify(await signed({ scope: 'sessions' }), NOW)).toStrictEqual(lacks);
    expect(await auth.verify(await signed({ scope: ['session'] }), NOW)).toStrictEqual(lacks);
    expect(await auth.verify(await signed({ scope: undefined }), NOW)).toStrictEqual(lacks);
  });

  it('says only "not valid" for a token it cannot read or whose signature is wrong', async () => {
    const notValid = invalid('The bearer token is not valid.');
    expect(await auth.verify('not-a-token', NOW)).toStrictEqual(notValid);
    const other = new Authenticator([customer('demo', 'demo-key')], TTL, 'o'.repeat(32));
    expect(await auth.verify((await other.issue('demo', NOW)).access_token, NOW)).toStrictEqual(notValid);
  });

  it("refuses a token whose subject is no customer's, or without the credential version", async () => {
    expect(await auth.verify(await signed({ sub: 'gone' }), NOW)).toStrictEqual(
      invalid('The bearer token is not valid.'),
    );
    const earlier = invalid('The bearer token was issued for an earlier client secret; request a new one.');
    expect(await auth.verify(await signed({ cv: undefined }), NOW)).toStrictEqual(earlier);
    expect(await auth.verify(await signed({ cv: 7 }), NOW)).toStrictEqual(earlier);
    expect(await auth.verify(await signed({ cv: `${DEMO_VERSION}x` }), NOW)).toStrictEqual(earlier);
  });

  it('revokes tokens issued before the client secret was rotated, under the same signing secret', async () => {
    const { access_token } = await auth.issue('demo', NOW);
    const rotated = new Authenticator([customer('demo', 'demo-key', 'new-secret')], TTL, SECRET);
    const restarted = new Authenticator([customer('demo', 'demo-key')], TTL, SECRET);
    expect(await rotated.verify(access_token, NOW)).toStrictEqual(
      invalid('The bearer token was issued for an earlier client secret; request a new one.'),
    );
    expect(await restarted.verify(access_token, NOW)).toStrictEqual({ ok: true, customerId: 'demo' });
    // The version depends on the secret and the signing key, and shows neither.
    const key = new TextEncoder().encode(SECRET);
    expect(credentialVersion(key, customer('demo', 'demo-key', 'new-secret'))).not.toBe(DEMO_VERSION);
    expect(
      credentialVersion(new TextEncoder().encode('o'.repeat(32)), customer('demo', 'demo-key')),
    ).not.toBe(DEMO_VERSION);
    expect(DEMO_VERSION).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(DEMO_VERSION).not.toContain('demo-secret');
  });

  it('issues no token for a customer without a client credential', async () => {
    await expect(auth.issue('nobody', NOW)).rejects.toThrow(
      '@playq/server: no client credential for customer "nobody"',
    );
  });
});

describe('Authenticator credentials', () => {
  it('needs a signing secret of at least 32 bytes', () => {
    const error = new RangeError('@playq/server: jwtSecret must be at least 32 bytes long');
    expect(() => new Authenticator([], TTL, 's'.repeat(31))).toThrow(error);
    expect(() => new Authenticator([], TTL, new Uint8Array(31))).toThrow(error);
    expect(() => new Authenticator([], TTL, new Uint8Array(32))).not.toThrow();
    expect(() => new Authenticator([], TTL)).not.toThrow();
  });

  it('gives the first customer when two share an API key or a client', () => {
    const twice = new Authenticator([customer('first', 'same', 'pw'), customer('second', 'same', 'pw')], TTL);
    expect(twice.customerForApiKey('same')).toBe('first');
    expect(twice.customerForApiKey('other')).toBeUndefined();
    expect(twice.client('first', 'pw')?.customerId).toBe('first');
    expect(twice.client('second', 'pw')?.customerId).toBe('second');
    expect(twice.client('first', 'wrong')).toBeUndefined();
  });
});

describe('parseBasic', () => {
  const basic = (text: string) => `Basic ${btoa(text)}`;

  it('splits at the first colon and form-decodes both parts', () => {
    expect(parseBasic(basic('demo:se:cret'))).toStrictEqual({ id: 'demo', secret: 'se:cret' });
    expect(parseBasic(basic('my+client:se%20cret'))).toStrictEqual({ id: 'my client', secret: 'se cret' });
    expect(parseBasic(`basic   ${btoa('a:b')}  `)).toStrictEqual({ id: 'a', secret: 'b' });
  });

  it('keeps both parts as sent when they are not valid form encoding', () => {
    expect(parseBasic(basic('a%:b%zz'))).toStrictEqual({ id: 'a%', secret: 'b%zz' });
  });

  it('reads no credentials from a header without a colon, another scheme or no header', () => {
    expect(parseBasic(basic('nocolon'))).toBeUndefined();
    expect(parseBasic(`Bearer ${btoa('a:b')}`)).toBeUndefined();
    expect(parseBasic(`xBasic ${btoa('a:b')}`)).toBeUndefined();
    expect(parseBasic(null)).toBeUndefined();
  });
});

describe('parseBearer', () => {
  it('takes the token after one or more spaces, trailing space and padding allowed', () => {
    expect(parseBearer('Bearer abc.def-_~+/')).toBe('abc.def-_~+/');
    expect(parseBearer('bearer  abc==  ')).toBe('abc==');
  });

  it('reads no token from another scheme, a second word, a prefix or no header', () => {
    expect(parseBearer('Bearer abc def')).toBeUndefined();
    expect(parseBearer('xBearer abc')).toBeUndefined();
    expect(parseBearer('Bearer')).toBeUndefined();
    expect(parseBearer('Basic abc')).toBeUndefined();
    expect(parseBearer(null)).toBeUndefined();
  });
});
