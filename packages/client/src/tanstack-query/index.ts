// @playq/client/tanstack-query: options for TanStack Query (`useQuery`, `useInfiniteQuery`,
// `QueryClient.fetchQuery`, …) that run playq queries through a client. Types only from
// `@tanstack/query-core`, an optional peer dependency.
export {
  infiniteQueryOptions,
  type PlayqInfiniteQueryOptions,
} from './infinite-query-options';
export { type PlayqPagesKey, type PlayqQueryKey, playqPagesKey, playqQueryKey } from './query-key';
export { type PlayqQueryOptions, queryOptions } from './query-options';
