// What the playground's "Why?" asks: the form's query reduced to the one metric insights rank (the
// first that is better lower or higher) over the same population, without a breakdown.
import { metricDirection, type QueryNode } from '@playq/query';

/**
 * The query whose causes "Why?" looks for, or why there is none: a metricquery's first metric that
 * says which way is better, with the period, filter, qoefilter and switches kept and the
 * breakdown, order and paging dropped.
 *
 * @example
 * whyQuery(metricQuery('demo').last(1, 'day').metrics('attempts', 'bufferingratio').aggBy('cdn').toQuery());
 * // { ok: true, metric: 'bufferingratio', query: { …, metrics: ['bufferingratio'], aggby: [] } }
 */
export function whyQuery(
  node: QueryNode,
):
  | { readonly ok: true; readonly metric: string; readonly query: QueryNode }
  | { readonly ok: false; readonly reason: string } {
  if (node.endpoint !== 'metricquery')
    return { ok: false, reason: 'Why? looks for causes in a metric query' };
  const metric = node.metrics.find((m) => metricDirection(m) !== undefined);
  if (metric === undefined) {
    return { ok: false, reason: 'Why? needs a metric that is better lower or higher (counts are neither)' };
  }
  const { granularity: _g, orderby: _o, order: _d, ...rest } = node;
  return { ok: true, metric, query: { ...rest, metrics: [metric], aggby: [], offset: 0 } };
}
