// The plain queries insights and overall values are made of: the same population (period,
// switches, filter, qoefilter) without a breakdown, or broken down by one candidate dimension.
import { DEFAULT_LIMITS, type QueryNode } from '@playq/query';

/** The metric that measures a population: its sessions, the play attempts. @internal */
export const POPULATION = 'attempts';

/** The query's population as one total: no aggby, granularity, order or paging. @internal */
export function overallQuery(node: QueryNode, metrics: readonly string[] = node.metrics): QueryNode {
  const { granularity: _g, orderby: _o, order: _d, ...rest } = node;
  return { ...rest, metrics: [...new Set(metrics)], aggby: [], limit: 1, offset: 0 };
}

/**
 * The query broken down by one dimension, the values with the most attempts first, `limit` of
 * them: with a minimum share s, at most 1/s values can qualify, so `ceil(1/s)` records hold them
 * all. @internal
 */
export function breakdownQuery(node: QueryNode, metric: string, dimension: string, limit: number): QueryNode {
  return {
    ...overallQuery(node, [metric, POPULATION]),
    aggby: [dimension],
    orderby: POPULATION,
    order: 'desc',
    limit,
  };
}

/** The page size that holds every value of at least `minShare` of the attempts. @internal */
export function breakdownLimit(minShare: number): number {
  const max = DEFAULT_LIMITS.maxLimit;
  return minShare > 0 ? Math.min(max, Math.ceil(1 / minShare)) : max;
}
