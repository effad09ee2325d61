// fillTimeSeries: one record per bucket of the period, in order, timestamps as Dates, gaps
// filled as asked, and clear errors for records that cannot belong to the series.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type FillTimeSeriesOptions, fillTimeSeries } from '../src/index';

const H = 3600;

describe('fillTimeSeries', () => {
  it('fills missing hours with 0 and converts timestamps', () => {
    const records = [
      { errors: 3, latency: 1.5, timestamp: 2 * H },
      { errors: 1, latency: 0.5, timestamp: 0 },
    ];
    const out = fillTimeSeries(records, { period: { start: 0, end: 4 * H }, granularity: 'hour' });
    expect(out).toEqual([
      { errors: 1, latency: 0.5, timestamp: new Date(0) },
      { errors: 0, latency: 0, timestamp: new Date(H * 1000) },
      { errors: 3, latency: 1.5, timestamp: new Date(2 * H * 1000) },
      { errors: 0, latency: 0, timestamp: new Date(3 * H * 1000) },
    ]);
  });

  it('aligns the first bucket to the granularity and keeps the last partial one', () => {
    const out = fillTimeSeries([], {
      period: { start: 90, end: 200 },
      granularity: 'minute',
      metrics: ['errors'],
    });
    expect(out.map((r) => r.timestamp.getTime() / 1000)).toEqual([60, 120, 180]);
    expect(out[0]).toEqual({ errors: 0, timestamp: new Date(60_000) });
  });

  it('fills with null or with a function of the bucket', () => {
    const nulls = fillTimeSeries([{ errors: 2, timestamp: 0 }], {
      period: { start: 0, end: 2 * 86400 },
      granularity: 'day',
      fill: null,
    });
    expect(nulls[1]).toEqual({ errors: null, timestamp: new Date(86400_000) });
    const fn = fillTimeSeries([{ errors: 2, timestamp: 0 }], {
      period: { start: 0, end: 2 * H },
      granularity: 'hour',
      fill: (t) => ({ errors: t.getUTCHours() * 10 }),
    });
    expect(fn[1]).toEqual({ errors: 10, timestamp: new Date(H * 1000) });
  });

  it('fills nothing but the timestamp when it cannot know the metrics', () => {
    expect(fillTimeSeries([], { period: { start: 0, end: H }, granularity: 'hour' })).toEqual([
      { timestamp: new Date(0) },
    ]);
  });

  it.each([
    [{ start: 10, end: 10 }, 'hour', /start < end/],
    [{ start: 0.5, end: 10 }, 'hour', /integer epoch seconds/],
    [{ start: 0, end: 1e12 }, 'minute', /buckets \(at most 1000000\); is the period in seconds\?/],
  ] as const)('refuses period %o', (period, granularity, message) => {
    expect(() => fillTimeSeries([], { period, granularity })).toThrow(message);
  });

  it.each([
    [[{ errors: 1, timestamp: 30 }], /record 0 has timestamp 30, not a hour bucket start inside the period/],
    [[{ errors: 1, timestamp: 10 * H }], /record 0 has timestamp 36000/],
    [
      [
        { errors: 1, timestamp: 0 },
        { errors: 2, timestamp: 0 },
      ],
      /bucket 0 twice/,
    ],
  ])('refuses records %o', (records, message) => {
    expect(() => fillTimeSeries(records, { period: { start: 0, end: 4 * H }, granularity: 'hour' })).toThrow(
      message,
    );
  });

  test.prop([
    fc.uniqueArray(fc.integer({ min: 0, max: 47 }), { maxLength: 48 }),
    fc.integer({ min: 1, max: 48 }),
  ])('yields exactly one record per bucket and keeps every record', (hours, span) => {
    const inside = hours.filter((h) => h < span);
    const records = inside.map((h) => ({ errors: h + 1, timestamp: h * H }));
    const out = fillTimeSeries(records, {
      period: { start: 0, end: span * H },
      granularity: 'hour',
      metrics: ['errors'],
    });
    expect(out).toHaveLength(span);
    expect(out.filter((r) => r.errors !== 0)).toHaveLength(inside.length);
    out.forEach((r, i) => {
      expect(r.timestamp.getTime()).toBe(i * H * 1000);
    });
  });
});

describe('more cases', () => {
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
});
