// The cache key of a query: the canonical URL the client sends it to, so two equal queries share a
// cache entry however their builders were called, and a key never holds a credential.
import type { PlayqClient } from '../client';
import type { QueryInput } from '../query/query-input';

/** The key of one page of a query: `['playq', url]`. */
export type PlayqQueryKey = readonly ['playq', string];

/** The key of every page of a query from its offset on: `['playq', url, 'pages']`. */
export type PlayqPagesKey = readonly ['playq', string, 'pages'];

/**
 * The cache key of a query for `client`: its canonical URL under the client's base URL.
 *
 * @example
 * ```ts
 * playqQueryKey(client, metricQuery('demo').between(0, 3600).metrics('errors'));
 * // ['playq', 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors']
 * ```
 */
export function playqQueryKey(client: PlayqClient, query: QueryInput): PlayqQueryKey {
  return Object.freeze(['playq', client.url(query)] as const);
}

/** The cache key of an infinite query: the first page's key and `'pages'`. */
export function playqPagesKey(client: PlayqClient, query: QueryInput): PlayqPagesKey {
  return Object.freeze(['playq', client.url(query), 'pages'] as const);
}
