// concurrency=1 counts each active session's time and bytes pro rata, in whole milliseconds and
// bytes (half up), so sums are exact and every engine gives the same digits. Hand-computed answers
// on sessions straddling the window's edges, where the shares are fractions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { openV2Dataset, run, SESSIONS, T0, type V2Session } from './v2-fixture';

const session = (id: string, start: number, end: number | null, watch: number, rebuf: number): V2Session => ({
  ...SESSIONS[0]!,
  id,
  status: end === null ? 'RUNNING' : 'ENDED',
  start,
  end,
  watch,
  rebuf,
});

// Window [T0, T0 + 7200). The share of each duration inside it: a 1 of 2 s, b 1 of 3 s, d 1 of 3 s
// (at the window's end), e open since 1 s before the start (it lasts to the end: 7200 of 7201 s);
// g, of zero length inside the window, counts whole.
// (The ids are the fixture's a, b, d, e and g for their bytes: 300, 1,500, 2,000, 500 and 90 MB.)
const EDGES = [
  session('a', -1, 1, 3, 5), // 1.5 -> 2, 2.5 -> 3; 150,000,000 bytes
  session('b', -2, 1, 1, 2), // 0.33 -> 0, 0.67 -> 1; 500,000,000
  session('d', 7199, 7202, 300_000, 0), // 99,999.99999999999 in doubles -> 100,000; 666,666,666.67 -> 666,666,667
  session('e', -1, null, 7201, 1), // 7201 * 7200/7201 -> 7200, 0.99986 -> 1; 499,930,565.199 -> 499,930,565
  session('g', 100, 100, 60_000, 7), // whole: 60,000 and 7; 90,000,000
];

let db: Engine;
beforeAll(async () => {
  db = await openV2Dataset(EDGES, []);
});
afterAll(async () => {
  await db.close();
});

describe('concurrency=1 pro rata', () => {
  it('counts time in whole milliseconds per session, half up', async () => {
    const { records } = await run(db, { metrics: 'playdur,totalduration,attempts', concurrency: 1 });
    const watch = 2 + 0 + 100_000 + 7200 + 60_000;
    const rebuffer = 3 + 1 + 0 + 1 + 7;
    expect(records).toEqual([
      { playdur: watch / 60_000, totalduration: (watch + rebuffer) / 60_000, attempts: 5 },
    ]);
  });

  it('counts bytes in whole bytes per session, half up, and a ratio of the whole parts', async () => {
    const { records } = await run(db, {
      metrics: 'cbrsize,bufferingratio',
      aggby: 'country',
      concurrency: 1,
    });
    const bytes = 150_000_000 + 500_000_000 + 666_666_667 + 499_930_565 + 90_000_000;
    const watch = 2 + 0 + 100_000 + 7200 + 60_000;
    const rebuffer = 3 + 1 + 0 + 1 + 7;
    expect(records).toEqual([
      { cbrsize: bytes / 1_000_000, bufferingratio: (100 * rebuffer) / (watch + rebuffer), country: 'US' },
    ]);
  });

  it('counts a session inside the window whole, and one at its edge by its share, by the hour', async () => {
    const { records } = await run(db, {
      metrics: 'playdur',
      aggby: 'timestamp',
      granularity: 'hour',
      concurrency: 1,
    });
    // a, b, g and e's first hour (3600 of 7201 s: 7201 * 3600/7201 -> 3600) in the first; d's
    // third and e's second hour (3600) in the second.
    expect(records).toEqual([
      { timestamp: T0, playdur: (2 + 0 + 60_000 + 3600) / 60_000 },
      { timestamp: T0 + 3600, playdur: (100_000 + 3600) / 60_000 },
    ]);
  });
});
