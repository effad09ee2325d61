// Deliberately broken variants of the reference service, each a transport wrapped around the real
// service's fetch that breaks one promise of the contract. The contract suite must fail on each.
import { ENDPOINTS, type Endpoint } from '@playq/query';

type Transport = (request: Request) => Promise<Response>;
type Json = Record<string, unknown> & { response?: Record<string, unknown>[] };

export interface Tokens {
  readonly [customerId: string]: { readonly apiKey: string; readonly token: string };
}

const ENDPOINT_PATH = new RegExp(`/(${ENDPOINTS.join('|')})/([^/]+)$`);
const endpointOf = (url: URL) => ENDPOINT_PATH.exec(url.pathname);

/** Rewrite the request (URL and headers) before the service sees it. */
export function rewriteRequest(inner: Transport, edit: (url: URL, headers: Headers) => void): Transport {
  return async (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    edit(url, headers);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return inner(new Request(url, { method: request.method, headers, body }));
  };
}

/** Rewrite JSON answers (success and error alike) after the service produced them. */
export function rewriteJson(
  inner: Transport,
  edit: (body: Json, url: URL, status: number) => unknown,
): Transport {
  return async (request) => {
    const response = await inner(request);
    if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
    const body = (await response.json()) as Json;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(edit(body, new URL(request.url), response.status)), {
      status: response.status,
      headers,
    });
  };
}

/** Only successful answers of one endpoint. */
function onEnvelope(
  inner: Transport,
  endpoint: Endpoint,
  edit: (body: Json, url: URL) => unknown,
): Transport {
  return rewriteJson(inner, (body, url, status) =>
    status === 200 && endpointOf(url)?.[1] === endpoint && Array.isArray(body.response)
      ? edit(body, url)
      : body,
  );
}

const withRecords = (body: Json, records: Record<string, unknown>[]) => ({
  ...body,
  totalcount: records.length,
  response: records,
});

const param = (url: URL, name: string) => url.searchParams.get(name);
const isEndpoint = (url: URL, endpoint: string) => endpointOf(url)?.[1] === endpoint;

