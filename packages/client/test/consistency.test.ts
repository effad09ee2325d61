// A walk over pages whose result changes underneath: a page repeating records of the one before it
// (data shifted, or a faulty proxy) or a changing totalrecords raises PlayqConsistencyError instead
// of handing out duplicates; all() can start over. Faults are injected per request.
import { describe, expect, it } from 'vitest';
import { createClient, PlayqConsistencyError, PlayqError } from '../src/index';
import { BASE, envelopeFor, fakeService, faultTransport, json, metricNode } from './support/fake-service';

const TOTAL = 25;

function setup(faults: Parameters<typeof faultTransport>[1], total = TOTAL) {
  const service = fakeService({ total });
  const transport = faultTransport(service.fetch, faults);
  return { transport, client: createClient({ baseUrl: BASE, fetch: transport, retry: false }) };
}

async function walk(iterable: AsyncIterable<{ country?: unknown }>) {
  const seen: unknown[] = [];
  try {
    for await (const record of iterable) seen.push(record.country);
    return { seen, error: undefined };
  } catch (error) {
    return { seen, error };
  }
}

describe('consistency of a walk over pages', () => {
  it('stops with an overlap error when a page repeats the previous one, after yielding the first page only', async () => {
    const { client } = setup([null, () => json(envelopeFor(TOTAL, 10, 0))]);
    const { seen, error } = await walk(client.records(metricNode({ limit: 10 })));
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    expect(PlayqConsistencyError.isInstance(error)).toBe(true);
    expect(PlayqError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'overlap',
      offset: 10,
      firstTotal: TOTAL,
      total: TOTAL,
      retryable: true,
    });
    expect((error as Error).message).toMatch(/offset 10 repeats records/);
  });

  it('detects a page shifted by new data (a partial overlap)', async () => {
    // The second request gets what offset 5 would hold: records 5-14, of which 5-9 were on page one.
    const { client } = setup([null, () => json({ ...envelopeFor(TOTAL, 10, 5) })]);
    const { error } = await walk(client.records(metricNode({ limit: 10 })));
    expect(error).toMatchObject({ kind: 'overlap', offset: 10 });
  });

  it('detects a totalrecords that changes during the walk', async () => {
    const { client } = setup([null, null, () => json(envelopeFor(TOTAL + 3, 10, 20))]);
    const { seen, error } = await walk(client.records(metricNode({ limit: 10 })));
    expect(seen).toHaveLength(20);
    expect(error).toMatchObject({ kind: 'total_changed', offset: 20, firstTotal: TOTAL, total: TOTAL + 3 });
  });

  it('detects it with pages fetched ahead concurrently, in page order', async () => {
    const { client } = setup([null, null, () => json(envelopeFor(40, 10, 10))], 40);
    const { seen, error } = await walk(client.records(metricNode({ limit: 10 }), { concurrency: 3 }));
    expect(seen).toHaveLength(20);
    expect(error).toMatchObject({ kind: 'overlap', offset: 20 });
  });

  it('does not mistake records that are equal within a page for an overlap', async () => {
    const same = { country: 'fr', errors: 1 };
    const page = (offset: number) =>
      json({
        totalcount: 2,
        pagecount: 2,
        totalrecords: 4,
        response: offset === 0 ? [same, same] : [same, { country: 'de', errors: 1 }],
      });
    const client = createClient({
      baseUrl: BASE,
      fetch: async (r) => page(Number(new URL(r.url).searchParams.get('offset') ?? 0)),
      retry: false,
    });
    const { seen, error } = await walk(client.records(metricNode({ limit: 2 })));
    expect(error).toBeUndefined();
    expect(seen).toEqual(['fr', 'fr', 'fr', 'de']);
  });

  it('lets all() start over when asked, and throws when not', async () => {
    const faulty = () => setup([null, () => json(envelopeFor(TOTAL, 10, 0))]);
    await expect(faulty().client.all(metricNode({ limit: 10 }))).rejects.toBeInstanceOf(
      PlayqConsistencyError,
    );
    const { client, transport } = faulty();
    const records = await client.all(metricNode({ limit: 10 }), { restarts: 1, concurrency: 1 });
    expect(records.map((r) => r.country)).toEqual(
      envelopeFor(TOTAL, TOTAL, 0).response.map((r) => r.country),
    );
    // The failed walk, then a clean one from the start.
    const offsets = transport.seen.map((r) => new URL(r.url).searchParams.get('offset') ?? '0');
    expect(offsets.slice(-3)).toEqual(['0', '10', '20']);
    expect(offsets.slice(0, 2)).toEqual(['0', '10']);
    await expect(client.all(metricNode(), { restarts: -1 })).rejects.toThrow(
      /restarts must be an integer >= 0/,
    );
  });

  it('serialises to plain data', () => {
    const error = new PlayqConsistencyError({ kind: 'total_changed', offset: 10, firstTotal: 5, total: 6 });
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'PlayqConsistencyError',
      kind: 'total_changed',
      offset: 10,
      firstTotal: 5,
      total: 6,
    });
  });
});

describe('a session list whose records repeat genuinely', () => {
  // Sessions b and c have the same latency: without their ids they are two equal records, one on
  // each side of a boundary of pages of 2, though nothing changed. With ids, the second page
  // repeating session b is a real overlap.
  const SESSIONS = [
    { latency: 3, sessionid: 'a' },
    { latency: 2, sessionid: 'b' },
    { latency: 2, sessionid: 'b' },
    { latency: 1, sessionid: 'd' },
  ];
  const listFetch = (withSessionId: boolean) => async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit'));
    const response = SESSIONS.slice(offset, offset + limit).map((s) =>
      withSessionId ? s : { latency: s.latency },
    );
    return json({ totalcount: response.length, pagecount: 2, totalrecords: SESSIONS.length, response });
  };
  const list = (metrics: string[]) =>
    metricNode({ endpoint: 'listsessions', metrics, aggby: [], limit: 2, orderby: 'latency' });

  it('walks every page when the records are values of sessions without their id', async () => {
    const client = createClient({ baseUrl: BASE, fetch: listFetch(false), retry: false });
    expect(await client.all(list(['latency']))).toEqual(SESSIONS.map((s) => ({ latency: s.latency })));
  });

  it('still refuses a repeat when sessionid makes each record one session', async () => {
    const client = createClient({ baseUrl: BASE, fetch: listFetch(true), retry: false });
    await expect(client.all(list(['latency', 'sessionid']))).rejects.toMatchObject({
      kind: 'overlap',
      offset: 2,
    });
  });
});
