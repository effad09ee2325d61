// The benchmark queries (e)-(h): quantiles, active sessions per hour, pro-rata time with
// concurrency=1 and session-level conditions (docs/server.md#query-semantics).

export interface Window {
  readonly start: number;
  readonly end: number;
}

export function v2Queries(p7: Window, p1: Window) {
  const period = (w: Window) => `start=${w.start},end=${w.end}`;
  return {
    e: {
      path: 'metricquery/demo',
      params: { period: period(p7), metrics: 'p95_latency,median_latency', aggby: 'cdn' },
    },
    f: {
      path: 'metricquery/demo',
      params: {
        period: period(p7),
        metrics: 'concurviewavg',
        aggby: 'timestamp',
        granularity: 'hour',
        limit: '1000',
      },
    },
    g: {
      path: 'metricquery/demo',
      params: { period: period(p1), metrics: 'playdur', aggby: 'device', concurrency: '1' },
    },
    h: {
      path: 'metricquery/demo',
      params: {
        period: period(p7),
        metrics: 'viewercount,playdur',
        aggby: 'country',
        qoefilter: 'bufferingratio>2 AND latency>1',
      },
    },
  } as const;
}
