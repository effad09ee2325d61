// The same service over a real socket on 127.0.0.1: listening, CORS, HEAD, access log, shutdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, datasetFromRecords, type ListenInfo, type Service } from '../src/index';
import { ERRORS, PERIOD, SESSIONS, T0 } from './fixture';

let service: Service;
let info: ListenInfo;
const lines: string[] = [];

beforeAll(async () => {
  service = await createService({
    data: { dataset: await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS }) },
    logger: (line) => lines.push(line),
  });
  info = await service.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await service.close();
  await service.db.close();
});

const query = `metricquery/demo?period=${encodeURIComponent(PERIOD)}&metrics=errors,viewercount&aggby=country`;

describe('over 127.0.0.1', () => {
  it('reports its URLs', () => {
    expect(info.host).toBe('127.0.0.1');
    expect(info.port).toBeGreaterThan(0);
    expect(info.baseUrl).toBe(`http://127.0.0.1:${info.port}/api/v1`);
    expect(info.planUrl).toBe(`http://127.0.0.1:${info.port}/plans`);
  });

  it('answers the same as in process', async () => {
    const headers = { 'X-API-Key': 'demo-key' };
    const net = await fetch(`${info.baseUrl}/${query}`, { headers, signal: AbortSignal.timeout(5000) });
    const local = await service.fetch(new Request(`http://x/api/v1/${query}`, { headers }));
    expect(net.status).toBe(200);
    expect(await net.json()).toEqual(await local.json());
    const plan = await fetch(`${info.planUrl}/planLevelByCustId/demo`, { signal: AbortSignal.timeout(5000) });
    expect(await plan.json()).toEqual({ customerId: 'demo', planLevel: '2' });
  });

  it('issues tokens and serves the session endpoint', async () => {
    const tokenRes = await fetch(`${info.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa('other:other-secret')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(5000),
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const res = await fetch(
      `${info.baseUrl}/session/other?planlevel=1&period=${encodeURIComponent(PERIOD)}&metrics=errors,subscriberid&aggby=subscriberid&agg=1`,
      { headers: { Authorization: `Bearer ${access_token}` }, signal: AbortSignal.timeout(5000) },
    );
    expect(res.status).toBe(200);
    // Record existence: only subscribers with an error event in the window are records.
    expect(((await res.json()) as { response: unknown[] }).response).toEqual([
      { errors: 1, subscriberid: 'u1', totalpages: 1 },
    ]);
  });

  it('accepts a 10,000-value filter in the URL', async () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `C${i}`).concat('US');
    const res = await fetch(
      `${info.baseUrl}/metricquery/demo?period=${encodeURIComponent(PERIOD)}&metrics=errors&filter=${encodeURIComponent(`[country=${values.join('|')}]`)}`,
      { headers: { 'X-API-Key': 'demo-key' }, signal: AbortSignal.timeout(10_000) },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ response: [{ errors: 2 }] });
  });

  it('logs one line per request without keys or tokens', async () => {
    lines.length = 0;
    await fetch(`${info.baseUrl}/${query}&api_key=topsecret`, {
      headers: { 'X-API-Key': 'demo-key', Authorization: 'Bearer abc.def.ghi' },
      signal: AbortSignal.timeout(5000),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ GET \/api\/v1\/metricquery\/demo\?.* 400 \d+\.\dms$/);
    expect(lines[0]).toContain('api_key=REDACTED');
    expect(lines.join('\n')).not.toMatch(/demo-key|topsecret|abc\.def/);
  });

  it('finishes in-flight requests on close, then refuses connections', { timeout: 60_000 }, async () => {
    const own = await createService({
      data: { generate: { sessions: 100_000, seed: 5, end: T0 + 86_400 } },
      cacheTtlMs: 0,
    });
    const where = await own.listen();
    const heavy = `metricquery/demo?period=${encodeURIComponent(`start=${T0 - 29 * 86_400},end=${T0 + 86_400}`)}&metrics=users,errors,concurviewavg&aggby=subscriberid`;
    const pending = Array.from({ length: 3 }, () =>
      fetch(`${where.baseUrl}/${heavy}`, {
        headers: { 'X-API-Key': 'demo-key' },
        signal: AbortSignal.timeout(20_000),
      }),
    );
    // Close only once all three are being answered.
    const deadline = Date.now() + 10_000;
    while (own.activeRequests < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    expect(own.activeRequests).toBe(3);
    await own.close();
    expect(own.activeRequests).toBe(0);
    const responses = await Promise.all(pending);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    // Answered in full, each telling its keep-alive connection that it closes.
    expect(responses.map((r) => r.headers.get('connection'))).toEqual(['close', 'close', 'close']);
    for (const r of responses)
      expect(((await r.json()) as { totalrecords: number }).totalrecords).toBeGreaterThan(0);
    await expect(fetch(`${where.baseUrl}/${query}`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    const after = await own.fetch(
      new Request(`http://x/api/v1/${query}`, { headers: { 'X-API-Key': 'demo-key' } }),
    );
    expect(after.status).toBe(503);
  });
});
