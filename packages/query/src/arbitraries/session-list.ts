// Generated session-list queries (`listsessions`): list fields of the catalogue in any order, a
// filter on the dimensions a list may filter, session-level qoefilter conditions, the population
// switches, orderby one of the requested fields. Every node passes `validate` without a problem.
import fc from 'fast-check';
import { dimensionInfo, isDimension, isMetric, metricInfo } from '../catalogue/catalogue';
import { DEFAULT_CATALOGUE } from '../catalogue/default-catalogue';
import { DEFAULT_LIMITS, type QueryLimits } from '../limits';
import type { QueryNode } from '../model';
import { commonParts, nodeOf, REQUIRED_PARTS } from './common-parts';
import type { QueryNodeConstraints } from './index';

/**
 * A valid session-list query node (`listsessions`) over the catalogue's list fields.
 *
 * @example
 * fc.assert(fc.property(sessionListNode(), (q) => validate(q).length === 0));
 */
export function sessionListNode(c: QueryNodeConstraints = {}): fc.Arbitrary<QueryNode> {
  const cat = c.catalogue ?? DEFAULT_CATALOGUE;
  const limits: QueryLimits = { ...DEFAULT_LIMITS, ...c.limits };
  const fields: string[] = [...cat.listFieldNames];
  if (fields.length === 0) return fc.constant(undefined).filter(() => false) as never;
  const dims = fields.filter((n) => isDimension(n, cat) && !dimensionInfo(cat, n).restricted);
  return fc
    .tuple(
      fc.shuffledSubarray(fields, { minLength: 1 }),
      c.switches === false ? fc.constant(false) : fc.boolean(),
    )
    .chain(([chosen, concurrent]) => {
      const metrics = chosen.filter((n) => isMetric(n, cat));
      const concurrency = concurrent && metrics.every((m) => metricInfo(cat, m).concurrency);
      const qoeMetrics = (cat.metricNames as string[]).filter((m) => {
        const info = metricInfo(cat, m);
        return info.level === 'session' && (!concurrency || info.concurrency);
      });
      const bounds = { dims, qoeMetrics, maxSpan: Infinity, limits, concurrency };
      return fc
        .record(
          { ...commonParts(c, bounds), orderby: fc.constantFrom(...chosen) },
          { requiredKeys: [...REQUIRED_PARTS] },
        )
        .map((r) => nodeOf({ endpoint: 'listsessions', metrics: chosen, aggby: [] }, r));
    });
}
