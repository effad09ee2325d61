// The service's security promises over 127.0.0.1 (docs/server.md, "Security model"): forwarding
// headers count only from trusted proxies, every answer carries nosniff and a restrictive CSP,
// CORS origins are configurable with none by default on real data, a rotated client secret revokes
// earlier tokens across restarts, and the planlevel problem never echoes the Host header.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CustomerCredentials,
  createService,
  type Dataset,
  generateDataset,
  type Service,
} from '../src/index';
import { raw } from './raw-http';

const PERIOD = 'start%3D1700000000%2Cend%3D1700003600';
const CSP = "default-src 'none'; frame-ancestors 'none'";

let dataset: Dataset;
beforeAll(async () => {
  dataset = await generateDataset({ sessions: 200, seed: 1 });
});
afterAll(() => dataset.close());

/** A service on the shared data, listening on 127.0.0.1; closed after `use`. */
async function withService<T>(
  options: Parameters<typeof createService>[0],
  use: (service: Service, base: string) => Promise<T>,
): Promise<T> {
  const service = await createService({ data: { dataset }, ...options });
  try {
    const info = await service.listen();
    return await use(service, info.url);
  } finally {
    await service.close();
  }
}

const metricquery = (base: string, key: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/v1/metricquery/demo?period=${PERIOD}&metrics=errors`, {
    headers: { 'X-API-Key': key, ...headers },
  });

describe('trusted proxies', () => {
  const limits = { failures: { ratePerSecond: 0.001, burst: 2 } };

  it('keys the failure limit on the forwarded client when the peer is a trusted proxy', async () => {
    await withService({ addressLimits: limits, trustedProxies: ['127.0.0.0/8'] }, async (_, base) => {
      const from = (client: string) => ({ 'X-Forwarded-For': `${client}, 127.0.0.1` });
      const a = [];
      for (let i = 0; i < 3; i++) a.push((await metricquery(base, 'wrong', from('203.0.113.1'))).status);
      expect(a).toEqual([401, 401, 429]);
      // Another client behind the same proxy is another address.
      expect((await metricquery(base, 'wrong', from('203.0.113.2'))).status).toBe(401);
      const forwarded = { Forwarded: 'for="[2001:db8::7]:4711";proto=https' };
      expect((await metricquery(base, 'wrong', forwarded)).status).toBe(401);
      expect((await metricquery(base, 'wrong', forwarded)).status).toBe(401);
      expect((await metricquery(base, 'wrong', forwarded)).status).toBe(429);
    });
  });

  it('ignores forwarding headers from a peer that is not a trusted proxy', async () => {
    await withService({ addressLimits: limits }, async (_, base) => {
      expect((await metricquery(base, 'wrong', { 'X-Forwarded-For': '203.0.113.1' })).status).toBe(401);
      expect((await metricquery(base, 'wrong', { 'X-Forwarded-For': '203.0.113.2' })).status).toBe(401);
      // Both came from 127.0.0.1: a client cannot pick a fresh address per request.
      expect((await metricquery(base, 'wrong', { 'X-Forwarded-For': '203.0.113.3' })).status).toBe(429);
    });
    await withService({ addressLimits: limits, trustedProxies: ['10.0.0.0/8'] }, async (_, base) => {
      for (const client of ['203.0.113.1', '203.0.113.2']) {
        expect((await metricquery(base, 'wrong', { 'X-Forwarded-For': client })).status).toBe(401);
      }
      expect((await metricquery(base, 'wrong', { 'X-Forwarded-For': '203.0.113.3' })).status).toBe(429);
    });
  });

  it('refuses a trusted proxy entry that is no address or range', async () => {
    await expect(createService({ data: { dataset }, trustedProxies: ['10.0.0.0/33'] })).rejects.toThrow(
      '@playq/server: trustedProxies entries must be IP addresses or CIDR ranges, got "10.0.0.0/33"',
    );
  });
});

describe('security headers', () => {
  const secured = (headers: Headers) => [
    headers.get('x-content-type-options'),
    headers.get('content-security-policy'),
  ];

  it('are on every answer of the app, in process and over HTTP', async () => {
    await withService({}, async (service, base) => {
      const answers = [
        await fetch(`${base}/healthz`),
        await metricquery(base, 'demo-key'),
        await metricquery(base, 'wrong'),
        await fetch(`${base}/api/v1/nothing`),
        await fetch(`${base}/healthz`, { method: 'DELETE' }),
        await fetch(`${base}/api/v1/oauth/token`, { method: 'POST' }),
        await fetch(`${base}/api/v1/metricquery/demo?period=x`, { headers: { 'X-API-Key': 'demo-key' } }),
        await service.fetch(new Request('http://local/plans/planLevelByCustId/demo')),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 405, 400, 400, 200]);
      for (const a of answers) expect(secured(a.headers)).toEqual(['nosniff', CSP]);
    });
  });

  it("are on the listener's own answers and on the shutdown answer", async () => {
    const service = await createService({ data: { dataset } });
    const { port } = await service.listen();
    const malformed = await raw(port, 'GET /a b HTTP/1.1\r\nHost: x\r\n\r\n');
    const dot = await raw(
      port,
      'GET /api/v1/metricquery/.. HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    const closing = service.close();
    const late = await service.fetch(new Request('http://local/healthz'));
    await closing;
    for (const answer of [malformed, dot]) {
      expect(answer.headers).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
      expect(answer.headers).toContain(`\r\nContent-Security-Policy: ${CSP}\r\n`);
    }
    expect([malformed.status, dot.status]).toEqual([400, 400]);
    expect([late.status, ...secured(late.headers)]).toEqual([503, 'nosniff', CSP]);
  });
});

describe('CORS origins', () => {
  const preflight = (service: Service, origin: string) =>
    service.fetch(
      new Request('http://local/api/v1/metricquery/demo', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      }),
    );
  const allowed = async (service: Service, origin: string) =>
    (await preflight(service, origin)).headers.get('access-control-allow-origin');

  it('allows none on real data by default, any on generated data', async () => {
    const real = await createService({ data: { dataset } });
    const generated = await createService({ data: { generate: { sessions: 50, seed: 1 } } });
    try {
      expect(await allowed(real, 'https://evil.example')).toBeNull();
      const answer = await real.fetch(
        new Request(`http://local/api/v1/metricquery/demo?period=${PERIOD}&metrics=errors`, {
          headers: { 'X-API-Key': 'demo-key', Origin: 'https://evil.example' },
        }),
      );
      expect([answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([200, null]);
      expect(await allowed(generated, 'https://evil.example')).toBe('*');
    } finally {
      await Promise.all([real.close(), generated.close()]);
    }
  });

  it('allows exactly the configured origins', async () => {
    const service = await createService({
      data: { dataset },
      corsOrigins: ['https://dash.example', 'http://localhost:5173'],
    });
    try {
      expect(await allowed(service, 'https://dash.example')).toBe('https://dash.example');
      expect(await allowed(service, 'http://localhost:5173')).toBe('http://localhost:5173');
      expect(await allowed(service, 'https://dash.example.evil')).toBeNull();
      expect((await preflight(service, 'https://dash.example')).headers.get('vary')).toContain('Origin');
    } finally {
      await service.close();
    }
  });

  it('refuses an origin that is not a bare http(s) origin', async () => {
    for (const bad of ['dash.example', 'https://dash.example/path', 'ftp://dash.example']) {
      await expect(createService({ data: { dataset }, corsOrigins: [bad] })).rejects.toThrow(TypeError);
    }
  });
});

