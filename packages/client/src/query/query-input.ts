// What the client accepts as a query: a builder that can run (typed records) or a plain query
// node (records typed loosely), and the record type each one yields.
import type { InferRecord, QueryNode, Runnable } from '@playq/query';

/** A record of an untyped query: flat, metric numbers and dimension strings. */
export type PlayqRecord = Readonly<Record<string, string | number>>;

/**
 * Anything `run`, `pages`, `records` and `all` accept: a builder that can run (a session builder
 * only once `agg` is set) or a plain query node.
 */
export type QueryInput = Runnable | QueryNode;

/** The record type a query yields: inferred from a builder, loose for a plain node. */
export type ResultRecord<Q> = Q extends QueryNode ? PlayqRecord : InferRecord<Q>;

/** The plain node of a query input, after checking it is one. @internal */
export function toNode(query: QueryInput): QueryNode {
  if (typeof query !== 'object' || query === null) {
    throw new TypeError(
      `@playq/client: expected a query builder or a query node, got ${query === null ? 'null' : typeof query}`,
    );
  }
  if ('toQuery' in query && typeof query.toQuery === 'function') return query.toQuery();
  if ((query as { type?: unknown }).type !== 'query') {
    throw new TypeError(
      '@playq/client: expected a query builder or a query node (an object with type "query")',
    );
  }
  return query as QueryNode;
}
