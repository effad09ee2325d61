// The ranking of insights and the join of compare as pure functions, on arbitrary breakdowns and
// record sets: exactly the supported values with a positive impact are ranked, highest first, each
// impact being share × worse; scaling the population or flipping the direction changes nothing it
// should not; a single bad session never ranks; every record of either period is joined once.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { PlayqRecord } from '../src/index';
import { joinPeriods } from '../src/insights/compare';
import { type BreakdownValue, type RankOptions, rankValues } from '../src/insights/impact';
import { breakdownLimit } from '../src/insights/population-queries';

const valueArb = fc.record({
  dimension: fc.constantFrom('cdn', 'country', 'player'),
  value: fc.string({ minLength: 1, maxLength: 3 }),
  metricValue: fc.double({ min: 0, max: 100, noNaN: true }),
  attempts: fc.nat({ max: 5000 }),
});
// Distinct (dimension, value) pairs, as one breakdown per dimension gives them.
const breakdownArb = fc.uniqueArray(valueArb, {
  selector: (v) => `${v.dimension}\u0000${v.value}`,
  maxLength: 30,
});
const overallArb = fc.record({
  value: fc.double({ min: 0, max: 100, noNaN: true }),
  attempts: fc.integer({ min: 0, max: 100_000 }),
});
const optionsArb: fc.Arbitrary<RankOptions> = fc.record({
  better: fc.constantFrom('lower' as const, 'higher' as const),
  perAttempt: fc.boolean(),
  minAttempts: fc.nat({ max: 100 }),
  minShare: fc.constantFrom(0, 0.005, 0.05),
});

const key = (v: { dimension: string; value: string }) => `${v.dimension}=${v.value}`;

describe('rankValues', () => {
  test.prop([overallArb, breakdownArb, optionsArb])(
    'ranks exactly the supported values that are worse than overall, highest impact first',
    (overall, values, options) => {
      const ranked = rankValues(overall, values, options);
      const basis = (m: number, a: number) => (options.perAttempt ? m / a : m);
      const expected = values.filter((v) => {
        if (overall.attempts === 0 || v.attempts === 0) return false;
        const share = v.attempts / overall.attempts;
        const d = basis(v.metricValue, v.attempts) - basis(overall.value, overall.attempts);
        const impact = share * (options.better === 'lower' ? d : -d);
        return v.attempts >= options.minAttempts && share >= options.minShare && impact > 0;
      });
      expect(ranked.map(key).sort()).toEqual(expected.map(key).sort());
      for (const [i, r] of ranked.entries()) {
        expect(r.share).toBe(r.attempts / overall.attempts);
        expect(r.impact).toBe(r.share * r.worse);
        expect(r.impact).toBeGreaterThan(0);
        expect(r.overallValue).toBe(overall.value);
        if (i > 0) expect(ranked[i - 1]!.impact).toBeGreaterThanOrEqual(r.impact);
      }
    },
  );

  test.prop([overallArb, breakdownArb, optionsArb, fc.integer({ min: 2, max: 50 })])(
    'gives the same shares and order when every attempt count is scaled',
    (overall, values, options, k) => {
      const free = { ...options, minAttempts: 0, perAttempt: false };
      const scaled = values.map((v) => ({ ...v, attempts: v.attempts * k }));
      const a = rankValues(overall, values, free);
      const b = rankValues({ ...overall, attempts: overall.attempts * k }, scaled, free);
      expect(b.map(key)).toEqual(a.map(key));
      for (const [i, r] of b.entries()) expect(r.share).toBeCloseTo(a[i]!.share, 12);
    },
  );

  test.prop([overallArb, breakdownArb, optionsArb])(
    'ranks the same values when the metric is negated and the direction flipped',
    (overall, values, options) => {
      const plain = { ...options, perAttempt: false };
      const flipped = {
        ...plain,
        better: plain.better === 'lower' ? ('higher' as const) : ('lower' as const),
      };
      const negated = values.map((v) => ({ ...v, metricValue: -v.metricValue }));
      const a = rankValues(overall, values, plain);
      const b = rankValues({ ...overall, value: -overall.value }, negated, flipped);
      expect(b.map((r) => [key(r), r.impact])).toEqual(a.map((r) => [key(r), r.impact]));
    },
  );

  test.prop([overallArb, breakdownArb, fc.double({ min: 1e3, max: 1e12, noNaN: true })])(
    'never ranks a value of one session, however bad, with the default support',
    (overall, values, awful) => {
      const one: BreakdownValue = { dimension: 'player', value: 'solo', metricValue: awful, attempts: 1 };
      const ranked = rankValues(overall, [...values, one], {
        better: 'lower',
        perAttempt: false,
        minAttempts: 30,
        minShare: 0.005,
      });
      expect(ranked.map(key)).not.toContain('player=solo');
    },
  );

  it('ranks nothing in an empty population, and breaks ties by dimension order then value', () => {
    const v = (dimension: string, value: string): BreakdownValue => ({
      dimension,
      value,
      metricValue: 4,
      attempts: 50,
    });
    const options = { better: 'lower', perAttempt: false, minAttempts: 30, minShare: 0 } as const;
    expect(rankValues({ value: 0, attempts: 0 }, [v('cdn', 'a')], options)).toEqual([]);
    const tied = rankValues({ value: 2, attempts: 200 }, [v('cdn', 'b'), v('country', 'z'), v('cdn', 'a')], {
      ...options,
      dimensions: ['country', 'cdn'],
    });
    expect(tied.map(key)).toEqual(['country=z', 'cdn=a', 'cdn=b']);
    expect(tied[0]).toMatchObject({ share: 0.25, worse: 2, impact: 0.5 });
  });

  test.prop([fc.double({ min: 0.0001, max: 1, noNaN: true })])(
    'asks breakdowns for as many values as can each hold the minimum share',
    (minShare) => {
      const limit = breakdownLimit(minShare);
      expect(limit).toBeLessThanOrEqual(10_000);
      expect(Math.min(10_000, Math.floor(1 / minShare))).toBeLessThanOrEqual(limit);
    },
  );
});

