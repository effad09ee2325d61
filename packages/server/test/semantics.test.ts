// The query semantics (docs/server.md#query-semantics) against answers computed by hand from the
// fixed data set of semantics-fixture.ts.
// Period P = [T0, T0+7200). Sessions (times in s after T0):
//   a u1/d1 US cdnA ENDED   -600..600   startup 1 s   watch 10 min rebuf 0      rc 0 cc 1
//   b u2/d2 US cdnB ENDED   1000..4000  startup 3 s   watch 40 min rebuf 10 min rc 2 cc 0
//   c  -/d3 GB cdnA DROPPED 3600..3700  no first frame (technical failure)
//   d  -/d3 GB cdnA ENDED   3700..7000  startup 6 s   watch 50 min rebuf 0      rc 3 cc 2
//   e u3/d4 GB cdnB RUNNING 5000..      startup 4 s   watch 20 min
//   f u1/d1 US  -   LOADED  6000..      no first frame
//   g u4/d5 FR cdnA ENDED   7000..7300  startup 0.5 s watch 5 min
//   h u2/d2 US cdnB DROPPED 2000..2600  no first frame, business failure
// Errors: 100 a US (non-fatal), 2100 h US (fatal, business), 3650 c GB (fatal),
//         7100 g FR, 7250 g FR (outside P).
// Default S (sessiontype=ended, allstatus=0): end_ts in P and ENDED/DROPPED = {a, b, c, d, h}.

import { DEFAULT_CATALOGUE } from '@playq/query';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { compileQuery, UnsupportedQueryError } from '../src/sql/compile';
import { METRIC_SQL } from '../src/sql/metric-sql';
import { qoeScore } from '../src/sql/qoe-score';
import { node, openV2Dataset, run, T0 } from './semantics-fixture';

let db: Engine;
beforeAll(async () => {
  db = await openV2Dataset();
});
afterAll(async () => {
  await db.close();
});

const by = (records: Record<string, unknown>[], key: string) =>
  Object.fromEntries(records.map((r) => [r[key], r]));

describe('every metric over the default population, by country', () => {
  it('US = {a, b, h}, GB = {c, d}; FR has only an active session and an error', async () => {
    const all =
      'attempts,viewercount,endedplays,totalstartupfailure,failurerate,latency,avg_latency,median_latency,p95_latency,p99_latency,bufferingratio,buffcount,playdur,avg_playtime_by_audience,users,unique_subscribers,uniqueviewercount,unique_devices,anonymous_viewers,cdn_change_rate,qualityofexperience,avg_qualityofexperience,median_qualityofexperience,concurviewavg,errors,fatalerrors';
    const { records } = await run(db, { metrics: all, aggby: 'country' });
    const r = by(records, 'country');
    expect(records.map((x) => x.country)).toEqual(['US', 'GB', 'FR']); // attempts 3, 2, 0
    expect(r.US).toMatchObject({
      attempts: 3,
      viewercount: 2, // a, b
      endedplays: 2,
      totalstartupfailure: 0, // h failed for a business reason
      failurerate: 0,
      latency: 2, // (1 + 3) / 2
      avg_latency: 2,
      median_latency: 2,
      buffcount: 2,
      playdur: 50, // (10 + 40) min
      avg_playtime_by_audience: 25, // 50 min / {u1, u2}
      users: 2,
      unique_subscribers: 2,
      uniqueviewercount: 2,
      unique_devices: 2, // d1, d2
      anonymous_viewers: 0,
      cdn_change_rate: 0.5, // 1 change / 2 plays
      concurviewavg: 4, // a, b, h, and f (LOADED, active from 6000)
      errors: 1, // the business error of h is left out
      fatalerrors: 0,
    });
    expect(r.US!.p95_latency).toBeCloseTo(1 + 0.95 * 2, 12); // quantile_cont over [1, 3]
    expect(r.US!.p99_latency).toBeCloseTo(1 + 0.99 * 2, 12);
    expect(r.US!.bufferingratio).toBeCloseTo((100 * 10) / 60, 12); // 10 min stalled / (50 + 10)
    // scores: a 100, b 100 - 2.5*(3-2) - 3*(10/50*100/1.2=16.67%)=37.5, h 0
    expect(r.US!.qualityofexperience).toBeCloseTo((100 + 37.5 + 0) / 3, 12);
    expect(r.US!.median_qualityofexperience).toBeCloseTo(37.5, 12);
    expect(r.GB).toMatchObject({
      attempts: 2,
      viewercount: 1,
      totalstartupfailure: 1, // c
      failurerate: 50,
      latency: 6,
      users: 0,
      uniqueviewercount: 1, // device d3
      anonymous_viewers: 1,
      unique_devices: 1,
      cdn_change_rate: 2,
      concurviewavg: 3, // c, d, e
      errors: 1,
      fatalerrors: 1,
      qualityofexperience: (0 + 90) / 2, // d: 100 - 2.5 * (6 - 2)
    });
    expect(r.FR).toMatchObject({ attempts: 0, viewercount: 0, latency: 0, concurviewavg: 1, errors: 1 });
  });

  it('without aggby: one record; nothing at all when no requested metric has data', async () => {
    const { records } = await run(db, { metrics: 'attempts,errors' });
    expect(records).toEqual([{ attempts: 5, errors: 3 }]); // {a,b,c,d,h}; 100, 3650, 7100
    const none = await run(db, { metrics: 'attempts', period: `start=${T0 + 9000},end=${T0 + 9600}` });
    expect(none.records).toEqual([]);
  });
});

