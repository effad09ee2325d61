// Anything that stands for a query: the frozen node itself, or a builder that makes one. The URL
// printer, validation and the client accept either.
import type { QueryNode } from './model';

/** Anything that can produce a query node: the node itself or a builder. */
export type QueryLike = QueryNode | { toQuery(): QueryNode };

/** The node of a query or builder. @internal */
export function asNode(query: QueryLike): QueryNode {
  return typeof query === 'object' &&
    query !== null &&
    'toQuery' in query &&
    typeof query.toQuery === 'function'
    ? query.toQuery()
    : (query as QueryNode);
}
