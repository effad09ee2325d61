// The TanStack Query options through @tanstack/query-core's real QueryClient, against the
// reference service over a socket on 127.0.0.1: fetching typed pages, one cache entry per
// canonical URL, cancellation reaching the request, infinite paging by offset, typed errors.
import { metricQuery } from '@playq/query';
import { createService, type Service } from '@playq/server';
import { CancelledError, QueryClient } from '@tanstack/query-core';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  apiKeyAuth,
  createClient,
  type Page,
  PlayqBadRequestError,
  type PlayqClient,
  PlayqError,
} from '../src/index';
import { nextPageOffset } from '../src/pagination/next-page';
import { infiniteQueryOptions, playqQueryKey, queryOptions } from '../src/tanstack-query/index';

let service: Service;
let baseUrl: string;
/** Every request the client sent, with its signal as the transport saw it. */
const sent: { url: string; signal: AbortSignal }[] = [];
let release: (() => void) | undefined;
/** When set, requests wait for `release()` before they reach the service. */
let hold = false;

beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 3000, seed: 11 } }, rateLimit: false });
  baseUrl = (await service.listen({ port: 0, host: '127.0.0.1' })).baseUrl;
}, 60_000);
afterAll(() => service?.close());
afterEach(() => {
  sent.length = 0;
  hold = false;
});

function client(): PlayqClient {
  return createClient({
    baseUrl,
    auth: { metricquery: apiKeyAuth('demo-key') },
    retry: { retries: 0 },
    fetch: async (request: Request) => {
      sent.push({ url: request.url, signal: request.signal });
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      return fetch(request);
    },
  });
}

// The generated sessions lie in the last days: a month up to this hour holds them all.
const END = Math.floor(Date.now() / 3_600_000) * 3600;
const START = END - 30 * 86_400;
const MONTH = metricQuery('demo').between(START, END);

describe('queryOptions through QueryClient', () => {
  it('fetches the page of the query, records typed from it', async () => {
    const playq = client();
    const q = MONTH.metrics('errors', 'viewercount').aggBy('country').limit(5);
    const page = await new QueryClient().fetchQuery(queryOptions(playq, q));
    expectTypeOf(page.records[0]!).toEqualTypeOf<{ errors: number; viewercount: number; country: string }>();
    expect(page.records.length).toBeGreaterThan(0);
    expect(page).toEqual(await playq.run(q));
  });

  it('keys a query by its canonical URL: equal queries built in any order share one entry', async () => {
    const playq = client();
    const a = MONTH.metrics('errors').aggBy('country').where('platform', ['ios']).limit(3);
    const b = metricQuery('demo')
      .limit(3)
      .where('platform', ['ios'])
      .aggBy('country')
      .metrics('errors')
      .between(START, END);
    expect(queryOptions(playq, a).queryKey).toEqual(['playq', playq.url(a)]);
    expect(queryOptions(playq, b).queryKey).toEqual(queryOptions(playq, a).queryKey);
    const cache = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const first = await cache.fetchQuery(queryOptions(playq, a));
    const second = await cache.fetchQuery(queryOptions(playq, b));
    expect(second).toBe(first);
    expect(sent).toHaveLength(1);
    const cached = cache.getQueryData(queryOptions(playq, b).queryKey);
    expectTypeOf(cached).toEqualTypeOf<Page<{ errors: number; country: string }> | undefined>();
    expect(cached?.records).toEqual(first.records);
    await cache.fetchQuery(queryOptions(playq, a.limit(4)));
    expect(sent).toHaveLength(2);
  });

  it("passes TanStack's signal to the request: cancelling the query aborts it", async () => {
    const playq = client();
    hold = true;
    const cache = new QueryClient();
    const options = queryOptions(playq, MONTH.metrics('errors').aggBy('country'));
    const pending = cache.fetchQuery(options);
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.signal.aborted).toBe(false);
    await cache.cancelQueries({ queryKey: options.queryKey });
    release?.();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(sent[0]!.signal.aborted).toBe(true);
  });

  it("rejects with the client's typed error, unchanged", async () => {
    const playq = client();
    const cache = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const bad = { ...MONTH.metrics('errors').toQuery(), customerId: 'nobody' };
    const error = await cache.fetchQuery(queryOptions(playq, bad)).catch((e: unknown) => e);
    expect(PlayqError.isInstance(error)).toBe(true);
    const state = cache.getQueryState(queryOptions(playq, bad).queryKey);
    expectTypeOf(state?.error).toEqualTypeOf<PlayqError | null | undefined>();
    expect(state?.error).toBe(error);
    const invalid = await cache
      .fetchQuery(queryOptions(playq, { ...MONTH.metrics('errors').toQuery(), limit: 0 }))
      .catch((e: unknown) => e);
    expect(PlayqError.isInstance(invalid)).toBe(true);
    expect(invalid).not.toBeInstanceOf(PlayqBadRequestError);
  });
});

describe('infiniteQueryOptions through QueryClient', () => {
  it('pages by offset from the query’s own offset until the result’s pages are done', async () => {
    const playq = client();
    const q = MONTH.metrics('viewercount').aggBy('country').limit(4);
    const all = await playq.all(q);
    expect(all.length).toBeGreaterThan(8);
    const cache = new QueryClient();
    const options = infiniteQueryOptions(playq, q);
    expect(options.initialPageParam).toBe(0);
    expect(options.queryKey).toEqual([...playqQueryKey(playq, q), 'pages']);
    let data = await cache.fetchInfiniteQuery(options);
    expectTypeOf(data.pages[0]!.records[0]!).toEqualTypeOf<{ viewercount: number; country: string }>();
    while (options.getNextPageParam(data.pages.at(-1)!) !== undefined) {
      data = await cache.fetchInfiniteQuery({ ...options, pages: data.pages.length + 1 });
    }
    expect(data.pageParams).toEqual(data.pages.map((_, i) => i * 4));
    expect(data.pages).toHaveLength(data.pages[0]!.pagecount);
    expect(data.pages.flatMap((p) => p.records)).toEqual(all);
  });

  it('starts at the offset the query gives', async () => {
    const playq = client();
    const q = MONTH.metrics('viewercount').aggBy('country').limit(4).offset(4);
    const data = await new QueryClient().fetchInfiniteQuery(infiniteQueryOptions(playq, q));
    expect(data.pageParams).toEqual([4]);
    expect(data.pages[0]!.records).toEqual((await playq.run(q)).records);
  });
});

describe('the page after a page', () => {
  const page = (offset: number, limit: number, totalrecords: number, records = 1) => ({
    offset,
    limit,
    totalrecords,
    records: Array.from({ length: records }, () => ({})),
  });

  it('is limit records on, while that is inside the result', () => {
    expect(nextPageOffset(page(0, 10, 25))).toBe(10);
    expect(nextPageOffset(page(10, 10, 25))).toBe(20);
    expect(nextPageOffset(page(20, 10, 25))).toBeUndefined();
    expect(nextPageOffset(page(0, 10, 10))).toBeUndefined();
    expect(nextPageOffset(page(5, 10, 16))).toBe(15);
  });

  it('does not exist after an empty page', () => {
    expect(nextPageOffset(page(0, 10, 25, 0))).toBeUndefined();
  });
});
