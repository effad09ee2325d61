// Plan-level resolution: the answer shapes the plan host may use, caching with a TTL,
// single-flight under concurrency, and session queries that get their plan level filled in.
import { describe, expect, it, vi } from 'vitest';
import { createClient, PlayqNotFoundError, PlayqResponseError, PlayqValidationError } from '../src/index';
import { readPlanLevel } from '../src/plan/plan-level';
import { BASE, fakeService, faultTransport, PLANS, problem, sessionNode } from './support/fake-service';

describe('readPlanLevel', () => {
  it.each([
    ['{"customerId":"demo","planLevel":"2"}', '2'],
    ['{"customerId":"demo","planLevel":2}', '2'],
    ['{"planlevel":"gold"}', 'gold'],
    ['{"plan_level":3}', '3'],
    ['{"PlanLevel":" 4 "}', '4'],
    ['"2"', '2'],
    ['2', '2'],
    ['  7\n', '7'],
    ['premium-1', 'premium-1'],
  ])('reads %s as %s', (body, expected) => {
    expect(readPlanLevel(body, 'demo')).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['{"customerId":"demo"}', /no planLevel field/],
    ['{"customerId":"other","planLevel":"2"}', /answered for customer "other", not "demo"/],
    ['{"planLevel":null}', /not a short string or number/],
    ['{"planLevel":"a b"}', /not a short string or number/],
    ['[2]', /not a short string or number/],
    ['<html>plan</html>', /neither JSON nor a bare plan level/],
    ['', /neither JSON nor a bare plan level/],
  ])('refuses %s', (body, reason) => {
    const read = readPlanLevel(body, 'demo');
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.reason).toMatch(reason);
  });
});

describe('resolvePlanLevel', () => {
  it('caches per customer for the TTL, then asks again', async () => {
    const service = fakeService();
    let now = 0;
    const realNow = Date.now;
    const client = createClient({
      baseUrl: BASE,
      planUrl: PLANS,
      fetch: service.fetch,
      planLevelTtlMs: 1000,
    });
    try {
      Date.now = () => now;
      expect(await client.resolvePlanLevel('demo')).toBe('2');
      expect(await client.resolvePlanLevel('demo')).toBe('2');
      expect(await client.resolvePlanLevel('other')).toBe('2');
      expect(service.planCalls).toBe(2);
      now = 1500;
      await client.resolvePlanLevel('demo');
      expect(service.planCalls).toBe(3);
    } finally {
      Date.now = realNow;
    }
  });

  it.each([
    [0, 3],
    [Number.POSITIVE_INFINITY, 1],
  ])(
    'with planLevelTtlMs %s, asks the plan host %s time(s) for three lookups years apart',
    async (ttl, calls) => {
      const service = fakeService();
      const client = createClient({
        baseUrl: BASE,
        planUrl: PLANS,
        fetch: service.fetch,
        planLevelTtlMs: ttl,
      });
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        for (const at of [0, 1e11, 2e11]) {
          vi.setSystemTime(at);
          expect(await client.resolvePlanLevel('demo')).toBe('2');
        }
        expect(service.planCalls).toBe(calls);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('makes one lookup for many concurrent callers', async () => {
    const service = fakeService();
    const slow = async (r: Request) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return service.fetch(r);
    };
    const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: slow });
    const levels = await Promise.all(Array.from({ length: 25 }, () => client.resolvePlanLevel('demo')));
    expect(new Set(levels)).toEqual(new Set(['2']));
    expect(service.planCalls).toBe(1);
  });

  it('fills in the plan level of a session query before sending it', async () => {
    const service = fakeService({ planLevel: 5 });
    const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: service.fetch });
    await client.run(sessionNode());
    await client.run(sessionNode());
    const api = service.calls.filter((c) => c.url.pathname.includes('/session/'));
    expect(api.map((c) => c.url.searchParams.get('planlevel'))).toEqual(['5', '5']);
    expect(service.planCalls).toBe(1);
  });

  it('does not look up a plan level the query already has', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: service.fetch });
    await client.run(sessionNode({ planlevel: '9' }));
    expect(service.planCalls).toBe(0);
  });

  it('does not cache failures', async () => {
    const service = fakeService();
    const transport = faultTransport(service.fetch, [() => problem(404, 'not_found')]);
    const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: transport });
    await expect(client.resolvePlanLevel('demo')).rejects.toSatisfy(PlayqNotFoundError.isInstance);
    await expect(client.resolvePlanLevel('demo')).resolves.toBe('2');
  });

  it('reports an unreadable answer as PlayqResponseError', async () => {
    const service = fakeService({ planBody: '{"tier":"gold"}' });
    const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: service.fetch });
    const error = await client.resolvePlanLevel('demo').catch((e: unknown) => e);
    expect(PlayqResponseError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      reason: 'the plan lookup answer has no planLevel field',
      excerpt: '{"tier":"gold"}',
    });
  });

  it('needs a planUrl for a session query without plan level, and says so', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, fetch: service.fetch });
    const error = await client.run(sessionNode()).catch((e: unknown) => e);
    expect(PlayqValidationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/no planlevel and the client has no planUrl/);
    expect(service.calls).toHaveLength(0);
  });

  it('rejects an invalid customer id without a request', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, planUrl: PLANS, fetch: service.fetch });
    await expect(client.resolvePlanLevel('a/b')).rejects.toMatchObject({
      diagnostics: [{ code: 'invalid_customer', param: 'customerId' }],
    });
    expect(service.calls).toHaveLength(0);
  });

  it('encodes the customer id in the lookup path', async () => {
    const service = fakeService();
    const client = createClient({ baseUrl: BASE, planUrl: `${PLANS}/`, fetch: service.fetch });
    await client.resolvePlanLevel('acme.eu_1-x');
    expect(service.calls[0]!.url.pathname).toBe('/plans/planLevelByCustId/acme.eu_1-x');
  });
});
