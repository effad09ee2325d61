// The contract's shape rules offered for one query and one answer, for users who test code that
// produces or transforms answers (a proxy, a cache, a fake) rather than a whole deployment.
import { type AnyCatalogue, bucketSeconds, isTimeSeries, type QueryNode } from '@playq/query';
import { type EnvelopeExpectation, envelopeFindings } from './shape-rules';
import type { Finding } from './types';

/** @internal What a valid query node says its answer must look like. */
export function expectationOf(query: QueryNode, catalogue?: AnyCatalogue): EnvelopeExpectation {
  const period =
    query.period?.type === 'period' ? { start: query.period.start, end: query.period.end } : undefined;
  const series = isTimeSeries(query);
  return {
    endpoint: query.endpoint,
    metrics: query.metrics,
    aggby: query.aggby,
    limit: query.limit,
    offset: query.offset,
    ...(query.agg !== undefined ? { agg: query.agg } : {}),
    ...(series && period ? { bucketSeconds: bucketSeconds(query) } : {}),
    ...(period ? { period } : {}),
    ...(catalogue ? { catalogue } : {}),
  };
}

/**
 * Judge an answer against the query that asked for it, with the same rules as `checkContract`:
 * envelope fields and counts, paging arithmetic, record keys and value types, `totalpages`.
 * Returns findings (empty when the answer is well-formed); `basis: 'spec'` ones break the
 * specification, `basis: 'design'` ones only playq's choices.
 *
 * @example
 * const q = metricQuery('demo').period({ start: 0, end: 3600 }).metrics('viewercount').aggBy('country').toQuery();
 * validateEnvelope(q, { totalcount: 1, pagecount: 1, totalrecords: 1, response: [{ viewercount: 4, country: 'US' }] });
 * // => []
 * // A deployment with its own names passes its catalogue, so its metrics are judged as numbers:
 * validateEnvelope(q, body, { catalogue: mine });
 */
export function validateEnvelope(
  query: QueryNode,
  body: unknown,
  options: { readonly catalogue?: AnyCatalogue } = {},
): readonly Finding[] {
  return envelopeFindings(body, expectationOf(query, options.catalogue));
}
