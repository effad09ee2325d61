// The session list (`listsessions`) through the client against the reference service over a real
// socket on 127.0.0.1: the metricquery API key, the envelope without totalpages, records in the
// requested field order, paging that visits each record once, and drill-down counts by hand.

import { fc, test } from '@fast-check/vitest';
import { drillDown, metricQuery, type QueryNode, sessionList } from '@playq/query';
import { createService, type Service } from '@playq/server';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { apiKeyAuth, bearerAuth, createClient, type PlayqClient, PlayqUnauthorizedError } from '../src/index';

let service: Service;
let client: PlayqClient;
let baseUrl: string;

beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 3000, seed: 11 } }, rateLimit: false });
  baseUrl = (await service.listen({ port: 0, host: '127.0.0.1' })).baseUrl;
  client = createClient({ baseUrl, auth: { metricquery: apiKeyAuth('demo-key') } });
}, 60_000);
afterAll(async () => {
  await service?.close();
});

const WINDOW = metricQuery('demo').last(30, 'days').metrics('attempts');
/** A session list over the window: a plain node, as `fromURL` reads one. */
const list = (metrics: readonly string[], extra: Partial<QueryNode> = {}): QueryNode => ({
  ...WINDOW.toQuery(),
  endpoint: 'listsessions',
  metrics: [...metrics],
  aggby: [],
  ...extra,
});

/** The population parameters and period of a node, to carry onto its session list. */
function populationOf(node: QueryNode): Partial<QueryNode> {
  const { period, sessiontype, allstatus, concurrency, businesserror } = node;
  return { period, sessiontype, allstatus, concurrency, businesserror };
}

describe('client.run on a session list', () => {
  it('sends the metricquery API key and reads one page: the requested fields in order, no totalpages', async () => {
    const page = await client.run(list(['buffcount', 'latency'], { limit: 50 }));
    expect(page.totalrecords).toBeGreaterThan(50);
    expect(page).toMatchObject({ totalcount: 50, offset: 0, limit: 50 });
    expect(page.pagecount).toBe(Math.ceil(page.totalrecords / 50));
    for (const record of page.records) {
      expect(Object.keys(record)).toEqual(['buffcount', 'latency']);
      expect(typeof record.buffcount).toBe('number');
      expect(typeof record.latency).toBe('number');
    }
    const counts = page.records.map((r) => r.buffcount as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('refuses a bearer token alone (the list takes the API key)', async () => {
    const bearerOnly = createClient({ baseUrl, auth: { session: bearerAuth('a.b.c') } });
    await expect(bearerOnly.run(list(['latency']))).rejects.toBeInstanceOf(PlayqUnauthorizedError);
  });
});

describe('paging a session list', () => {
  it('pages and all() visit each record once, in the order of one large page', async () => {
    const fields = ['latency', 'bufferingratio', 'playdur', 'buffcount'];
    const whole = await client.run(list(fields, { limit: 10_000 }));
    expect(whole.records.length).toBe(whole.totalrecords);
    const seen: unknown[] = [];
    for await (const page of client.pages(list(fields, { limit: 400 }), { concurrency: 2 })) {
      expect(page.totalrecords).toBe(whole.totalrecords);
      seen.push(...page.records);
    }
    expect(seen).toEqual(whole.records);
    expect(await client.all(list(fields, { limit: 700 }))).toEqual(whole.records);
  });
});

describe('drill-down by hand', () => {
  const populations = fc.record({
    dimension: fc.constantFrom('country', 'platform', 'device', 'cdn'),
    started: fc.boolean(),
    allStatuses: fc.boolean(),
    concurrency: fc.boolean(),
    businessErrors: fc.boolean(),
    days: fc.constantFrom(1, 3, 30),
  });
  test.prop([populations], { numRuns: 8 })(
    "every breakdown record's attempts is the total of its sessions' list, under any population",
    async (p) => {
      const window = metricQuery('demo')
        .last(p.days, 'days')
        .metrics('attempts')
        .sessionType(p.started ? 'started' : 'ended')
        .allStatuses(p.allStatuses)
        .concurrency(p.concurrency)
        .businessErrors(p.businessErrors);
      const node = window.toQuery();
      let compared = 0;
      for (const record of await client.all(window.aggBy(p.dimension))) {
        const value = record[p.dimension];
        if (value === '') continue; // the filter language cannot select a missing value
        const { filter } = window.where(p.dimension, String(value)).toQuery();
        const listed = await client.run({
          ...list(['latency'], { limit: 1, filter }),
          ...populationOf(node),
        });
        expect(listed.totalrecords, `${p.dimension}=${value}`).toBe(record.attempts);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    },
  );

  it("a country's list holds as many sessions as its breakdown record's attempts", async () => {
    const breakdown = await client.all(WINDOW.aggBy('country'));
    const named = breakdown.filter((r) => r.country !== '');
    expect(named.length).toBeGreaterThan(1);
    for (const record of named) {
      const { filter } = WINDOW.where('country', record.country).toQuery();
      const page = await client.run(list(['latency'], { limit: 1, filter }));
      expect(page.totalrecords, record.country).toBe(record.attempts);
    }
    const everyone = await client.run(list(['latency'], { limit: 1 }));
    expect(everyone.totalrecords).toBe(breakdown.reduce((sum, r) => sum + r.attempts, 0));
  });
});

describe('sessionList and drillDown through the client', () => {
  it("types records in the caller's field order: numbers for metrics, strings for the rest", async () => {
    const page = await client.run(
      sessionList('demo').last(30, 'days').metrics('sessionid', 'latency', 'country').limit(5),
    );
    expectTypeOf(page.records[0]!).toEqualTypeOf<{ sessionid: string; latency: number; country: string }>();
    expect(page.records).toHaveLength(5);
    for (const record of page.records) {
      expect(Object.keys(record)).toEqual(['sessionid', 'latency', 'country']);
      expect([typeof record.sessionid, typeof record.latency, typeof record.country]).toEqual([
        'string',
        'number',
        'string',
      ]);
    }
    const ids = (await client.all(sessionList('demo').last(30, 'days').metrics('sessionid').limit(500))).map(
      (r) => r.sessionid,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("drillDown of every breakdown record lists exactly its attempts' sessions", async () => {
    const query = metricQuery('demo')
      .last(30, 'days')
      .metrics('attempts', 'bufferingratio')
      .aggBy('platform');
    let compared = 0;
    for (const record of await client.all(query)) {
      const drilled = drillDown(query.toQuery(), record, { limit: 1 });
      if (!drilled.ok) {
        expect(record.platform).toBe('');
        continue;
      }
      expect((await client.run(drilled.query)).totalrecords, record.platform).toBe(record.attempts);
      compared++;
    }
    expect(compared).toBeGreaterThan(1);
  });
});
