// Walks every page of a result: the first page tells how many there are, later pages are fetched
// with at most `concurrency` requests in flight and handed out in order. Leaving early (break,
// return, an error) aborts whatever is still in flight.

import type { Page } from '../response/envelope';
import { abortReason } from '../transport/abort';
import { nextPageOffset } from './next-page';

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

/**
 * Pages from `startOffset` on, in order. At most `concurrency` requests run at once; a request
 * that finishes early starts the next one at once (no head-of-line blocking), and finished pages
 * wait in order, so no more than `2 × concurrency` pages are ever held.
 * @internal
 */
export async function* pageStream<R>(
  startOffset: number,
  fetchPage: FetchPage<R>,
  options: { readonly concurrency: number; readonly signal?: AbortSignal | undefined },
): AsyncGenerator<Page<R>, void, undefined> {
  const user = options.signal;
  if (user?.aborted) throw abortReason(user);
  const controller = new AbortController();
  const onAbort = () => controller.abort(abortReason(user!));
  user?.addEventListener('abort', onAbort, { once: true });
  const window: Promise<Page<R>>[] = [];
  let running = 0;
  let closed = false;
  try {
    const first = await fetchPage(startOffset, controller.signal);
    yield first;
    const second = nextPageOffset(first);
    if (second === undefined) return;
    const { limit, totalrecords } = first;
    let next = second;
    const fill = () => {
      while (
        !closed &&
        running < options.concurrency &&
        window.length < 2 * options.concurrency &&
        next < totalrecords
      ) {
        running++;
        const pending = fetchPage(next, controller.signal);
        next += limit;
        const settle = () => {
          running--;
          fill();
        };
        pending.then(settle, settle);
        // Rejections of pages nobody awaits any more (after an early exit) must not go unhandled.
        pending.catch(() => {});
        window.push(pending);
      }
    };
    fill();
    while (window.length > 0) {
      const page = await window.shift()!;
      fill();
      yield page;
    }
  } finally {
    closed = true;
    user?.removeEventListener('abort', onAbort);
    if (window.length > 0 || running > 0) {
      controller.abort(new DOMException('The page iteration ended early', 'AbortError'));
    }
  }
}
