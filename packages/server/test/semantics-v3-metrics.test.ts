// Hand-computed answers for the rest of the vendor's dictionary (docs/catalogue.md): views,
// totalduration, cbrsize, cirrbufferingratio, uniquesubscribercount, playperunique and
// playtimeperunique, over the v2 fixture's sessions (v2-fixture.ts; times in seconds after T0).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { openV2Dataset, run } from './v2-fixture';

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
