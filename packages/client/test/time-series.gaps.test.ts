// fillTimeSeries edge cases: a missing period, the exact bucket limit, records outside the
// period on either side, and which fields count as metrics when filling a gap.
import { describe, expect, it } from 'vitest';
import { type FillTimeSeriesOptions, fillTimeSeries } from '../src/index';

const H = 3600;

/** The error a call throws, as [class is RangeError, message]. */
function thrown(fn: () => unknown): [boolean, string] {
  try {
    fn();
  } catch (e) {
    return [e instanceof RangeError, (e as Error).message];
  }
  throw new Error('did not throw');
}

describe('fillTimeSeries periods', () => {
  it('refuses a missing period with the RangeError, not a TypeError', () => {
    const options = { granularity: 'hour' } as unknown as FillTimeSeriesOptions<{ timestamp: number }>;
    expect(thrown(() => fillTimeSeries([], options))).toStrictEqual([
      true,
      '@playq/client: fillTimeSeries() needs a period of integer epoch seconds with start < end',
    ]);
  });

  // Building a million records takes about a second: a longer timeout allows for a busy machine.
  it('allows exactly one million buckets and refuses one more', () => {
    const out = fillTimeSeries([], {
      period: { start: 0, end: 1_000_000 * 60 },
      granularity: 'minute',
      metrics: [],
    });
    expect(out.length).toBe(1_000_000);
    expect(out[999_999]).toStrictEqual({ timestamp: new Date(999_999 * 60_000) });
    expect(
      thrown(() =>
        fillTimeSeries([], { period: { start: 0, end: 1_000_000 * 60 + 1 }, granularity: 'minute' }),
      ),
    ).toStrictEqual([
      true,
      '@playq/client: fillTimeSeries() would make 1000001 minute buckets (at most 1000000); is the period in seconds?',
    ]);
  }, 15_000);
});

describe('fillTimeSeries records', () => {
  const period = { start: 2 * H, end: 4 * H };

  it('refuses a missing record with the RangeError, not a TypeError', () => {
    const records = [null] as unknown as { timestamp: number }[];
    expect(thrown(() => fillTimeSeries(records, { period, granularity: 'hour' }))).toStrictEqual([
      true,
      '@playq/client: fillTimeSeries() record 0 has timestamp undefined, not a hour bucket start inside the period',
    ]);
  });

  it('refuses a bucket start before the first bucket of the period', () => {
    expect(
      thrown(() => fillTimeSeries([{ errors: 1, timestamp: H }], { period, granularity: 'hour' })),
    ).toStrictEqual([
      true,
      '@playq/client: fillTimeSeries() record 0 has timestamp 3600, not a hour bucket start inside the period',
    ]);
  });

  it('refuses a record at the end of the period, which is excluded', () => {
    expect(
      thrown(() =>
        fillTimeSeries(
          [
            { errors: 1, timestamp: 2 * H },
            { errors: 2, timestamp: 4 * H },
          ],
          { period, granularity: 'hour' },
        ),
      ),
    ).toStrictEqual([
      true,
      '@playq/client: fillTimeSeries() record 1 has timestamp 14400, not a hour bucket start inside the period',
    ]);
  });
});

describe('fillTimeSeries metrics', () => {
  it('fills only the numeric fields, never dimensions, totalpages or the timestamp', () => {
    const out = fillTimeSeries([{ timestamp: 0, country: 'US', totalpages: 3, errors: 5, latency: 1.5 }], {
      period: { start: 0, end: 2 * H },
      granularity: 'hour',
    });
    expect(out).toStrictEqual([
      { timestamp: new Date(0), country: 'US', totalpages: 3, errors: 5, latency: 1.5 },
      { errors: 0, latency: 0, timestamp: new Date(H * 1000) },
    ]);
    // A filled bucket holds the metrics, then the timestamp (as its JSON shows).
    expect(JSON.stringify(out[1])).toBe('{"errors":0,"latency":0,"timestamp":"1970-01-01T01:00:00.000Z"}');
  });
});
