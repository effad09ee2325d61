// `GET {base}/listsessions/{customerId}` over a real socket on 127.0.0.1, on the fixed data set of
// semantics-fixture.ts (default S = {a, b, c, d, h}; own startup a 1 s, b 3 s, d 6 s, c and h none; bytes
// a 300 MB, b 1500, d 2000): the metricquery credential, the paged envelope without totalpages, the
// records in the list's order, and the session list's refusals as problem bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, datasetFromRecords, type ListenInfo, type Service } from '../src/index';
import { PERIOD, records } from './semantics-fixture';

let service: Service;
let info: ListenInfo;

beforeAll(async () => {
  service = await createService({ data: { dataset: await datasetFromRecords(records()) }, rateLimit: false });
  info = await service.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await service.close();
  await service.db.close();
});

interface Answer {
  status: number;
  contentType: string | null;
  body: Record<string, unknown> & { response?: Record<string, unknown>[] };
}

async function list(
  params: Record<string, string | number>,
  headers: Record<string, string> = KEY,
): Promise<Answer> {
  const search = new URLSearchParams(
    Object.entries({ period: PERIOD, ...params }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const res = await fetch(`${info.baseUrl}/listsessions/demo?${search}`, {
    headers,
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: (await res.json()) as Answer['body'],
  };
}
const KEY = { 'X-API-Key': 'demo-key' };

describe('answers', () => {
  it('one record per session of S, the requested fields in order, ordered by the first desc', async () => {
    const { status, body } = await list({ metrics: 'cbrsize,latency' });
    expect(status).toBe(200);
    expect(body).toEqual({
      totalcount: 5,
      pagecount: 1,
      totalrecords: 5,
      response: [
        { cbrsize: 2000, latency: 6 }, // d
        { cbrsize: 1500, latency: 3 }, // b
        { cbrsize: 300, latency: 1 }, // a
        { cbrsize: 0, latency: 0 }, // c, then h (sessionid)
        { cbrsize: 0, latency: 0 },
      ],
    });
    expect(Object.keys(body.response![0]!)).toEqual(['cbrsize', 'latency']);
  });

  it('orderby a requested field, order asc; the filter and session-level qoefilter select S', async () => {
    const asc = await list({
      metrics: 'cbrsize,latency',
      orderby: 'latency',
      order: 'asc',
      filter: '[country=GB]',
    });
    expect(asc.body.response).toEqual([
      { cbrsize: 0, latency: 0 }, // c
      { cbrsize: 2000, latency: 6 }, // d
    ]);
    const slow = await list({ metrics: 'latency', qoefilter: 'latency>2 AND bufferingratio<10' });
    expect(slow.body).toMatchObject({ totalrecords: 1, response: [{ latency: 6 }] }); // d (b buffers 16.7 %)
  });

  it('pages visit every record once, each page with the same totalrecords', async () => {
    const whole = (await list({ metrics: 'playdur,latency', limit: 100 })).body.response!;
    const pages: Record<string, unknown>[] = [];
    for (const offset of [0, 2, 4]) {
      const { body } = await list({ metrics: 'playdur,latency', limit: 2, offset });
      expect(body).toMatchObject({ totalrecords: 5, pagecount: 3 });
      expect(body).not.toHaveProperty('totalpages');
      pages.push(...body.response!);
    }
    expect(pages).toEqual(whole);
    expect((await list({ metrics: 'playdur', offset: 5 })).body).toMatchObject({
      totalrecords: 5,
      response: [],
    });
  });
});

describe('refusals', () => {
  it('takes the metricquery API key, not a bearer token', async () => {
    const none = await list({ metrics: 'latency' }, {});
    expect(none.status).toBe(401);
    expect(none.contentType).toBe('application/problem+json');
    expect(none.body).toMatchObject({ code: 'unauthenticated' });
    const bearer = await list({ metrics: 'latency' }, { Authorization: 'Bearer x.y.z' });
    expect(bearer.status).toBe(401);
    expect(bearer.body.detail).toMatch(/X-API-Key/);
    const other = await list({ metrics: 'latency' }, { 'X-API-Key': 'other-key' });
    expect(other.status).toBe(403);
  });

  it('refuses another breakdown, a granularity and a group-level condition, naming the parameter', async () => {
    const aggby = await list({ metrics: 'latency', aggby: 'country' });
    expect(aggby.status).toBe(400);
    expect(aggby.contentType).toBe('application/problem+json');
    expect(aggby.body).toMatchObject({ code: 'invalid_aggby', param: 'aggby' });
    expect(aggby.body.detail).toMatch(/country/);
    const granularity = await list({ metrics: 'latency', granularity: 'hour' });
    expect(granularity.body).toMatchObject({
      status: 400,
      code: 'unsupported_parameter',
      param: 'granularity',
    });
    const group = await list({ metrics: 'latency', qoefilter: 'latency>1 AND attempts>2' });
    expect(group.body).toMatchObject({ status: 400, code: 'unsupported_on_endpoint', param: 'qoefilter' });
    expect(group.body.detail).toMatch(/attempts/);
  });
});
