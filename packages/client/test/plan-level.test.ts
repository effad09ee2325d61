// Plan-level resolution: the answer shapes the plan host may use, caching with a TTL,
// single-flight under concurrency, and session queries that get their plan level filled in.
import { describe, expect, it, vi } from 'vitest';
import { createClient, PlayqNotFoundError, PlayqResponseError, PlayqValidationError } from '../src/index';
import { PlanLevelResolver, type PlanLookup, readPlanLevel } from '../src/plan/plan-level';
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

describe('readPlanLevel keys and values', () => {
  it.each([
    // Only a key that is exactly planLevel / plan_level counts, whatever comes before it.
    [
      '{"customerId":"demo","legacyPlanLevel":"1"}',
      { ok: false, reason: 'the plan lookup answer has no planLevel field' },
    ],
    ['{"legacyPlanLevel":"1","planLevel":"2"}', { ok: true, value: '2' }],
    // ...and nothing after it: a key that only starts with planLevel is another field.
    ['{"planLevelHistory":"1"}', { ok: false, reason: 'the plan lookup answer has no planLevel field' }],
    ['{"planLevelHistory":"1","planLevel":"2"}', { ok: true, value: '2' }],
    // Only a key that is exactly customerId / customer_id names the owner.
    ['{"resellerCustomerId":"other","planLevel":"2"}', { ok: true, value: '2' }],
    ['{"customerIdOfReseller":"other","planLevel":"2"}', { ok: true, value: '2' }],
    // A bare token is read after trimming.
    [' premium-1\n', { ok: true, value: 'premium-1' }],
    // JSON numbers too large for a double are Infinity, not a plan level.
    ['{"planLevel":1e999}', { ok: false, reason: 'the plan level is not a short string or number' }],
    ['1e999', { ok: false, reason: 'the plan level is not a short string or number' }],
  ])('reads %s as %o', (body, expected) => {
    expect(readPlanLevel(body, 'demo')).toStrictEqual(expected);
  });
});

/** A resolver over a scripted plan host that records the URLs it was asked for. */
function resolver(options: { planUrl?: string; ttlMs?: number; now?: () => number; body?: string } = {}) {
  const urls: string[] = [];
  const lookup: PlanLookup = {
    planUrl: options.planUrl ?? 'http://playq.test/plans',
    ttlMs: options.ttlMs ?? 1000,
    secrets: () => [],
    ...(options.now ? { now: options.now } : {}),
    get: async (url) => {
      urls.push(url);
      const id = decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
      return {
        body: options.body ?? JSON.stringify({ customerId: id, planLevel: `p-${urls.length}` }),
        url: () => url,
        status: 200,
      };
    },
  };
  return { urls, plans: new PlanLevelResolver(lookup) };
}

describe('PlanLevelResolver', () => {
  it('drops every trailing slash of the plan URL, and only those', async () => {
    const { urls, plans } = resolver({ planUrl: 'http://playq.test//plans//' });
    await plans.resolve('demo');
    expect(urls).toStrictEqual(['http://playq.test//plans/planLevelByCustId/demo']);
  });

  it('reports an unreadable answer as a PlayqResponseError of the GET', async () => {
    const { plans } = resolver({ body: '{"tier":"gold"}' });
    const error = await plans.resolve('demo').catch((e: unknown) => e);
    expect(PlayqResponseError.isInstance(error)).toBe(true);
    const e = error as PlayqResponseError;
    expect([e.method, e.url, e.status, e.reason, e.excerpt, e.message]).toStrictEqual([
      'GET',
      'http://playq.test/plans/planLevelByCustId/demo',
      200,
      'the plan lookup answer has no planLevel field',
      '{"tier":"gold"}',
      '@playq/client: GET http://playq.test/plans/planLevelByCustId/demo returned an invalid body: the plan lookup answer has no planLevel field (body starts: "{\\"tier\\":\\"gold\\"}")',
    ]);
  });

  it('asks again once the clock reaches the expiry time exactly', async () => {
    let now = 1000;
    const { urls, plans } = resolver({ ttlMs: 500, now: () => now });
    expect(await plans.resolve('demo')).toBe('p-1');
    now = 1499;
    expect(await plans.resolve('demo')).toBe('p-1');
    now = 1500;
    expect(await plans.resolve('demo')).toBe('p-2');
    expect(urls).toHaveLength(2);
  });

  it('forgets every cached plan level on clear()', async () => {
    const { urls, plans } = resolver({ ttlMs: 60_000 });
    expect(await plans.resolve('demo')).toBe('p-1');
    expect(await plans.resolve('demo')).toBe('p-1');
    plans.clear();
    expect(await plans.resolve('demo')).toBe('p-2');
    expect(urls).toHaveLength(2);
  });

  it('caches nothing with a TTL of 0, even when the wall clock steps back', async () => {
    const times = [1000, 2000, 1500, 1500];
    const { urls, plans } = resolver({ ttlMs: 0, now: () => times.shift() ?? 1500 });
    // Resolved at 1000, stored (if it were) at 2000; the clock then steps back to 1500.
    expect(await plans.resolve('demo')).toBe('p-1');
    expect(await plans.resolve('demo')).toBe('p-2');
    expect(urls).toHaveLength(2);
  });

  it('keeps at most 1000 customers, dropping the oldest first', async () => {
    const { urls, plans } = resolver({ ttlMs: 60_000, now: () => 0 });
    for (let i = 0; i <= 1000; i++) await plans.resolve(`c${i}`);
    expect(urls).toHaveLength(1001);
    // c1 and c1000 are still cached; c0 made room for c1000.
    expect(await plans.resolve('c1')).toBe('p-2');
    expect(await plans.resolve('c1000')).toBe('p-1001');
    expect(urls).toHaveLength(1001);
    expect(await plans.resolve('c0')).toBe('p-1002');
    expect(urls).toHaveLength(1002);
  });

  it('keeps a second customer next to the first', async () => {
    const { urls, plans } = resolver({ ttlMs: 60_000, now: () => 0 });
    expect(await plans.resolve('a')).toBe('p-1');
    expect(await plans.resolve('b')).toBe('p-2');
    expect(await plans.resolve('a')).toBe('p-1');
    expect(await plans.resolve('b')).toBe('p-2');
    expect(urls).toHaveLength(2);
  });
});