/** The variants, keyed by a short description; the test table says which check each must fail. */
export function brokenVariants(fetch: Transport, tokens: Tokens): Record<string, Transport> {
  const keyOwner = (key: string | null) => Object.entries(tokens).find(([, c]) => c.apiKey === key)?.[0];
  const demo = tokens.demo!;
  const onMetric = (edit: (url: URL) => void): Transport =>
    rewriteRequest(fetch, (url) => {
      if (isEndpoint(url, 'metricquery')) edit(url);
    });
  const flip = (url: URL, name: string, values: readonly [string, string]) => {
    const v = url.searchParams.get(name);
    url.searchParams.set(name, v === values[1] ? values[0] : values[1]);
  };
  return {
    'defaults sessiontype to started': onMetric((url) => {
      if (!url.searchParams.has('sessiontype')) url.searchParams.set('sessiontype', 'started');
    }),
    'inverts allstatus': onMetric((url) => flip(url, 'allstatus', ['0', '1'])),
    'ignores concurrency': onMetric((url) => url.searchParams.delete('concurrency')),
    'inverts businesserror': onMetric((url) => flip(url, 'businesserror', ['false', 'true'])),
    'uses day buckets when granularity is left out': onMetric((url) => {
      if (url.searchParams.get('aggby') === 'timestamp' && !url.searchParams.has('granularity'))
        url.searchParams.set('granularity', 'day');
    }),
    'answers p95 latency below the median': onEnvelope(fetch, 'metricquery', (body) =>
      withRecords(
        body,
        body.response!.map((r) =>
          'p95_latency' in r && 'median_latency' in r
            ? { ...r, p95_latency: Number(r.median_latency) - 0.5 }
            : r,
        ),
      ),
    ),
    'answers HTML instead of JSON': async (request) => {
      const response = await fetch(request);
      if (response.status !== 200) return response;
      return new Response('<html><body>ok</body></html>', {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    },
    'adds an unrequested field to breakdown records': onEnvelope(fetch, 'metricquery', (body) =>
      withRecords(
        body,
        body.response!.map((r) => ('country' in r ? { ...r, region: 'EMEA' } : r)),
      ),
    ),
    'drops a metric from totals records': onEnvelope(fetch, 'metricquery', (body, url) =>
      param(url, 'aggby')
        ? body
        : withRecords(
            body,
            body.response!.map(({ concurviewavg: _, ...r }) => r),
          ),
    ),
    'reports time buckets in milliseconds': onEnvelope(fetch, 'metricquery', (body, url) =>
      param(url, 'aggby') === 'timestamp'
        ? withRecords(
            body,
            body.response!.map((r) => ({ ...r, timestamp: Number(r.timestamp) * 1000 })),
          )
        : body,
    ),
    'has no plan host': async (request) => {
      if (new URL(request.url).pathname.includes('/planLevelByCustId/')) {
        return new Response('not here', { status: 404, headers: { 'content-type': 'text/plain' } });
      }
      return fetch(request);
    },
    'omits totalpages from session records': onEnvelope(fetch, 'session', (body) =>
      withRecords(
        body,
        body.response!.map(({ totalpages: _, ...r }) => r),
      ),
    ),
    'answers error counts as strings in error insights': onEnvelope(fetch, 'session', (body, url) =>
      (param(url, 'metrics') ?? '').includes('category')
        ? withRecords(
            body,
            body.response!.map((r) => ({ ...r, errors: String(r.errors) })),
          )
        : body,
    ),
    'counts one page too many': onEnvelope(fetch, 'metricquery', (body) => ({
      ...body,
      pagecount: Number(body.pagecount) + 1,
    })),
    'drops the last record of every page': onEnvelope(fetch, 'metricquery', (body, url) =>
      param(url, 'limit') ? withRecords(body, body.response!.slice(0, -1)) : body,
    ),
    'overlaps pages by one record': rewriteRequest(fetch, (url) => {
      const offset = Number(param(url, 'offset') ?? 0);
      if (offset > 0) url.searchParams.set('offset', String(offset - 1));
    }),
    'skips one record between pages': rewriteRequest(fetch, (url) => {
      const offset = Number(param(url, 'offset') ?? 0);
      if (offset > 0) url.searchParams.set('offset', String(offset + 1));
    }),
    'overlaps session pages by one record': rewriteRequest(fetch, (url) => {
      const offset = Number(param(url, 'offset') ?? 0);
      if (offset > 0 && isEndpoint(url, 'session')) url.searchParams.set('offset', String(offset - 1));
    }),
    'ignores order': rewriteRequest(fetch, (url) => url.searchParams.delete('order')),
    'sorts ascending by default': onEnvelope(fetch, 'metricquery', (body, url) =>
      param(url, 'orderby') ? body : withRecords(body, [...body.response!].reverse()),
    ),
    'ignores the filter': rewriteRequest(fetch, (url) => url.searchParams.delete('filter')),
    'honours only the first alternative of a clause': rewriteRequest(fetch, (url) => {
      const filter = param(url, 'filter');
      if (filter) url.searchParams.set('filter', filter.replace(/\|[^\]]*\]/g, ']'));
    }),
    'honours only the first filter clause': rewriteRequest(fetch, (url) => {
      const filter = param(url, 'filter');
      if (filter) url.searchParams.set('filter', filter.replace(/^(\[[^\]]*\]).*$/, '$1'));
    }),
    'falls back to unfiltered data when a filter matches nothing': async (request) => {
      const response = await fetch(request.clone());
      const url = new URL(request.url);
      if (response.status !== 200 || !param(url, 'filter')) return response;
      const body = (await response.clone().json()) as Json;
      if (body.totalrecords !== 0) return response;
      url.searchParams.delete('filter');
      return fetch(new Request(url, { headers: request.headers }));
    },
    'loses the smallest group of a breakdown': onEnvelope(fetch, 'metricquery', (body, url) =>
      param(url, 'aggby') === 'country' && !param(url, 'filter') && !param(url, 'qoefilter')
        ? { ...withRecords(body, body.response!.slice(0, -1)), totalrecords: Number(body.totalrecords) - 1 }
        : body,
    ),
    'ignores the qoefilter': rewriteRequest(fetch, (url) => url.searchParams.delete('qoefilter')),
    'honours only the first qoefilter condition': rewriteRequest(fetch, (url) => {
      const qoe = param(url, 'qoefilter');
      if (qoe) url.searchParams.set('qoefilter', qoe.split(/\s+AND\s+/i)[0]!);
    }),
    'lets requests without an API key through': rewriteRequest(fetch, (url, headers) => {
      if (isEndpoint(url, 'metricquery') && !headers.has('x-api-key') && !headers.has('authorization')) {
        headers.set('x-api-key', demo.apiKey);
      }
    }),
    'accepts any API key': rewriteRequest(fetch, (url, headers) => {
      if (isEndpoint(url, 'metricquery') && headers.has('x-api-key') && !keyOwner(headers.get('x-api-key'))) {
        headers.set('x-api-key', demo.apiKey);
      }
    }),
    "accepts a customer's key for another customer": rewriteRequest(fetch, (url, headers) => {
      const match = endpointOf(url);
      const owner = tokens[decodeURIComponent(match?.[2] ?? '')];
      if (match?.[1] === 'metricquery' && owner && keyOwner(headers.get('x-api-key')))
        headers.set('x-api-key', owner.apiKey);
    }),
    'lets session requests without a token through': rewriteRequest(fetch, (url, headers) => {
      if (isEndpoint(url, 'session') && !headers.has('authorization') && !headers.has('x-api-key')) {
        headers.set('authorization', `Bearer ${demo.token}`);
      }
    }),
    'accepts any bearer token': rewriteRequest(fetch, (url, headers) => {
      const auth = headers.get('authorization') ?? '';
      const known = Object.values(tokens).some((c) => auth === `Bearer ${c.token}`);
      if (isEndpoint(url, 'session') && auth && !known) headers.set('authorization', `Bearer ${demo.token}`);
    }),
    "accepts a customer's token for another customer": rewriteRequest(fetch, (url, headers) => {
      const match = endpointOf(url);
      const owner = tokens[decodeURIComponent(match?.[2] ?? '')];
      if (match?.[1] === 'session' && owner && headers.has('authorization')) {
        headers.set('authorization', `Bearer ${owner.token}`);
      }
    }),
    'accepts the API key on the session endpoint': rewriteRequest(fetch, (url, headers) => {
      const owner = keyOwner(headers.get('x-api-key'));
      if (isEndpoint(url, 'session') && owner && !headers.has('authorization')) {
        headers.set('authorization', `Bearer ${tokens[owner]!.token}`);
      }
    }),
    'defaults a missing period': rewriteRequest(fetch, (url) => {
      if (!url.searchParams.has('period') && !url.pathname.includes('oauth')) {
        url.searchParams.set('period', 'start=1766620800,end=1767225600');
      }
    }),
    'drops a filter it cannot parse': rewriteRequest(fetch, (url) => {
      const filter = param(url, 'filter');
      if (filter && !/^(\[[^\]]+=[^\]]+\])+$/.test(filter)) url.searchParams.delete('filter');
    }),
    'drops unknown metrics': rewriteRequest(fetch, (url) => {
      const metrics = param(url, 'metrics');
      if (metrics)
        url.searchParams.set(
          'metrics',
          metrics
            .split(',')
            .filter((m) => !m.startsWith('playq_'))
            .join(','),
        );
    }),
    'swaps a reversed period': rewriteRequest(fetch, (url) => {
      const m = /^start=(\d+),end=(\d+)$/.exec(param(url, 'period') ?? '');
      if (m && Number(m[1]) >= Number(m[2])) url.searchParams.set('period', `start=${m[2]},end=${m[1]}`);
    }),
    'treats limit=0 as the default': rewriteRequest(fetch, (url) => {
      if (param(url, 'limit') === '0') url.searchParams.delete('limit');
    }),
    'ignores unknown parameters': rewriteRequest(fetch, (url) => {
      const known =
        /^(planlevel|period|metrics|aggby|granularity|agg|filter|qoefilter|orderby|order|limit|offset)$/;
      for (const name of [...url.searchParams.keys()]) if (!known.test(name)) url.searchParams.delete(name);
    }),
    'accepts any plan level': rewriteRequest(fetch, (url) => {
      if (isEndpoint(url, 'session') && url.searchParams.has('planlevel')) {
        const customer = decodeURIComponent(endpointOf(url)![2]!);
        url.searchParams.set('planlevel', customer === 'other' ? '1' : '2');
      }
    }),
    'answers errors as plain text': async (request) => {
      const response = await fetch(request);
      if (response.status < 400) return response;
      return new Response(`Error ${response.status}`, {
        status: response.status,
        headers: { 'content-type': 'text/plain' },
      });
    },
    'answers playdur as a string': onEnvelope(fetch, 'metricquery', (body) =>
      withRecords(
        body,
        body.response!.map((r) => ('playdur' in r ? { ...r, playdur: String(r.playdur) } : r)),
      ),
    ),
    'refuses breakdowns by cdn': async (request) =>
      (new URL(request.url).searchParams.get('aggby') ?? '').split(',').includes('cdn')
        ? Response.json(
            {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: 'Unknown dimension "cdn".',
              code: 'unknown_dimension',
            },
            { status: 400, headers: { 'content-type': 'application/problem+json' } },
          )
        : fetch(request),
    'refuses HEAD': async (request) =>
      request.method === 'HEAD' && endpointOf(new URL(request.url))
        ? new Response(null, { status: 405, headers: { allow: 'GET' } })
        : fetch(request),
    'answers POST like GET': async (request) =>
      request.method === 'POST' && endpointOf(new URL(request.url))
        ? fetch(new Request(request.url, { method: 'GET', headers: request.headers }))
        : fetch(request),
    'ignores CORS preflights': async (request) => {
      const response = await fetch(request);
      if (request.method !== 'OPTIONS') return response;
      const headers = new Headers(response.headers);
      for (const name of [...headers.keys()]) if (name.startsWith('access-control-')) headers.delete(name);
      return new Response(null, { status: response.status, headers });
    },
    'answers one 429 without Retry-After': (() => {
      let refused = false;
      return async (request: Request) => {
        if (!refused && endpointOf(new URL(request.url))) {
          refused = true;
          return new Response(JSON.stringify({ status: 429, code: 'rate_limited' }), {
            status: 429,
            headers: { 'content-type': 'application/problem+json' },
          });
        }
        return fetch(request);
      };
    })(),
    'echoes the API key in error details': rewriteJson(fetch, (body, _url, status) =>
      status >= 400 ? { ...body, detail: `${String(body.detail)} (key ${demo.apiKey})` } : body,
    ),
    ...listVariants(fetch, tokens),
  };
}

