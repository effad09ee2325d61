// The dataset's serving profiles: small data (one thread, fewer optimizers, results read whole)
// and large data (DuckDB's defaults, results streamed) give the same answers, chosen by size.
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, Dataset, type Service } from '../src/index';
import { END, url } from './helpers';

let service: Service;

beforeAll(async () => {
  // Cache off: every request runs its statement under the profile of the moment.
  service = await createService({
    data: { generate: { sessions: 6_000, seed: 5, end: END, days: 7 } },
    rateLimit: false,
    cacheTtlMs: 0,
  });
});
afterAll(() => service.close());

const setting = async (db: Dataset, name: string) =>
  (await db.all(`SELECT current_setting('${name}')::VARCHAR`))[0]?.[0];

describe('serving profile', () => {
  it('serves data under 500,000 sessions with one thread and fewer optimizers, and switches back', async () => {
    const db = service.db;
    expect(db.servingProfile).toBe('small');
    expect(await setting(db, 'threads')).toBe('1');
    expect(String(await setting(db, 'disabled_optimizers'))).toContain('join_order');
    const fresh = await Dataset.open();
    try {
      await db.serveAs('large');
      expect(db.servingProfile).toBe('large');
      expect(await setting(db, 'threads')).toBe(await setting(fresh, 'threads'));
      expect(await setting(db, 'disabled_optimizers')).toBe('');
    } finally {
      await db.serveAs('small');
      await fresh.close();
    }
    expect(await setting(db, 'threads')).toBe('1');
  });

  const period = fc
    .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 7 }))
    .map(
      ([from, days]) =>
        `start=${END - (7 - from) * 86_400},end=${Math.min(END, END - (7 - from - days) * 86_400)}`,
    );
  const request = fc.oneof(
    fc.record({
      path: fc.constant('/metricquery/demo'),
      metrics: fc.constantFrom(
        'viewercount,latency',
        'bufferingratio,errors',
        'p95_latency,playdur',
        'concurviewavg',
      ),
      aggby: fc.constantFrom('country', 'country,platform', 'subscriberid', 'timestamp'),
      qoefilter: fc.constantFrom(undefined, 'bufferingratio>1', 'viewercount>3 AND latency>1'),
    }),
    fc.record({
      path: fc.constant('/listsessions/demo'),
      metrics: fc.constantFrom(
        'sessionid,latency,country',
        'bufferingratio,errors,starttime',
        'playdur,assetname',
      ),
    }),
  );
  const page = fc.record({ limit: fc.constantFrom(1, 7, 2500, 5000), offset: fc.constantFrom(0, 3, 2100) });

  test.prop([request, period, page], { numRuns: 25 })(
    'answers every query and page the same under both profiles (several chunks included)',
    async (req, p, pg) => {
      const { path, ...rest } = req;
      const params: Record<string, string | number> = { period: p, ...pg };
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) params[k] = v;
      if (params.aggby === 'timestamp') params.granularity = 'hour';
      const answer = async () => {
        const res = await service.fetch(
          new Request(url(path, params), { headers: { 'X-API-Key': 'demo-key' } }),
        );
        return { status: res.status, body: await res.text() };
      };
      const small = await answer();
      expect(small.status, small.body).toBe(200);
      await service.db.serveAs('large');
      try {
        expect(await answer()).toStrictEqual(small);
      } finally {
        await service.db.serveAs('small');
      }
    },
  );
});
