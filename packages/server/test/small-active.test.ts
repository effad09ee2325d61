// The small-data evaluator's active sessions (concurviewavg) on hand-made tables, at the edges
// random data seldom reaches: a session ending exactly at the window's start is not active, one
// not ended lasts to the window's end, and a session ending where it starts is active in its
// bucket unless that is a bucket's start (SQL's `end_ts - 1` falls in the bucket before).
import { describe, expect, it } from 'vitest';
import type { SmallPlan } from '../src/small/plan';
import { activeRows } from '../src/small/rows';
import type { SessionColumns, SmallTables } from '../src/small/tables';
import { activeByBucket } from '../src/small/totals';

const H = 3_600;

/** One customer's sessions as (start, end) pairs, ordered by end time (NaN, not ended, last). */
function tables(spans: readonly (readonly [number, number])[]): SmallTables {
  const n = spans.length;
  const open = spans.findIndex(([, end]) => Number.isNaN(end));
  const sessions = {
    count: n,
    cust: new Int32Array(n),
    codes: {},
    status: new Uint8Array(n),
    startTs: Float64Array.from(spans.map(([start]) => start)),
    endTs: Float64Array.from(spans.map(([, end]) => end)),
    ranges: new Map([[0, { from: 0, open: open < 0 ? n : open, to: n }]]),
  } as unknown as SessionColumns;
  return { sessions, codes: {} } as unknown as SmallTables;
}

const plan = (start: number, end: number, bucket?: number) =>
  ({
    customer: 0,
    start,
    end,
    dims: [],
    filter: [],
    sessionConditions: [],
    businesserror: false,
    ...(bucket === undefined ? {} : { bucket }),
  }) as unknown as SmallPlan;

describe('the active sessions of a window', () => {
  const t = tables([
    [0, 10 * H], // 0: ends exactly at the window's start: not active
    [5 * H, 10 * H + 1], // 1: ends a second into it
    [10 * H + 30, 10 * H + 30], // 2: ends where it starts, inside the first bucket
    [11 * H, 11 * H], // 3: ends where it starts, at a bucket's start: active, in no bucket
    [13 * H, 14 * H], // 4: starts at the window's end: not active
    [12 * H, 20 * H], // 5: ends after the window
    [9 * H, Number.NaN], // 6: not ended
    [14 * H, Number.NaN], // 7: not ended, starts after the window's end
  ]);
  const window = plan(10 * H, 13 * H, H);

  it('are those started before its end and ended after its start, or not ended', () => {
    expect([...activeRows(window, t)]).toEqual([1, 2, 3, 5, 6]);
  });

  it('count in each bucket they span, to the window end when not ended', () => {
    const rows = activeRows(window, t);
    // Buckets 10h, 11h, 12h: sessions 1, 2, 6 | 6 (3 is in none) | 5, 6.
    expect([...activeByBucket(t.sessions, rows, window, 10 * H, H, 3)]).toEqual([3, 1, 2]);
  });

  it('count right when every active session has ended (the last run of ends is added too)', () => {
    const ended = tables([
      [5 * H, 10 * H + 1], // bucket 10h
      [10 * H + 5, 11 * H + 5], // buckets 10h, 11h
      [11 * H, 12 * H + 10], // buckets 11h, 12h
    ]);
    const rows = activeRows(window, ended);
    expect([...rows]).toEqual([0, 1, 2]);
    expect([...activeByBucket(ended.sessions, rows, window, 10 * H, H, 3)]).toEqual([2, 2, 1]);
  });
});
