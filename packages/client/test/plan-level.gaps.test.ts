// Plan-level details: which keys name the plan level and the owner, bare answers with
// whitespace, infinite numbers, the lookup URL, the error for an unreadable answer, the TTL edge,
// clearing, and the bounded cache.
import { describe, expect, it } from 'vitest';
import { PlayqResponseError } from '../src/index';
import { PlanLevelResolver, type PlanLookup, readPlanLevel } from '../src/plan/plan-level';

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
