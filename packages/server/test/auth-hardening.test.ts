// Hardened authentication: the claims a correctly signed token must carry, and the limits on
// failed authentications and token requests per client address (over 127.0.0.1).
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialVersion } from '../src/http/auth';
import { createService, DEMO_CUSTOMERS, type ListenInfo, type Service } from '../src/index';

const SECRET = 'k'.repeat(32);
const PERIOD_1H = 'start%3D1700000000%2Cend%3D1700003600';
const NOW = () => Math.floor(Date.now() / 1000);

interface Claims {
  readonly exp?: number;
  readonly iat?: number;
  readonly nbf?: number;
  readonly scope?: string;
}

/** The demo client credential's version under SECRET (tokens carry it; see auth.ts). */
const CV = credentialVersion(new TextEncoder().encode(SECRET), DEMO_CUSTOMERS[0]!);

async function sign(claims: Claims): Promise<string> {
  const jwt = new SignJWT(claims.scope === undefined ? { cv: CV } : { scope: claims.scope, cv: CV })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('demo')
    .setIssuer('playq-reference-service')
    .setAudience('playq-session');
  if (claims.iat !== undefined) jwt.setIssuedAt(claims.iat);
  if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
  if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
  return jwt.sign(new TextEncoder().encode(SECRET));
}

describe('bearer token claims', () => {
  let service: Service;
  beforeAll(async () => {
    service = await createService({
      data: { generate: { sessions: 200, seed: 1 } },
      jwtSecret: SECRET,
      tokenTtlSeconds: 3600,
    });
  });
  afterAll(() => service.close());

  const status = async (token: string) => {
    const res = await service.fetch(
      new Request(`http://local/api/v1/session/demo?period=${PERIOD_1H}&metrics=errors&agg=1&planlevel=2`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    const body = (await res.json()) as { code?: string };
    return `${res.status}${body.code ? ` ${body.code}` : ''}`;
  };
  const now = NOW();

  it.each<[string, Claims, string]>([
    ['a well-formed token', { iat: now, exp: now + 3600, scope: 'session' }, '200'],
    ['a token among other scopes', { iat: now, exp: now + 60, scope: 'read session' }, '200'],
    [
      'iat and nbf a little in the future (clock skew)',
      { iat: now + 20, nbf: now + 20, exp: now + 600, scope: 'session' },
      '200',
    ],
    ['no exp', { iat: now, scope: 'session' }, '401 unauthenticated'],
    ['no iat', { exp: now + 60, scope: 'session' }, '401 unauthenticated'],
    ['exp 1e300', { iat: now, exp: 1e300, scope: 'session' }, '401 unauthenticated'],
    [
      'exp beyond the configured lifetime',
      { iat: now, exp: now + 7200, scope: 'session' },
      '401 unauthenticated',
    ],
    [
      'iat a day in the future',
      { iat: now + 86_400, exp: now + 86_400 + 60, scope: 'session' },
      '401 unauthenticated',
    ],
    [
      'nbf an hour in the future',
      { iat: now, nbf: now + 3600, exp: now + 3600, scope: 'session' },
      '401 unauthenticated',
    ],
    [
      'iat older than the lifetime',
      { iat: now - 7200, exp: now + 60, scope: 'session' },
      '401 token_expired',
    ],
    ['an expired token', { iat: now - 120, exp: now - 60, scope: 'session' }, '401 token_expired'],
    ['no scope', { iat: now, exp: now + 60 }, '401 unauthenticated'],
    ['another scope', { iat: now, exp: now + 60, scope: 'metricquery' }, '401 unauthenticated'],
  ])('%s', async (_name, claims, expected) => {
    expect(await status(await sign(claims))).toBe(expected);
  });
});

describe('limits by client address over HTTP', () => {
  let service: Service;
  let info: ListenInfo;
  beforeAll(async () => {
    service = await createService({
      data: { generate: { sessions: 200, seed: 1 } },
      // Practically no refill during the test, so the counts are exact.
      addressLimits: {
        failures: { ratePerSecond: 0.001, burst: 5 },
        tokenRequests: { ratePerSecond: 0.001, burst: 8 },
      },
    });
    info = await service.listen();
  });
  afterAll(() => service.close());

  const query = (key: string) =>
    fetch(`${info.baseUrl}/metricquery/demo?period=${PERIOD_1H}&metrics=errors`, {
      headers: { 'X-API-Key': key },
    });
  it('answers 429 with Retry-After once a credential has failed too often from an address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await query('wrong')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const refused = await query('wrong');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    // In process there is no client address: not limited by address.
    const inProcess = await service.fetch(
      new Request(`http://local/api/v1/metricquery/demo?period=${PERIOD_1H}&metrics=errors`, {
        headers: { 'X-API-Key': 'wrong' },
      }),
    );
    expect(inProcess.status).toBe(401);
  });

  it('still answers a right key and a right client secret from an address flooded with wrong keys', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await query(i % 2 === 0 ? 'guess' : `guess-${i}`)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect((await query('demo-key')).status).toBe(200);
    const grant = await fetch(`${info.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from('demo:demo-secret').toString('base64')}`,
      },
      body: 'grant_type=client_credentials',
    });
    expect(grant.status).toBe(200);
  });

  it('limits token requests per address, and wrong client secrets count as failures', async () => {
    const statuses = async (secrets: string[], limits: object) => {
      const other = await createService({
        data: { generate: { sessions: 200, seed: 1 } },
        addressLimits: limits,
      });
      const where = await other.listen();
      try {
        const out: number[] = [];
        for (const secret of secrets) {
          const res = await fetch(`${where.baseUrl}/oauth/token`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Authorization: `Basic ${Buffer.from(`other:${secret}`).toString('base64')}`,
            },
            body: 'grant_type=client_credentials',
          });
          if (res.status === 429) expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
          out.push(res.status);
        }
        return out;
      } finally {
        await other.close();
      }
    };
    const slow = { ratePerSecond: 0.001, burst: 3 };
    const many = { ratePerSecond: 0.001, burst: 100 };
    expect(await statuses(Array(5).fill('other-secret'), { tokenRequests: slow, failures: many })).toEqual([
      200, 200, 200, 429, 429,
    ]);
    expect(await statuses(Array(5).fill('nope'), { tokenRequests: many, failures: slow })).toEqual([
      401, 401, 401, 429, 429,
    ]);
  });
});

describe('the token endpoint body', () => {
  it('refuses a body over 8 KiB with 413 problem+json, declared or streamed', async () => {
    const service = await createService({ data: { generate: { sessions: 100, seed: 1 } } });
    try {
      const big = `grant_type=client_credentials&pad=${'x'.repeat(10_000)}`;
      const declared = await service.fetch(
        new Request('http://local/api/v1/oauth/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: big,
        }),
      );
      expect(declared.status).toBe(413);
      expect(declared.headers.get('content-type')).toBe('application/problem+json');
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
          controller.close();
        },
      });
      const streamed = await service.fetch(
        new Request('http://local/api/v1/oauth/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: stream,
          duplex: 'half',
        } as RequestInit),
      );
      expect(streamed.status).toBe(413);
      expect(await streamed.json()).toMatchObject({ code: 'payload_too_large' });
    } finally {
      await service.close();
    }
  });
});
