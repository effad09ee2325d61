// The ranking of insights as a pure function of the answers: each value's share of the
// population, how much worse than overall it is in the metric's bad direction, and their product,
// the negative impact (docs/client.md, "Insights"). Values below the minimum support are left out.

/** The overall value of the metric and the population size (attempts). */
export interface OverallValue {
  readonly value: number;
  readonly attempts: number;
}

/** One value of one candidate dimension, as a breakdown answered it. */
export interface BreakdownValue {
  readonly dimension: string;
  readonly value: string;
  readonly metricValue: number;
  readonly attempts: number;
}

export interface RankOptions {
  readonly better: 'lower' | 'higher';
  /** Compare the metric per attempt (for a metric that adds up over groups: a count or a sum). */
  readonly perAttempt: boolean;
  /** Values with fewer attempts are left out. */
  readonly minAttempts: number;
  /** Values with a smaller share of the attempts are left out (0..1). */
  readonly minShare: number;
  /** Dimension order, for ties (default: by name). */
  readonly dimensions?: readonly string[];
}

/** A value that drags the metric down, with the figures of its ranking. */
export interface RankedValue extends BreakdownValue {
  /** The metric over the whole population. */
  readonly overallValue: number;
  /** attempts / overall attempts, 0..1. */
  readonly share: number;
  /** How much worse than overall, in the metric's unit (per attempt when compared per attempt); > 0. */
  readonly worse: number;
  /** share × worse; > 0. */
  readonly impact: number;
}

/**
 * The values with a positive negative impact and at least the minimum support, highest impact
 * first; ties by dimension order, then by value.
 *
 * @example
 * rankValues({ value: 2, attempts: 100 }, [{ dimension: 'cdn', value: 'a', metricValue: 6, attempts: 50 }],
 *   { better: 'lower', perAttempt: false, minAttempts: 30, minShare: 0.005 });
 * // [{ dimension: 'cdn', value: 'a', share: 0.5, worse: 4, impact: 2, ... }]
 */
export function rankValues(
  overall: OverallValue,
  values: readonly BreakdownValue[],
  options: RankOptions,
): RankedValue[] {
  if (!(overall.attempts > 0)) return [];
  const basis = (metric: number, attempts: number) => (options.perAttempt ? metric / attempts : metric);
  const overallBasis = basis(overall.value, overall.attempts);
  const ranked: RankedValue[] = [];
  for (const v of values) {
    const share = v.attempts / overall.attempts;
    if (!(v.attempts > 0) || v.attempts < options.minAttempts || share < options.minShare) continue;
    const difference = basis(v.metricValue, v.attempts) - overallBasis;
    const worse = options.better === 'lower' ? difference : -difference;
    const impact = share * worse;
    if (!(impact > 0) || !Number.isFinite(impact)) continue;
    ranked.push({ ...v, overallValue: overall.value, share, worse, impact });
  }
  const order = options.dimensions ?? [];
  const rank = (d: string) => {
    const i = order.indexOf(d);
    return i < 0 ? order.length : i;
  };
  return ranked.sort(
    (a, b) =>
      b.impact - a.impact ||
      rank(a.dimension) - rank(b.dimension) ||
      compareText(a.dimension, b.dimension) ||
      compareText(a.value, b.value),
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