/** Variants of the session list (`listsessions`). */
function listVariants(fetch: Transport, tokens: Tokens): Record<string, Transport> {
  const onList = (edit: (url: URL, headers: Headers) => void): Transport =>
    rewriteRequest(fetch, (url, headers) => {
      if (isEndpoint(url, 'listsessions')) edit(url, headers);
    });
  const reversed = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).reverse());
  return {
    'answers list fields in another order': onEnvelope(fetch, 'listsessions', (body) =>
      withRecords(body, body.response!.map(reversed)),
    ),
    'adds totalpages to list records': onEnvelope(fetch, 'listsessions', (body) =>
      withRecords(
        body,
        body.response!.map((r) => ({ ...r, totalpages: body.pagecount })),
      ),
    ),
    'breaks list ties by sessionid descending': onEnvelope(fetch, 'listsessions', (body, url) => {
      const first = (param(url, 'metrics') ?? '').split(',')[0]!;
      const runs: Record<string, unknown>[][] = [];
      for (const r of body.response!) {
        const run = runs.at(-1);
        if (run && run[0]![first] === r[first]) run.push(r);
        else runs.push([r]);
      }
      return withRecords(
        body,
        runs.flatMap((run) => run.reverse()),
      );
    }),
    'sorts lists ascending by default': onList((url) => {
      if (!url.searchParams.has('order')) url.searchParams.set('order', 'asc');
    }),
    'ignores concurrency on lists': onList((url) => url.searchParams.delete('concurrency')),
    'ignores the filter on lists': onList((url) => url.searchParams.delete('filter')),
    'accepts a breakdown on lists': onList((url) => url.searchParams.delete('aggby')),
    'ignores granularity on lists': onList((url) => url.searchParams.delete('granularity')),
    'refuses aggby=sessionid on lists': onList((url) => {
      if (param(url, 'aggby') === 'sessionid') url.searchParams.set('aggby', 'country');
    }),
    'drops group-level metrics from lists': onList((url) => {
      if (param(url, 'metrics') === 'attempts') url.searchParams.set('metrics', 'latency');
    }),
    'lets list requests without an API key through': onList((_url, headers) => {
      if (!headers.has('x-api-key')) headers.set('x-api-key', tokens.demo!.apiKey);
    }),
    "accepts a customer's key for another customer on lists": onList((url, headers) => {
      const owner = tokens[decodeURIComponent(endpointOf(url)?.[2] ?? '')];
      if (owner && headers.has('x-api-key')) headers.set('x-api-key', owner.apiKey);
    }),
  };
}