describe('token binding', () => {
  const JWT = 'j'.repeat(32);
  const customers = (secret: string): CustomerCredentials[] => [
    { customerId: 'demo', apiKey: 'demo-key', clientId: 'demo', clientSecret: secret, planLevel: '2' },
  ];
  const session = (base: string, token: string) =>
    fetch(`${base}/api/v1/session/demo?period=${PERIOD}&metrics=errors&agg=1&planlevel=2`, {
      headers: { Authorization: `Bearer ${token}` },
    });

  it('revokes a token when its client secret is rotated, with the same jwtSecret across restarts', async () => {
    const token = await withService(
      { jwtSecret: JWT, credentials: customers('first-secret') },
      async (_, base) => {
        const grant = await fetch(`${base}/api/v1/oauth/token`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Authorization: `Basic ${btoa('demo:first-secret')}`,
          },
          body: 'grant_type=client_credentials',
        });
        const { access_token } = (await grant.json()) as { access_token: string };
        expect((await session(base, access_token)).status).toBe(200);
        return access_token;
      },
    );
    const same = await withService({ jwtSecret: JWT, credentials: customers('first-secret') }, (_, base) =>
      session(base, token),
    );
    const rotated = await withService(
      { jwtSecret: JWT, credentials: customers('second-secret') },
      (_, base) => session(base, token),
    );
    expect(same.status).toBe(200);
    expect([rotated.status, ((await rotated.json()) as { detail: string }).detail]).toEqual([
      401,
      'The bearer token was issued for an earlier client secret; request a new one.',
    ]);
  });
});

describe('the planlevel problem', () => {
  /** A session query with a wrong planlevel sent with a chosen Host header. */
  function askWithHost(port: number, token: string, host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `/api/v1/session/demo?period=${PERIOD}&metrics=errors&agg=1&planlevel=9`,
          headers: { Host: host, Authorization: `Bearer ${token}` },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve((JSON.parse(body) as { detail: string }).detail));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }
  const grant = async (service: Service) => {
    const res = await service.fetch(
      new Request('http://local/api/v1/oauth/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
      }),
    );
    return ((await res.json()) as { access_token: string }).access_token;
  };

  it("names the listener's plan URL, never the Host header", async () => {
    const service = await createService({ data: { dataset } });
    try {
      const info = await service.listen();
      const detail = await askWithHost(info.port, await grant(service), 'evil.example');
      expect(detail).toBe(
        `planlevel "9" is not this customer's plan level; look it up at ${info.planUrl}/planLevelByCustId/demo.`,
      );
    } finally {
      await service.close();
    }
  });

  it('names the configured plan URL', async () => {
    const service = await createService({ data: { dataset }, planUrl: 'https://api.example.com/plans/' });
    try {
      const info = await service.listen();
      expect(await askWithHost(info.port, await grant(service), 'evil.example')).toBe(
        `planlevel "9" is not this customer's plan level; look it up at https://api.example.com/plans/planLevelByCustId/demo.`,
      );
    } finally {
      await service.close();
    }
    await expect(createService({ data: { dataset }, planUrl: 'javascript:alert(1)' })).rejects.toThrow(
      '@playq/server: planUrl must be an absolute http(s) URL, got "javascript:alert(1)"',
    );
  });
});
