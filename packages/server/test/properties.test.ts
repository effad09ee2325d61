// Properties of paging, ordering and filters over generated data and generated queries.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createService, type Service } from '../src/index';
import { END, type EnvelopeJson, metricquery } from './helpers';

let service: Service;

beforeAll(async () => {
  service = await createService({
    data: { generate: { sessions: 20_000, seed: 11, end: END, days: 14 } },
    rateLimit: false,
  });
});
afterAll(() => service.close());

const METRICS = ['latency', 'viewercount', 'bufferingratio', 'concurviewavg', 'users', 'errors'] as const;
const PLAYBACK_DIMS = ['country', 'platform', 'player', 'subscriberid'] as const;
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'IN', 'ZZ'];
const PLATFORMS = ['web', 'ios', 'android', 'roku', 'smarttv'];

const periodArb = fc
  .tuple(fc.integer({ min: 0, max: 13 }), fc.integer({ min: 1, max: 14 }))
  .map(([from, days]) => {
    const start = END - 14 * 86_400 + from * 86_400;
    return { start, end: Math.min(END, start + days * 86_400) };
  });

const breakdownArb = fc.record({
  period: periodArb,
  metrics: fc.uniqueArray(fc.constantFrom(...METRICS), { minLength: 1, maxLength: 3 }),
  aggby: fc.uniqueArray(fc.constantFrom('country', 'platform', 'player'), { minLength: 0, maxLength: 2 }),
  countries: fc.option(fc.uniqueArray(fc.constantFrom(...COUNTRIES), { minLength: 1, maxLength: 3 }), {
    nil: undefined,
  }),
  order: fc.option(fc.constantFrom('asc', 'desc'), { nil: undefined }),
});

type Breakdown = typeof breakdownArb extends fc.Arbitrary<infer T> ? T : never;

function params(q: Breakdown, extra: Record<string, string | number> = {}): Record<string, string | number> {
  const p: Record<string, string | number> = {
    period: `start=${q.period.start},end=${q.period.end}`,
    metrics: q.metrics.join(','),
  };
  if (q.aggby.length > 0) p.aggby = q.aggby.join(',');
  if (q.countries) p.filter = `[country=${q.countries.join('|')}]`;
  if (q.order) p.order = q.order;
  return { ...p, ...extra };
}

async function ok(p: Record<string, string | number>): Promise<EnvelopeJson> {
  const { status, body } = await metricquery(service, p);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('paging', () => {
  test.prop([breakdownArb, fc.integer({ min: 1, max: 40 })], { numRuns: 15 })(
    'all pages concatenated equal the unpaged result, with nothing repeated or skipped',
    async (q, limit) => {
      const whole = await ok(params(q, { limit: 10_000 }));
      const pages: EnvelopeJson['response'] = [];
      for (let offset = 0; offset < whole.totalrecords + limit; offset += limit) {
        const page = await ok(params(q, { limit, offset }));
        expect(page.totalrecords).toBe(whole.totalrecords);
        expect(page.pagecount).toBe(Math.ceil(whole.totalrecords / limit));
        expect(page.totalcount).toBe(page.response.length);
        pages.push(...page.response);
      }
      expect(pages).toEqual(whole.response);
      expect(whole.totalcount).toBe(whole.totalrecords);
    },
  );

  test.prop([fc.integer({ min: 1, max: 997 })], { numRuns: 5 })(
    'pages from the cache, from SQL (cache off) and of a result too big to cache are the same',
    async (limit) => {
      const noCache = await createService({ data: { dataset: service.db }, cacheTtlMs: 0, rateLimit: false });
      const tiny = await createService({
        data: { dataset: service.db },
        cacheMaxRecords: 40,
        rateLimit: false,
      });
      const p = {
        period: `start=${END - 14 * 86_400},end=${END}`,
        metrics: 'errors,users',
        aggby: 'subscriberid',
      };
      for (const offset of [0, limit, 3 * limit]) {
        const cached = await metricquery(service, { ...p, limit, offset });
        expect((await metricquery(noCache, { ...p, limit, offset })).body).toEqual(cached.body);
        expect((await metricquery(tiny, { ...p, limit, offset })).body).toEqual(cached.body);
      }
      await noCache.close();
      await tiny.close();
    },
  );
});

describe('ordering', () => {
  test.prop([breakdownArb], { numRuns: 15 })(
    'records are sorted by the order key, ties by dimensions ascending',
    async (q) => {
      const body = await ok(params(q, { limit: 10_000 }));
      const key = q.metrics[0]!;
      const dir = q.order ?? 'desc';
      const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
      for (let i = 1; i < body.response.length; i++) {
        const a = body.response[i - 1]!;
        const b = body.response[i]!;
        const primary = dir === 'desc' ? cmp(b[key]!, a[key]!) : cmp(a[key]!, b[key]!);
        expect(primary).toBeLessThanOrEqual(0);
        if (primary === 0) {
          const dims = q.aggby.map((d) => cmp(a[d]!, b[d]!)).find((c) => c !== 0) ?? 0;
          expect(dims).toBeLessThan(0);
        }
      }
    },
  );
});

describe('filters', () => {
  test.prop(
    [
      periodArb,
      fc.uniqueArray(fc.constantFrom(...PLATFORMS), { minLength: 1, maxLength: 4 }),
      fc.constantFrom(...PLAYBACK_DIMS),
    ],
    { numRuns: 12 },
  )(
    'a filtered total never exceeds the unfiltered one; additive metrics add up over alternatives',
    async (period, platforms, aggby) => {
      const base = { period: `start=${period.start},end=${period.end}`, metrics: 'viewercount,errors,users' };
      const total = (await ok(base)).response[0] ?? { viewercount: 0, errors: 0, users: 0 };
      const filtered = (await ok({ ...base, filter: `[platform=${platforms.join('|')}]` })).response[0] ?? {
        viewercount: 0,
        errors: 0,
        users: 0,
      };
      for (const m of ['viewercount', 'errors', 'users'])
        expect(filtered[m]).toBeLessThanOrEqual(total[m] as number);
      let views = 0;
      let errors = 0;
      for (const p of platforms) {
        const one = (await ok({ ...base, filter: `[platform=${p}]` })).response[0];
        views += Number(one?.viewercount ?? 0);
        errors += Number(one?.errors ?? 0);
      }
      expect(filtered.viewercount).toBe(views);
      expect(filtered.errors).toBe(errors);
      // The same holds per group of a breakdown.
      const grouped = await ok({
        ...base,
        metrics: 'viewercount',
        aggby,
        filter: `[platform=${platforms.join('|')}]`,
        limit: 10_000,
      });
      const sum = grouped.response.reduce((s, r) => s + Number(r.viewercount), 0);
      expect(sum).toBe(filtered.viewercount);
    },
  );
});
