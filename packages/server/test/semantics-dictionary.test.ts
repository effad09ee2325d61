// The rest of the vendor's dictionary (docs/catalogue.md) against answers computed by hand from the
// fixed data set of semantics-fixture.ts (its table of sessions is repeated in semantics.test.ts):
// views, totalduration, cbrsize, cirrbufferingratio, uniquesubscribercount, playperunique and
// playtimeperunique, also by country; views per bucket and under conditions, the session-level ones in a qoefilter, pro rata everywhere, and a data set of
// repeat viewers for the per-unique ratios.
// Period P = [T0, T0+7200); default S = {a, b, c, d, h}: US = {a, b, h}, GB = {c, d}.
// Active in P (any status): a b h f (US), c d e (GB), g (FR); plays among them: a b d e g.
// Bytes: a 300 MB, b 1500, d 2000, e 500, g 90, the others 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { openV2Dataset, run, type V2Session } from './semantics-fixture';

const by = (records: Record<string, unknown>[], key: string) =>
  Object.fromEntries(records.map((r) => [r[key], r]));

describe('the new metrics over the fixed data set', () => {
  // Opened and closed within this block: chdb holds one data set per process at a time.
  let db: Engine;
  beforeAll(async () => {
    db = await openV2Dataset();
  });
  afterAll(async () => {
    await db.close();
  });

  it('views: plays active in each bucket, beside concurviewavg (every active session)', async () => {
    const both = await run(db, { metrics: 'views,concurviewavg', aggby: 'timestamp', granularity: 'hour' });
    expect(
      both.records.map(({ timestamp, views, concurviewavg }) => [timestamp, views, concurviewavg]),
    ).toEqual([
      [expect.any(Number), 2, 3], // a, b play; h does not
      [expect.any(Number), 4, 6], // b, d, e, g play; c and f do not
    ]);
    const alone = await run(db, { metrics: 'views', aggby: 'timestamp', granularity: 'hour' });
    expect(alone.records.map((r) => r.views)).toEqual([2, 4]);
  });

  it('views takes the filter and the session-level qoefilter', async () => {
    const { records } = await run(db, { metrics: 'views', aggby: 'country', qoefilter: 'latency>2' });
    // own startup > 2 s: b (3), d (6), e (4); not a (1) or g (0.5)
    expect(by(records, 'country')).toEqual({
      US: { country: 'US', views: 1 },
      GB: { country: 'GB', views: 2 },
    });
    const filtered = await run(db, { metrics: 'views', filter: '[country=GB]' });
    expect(filtered.records).toEqual([{ views: 2 }]);
  });

  it('totalduration, cbrsize and cirrbufferingratio are session-level: a qoefilter tests each session', async () => {
    const big = await run(db, { metrics: 'attempts,cbrsize', aggby: 'country', qoefilter: 'cbrsize>1000' });
    expect(by(big.records, 'country')).toEqual({
      US: { country: 'US', attempts: 1, cbrsize: 1500 }, // b
      GB: { country: 'GB', attempts: 1, cbrsize: 2000 }, // d
    });
    const long = await run(db, {
      metrics: 'attempts',
      qoefilter: 'totalduration>=50 AND cirrbufferingratio>1',
    });
    expect(long.records).toEqual([{ attempts: 1 }]); // b: 50 min, 16.7 %; d: 50 min, 0 %
  });

  it('concurrency=1: totalduration and cbrsize pro rata inside the window', async () => {
    const { records } = await run(db, {
      metrics: 'totalduration,cbrsize,views',
      aggby: 'country',
      concurrency: 1,
    });
    const r = by(records, 'country');
    // US: a half inside P (600 of 1200 s): 5 min and 150 MB; b 50 min and 1500 MB; f, h 0
    expect(r.US).toMatchObject({ totalduration: 55, cbrsize: 1650, views: 2 });
    // GB: d 50 min, 2000 MB; e (running, inside to the period's end) 20 min, 500 MB
    expect(r.GB).toMatchObject({ totalduration: 70, cbrsize: 2500, views: 2 });
    // FR: g 200 of 300 s inside
    expect(r.FR!.totalduration).toBeCloseTo(10 / 3, 12);
    expect(r.FR!.cbrsize).toBeCloseTo(60, 9);
    expect(r.FR!.views).toBe(1);
  });
});