describe('population switches', () => {
  it('sessiontype=started takes start_ts in P; allstatus=1 adds RUNNING and LOADED', async () => {
    // started in P: b, c, d, e, f, g, h (a started before P); ENDED/DROPPED among them: b c d g h
    expect((await run(db, { metrics: 'attempts', sessiontype: 'started' })).records).toEqual([
      { attempts: 5 },
    ]);
    expect((await run(db, { metrics: 'attempts', sessiontype: 'started', allstatus: 1 })).records).toEqual([
      { attempts: 7 },
    ]);
    // ended in P with any status: e and f have no end, so still {a, b, c, d, h}
    expect((await run(db, { metrics: 'attempts', allstatus: 1 })).records).toEqual([{ attempts: 5 }]);
  });

  it('businesserror=true counts business error events', async () => {
    const { records } = await run(db, { metrics: 'errors,fatalerrors', businesserror: 'true' });
    expect(records).toEqual([{ errors: 4, fatalerrors: 2 }]); // + the entitlement error of h
  });

  it('concurrency=1: active sessions, playdur pro rata inside the window', async () => {
    const { records } = await run(db, { metrics: 'playdur,attempts', aggby: 'country', concurrency: 1 });
    const r = by(records, 'country');
    // US: a half inside P (600 of 1200 s) -> 5 min, b 40, f 0, h 0 -> 45; attempts a, b, f, h
    expect(r.US).toMatchObject({ playdur: 45, attempts: 4 });
    // GB: c 0, d 50, e (running: lasts to the period's end, all inside) 20 -> 70
    expect(r.GB).toMatchObject({ playdur: 70, attempts: 3 });
    // FR: g 200 of 300 s inside -> 5 * 2/3 min, 200,000 ms (300,000 * 2/3 is 199,999.99999999997
    // in doubles: whole milliseconds are exact, in every engine)
    expect(r.FR!.playdur).toBe(200_000 / 60_000);
  });

  it('refuses aggregate variants with concurrency=1 and metrics without SQL', () => {
    const refused = (p: Record<string, string | number>) => {
      try {
        // Unvalidated: the service's own defence behind validation (which refuses these too).
        compileQuery(node(p, 'metricquery', false), { customerCode: 0, dictionary: () => undefined });
      } catch (e) {
        return e instanceof UnsupportedQueryError ? [e.code, e.param] : e;
      }
      return 'compiled';
    };
    expect(refused({ metrics: 'p95_latency', concurrency: 1 })).toEqual([
      'unsupported_with_concurrency',
      'metrics',
    ]);
    expect(refused({ metrics: 'latency', concurrency: 1 })).toBe('compiled');
    expect(refused({ metrics: 'rebuffer_seconds' })).toEqual(['unsupported_metric', 'metrics']);
    expect(refused({ metrics: 'attempts', qoefilter: 'my_kpi>1' })).toEqual([
      'unsupported_metric',
      'qoefilter',
    ]);
  });
});

