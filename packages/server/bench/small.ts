// The `small` benchmark (issue 32): what a test suite feels on test-sized data (20,000 sessions,
// the test service's default). Distinct queries sent one after another, over HTTP and through the
// in-process `service.fetch`, against a cache hit of the same shape, distinct queries and hits
// alternated after a warm-up so both run on the same JIT state and machine load; besides wall-clock
// times, the process's CPU time per request (less sensitive to a shared machine).
import { createService } from '@playq/server';
import { END } from './queries';

const DAY = 86_400;

/** Five dashboard shapes; each request shifts the period start by a second, so none is a cache hit. */
const SHAPES: readonly Record<string, string>[] = [
  { metrics: 'latency,viewercount,bufferingratio,errors', aggby: 'country' },
  { metrics: 'viewercount,latency,errors', aggby: 'timestamp', granularity: 'hour' },
  {
    metrics: 'viewercount,bufferingratio',
    aggby: 'country,platform',
    qoefilter: 'viewercount>5 AND bufferingratio>0.5',
  },
  { metrics: 'p95_latency,median_latency', aggby: 'cdn' },
  { metrics: 'playdur,viewercount', aggby: 'device', qoefilter: 'bufferingratio>2 AND latency>1' },
];

const pct = (xs: readonly number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 1000) / 1000
  );
};

/**
 * Distinct requests per transport before measuring, alternated: V8 has optimized the hot code of
 * both paths by then (after 50, a distinct query over HTTP still ran ~0.5 ms of CPU slower, most
 * of it unoptimized code and compilation on V8's threads; see docs/server.md).
 */
const WARM_UP = 400;
/** The first warm-up requests per transport, whose p50 is reported as `coldDistinctP50Ms`. */
const COLD = 50;

/** p50/p99 wall-clock ms, and p50 CPU ms of the process (client and server) per request. */
export interface Timings {
  /** p50 of the first COLD distinct requests in a fresh process (the JIT not warm yet). */
  readonly coldDistinctP50Ms: number;
  readonly distinctP50Ms: number;
  readonly distinctP99Ms: number;
  readonly hitP50Ms: number;
  readonly distinctCpuP50Ms: number;
  readonly hitCpuP50Ms: number;
}

/** Wall-clock and CPU ms of each request of one kind. */
interface Series {
  readonly ms: number[];
  readonly cpu: number[];
}

export interface SmallFigures {
  readonly sessions: number;
  readonly distinctQueries: number;
  readonly http: Timings & { ratio: number; cpuRatio: number };
  readonly inProcess: Timings;
  readonly perShapeHttpP50Ms: Record<string, number>;
}

/** Runs the small benchmark: after the warm-up, `queries` distinct requests and as many hits per transport. */
export async function benchSmall(sessions = 20_000, queries = 200): Promise<SmallFigures> {
  const service = await createService({
    data: { generate: { sessions, seed: 1, days: 30, end: END } },
    rateLimit: false,
  });
  const info = await service.listen({ port: 0 });
  const path = (i: number) => {
    const shape = SHAPES[i % SHAPES.length]!;
    const period = `start=${END - 7 * DAY + i},end=${END}`;
    return `/api/v1/metricquery/demo?${new URLSearchParams({ period, ...shape })}`;
  };
  const headers = { 'X-API-Key': 'demo-key' };
  const overHttp = async (p: string) => {
    const res = await fetch(info.url + p, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`small: ${res.status} for ${p}`);
  };
  const inProcess = async (p: string) => {
    const res = await service.fetch(new Request(`http://bench${p}`, { headers }));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`small: ${res.status} for ${p}`);
  };
  const series = (): Series => ({ ms: [], cpu: [] });
  const timed = async (send: (p: string) => Promise<void>, p: string, into: Series) => {
    const c = process.cpuUsage();
    const t = performance.now();
    await send(p);
    into.ms.push(performance.now() - t);
    const d = process.cpuUsage(c);
    into.cpu.push((d.user + d.system) / 1000);
  };
  // Warm-up: connections, prepared statements of every shape, and the JIT (never the measured
  // periods); the first COLD of each transport are kept as the cold figure.
  const cold = { http: series(), local: series() };
  for (let i = 0; i < WARM_UP; i++) {
    await timed(overHttp, path(100_000 + i), i < COLD ? cold.http : series());
    await timed(inProcess, path(200_000 + i), i < COLD ? cold.local : series());
  }
  const hitPath = { http: path(300_000), local: path(300_000 + SHAPES.length) };
  await overHttp(hitPath.http);
  await inProcess(hitPath.local);

  // Measured per transport: a distinct query and the hit in turn, so neither runs on warmer code or
  // a quieter machine than the other (in process, without HTTP work between its requests).
  const httpDistinct = series();
  const httpHits = series();
  for (let i = 0; i < queries; i++) {
    await timed(overHttp, path(i), httpDistinct);
    await timed(overHttp, hitPath.http, httpHits);
  }
  const localDistinct = series();
  const localHits = series();
  for (let i = 0; i < queries; i++) {
    await timed(inProcess, path(queries + i), localDistinct);
    await timed(inProcess, hitPath.local, localHits);
  }
  await service.close();

  const perShapeHttpP50Ms: Record<string, number> = {};
  SHAPES.forEach((shape, k) => {
    perShapeHttpP50Ms[`${shape.metrics} by ${shape.aggby}`] = pct(
      httpDistinct.ms.filter((_, i) => i % SHAPES.length === k),
      50,
    );
  });
  const timings = (first: Series, distinct: Series, hits: Series): Timings => ({
    coldDistinctP50Ms: pct(first.ms, 50),
    distinctP50Ms: pct(distinct.ms, 50),
    distinctP99Ms: pct(distinct.ms, 99),
    hitP50Ms: pct(hits.ms, 50),
    distinctCpuP50Ms: pct(distinct.cpu, 50),
    hitCpuP50Ms: pct(hits.cpu, 50),
  });
  const http = timings(cold.http, httpDistinct, httpHits);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    sessions,
    distinctQueries: queries,
    http: {
      ...http,
      ratio: ratio(http.distinctP50Ms, http.hitP50Ms),
      cpuRatio: ratio(http.distinctCpuP50Ms, http.hitCpuP50Ms),
    },
    inProcess: timings(cold.local, localDistinct, localHits),
    perShapeHttpP50Ms,
  };
}