const groupArb = fc.uniqueArray(fc.constantFrom<string>('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 6 });
const recordsOf = (groups: readonly string[], seed: number): PlayqRecord[] =>
  groups.map((cdn, i) => ({ cdn, errors: (seed * 7 + i * 3) % 11 }));

describe('joinPeriods', () => {
  const shape = {
    metrics: ['errors'],
    aggby: ['cdn'],
    period: { start: 100, end: 200 },
    otherPeriod: { start: 0, end: 100 },
  };

  test.prop([groupArb, groupArb, fc.nat(20)])(
    'joins every group of either period once, marked by where it was found',
    (mine, theirs, seed) => {
      const current = recordsOf(mine, seed);
      const other = recordsOf(theirs, seed + 1);
      const joined = joinPeriods(current, other, shape);
      const groups = joined.map((r) => String(r.current.cdn));
      expect([...groups].sort()).toEqual([...new Set([...mine, ...theirs])].sort());
      expect(groups.slice(0, mine.length)).toEqual(mine);
      for (const r of joined) {
        const cdn = String(r.current.cdn);
        expect(r.other.cdn).toBe(cdn);
        const where = mine.includes(cdn) ? (theirs.includes(cdn) ? 'both' : 'current') : 'other';
        expect(r.presentIn).toBe(where);
        const a = Number(current.find((c) => c.cdn === cdn)?.errors ?? 0);
        const b = Number(other.find((c) => c.cdn === cdn)?.errors ?? 0);
        expect([r.current.errors, r.other.errors, r.change.errors]).toEqual([a, b, a - b]);
        expect(r.relativeChange.errors).toBe(b === 0 ? (a === 0 ? 0 : null) : (a - b) / b);
      }
    },
  );

  it('matches time-series buckets by their offset in the period', () => {
    const series = { ...shape, aggby: ['timestamp'] };
    const joined = joinPeriods(
      [
        { timestamp: 100, errors: 3 },
        { timestamp: 150, errors: 1 },
      ],
      [{ timestamp: 0, errors: 2 }],
      series,
    );
    expect(joined).toEqual([
      {
        current: { timestamp: 100, errors: 3 },
        other: { timestamp: 0, errors: 2 },
        change: { errors: 1 },
        relativeChange: { errors: 0.5 },
        presentIn: 'both',
      },
      {
        current: { timestamp: 150, errors: 1 },
        other: { timestamp: 50, errors: 0 },
        change: { errors: 1 },
        relativeChange: { errors: null },
        presentIn: 'current',
      },
    ]);
  });
});
