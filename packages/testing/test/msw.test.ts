// The handlers must answer code that knows nothing of playq: a plain fetch to a made-up host.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playqHandlers } from '../src/msw/playq-handlers';
import { createTestService, type TestService } from '../src/service/test-service';

const BASE = 'https://analytics.example.com/v2';
const PLANS = 'https://plans.example.com';

let t: TestService;
let server: ReturnType<typeof setupServer>;
/** Requests no handler answered: each fails without reaching the network, and is kept here rather than printed. */
const unhandled: string[] = [];
beforeAll(async () => {
  t = await createTestService({ seed: 2, sessions: 5_000 });
  server = setupServer(...playqHandlers(t, { baseUrl: BASE, planUrl: PLANS }));
  server.listen({
    onUnhandledRequest: (request) => {
      unhandled.push(request.url);
      throw new Error(`no handler for ${request.method} ${request.url}`);
    },
  });
}, 60_000);
afterAll(async () => {
  server?.close();
  await t?.close();
});

/** Code under test: a tiny dashboard loader written against the HTTP API, not the SDK. */
async function loadErrorsByCountry(apiKey: string, start: number, end: number) {
  const url = `${BASE}/metricquery/demo?period=start%3D${start}%2Cend%3D${end}&metrics=errors&aggby=country&limit=5`;
  const res = await fetch(url, { headers: { 'X-API-Key': apiKey } });
  if (!res.ok) return { status: res.status, body: (await res.json()) as { code: string } };
  return {
    status: res.status,
    body: (await res.json()) as { totalrecords: number; response: { country: string }[] },
  };
}

describe('playqHandlers', () => {
  it('answers a plain fetch on the public base URL from the reference service', async () => {
    const { status, body } = await loadErrorsByCountry('demo-key', t.period.start, t.period.end);
    expect(status).toBe(200);
    const envelope = body as { totalrecords: number; response: { country: string }[] };
    expect(envelope.response).toHaveLength(5);
    expect(envelope.totalrecords).toBeGreaterThan(5);
    expect(typeof envelope.response[0]!.country).toBe('string');
  });

  it('passes the service errors through unchanged', async () => {
    const { status, body } = await loadErrorsByCountry('wrong-key', t.period.start, t.period.end);
    expect(status).toBe(401);
    expect(body).toMatchObject({ code: 'unauthenticated' });
  });

  it('serves the plan host and the token endpoint (a POST with a body)', async () => {
    const plan = await fetch(`${PLANS}/planLevelByCustId/demo`);
    expect(await plan.json()).toMatchObject({ planLevel: '2' });
    const token = await fetch(`${BASE}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa('demo:demo-secret')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const session = await fetch(
      `${BASE}/session/demo?planlevel=2&period=start%3D${t.period.start}%2Cend%3D${t.period.end}&metrics=errors&agg=1&limit=1`,
      { headers: { authorization: `Bearer ${access_token}` } },
    );
    expect(session.status).toBe(200);
  });

  it('answers the session list with the API key, and its refusals as the reference service does', async () => {
    const list = (params: string, headers: Record<string, string>) =>
      fetch(`${BASE}/listsessions/demo?period=start%3D${t.period.start}%2Cend%3D${t.period.end}&${params}`, {
        headers,
      });
    const page = await list('metrics=buffcount,latency&limit=3', { 'X-API-Key': 'demo-key' });
    expect(page.status).toBe(200);
    const body = (await page.json()) as { totalrecords: number; response: Record<string, unknown>[] };
    expect(body.response).toHaveLength(3);
    expect(body.totalrecords).toBeGreaterThan(3);
    expect(Object.keys(body.response[0]!)).toEqual(['buffcount', 'latency']);
    const refusals = [
      ['metrics=latency&aggby=country', 'invalid_aggby'],
      ['metrics=latency&granularity=hour', 'unsupported_parameter'],
      ['metrics=latency&qoefilter=attempts%3E1', 'unsupported_on_endpoint'],
      ['metrics=latency&filter=%5Bcategory%3Dnetwork%5D', 'incompatible_dimension'],
    ];
    for (const [params, code] of refusals) {
      const res = await list(params!, { 'X-API-Key': 'demo-key' });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([400, code]);
    }
    expect((await list('metrics=latency', { authorization: 'Bearer a.b.c' })).status).toBe(401);
  });

  it('leaves other hosts to MSW (its onUnhandledRequest sees them)', async () => {
    const res = await fetch('https://elsewhere.example.com/api');
    // The strategy above throws, which MSW answers as a 500 instead of reaching the network.
    expect(res.status).toBe(500);
    expect(unhandled).toEqual(['https://elsewhere.example.com/api']);
  });

  it('checks its options', () => {
    expect(() => playqHandlers(t, { baseUrl: 'not a url' })).toThrow(
      /baseUrl must be an absolute http\(s\) URL/,
    );
    expect(() => playqHandlers(t, { baseUrl: `${BASE}?x=1` })).toThrow(/query string/);
    expect(() => playqHandlers({} as never)).toThrow(/fetch\(request\) method/);
  });
});
