// pageStream on its own, with a scripted page source: how many pages it holds ahead of a slow
// consumer, when the shared signal of the page requests is aborted (early exit, failures) and
// when it is not (a complete walk), an empty first page, and its listener on the caller's signal.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Page } from '../src/index';
import { pageStream } from '../src/pagination/page-stream';

type Row = { readonly n: number };

/** A page source over `total` rows in pages of `limit`, answering at once; records every call. */
function source(total: number, limit: number, claimed = total) {
  const offsets: number[] = [];
  const signals: AbortSignal[] = [];
  const fetchPage = (offset: number, signal: AbortSignal): Promise<Page<Row>> => {
    offsets.push(offset);
    signals.push(signal);
    const count = Math.max(0, Math.min(limit, total - offset));
    return Promise.resolve({
      records: Array.from({ length: count }, (_, i) => ({ n: offset + i })),
      totalcount: count,
      pagecount: Math.ceil(claimed / limit),
      totalrecords: claimed,
      offset,
      limit,
    });
  };
  return { offsets, signals, fetchPage };
}

const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

function reasonOf(signal: AbortSignal | undefined): [boolean, string, string] | undefined {
  if (!signal?.aborted) return undefined;
  const r = signal.reason as DOMException;
  return [r instanceof DOMException, r.name, r.message];
}

describe('pageStream', () => {
  it('holds at most 2 × concurrency pages ahead of a consumer that stops pulling', async () => {
    const s = source(1000, 10);
    const it = pageStream(0, s.fetchPage, { concurrency: 1 });
    expect((await it.next()).value?.offset).toBe(0);
    expect((await it.next()).value?.offset).toBe(10);
    await tick();
    // First page, the page handed out, then two pages waiting in order.
    expect(s.offsets).toStrictEqual([0, 10, 20, 30]);
    await it.return();
  });

  it('leaves the signal of the page requests alone after a complete walk', async () => {
    const s = source(35, 10);
    const pages: number[] = [];
    for await (const page of pageStream(0, s.fetchPage, { concurrency: 2 })) pages.push(page.offset);
    expect(pages).toStrictEqual([0, 10, 20, 30]);
    expect(s.offsets).toStrictEqual([0, 10, 20, 30]);
    expect(s.signals.map((signal) => signal.aborted)).toStrictEqual([false, false, false, false]);
  });

  it('aborts the page requests when the consumer leaves with pages still held', async () => {
    const s = source(1000, 10);
    const it = pageStream(0, s.fetchPage, { concurrency: 2 });
    await it.next();
    await it.next();
    // Every prefetched page has settled by now: nothing runs, but pages are held.
    await tick();
    expect(s.signals[0]!.aborted).toBe(false);
    await it.return();
    expect(reasonOf(s.signals[0])).toStrictEqual([true, 'AbortError', 'The page iteration ended early']);
  });

  it('aborts the page requests when fetching a later page throws at once', async () => {
    const s = source(100, 10);
    const boom = new Error('cannot build the page request');
    const fetchPage = (offset: number, signal: AbortSignal) => {
      if (offset > 0) throw boom;
      return s.fetchPage(offset, signal);
    };
    const it = pageStream(0, fetchPage, { concurrency: 1 });
    await it.next();
    await expect(it.next()).rejects.toBe(boom);
    expect(reasonOf(s.signals[0])).toStrictEqual([true, 'AbortError', 'The page iteration ended early']);
  });

  it('stops after an empty first page even when the envelope claims more records', async () => {
    const s = source(0, 10, 50);
    const pages: Page<Row>[] = [];
    for await (const page of pageStream(0, s.fetchPage, { concurrency: 2 })) pages.push(page);
    expect(pages).toStrictEqual([
      { records: [], totalcount: 0, pagecount: 5, totalrecords: 50, offset: 0, limit: 10 },
    ]);
    expect(s.offsets).toStrictEqual([0]);
  });

  it("leaves no listener on the caller's signal once it has aborted", async () => {
    const s = source(1000, 10);
    const user = new AbortController();
    const it = pageStream(0, s.fetchPage, { concurrency: 1, signal: user.signal });
    await it.next();
    expect(getEventListeners(user.signal, 'abort')).toHaveLength(1);
    user.abort(new Error('stop'));
    expect(getEventListeners(user.signal, 'abort')).toHaveLength(0);
    expect((s.signals[0]!.reason as Error).message).toBe('stop');
    await it.return();
  });
});