describe('per unique viewer', () => {
  // All ENDED inside P, in the US. u1 plays three times, u2 once, anonymous device d9 once;
  // u3 and anonymous d8 never show a frame.
  const play = (id: string, sub: string | null, dev: string, watchMin: number, startup: number | null) =>
    ({
      id,
      sub,
      dev,
      country: 'US',
      cdn: 'cdnA',
      status: 'ENDED',
      start: 100,
      end: 3000,
      startup,
      watch: watchMin * 60_000,
      rebuf: 0,
      rc: 0,
      cc: 0,
      bf: false,
    }) satisfies V2Session;
  let repeat: Engine;
  beforeAll(async () => {
    repeat = await openV2Dataset(
      [
        play('r1', 'u1', 'd1', 10, 1000),
        play('r2', 'u1', 'd1', 20, 1000),
        play('r3', 'u1', 'd2', 30, 1000),
        play('r4', 'u2', 'd3', 20, 1000),
        play('r5', null, 'd9', 10, 1000),
        play('r6', 'u3', 'd4', 0, null),
        play('r7', null, 'd8', 0, null),
      ],
      [],
    );
  });
  afterAll(async () => {
    await repeat.close();
  });

  it('playperunique = plays / unique viewers, playtimeperunique = playdur / unique viewers', async () => {
    const { records } = await run(repeat, {
      metrics: 'playperunique,playtimeperunique,uniquesubscribercount,users,viewercount,uniqueviewercount',
    });
    expect(records).toHaveLength(1);
    const [r] = records;
    expect(r).toMatchObject({
      viewercount: 5,
      uniqueviewercount: 3, // u1, u2, d9
      playtimeperunique: 30, // (10 + 20 + 30 + 20 + 10) min / 3
      uniquesubscribercount: 2, // u1, u2: u3 never played, d9 has no subscriber
      users: 3, // every subscriber, played or not
    });
    expect(r!.playperunique).toBeCloseTo(5 / 3, 12);
  });
});

describe('views, totalduration, cbrsize, cirrbufferingratio and the per-unique metrics', () => {
  let db: Engine;
  beforeAll(async () => {
    db = await openV2Dataset();
  });
  afterAll(() => db.close());

  const NEW =
    'views,totalduration,cbrsize,cirrbufferingratio,uniquesubscribercount,playperunique,playtimeperunique';
  const by = (records: Record<string, unknown>[]) => Object.fromEntries(records.map((r) => [r.country, r]));

  describe('the rest of the dictionary over the default population, by country', () => {
    it('US = {a, b, h}, GB = {c, d}; FR has only the active play g', async () => {
      const { records } = await run(db, { metrics: `attempts,bufferingratio,${NEW}`, aggby: 'country' });
      const r = by(records);
      expect(r.US).toEqual({
        country: 'US',
        attempts: 3,
        bufferingratio: 100 / 6,
        views: 2, // plays active in the window, any status: a, b (h and f never showed a frame)
        totalduration: 60, // (600 000 + 2 400 000 + 600 000) ms
        cbrsize: 1800, // 300 MB + 1500 MB
        cirrbufferingratio: 100 / 6, // 600 000 / 3 600 000, as bufferingratio
        uniquesubscribercount: 2, // u1, u2 among plays
        playperunique: 1, // 2 plays / 2 viewers
        playtimeperunique: 25, // 50 min / 2 viewers
      });
      expect(r.GB).toMatchObject({
        views: 2, // d, and e (RUNNING, active from 5000)
        totalduration: 50, // d: 3 000 000 ms; c: nothing
        cbrsize: 2000,
        cirrbufferingratio: 0,
        uniquesubscribercount: 0, // d is anonymous
        playperunique: 1, // 1 play / 1 viewer (device d3)
        playtimeperunique: 50,
      });
      expect(r.FR).toMatchObject({
        views: 1, // g: active from 7000, ends after the period
        totalduration: 0,
        cbrsize: 0,
        uniquesubscribercount: 0,
        playperunique: 0, // no viewer: 0, not a division by zero
        playtimeperunique: 0,
      });
    });

    it('with concurrency=1 counts time and bytes inside the period only', async () => {
      const { records } = await run(db, {
        metrics: 'views,totalduration,cbrsize',
        aggby: 'country',
        concurrency: 1,
        filter: '[country=US]',
      });
      // Active in [0, 7200): a (-600..600: half inside), b (inside), h (no play), f (LOADED, no play).
      expect(records).toEqual([{ country: 'US', views: 2, totalduration: 55, cbrsize: 1650 }]);
    });

    it('applies a session-level qoefilter to views and the session totals', async () => {
      const { records } = await run(db, {
        metrics: 'views,totalduration,cbrsize',
        qoefilter: 'totalduration>20',
        filter: '[country=US]',
      });
      // Each session's own totalduration: a 10 min, b 50 min, h 0 (and f, active, 0): only b.
      expect(records).toEqual([{ views: 1, totalduration: 50, cbrsize: 1500 }]);
    });
  });
});
