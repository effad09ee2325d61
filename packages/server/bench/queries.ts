// The benchmark's queries: the period they ask about, (a)-(d) of issue 4, (e)-(h) of issue 11
// (v2-queries.ts) and the session-list queries (i)-(iii) of issue 26 (session-list-queries.ts), as paths and parameters over the
// generated data set (seed 1, 30 days before END). One owner for every bench that sends them.
import { listQueries } from './session-list-queries';
import { v2Queries, type Window } from './v2-queries';

/** The generated data's exclusive end (2026-01-01T00:00:00Z): every bench generates up to it. */
export const END = 1_767_225_600;
const DAY = 86_400;
export const P7: Window = { start: END - 7 * DAY, end: END };
export const P1: Window = { start: END - DAY, end: END };

export interface BenchQuery {
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
}

const period = `start=${P7.start},end=${P7.end}`;

/** (a)-(d): the first four benchmark queries, each against the JS scans of server.bench.ts. */
export const QUERIES = {
  a: {
    path: 'metricquery/demo',
    params: {
      period,
      metrics: 'latency,viewercount,bufferingratio',
      aggby: 'country',
      filter: '[platform=web|android][country=US|GB|DE|FR|BR|IN]',
    },
  },
  b: {
    path: 'session/demo',
    params: {
      planlevel: '2',
      period,
      metrics: 'errors,subscriberid',
      aggby: 'subscriberid',
      agg: '1',
      limit: '1000',
    },
  },
  c: {
    path: 'metricquery/demo',
    params: {
      period,
      metrics: 'viewercount,latency,errors',
      aggby: 'timestamp',
      granularity: 'hour',
      limit: '1000',
    },
  },
  d: {
    path: 'metricquery/demo',
    params: {
      period,
      metrics: 'viewercount,bufferingratio',
      aggby: 'country,platform',
      qoefilter: 'viewercount>50 AND bufferingratio>0.5',
    },
  },
} as const satisfies Record<string, BenchQuery>;

/** (i)-(iii): the session list (issue 26), each against its top-k scan in session-list-queries.ts. */
export const LIST_QUERIES = listQueries(P7);

/** Every query of the engines table, (a) to (h) then the session list. */
export const ENGINE_QUERIES: Readonly<Record<string, BenchQuery>> = {
  ...QUERIES,
  ...v2Queries(P7, P1),
  ...LIST_QUERIES,
};

/** A query's URL path and query string below the API base (`metricquery/demo?period=…`). */
export const queryPath = (q: BenchQuery) => `${q.path}?${new URLSearchParams(q.params).toString()}`;
