// The small-data evaluator's distinct counts on hand-made groups: an anonymous viewer (counted by
// device) is never the same viewer as a subscriber whose code equals the device's, and each
// group counts afresh (the shared set of codes is cleared between counts).
import { describe, expect, it } from 'vitest';
import { type GroupRows, SESSION_AGGREGATES } from '../src/small/metrics';
import type { SessionColumns } from '../src/small/tables';

/** Sessions with these subscriber and device codes (-1: none), each with a first frame. */
function sessions(subscribers: number[], devices: number[]): SessionColumns {
  const n = subscribers.length;
  return {
    count: n,
    codes: { subscriberid: Int32Array.from(subscribers), device_id: Int32Array.from(devices) },
    startupMs: new Float64Array(n).fill(1000),
    watchMs: new Float64Array(n).fill(60_000),
  } as unknown as SessionColumns;
}

const group = (t: SessionColumns, rows: number[]): GroupRows => ({
  t,
  rows: Int32Array.from(rows),
  from: 0,
  to: rows.length,
});

describe('distinct counts of the small-data evaluator', () => {
  // Subscriber 3 on device 7, an anonymous session on device 3, and subscriber 3 again.
  const t = sessions([3, -1, 3], [7, 3, 9]);

  it('keeps an anonymous viewer apart from the subscriber whose code equals its device', () => {
    expect(SESSION_AGGREGATES.uniqueviewercount(group(t, [0, 1, 2]))).toBe(2);
    expect(SESSION_AGGREGATES.users(group(t, [0, 1, 2]))).toBe(1);
    expect(SESSION_AGGREGATES.unique_devices(group(t, [0, 1, 2]))).toBe(3);
    expect(SESSION_AGGREGATES.anonymous_viewers(group(t, [0, 1, 2]))).toBe(1);
    expect(SESSION_AGGREGATES.playperunique(group(t, [0, 1, 2]))).toBe(1.5);
  });

  it('keeps subscriber 0 a subscriber, and an anonymous device apart from subscriber codes of any sign', () => {
    // Subscriber 0 and an anonymous session both on device 3; subscriber 1; an anonymous device 0.
    const edge = sessions([0, -1, 1, -1], [3, 3, 9, 0]);
    expect(SESSION_AGGREGATES.uniqueviewercount(group(edge, [0, 1, 2, 3]))).toBe(4);
    expect(SESSION_AGGREGATES.uniqueviewercount(group(edge, [0, 1]))).toBe(2);
    expect(SESSION_AGGREGATES.uniqueviewercount(group(edge, [1, 2]))).toBe(2);
    expect(SESSION_AGGREGATES.uniqueviewercount(group(edge, [0, 3]))).toBe(2);
  });

  it('counts each group afresh', () => {
    expect(SESSION_AGGREGATES.uniqueviewercount(group(t, [0]))).toBe(1);
    expect(SESSION_AGGREGATES.uniqueviewercount(group(t, [2]))).toBe(1);
    expect(SESSION_AGGREGATES.uniqueviewercount(group(t, [1]))).toBe(1);
    expect(SESSION_AGGREGATES.uniqueviewercount(group(t, [1]))).toBe(1);
  });

  it('counts codes beyond any seen before (the set grows)', () => {
    const wide = sessions([5_000_000, -1, 5_000_000, 12], [1, 3_000_000, 2, 3]);
    expect(SESSION_AGGREGATES.uniqueviewercount(group(wide, [0, 1, 2, 3]))).toBe(3);
    expect(SESSION_AGGREGATES.unique_devices(group(wide, [0, 1, 2, 3]))).toBe(4);
  });
});
