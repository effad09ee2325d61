// TanStack Query options that page through a query by `offset`: each page is one `run` with the
// page's offset, and the next page's offset comes from the last page's counts.
import type { PendingQuery, RunnableQuery } from '@playq/query';
import type { DataTag, InfiniteData } from '@tanstack/query-core';
import type { PlayqClient } from '../client';
import type { PlayqError } from '../errors/playq-error';
import { nextPageOffset } from '../pagination/next-page';
import { type QueryInput, type ResultRecord, toNode } from '../query/query-input';
import type { Page } from '../response/envelope';
import { type PlayqPagesKey, playqPagesKey } from './query-key';

/** What `infiniteQueryOptions` gives: pass it to `useInfiniteQuery`, `fetchInfiniteQuery`, … */
export interface PlayqInfiniteQueryOptions<R> {
  readonly queryKey: DataTag<PlayqPagesKey, InfiniteData<Page<R>, number>, PlayqError>;
  readonly queryFn: (context: {
    readonly signal: AbortSignal;
    readonly pageParam: number;
  }) => Promise<Page<R>>;
  /** The query's own offset: where the first page starts. */
  readonly initialPageParam: number;
  /** The offset of the page after `lastPage`, or `undefined` after the last page of the result. */
  readonly getNextPageParam: (lastPage: Page<R>) => number | undefined;
}

/**
 * TanStack Query options for an infinite list of a query's pages: the first page at the query's
 * `offset`, each next one `limit` records on, until the result's `pagecount` pages are done (an
 * empty page ends it too). The key is the query's canonical URL and `'pages'`; each page's query
 * function passes TanStack's `signal` to the client. Failures are the client's errors.
 *
 * @example
 * ```ts
 * import { infiniteQueryOptions } from '@playq/client/tanstack-query';
 * const list = useInfiniteQuery(infiniteQueryOptions(client, metricQuery('demo').between(0, 3600).metrics('errors').aggBy('country').limit(50)));
 * list.data?.pages.flatMap((page) => page.records);
 * ```
 */
export function infiniteQueryOptions<Q extends QueryInput | PendingQuery>(
  client: PlayqClient,
  query: RunnableQuery<Q>,
): PlayqInfiniteQueryOptions<ResultRecord<Q>>;
/** The same, for code generic over the query (`<Q extends QueryInput>`). */
export function infiniteQueryOptions<Q extends QueryInput>(
  client: PlayqClient,
  query: Q,
): PlayqInfiniteQueryOptions<ResultRecord<Q>>;
export function infiniteQueryOptions<Q extends QueryInput>(
  client: PlayqClient,
  query: Q,
): PlayqInfiniteQueryOptions<ResultRecord<Q>> {
  type R = ResultRecord<Q>;
  const node = toNode(query);
  const queryKey = playqPagesKey(client, node) as DataTag<
    PlayqPagesKey,
    InfiniteData<Page<R>, number>,
    PlayqError
  >;
  // Not frozen: TanStack writes into the options it is given (`fetchInfiniteQuery` adds its behaviour).
  return {
    queryKey,
    queryFn: ({ signal, pageParam }: { readonly signal: AbortSignal; readonly pageParam: number }) =>
      client.run({ ...node, offset: pageParam }, { signal }) as Promise<Page<R>>,
    initialPageParam: node.offset,
    getNextPageParam: (lastPage: Page<R>) => nextPageOffset(lastPage),
  };
}
