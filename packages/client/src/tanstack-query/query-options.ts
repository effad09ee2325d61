// TanStack Query options for one page of a query: the key from the canonical URL, and a query
// function that runs it with TanStack's abort signal. Errors are the client's own.

import type { PendingQuery, RunnableQuery } from '@playq/query';
import type { DataTag } from '@tanstack/query-core';
import type { PlayqClient } from '../client';
import type { PlayqError } from '../errors/playq-error';
import type { QueryInput, ResultRecord } from '../query/query-input';
import type { Page } from '../response/envelope';
import { type PlayqQueryKey, playqQueryKey } from './query-key';

/** What `queryOptions` gives: pass it to `useQuery`, `fetchQuery`, `prefetchQuery`, … */
export interface PlayqQueryOptions<R> {
  readonly queryKey: DataTag<PlayqQueryKey, Page<R>, PlayqError>;
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<Page<R>>;
}

/**
 * TanStack Query options that fetch the one page a query describes, records typed from the query.
 * The key is the query's canonical URL (`['playq', url]`); the query function passes TanStack's
 * `signal` to the client, so an unmounted or cancelled query stops its request. A failure rejects
 * with the client's error (`PlayqBadRequestError`, `PlayqNetworkError`, …).
 *
 * @example
 * ```ts
 * import { queryOptions } from '@playq/client/tanstack-query';
 * const { data } = useQuery(queryOptions(client, metricQuery('demo').between(0, 3600).metrics('errors').aggBy('country')));
 * data?.records[0]?.country; // string
 * ```
 */
export function queryOptions<Q extends QueryInput | PendingQuery>(
  client: PlayqClient,
  query: RunnableQuery<Q>,
): PlayqQueryOptions<ResultRecord<Q>>;
/** The same, for code generic over the query (`<Q extends QueryInput>`). */
export function queryOptions<Q extends QueryInput>(
  client: PlayqClient,
  query: Q,
): PlayqQueryOptions<ResultRecord<Q>>;
export function queryOptions<Q extends QueryInput>(
  client: PlayqClient,
  query: Q,
): PlayqQueryOptions<ResultRecord<Q>> {
  const queryKey = playqQueryKey(client, query) as DataTag<PlayqQueryKey, Page<ResultRecord<Q>>, PlayqError>;
  // Not frozen: TanStack writes into the options it is given (`fetchInfiniteQuery` adds its behaviour).
  return {
    queryKey,
    queryFn: ({ signal }: { readonly signal: AbortSignal }) => client.run(query, { signal }),
  };
}
