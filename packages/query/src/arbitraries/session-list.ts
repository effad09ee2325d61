// Generated session-list queries (`listsessions`): list fields of the catalogue in any order, a
// filter on the dimensions a list may filter, session-level qoefilter conditions, the population
// switches, orderby one of the requested fields. Every node passes `validate` without a problem.
import { filterAst, periodAst, qoeFilterAst } from '@playq/grammar/arbitraries';
import fc from 'fast-check';
import { dimensionInfo, isDimension, isMetric, metricInfo } from '../catalogue/catalogue';
import { DEFAULT_CATALOGUE } from '../catalogue/default-catalogue';
import { DEFAULT_LIMITS, type QueryLimits } from '../limits';
import { DEFAULT_LIMIT, DEFAULT_OFFSET, type QueryNode, type SortOrder } from '../model';
import { customerId } from './customer-id';
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
  const maybe = <T>(value: T) =>
    c.switches === false ? fc.constant(undefined) : fc.option(fc.constant(value), { nil: undefined });
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
      const maxClauses = dims.length > 0 ? (c.maxClauses ?? 3) : 0;
      const maxConditions = qoeMetrics.length > 0 ? (c.maxConditions ?? 3) : 0;
      const minTime = c.minTime ?? 0;
      const maxTime = c.maxTime ?? 4_102_444_800;
      const maxSpan = Math.max(1, Math.min(limits.maxPeriodSeconds, maxTime - minTime));
      return fc
        .record(
          {
            customerId: customerId(c),
            period: periodAst({ min: minTime, max: maxTime, maxSpan }),
            filter:
              maxClauses > 0
                ? filterAst({ dimensions: dims, maxClauses, maxValues: 3 }).map((f) => {
                    const seen = new Set<string>();
                    return {
                      ...f,
                      clauses: f.clauses.filter((cl) => !seen.has(cl.dimension) && seen.add(cl.dimension)),
                    };
                  })
                : fc.constant(undefined),
            qoefilter:
              maxConditions > 0
                ? qoeFilterAst({ metrics: qoeMetrics, maxConditions })
                : fc.constant(undefined),
            orderby: fc.constantFrom(...chosen),
            order: fc.constantFrom<SortOrder>('asc', 'desc'),
            limit: fc.oneof(fc.constant(DEFAULT_LIMIT), fc.integer({ min: 1, max: limits.maxLimit })),
            offset: fc.oneof(fc.constant(DEFAULT_OFFSET), fc.integer({ min: 0, max: 1_000_000 })),
            sessiontype: maybe('started' as const),
            allstatus: maybe(1 as const),
            businesserror: maybe(true as const),
          },
          { requiredKeys: ['customerId', 'period', 'limit', 'offset'] },
        )
        .map((r) => {
          const node: Record<string, unknown> = {
            type: 'query',
            endpoint: 'listsessions',
            customerId: r.customerId,
            period: r.period,
            metrics: chosen,
            aggby: [],
            limit: r.limit,
            offset: r.offset,
          };
          for (const k of ['sessiontype', 'allstatus', 'businesserror'] as const)
            if (r[k] !== undefined) node[k] = r[k];
          if (concurrency) node.concurrency = 1;
          if (r.filter !== undefined && r.filter.clauses.length > 0) node.filter = r.filter;
          if (r.qoefilter !== undefined) node.qoefilter = r.qoefilter;
          if (r.orderby !== undefined) node.orderby = r.orderby;
          if (r.orderby !== undefined && r.order !== undefined) node.order = r.order;
          return node as unknown as QueryNode;
        });
    });
}
