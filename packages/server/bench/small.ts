// The `small` benchmark (issue 32): what a test suite feels on test-sized data (20,000 sessions,
// the test service's default). Distinct queries sent one after another, over HTTP and through the
// in-process `service.fetch`, against a cache hit of the same shape measured in the same run;
// besides wall-clock times, the process's CPU time per request (less sensitive to a shared machine).
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

/** p50/p99 wall-clock ms, and p50 CPU ms of the process (client and server) per request. */
export interface Timings {
  readonly distinctP50Ms: number;
  readonly distinctP99Ms: number;
  readonly hitP50Ms: number;
  readonly distinctCpuP50Ms: number;
  readonly hitCpuP50Ms: number;
}

export interface SmallFigures {
  readonly sessions: number;
  readonly distinctQueries: number;
  readonly http: Timings & { ratio: number; cpuRatio: number };
  readonly inProcess: Timings;
  readonly perShapeHttpP50Ms: Record<string, number>;
}

/** Runs the small benchmark: `queries` distinct requests per transport, then as many hits. */
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
  const timed = async (send: (p: string) => Promise<void>, paths: readonly string[]) => {
    const ms: number[] = [];
    const cpu: number[] = [];
    for (const p of paths) {
      const c = process.cpuUsage();
      const t = performance.now();
      await send(p);
      ms.push(performance.now() - t);
      const d = process.cpuUsage(c);
      cpu.push((d.user + d.system) / 1000);
    }
    return { ms, cpu };
  };
  // Warm-up: JIT, connections, prepared statements of every shape (never the measured periods).
  const warm = Array.from({ length: 50 }, (_, i) => path(100_000 + i));
  await timed(overHttp, warm);
  await timed(
    inProcess,
    warm.map((_, i) => path(200_000 + i)),
  );

  const distinct = Array.from({ length: queries }, (_, i) => path(i));
  const httpDistinct = await timed(overHttp, distinct);
  const httpHits = await timed(
    overHttp,
    distinct.map(() => distinct[0]!),
  );
  const local = Array.from({ length: queries }, (_, i) => path(queries + i));
  const localDistinct = await timed(inProcess, local);
  const localHits = await timed(
    inProcess,
    local.map(() => local[0]!),
  );
  await service.close();

  const perShapeHttpP50Ms: Record<string, number> = {};
  SHAPES.forEach((shape, k) => {
    perShapeHttpP50Ms[`${shape.metrics} by ${shape.aggby}`] = pct(
      httpDistinct.ms.filter((_, i) => i % SHAPES.length === k),
      50,
    );
  });
  const timings = (distinct: typeof httpDistinct, hits: typeof httpDistinct): Timings => ({
    distinctP50Ms: pct(distinct.ms, 50),
    distinctP99Ms: pct(distinct.ms, 99),
    hitP50Ms: pct(hits.ms, 50),
    distinctCpuP50Ms: pct(distinct.cpu, 50),
    hitCpuP50Ms: pct(hits.cpu, 50),
  });
  const http = timings(httpDistinct, httpHits);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    sessions,
    distinctQueries: queries,
    http: {
      ...http,
      ratio: ratio(http.distinctP50Ms, http.hitP50Ms),
      cpuRatio: ratio(http.distinctCpuP50Ms, http.hitCpuP50Ms),
    },
    inProcess: timings(localDistinct, localHits),
    perShapeHttpP50Ms,
  };
}