describe('windows and buckets', () => {
  it('concurviewavg per hour counts sessions active in bucket ∩ period; errors by event time', async () => {
    const { records } = await run(db, {
      metrics: 'concurviewavg,errors',
      aggby: 'timestamp',
      granularity: 'hour',
    });
    expect(records).toEqual([
      { concurviewavg: 3, errors: 1, timestamp: T0 }, // a, b, h; error at 100
      { concurviewavg: 6, errors: 2, timestamp: T0 + 3600 }, // b c d e f g; errors 3650, 7100
    ]);
  });

  it('auto granularity: a 2-hour period is in 10-minute buckets; S by end_ts', async () => {
    const { records } = await run(db, { metrics: 'attempts', aggby: 'timestamp' });
    // ends: a 600 -> minute 10, h 2600 -> 40, c 3700 and b 4000 -> both in 60..70, d 7000 -> 110
    expect(records.map((r) => [(Number(r.timestamp) - T0) / 60, r.attempts])).toEqual([
      [10, 1],
      [40, 1],
      [60, 2],
      [110, 1],
    ]);
  });

  it('the period value of concurviewavg is at least each bucket inside it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -2, max: 4 }),
        fc.integer({ min: 1, max: 6 }),
        async (from, hours) => {
          const period = `start=${T0 + from * 3600},end=${T0 + (from + hours) * 3600}`;
          const total = (await run(db, { metrics: 'concurviewavg', period })).records[0]?.concurviewavg ?? 0;
          const buckets = await run(db, {
            metrics: 'concurviewavg',
            period,
            aggby: 'timestamp',
            granularity: 'hour',
          });
          for (const b of buckets.records)
            expect(Number(total)).toBeGreaterThanOrEqual(Number(b.concurviewavg));
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('qoefilter levels', () => {
  it('session-level conditions pick sessions; group-level ones test records, in one query', async () => {
    // latency>1.5 keeps sessions b (3 s) and d (6 s): one attempt each, so attempts>1 drops both.
    expect(
      (await run(db, { metrics: 'attempts', aggby: 'country', qoefilter: 'latency>1.5 AND attempts>1' }))
        .records,
    ).toEqual([]);
    const { records } = await run(db, {
      metrics: 'attempts,errors',
      aggby: 'country',
      qoefilter: 'latency>1.5',
    });
    // errors only of sessions satisfying it: a (1 s), c (none) fail, so no error events remain
    expect(records).toEqual([
      { attempts: 1, errors: 0, country: 'GB' },
      { attempts: 1, errors: 0, country: 'US' },
    ]);
    // a session without a first frame fails a latency condition: c, h never pass latency<100
    expect((await run(db, { metrics: 'attempts', qoefilter: 'latency<100' })).records).toEqual([
      { attempts: 3 },
    ]);
    // errors is session-level: sessions with at least one error event (a, c; h's is business)
    expect((await run(db, { metrics: 'attempts', qoefilter: 'errors>=1' })).records).toEqual([
      { attempts: 2 },
    ]);
  });

  it('a session-level condition never increases a count metric', async () => {
    const counts =
      'attempts,viewercount,endedplays,totalstartupfailure,users,uniqueviewercount,concurviewavg,errors';
    const base = by((await run(db, { metrics: counts, aggby: 'country' })).records, 'country');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('latency', 'bufferingratio', 'playdur', 'buffcount', 'qualityofexperience', 'errors'),
        fc.constantFrom('>', '<', '>=', '<=', '=', '!='),
        fc.constantFrom(0, 1, 2.5, 10, 50),
        async (metric, op, value) => {
          const { records } = await run(db, {
            metrics: counts,
            aggby: 'country',
            qoefilter: `${metric}${op}${value}`,
          });
          for (const r of records)
            for (const m of counts.split(','))
              expect(Number(r[m])).toBeLessThanOrEqual(Number(base[r.country as string]?.[m]));
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('plans are data', () => {
  it('a plan is a frozen value with its SQL, parameters and output columns; no request value in SQL', () => {
    const plan = compileQuery(
      node({
        metrics: 'p95_latency',
        aggby: 'cdn',
        filter: "[country=O'Brien]",
        qoefilter: 'bufferingratio>2',
      }),
      {
        customerCode: 0,
        dictionary: () => undefined,
      },
    );
    expect(plan.kind).toBe('groups');
    expect(Object.isFrozen(plan) && Object.isFrozen(plan.parameters)).toBe(true);
    // In the coded layout a small dimension comes as its code, decoded when records are written.
    expect(plan.columns).toEqual([
      { name: 'p95_latency', kind: 'metric' },
      { name: 'cdn', kind: 'dimension', decode: 'cdn' },
    ]);
    expect(plan.sql).not.toContain('dict_cdn');
    // Nothing to join: the rows are ordered and paged once.
    expect(plan.sql.match(/ORDER BY/g)).toHaveLength(1);
    expect(plan.parameters).toEqual([
      { type: 'int', value: 0 },
      { type: 'bigint', value: T0 },
      { type: 'bigint', value: T0 + 7200 },
      { type: 'double', value: 2 },
      { type: 'varchar[]', value: ["O'Brien"] },
    ]);
    expect(plan.sql).not.toContain("O'Brien");
    expect(plan.sql).toContain('quantile_cont(startup_ms, 0.95)');
    expect(plan.sql).toContain('LIMIT $6 OFFSET $7');
  });

  it('a time series groups sessions and events by bucket number, and multiplies the groups by g', () => {
    const plan = compileQuery(
      node({ metrics: 'viewercount,errors', aggby: 'timestamp', granularity: 'hour' }),
      {
        customerCode: 0,
        dictionary: () => undefined,
      },
    );
    const g = plan.parameters.findIndex((p) => p.value === 3600) + 1;
    // One division per row in each source (sessions by end_ts, events by ts), no modulo.
    expect(plan.sql).toContain(`(end_ts) // $${g} AS __bucket_n`);
    expect(plan.sql).toContain(`(ts) // $${g} AS __bucket_n`);
    expect(plan.sql).not.toContain('%');
    expect(plan.sql.match(new RegExp(`__bucket_n \\* \\$${g} AS ts_bucket`, 'g'))).toHaveLength(2);
    expect(plan.sql.match(/GROUP BY __bucket_n\b/g)).toHaveLength(2);
  });
});

describe('QoE score', () => {
  it('stays within 0..100 and is 0 for a failed startup', () => {
    expect(qoeScore(null, 1000, 0)).toBe(0);
    expect(qoeScore(500, 1000, 0)).toBe(100);
    fc.assert(
      fc.property(
        fc.option(fc.nat(600_000), { nil: null }),
        fc.nat(10_000_000),
        fc.nat(10_000_000),
        (startup, watch, rebuf) => {
          const s = qoeScore(startup, watch, rebuf);
          return s >= 0 && s <= 100;
        },
      ),
    );
  });
});

describe('the metric SQL table and the catalogue', () => {
  it('has a session value exactly for the session-level metrics of the catalogue', () => {
    for (const name of DEFAULT_CATALOGUE.metricNames) {
      const sql = METRIC_SQL[name];
      expect({ name, session: sql.session !== undefined }).toEqual({
        name,
        session: DEFAULT_CATALOGUE.metrics[name].level === 'session',
      });
    }
  });
});
