// The data span header: written as a period, read back exactly, anything else dropped without a
// throw; and the sentence said when an empty answer's period misses the data.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { formatDataSpan, MAX_EPOCH_SECONDS, missesSpan, outsideTheData, parseDataSpan } from '../src/index';

const span = fc
  .tuple(fc.integer({ min: 0, max: MAX_EPOCH_SECONDS }), fc.integer({ min: 0, max: MAX_EPOCH_SECONDS }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));

describe('the Playq-Data-Span header', () => {
  test.prop([span])('reads back what it wrote, and writes it as a period parameter', (s) => {
    const text = formatDataSpan(s);
    expect(text).toBe(`start=${s.start},end=${s.end}`);
    expect(parseDataSpan(text)).toEqual(s);
  });

  test.prop([fc.oneof(fc.string(), fc.constant(null), fc.constant(undefined))])(
    'never throws on any value, and what it reads is a span whose end is after its start',
    (value) => {
      const read = parseDataSpan(value);
      if (read !== undefined) {
        expect(read.end).toBeGreaterThan(read.start);
        expect(parseDataSpan(formatDataSpan(read))).toEqual(read);
      }
    },
  );

  it.each([
    ['start=20,end=10'],
    ['start=10,end=10'],
    ['start=10'],
    ['from=10,to=20'],
    ['start=-1,end=20'],
    [''],
  ])('drops %j rather than half-reading it', (value) => {
    expect(parseDataSpan(value)).toBeUndefined();
  });
});

describe('a period that misses the data', () => {
  test.prop([span, span])('misses exactly when no second lies in both', (period, data) => {
    const shared = Math.min(period.end, data.end) - Math.max(period.start, data.start);
    expect(missesSpan(period, data)).toBe(shared <= 0);
    expect(outsideTheData(period, data) === undefined).toBe(shared > 0);
  });

  it('says where the period and the data lie, in UTC date-times', () => {
    const data = { start: Date.UTC(2026, 10, 24) / 1000, end: Date.UTC(2026, 11, 1) / 1000 };
    const period = { start: Date.UTC(2026, 9, 1) / 1000, end: Date.UTC(2026, 9, 2) / 1000 };
    expect(outsideTheData(period, data)).toBe(
      'the period 2026-10-01T00:00:00Z to 2026-10-02T00:00:00Z lies outside the data, whose sessions start from 2026-11-24T00:00:00Z to 2026-11-30T23:59:59Z',
    );
    expect(outsideTheData({ start: data.end - 1, end: data.end + 3600 }, data)).toBeUndefined();
    expect(outsideTheData({ start: data.end, end: data.end + 3600 }, data)).toMatch(/lies outside the data/);
  });
});
