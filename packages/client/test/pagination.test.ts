// Pages, records and all(): order, early exit that cancels what is in flight, bounded
// concurrency, and properties of paging over any page sizes.

import { getEventListeners } from 'node:events';
import { fc, test } from '@fast-check/vitest';
import { toURL } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { createClient, type Page, type PlayqRecord, PlayqServerError } from '../src/index';
import { pageStream } from '../src/pagination/page-stream';
import {
  BASE,
  envelopeFor,
  fakeService,
  faultTransport,
  json,
  metricNode,
  status,
} from './support/fake-service';

function client(total: number, transport?: (r: Request) => Promise<Response>) {
  const service = fakeService({ total });
  return {
    service,
    client: createClient({ baseUrl: BASE, fetch: transport ?? service.fetch, retry: false }),
  };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('pages and records', () => {
  it('walks every page from the query offset on, in order', async () => {
    const { client: c, service } = client(25);
    const pages = await collect(c.pages(metricNode({ limit: 10, offset: 5 })));
    expect(pages.map((p) => [p.offset, p.totalcount])).toEqual([
      [5, 10],
      [15, 10],
    ]);
    expect(service.calls.map((x) => x.url.searchParams.get('offset'))).toEqual(['5', '15']);
    // The page URLs are exactly the canonical URLs of the query at each offset.
    expect(service.calls.map((x) => x.url.href)).toEqual(
      [5, 15].map((offset) => toURL({ ...metricNode({ limit: 10 }), offset }, { baseUrl: BASE })),
    );
    const c0 = client(3);
    await c0.client.run(metricNode({ limit: 10 }));
    expect(c0.service.calls[0]!.url.href).toBe(toURL(metricNode({ limit: 10 }), { baseUrl: BASE }));
  });

  it('yields one empty page for an empty result', async () => {
    const { client: c } = client(0);
    const pages = await collect(c.pages(metricNode()));
    expect(pages).toEqual([
      { records: [], totalcount: 0, pagecount: 0, totalrecords: 0, offset: 0, limit: 10 },
    ]);
  });

  it('stops fetching when the consumer breaks, and cancels prefetched pages', async () => {
    const aborted: string[] = [];
    const service = fakeService({ total: 1000 });
    const transport = async (request: Request) => {
      request.signal.addEventListener('abort', () =>
        aborted.push(new URL(request.url).searchParams.get('offset')!),
      );
      await new Promise((r) => setTimeout(r, 5));
      return service.fetch(request);
    };
    const c = createClient({ baseUrl: BASE, fetch: transport });
    let seen = 0;
    for await (const record of c.records(metricNode({ limit: 10 }), { concurrency: 3 })) {
      seen++;
      if (seen === 15) break;
      expect(record.country).toBeTypeOf('string');
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(service.calls.length).toBeLessThanOrEqual(2 + 3);
    expect(service.calls.length).toBeLessThan(10);
  });

  it('keeps at most `concurrency` requests in flight and hands pages out in order', async () => {
    let inflight = 0;
    let peak = 0;
    const service = fakeService({ total: 200 });
    const transport = async (request: Request) => {
      inflight++;
      peak = Math.max(peak, inflight);
      // Later pages answer sooner, so ordering is really tested.
      const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
      await new Promise((r) => setTimeout(r, 30 - offset / 10));
      inflight--;
      return service.fetch(request);
    };
    const c = createClient({ baseUrl: BASE, fetch: transport });
    const records = await c.all(metricNode({ limit: 10 }), { concurrency: 4 });
    expect(peak).toBe(4);
    expect(records.map((r) => r.country)).toEqual(envelopeFor(200, 200, 0).response.map((r) => r.country));
  });

  it('fails all() with the first failing page and aborts the rest', async () => {
    const service = fakeService({ total: 100 });
    const transport = faultTransport(service.fetch, [null, null, status(500)]);
    const c = createClient({ baseUrl: BASE, fetch: transport });
    await expect(c.all(metricNode({ limit: 10 }), { concurrency: 2 })).rejects.toSatisfy(
      PlayqServerError.isInstance,
    );
    expect(transport.seen.length).toBeLessThan(10);
  });

  it('honours the signal between pages', async () => {
    const { client: c } = client(100);
    const controller = new AbortController();
    const pages: Page<PlayqRecord>[] = [];
    await expect(
      (async () => {
        for await (const page of c.pages(metricNode({ limit: 10 }), { signal: controller.signal })) {
          pages.push(page);
          if (pages.length === 2) controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(pages).toHaveLength(2);
  });

  it('rejects a bad concurrency', async () => {
    const { client: c } = client(10);
    await expect(c.all(metricNode(), { concurrency: 0 })).rejects.toThrow(
      /concurrency must be an integer >= 1, got 0/,
    );
  });

  it('returns the envelope of one page from run()', async () => {
    const { client: c } = client(25);
    const page = await c.run(metricNode({ limit: 10, offset: 20 }));
    expect(page).toMatchObject({ totalcount: 5, pagecount: 3, totalrecords: 25, offset: 20, limit: 10 });
    expect(page.records).toEqual(envelopeFor(25, 10, 20).response);
  });

  it('reports an offset past the end as an empty page', async () => {
    const { client: c } = client(25);
    const page = await c.run(metricNode({ limit: 10, offset: 40 }));
    expect(page).toMatchObject({ records: [], totalcount: 0, totalrecords: 25 });
    void json;
  });
});

describe('properties', () => {
  test.prop(
    [fc.integer({ min: 0, max: 300 }), fc.integer({ min: 3, max: 60 }), fc.integer({ min: 1, max: 6 })],
    {
      numRuns: 30,
    },
  )(
    'all() equals the concatenation of pages fetched one by one',
    async (total, limit, concurrency) => {
      const { client: c } = client(total);
      const node = metricNode({ limit });
      const byHand: PlayqRecord[] = [];
      for (let offset = 0; ; offset += limit) {
        const page = await c.run({ ...node, offset });
        byHand.push(...page.records);
        if (offset + limit >= page.totalrecords) break;
      }
      expect(await c.all(node, { concurrency })).toEqual(byHand);
    },
    30_000,
  );

  test.prop(
    [fc.integer({ min: 0, max: 300 }), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 4 })],
    {
      numRuns: 30,
    },
  )(
    'records() yields exactly totalrecords records for any page size',
    async (total, limit, concurrency) => {
      const { client: c } = client(total);
      let count = 0;
      const keys = new Set<string | number | undefined>();
      for await (const record of c.records(metricNode({ limit }), { concurrency })) {
        count++;
        keys.add(record.country);
      }
      expect(count).toBe(total);
      expect(keys.size).toBe(total);
    },
    30_000,
  );
});

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
