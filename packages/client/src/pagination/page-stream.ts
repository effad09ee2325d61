// Walks every page of a result: the first page tells how many there are, later pages are fetched
// with at most `concurrency` requests in flight and handed out in order. Leaving early (break,
// return, an error) aborts whatever is still in flight.

import type { Page } from '../response/envelope';
import { abortReason } from '../transport/abort';

/** @internal */
export type FetchPage<R> = (offset: number, signal: AbortSignal) => Promise<Page<R>>;

/** @internal */
export function checkConcurrency(value: number | undefined, fallback: number): number {
  const n = value ?? fallback;
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new TypeError(`@playq/client: concurrency must be an integer >= 1, got ${String(value)}`);
  }
  return n;
}

/** @internal */
export async function* pageStream<R>(
  startOffset: number,
  fetchPage: FetchPage<R>,
  options: { readonly concurrency: number; readonly signal?: AbortSignal | undefined },
): AsyncGenerator<Page<R>, void, undefined> {
  const controller = new AbortController();
  const user = options.signal;
  const onAbort = () => controller.abort(abortReason(user!));
  if (user?.aborted) throw abortReason(user);
  user?.addEventListener('abort', onAbort, { once: true });
  const inflight: Promise<Page<R>>[] = [];
  try {
    const first = await fetchPage(startOffset, controller.signal);
    yield first;
    const { limit, totalrecords } = first;
    let next = startOffset + limit;
    if (first.records.length === 0) return;
    const fill = () => {
      while (inflight.length < options.concurrency && next < totalrecords) {
        const pending = fetchPage(next, controller.signal);
        // Rejections of pages nobody awaits any more (after an early exit) must not go unhandled.
        pending.catch(() => {});
        inflight.push(pending);
        next += limit;
      }
    };
    fill();
    while (inflight.length > 0) {
      const page = await inflight.shift()!;
      fill();
      yield page;
    }
  } finally {
    user?.removeEventListener('abort', onAbort);
    if (inflight.length > 0)
      controller.abort(new DOMException('The page iteration ended early', 'AbortError'));
  }
}
