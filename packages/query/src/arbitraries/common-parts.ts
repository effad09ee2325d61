// What every generated query node draws the same way, whatever its endpoint: the customer, a
// period within a span, a filter with one clause per dimension, qoefilter conditions, limit and
// offset, the population switches; and the node made of the drawn parts, in the builder's order.
import { filterAst, periodAst, qoeFilterAst } from '@playq/grammar/arbitraries';
import fc from 'fast-check';
import type { QueryLimits } from '../limits';
import {
  type AggMode,
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  type Endpoint,
  type Granularity,
  type QueryNode,
  type SortOrder,
} from '../model';
import { customerId } from './customer-id';
import type { QueryNodeConstraints } from './index';

/** What bounds the common parts of one node. @internal */
export interface PartBounds {
  /** Dimensions a filter clause may name. */
  readonly dims: readonly string[];
  /** Metrics a qoefilter condition may name. */
  readonly qoeMetrics: readonly string[];
  /** The longest period, in seconds (before the constraints' own time window). */
  readonly maxSpan: number;
  readonly limits: QueryLimits;
  /** Whether the node is in concurrency mode. */
  readonly concurrency: boolean;
}

/** The drawn parts of a query node. @internal */
export interface DrawnParts {
  readonly customerId: string;
  readonly period: unknown;
  readonly filter?: { readonly clauses: readonly unknown[] } | undefined;
  readonly qoefilter?: unknown;
  readonly orderby?: string | undefined;
  readonly order?: SortOrder | undefined;
  readonly limit: number;
  readonly offset: number;
  readonly planlevel?: string | undefined;
  readonly switches: Readonly<Record<string, unknown>>;
}

/** The parts of `commonParts` every node has (the others are drawn or left out). @internal */
export const REQUIRED_PARTS = ['customerId', 'period', 'limit', 'offset', 'switches'] as const;

/** The parts every endpoint draws alike, as the fields of an `fc.record`. @internal */
export function commonParts(c: QueryNodeConstraints, b: PartBounds) {
  const minTime = c.minTime ?? 0;
  const maxTime = c.maxTime ?? 4_102_444_800;
  const maxSpan = Math.max(1, Math.min(b.limits.maxPeriodSeconds, b.maxSpan, maxTime - minTime));
  const maxClauses = b.dims.length > 0 ? (c.maxClauses ?? 3) : 0;
  const maxConditions = b.qoeMetrics.length > 0 ? (c.maxConditions ?? 3) : 0;
  return {
    customerId: customerId(c),
    period: periodAst({ min: minTime, max: maxTime, maxSpan }),
    filter:
      maxClauses > 0
        ? filterAst({ dimensions: b.dims, maxClauses, maxValues: 3 }).map((f) => {
            // One clause per dimension: repeats are legal but draw a warning.
            const seen = new Set<string>();
            return {
              ...f,
              clauses: f.clauses.filter((cl) => !seen.has(cl.dimension) && seen.add(cl.dimension)),
            };
          })
        : fc.constant(undefined),
    qoefilter:
      maxConditions > 0 ? qoeFilterAst({ metrics: b.qoeMetrics, maxConditions }) : fc.constant(undefined),
    order: fc.constantFrom<SortOrder>('asc', 'desc'),
    limit: fc.oneof(fc.constant(DEFAULT_LIMIT), fc.integer({ min: 1, max: b.limits.maxLimit })),
    offset: fc.oneof(fc.constant(DEFAULT_OFFSET), fc.integer({ min: 0, max: 1_000_000 })),
    switches: switches(b.concurrency, c),
  };
}

/** The four switches of the vendor's docs, each absent (the default) or set. */
function switches(concurrency: boolean, c: QueryNodeConstraints) {
  const maybe = <T>(value: T) =>
    c.switches === false ? fc.constant(undefined) : fc.option(fc.constant(value), { nil: undefined });
  return fc.record({
    sessiontype: maybe('started' as const),
    allstatus: maybe(1 as const),
    concurrency: concurrency ? fc.constant(1 as const) : fc.constant(undefined),
    businesserror: maybe(true as const),
  });
}

/** What a node has beside its drawn parts. @internal */
export interface NodeHead {
  readonly endpoint: Endpoint;
  readonly metrics: readonly string[];
  readonly aggby: readonly string[];
  readonly granularity?: Granularity | undefined;
  readonly agg?: AggMode | undefined;
}

/** The query node of drawn parts: only what is set, in the builder's order. @internal */
export function nodeOf(head: NodeHead, r: DrawnParts): QueryNode {
  const node: Record<string, unknown> = {
    type: 'query',
    endpoint: head.endpoint,
    customerId: r.customerId,
    period: r.period,
    metrics: head.metrics,
    aggby: head.aggby,
    limit: r.limit,
    offset: r.offset,
  };
  if (head.granularity !== undefined) node.granularity = head.granularity;
  if (r.planlevel !== undefined) node.planlevel = r.planlevel;
  if (head.agg !== undefined) node.agg = head.agg;
  for (const [k, v] of Object.entries(r.switches)) if (v !== undefined) node[k] = v;
  if (r.filter !== undefined && r.filter.clauses.length > 0) node.filter = r.filter;
  if (r.qoefilter !== undefined) node.qoefilter = r.qoefilter;
  if (r.orderby !== undefined) node.orderby = r.orderby;
  // The builder writes a direction only with a sort key, so generated queries do too.
  if (r.orderby !== undefined && r.order !== undefined) node.order = r.order;
  return node as unknown as QueryNode;
}
