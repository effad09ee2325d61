import { metricQuery, sessionQuery } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, withTestServer } from '../src/service/test-server';
import { createTestService, type TestService } from '../src/service/test-service';

describe('createTestService', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await createTestService({ seed: 11, sessions: 8_000 });
  }, 60_000);
  afterAll(() => t?.close());

  it('wires a client to the in-process service for the first customer', async () => {
    const rows = await t.client.all(
      metricQuery('demo').period(t.period).metrics('viewercount', 'errors').aggBy('country'),
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(typeof row.country).toBe('string');
      expect(row.viewercount).toBeGreaterThanOrEqual(0);
    }
  });

  it('runs session queries with client credentials and a resolved plan level', async () => {
    const page = await t.client.run(
      sessionQuery('demo')
        .period(t.period)
        .metrics('errors', 'subscriberid')
        .aggBy('subscriberid')
        .agg(1)
        .limit(5),
    );
    expect(page.records).toHaveLength(5);
    expect(page.records.every((r) => r.totalpages === page.pagecount)).toBe(true);
  });

  it('serves each customer only its own data', async () => {
    const other = t.clientFor('other');
    const q = metricQuery('other').period(t.period).metrics('viewercount');
    const [mine] = await other.all(q);
    const [demo] = await t.client.all(metricQuery('demo').period(t.period).metrics('viewercount'));
    // The generator gives the first customer 75% of sessions.
    expect(demo!.viewercount).toBeGreaterThan(mine!.viewercount);
    await expect(t.client.run(q)).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(() => t.clientFor('nobody')).toThrow(/no customer "nobody".*known: demo, other/);
  });

  it('generates the same data for the same seed, and other data for another seed', async () => {
    const q = metricQuery('demo').period(t.period).metrics('viewercount', 'users', 'errors');
    const again = await createTestService({ seed: 11, sessions: 8_000 });
    const different = await createTestService({ seed: 12, sessions: 8_000 });
    try {
      const [a, b, c] = await Promise.all([t.client.all(q), again.client.all(q), different.client.all(q)]);
      expect(b).toEqual(a);
      expect(c).not.toEqual(a);
    } finally {
      await Promise.all([again.close(), different.close()]);
    }
  }, 60_000);

  it('rejects unusable options with a specific message', async () => {
    await expect(createTestService({ sessions: -1 })).rejects.toThrow(
      /sessions must be a non-negative integer/,
    );
    await expect(createTestService({ seed: 1.5 })).rejects.toThrow(/seed must be an integer/);
    await expect(createTestService({ days: 0 })).rejects.toThrow(/days must be a positive integer/);
    await expect(createTestService({ customers: [] })).rejects.toThrow(/at least one customer/);
  });
});

describe('startTestServer / withTestServer', () => {
  it('serves over a real loopback socket and closes afterwards', async () => {
    let url = '';
    const status = await withTestServer(
      async (server) => {
        url = server.baseUrl;
        expect(server.host).toBe('127.0.0.1');
        expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
        const plan = await fetch(`${server.planUrl}/planLevelByCustId/demo`);
        expect(await plan.json()).toMatchObject({ customerId: 'demo', planLevel: '2' });
        const rows = await server.client.all(
          metricQuery('demo').period(server.period).metrics('errors').aggBy('platform'),
        );
        expect(rows.length).toBeGreaterThan(0);
        const raw = await fetch(`${server.baseUrl}/metricquery/demo?metrics=errors`, {
          headers: { 'x-api-key': 'demo-key' },
        });
        return raw.status;
      },
      { sessions: 3_000 },
    );
    expect(status).toBe(400);
    await expect(fetch(`${url}/metricquery/demo`)).rejects.toThrow();
  }, 60_000);

  it('closes even when the callback throws', async () => {
    let url = '';
    await expect(
      withTestServer(
        (server) => {
          url = server.url;
          throw new Error('boom');
        },
        { sessions: 500 },
      ),
    ).rejects.toThrow('boom');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 60_000);

  it('listens on loopback only', async () => {
    await expect(startTestServer({ host: '0.0.0.0', sessions: 10 })).rejects.toThrow(/loopback only/);
  });
});
