// Benchmark of the reference service (issue 4): generation, four representative queries against two
// plain-JS full-scan baselines (typed arrays, array of objects), paging a large result, and HTTP
// throughput from autocannon in a second process; first the `small` figures on test-sized data
// (small.ts), last the engines table and scale curve (engines.ts). Writes bench/results/server.json,
// keeping the figures of sizes and parts not run this time. Sizes: BENCH_SIZES=1000000,10000000
// (default), BENCH_ENGINE_SIZES (the same default; BENCH_DATA_DIR keeps their files, BENCH_ENGINE_MODES
// names engines, e.g. duckdb-parquet,duckdb-file); BENCH_PARTS=
// small|queries|engines runs one part. BENCH_DATABASE=/tmp/playq-bench keeps the data in a DuckDB
// file (one per size) and BENCH_MEMORY_LIMIT=400MB bounds DuckDB's memory. Imports the BUILT
// package. The JS baselines are built last, so they do not inflate the service's memory figures.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createService, type Dataset } from '@playq/server';
import { alternate } from './alternate';
import type { EngineMode } from './engine-run';
import { benchEngineSize, ratios, type SizeFigures, scaleCurve } from './engines';
import { benchGeneration, type GenerationFigures } from './generation';
import { END, LIST_QUERIES, P1, P7, QUERIES } from './queries';
import { type ListAnswer, listFigures } from './session-list-queries';
import { benchSmall } from './small';
import { extractV2, v2Baselines, v2Queries } from './v2-queries';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS = process.env.BENCH_RESULTS ?? join(here, '../../../bench/results/server.json');
/** A list of sizes from the environment; empty (`BENCH_ENGINE_SIZES=`) runs none. */
const sizes = (value: string) => value.split(',').filter(Boolean).map(Number);
const SIZES = sizes(process.env.BENCH_SIZES ?? '1000000,10000000');
/** The engines table's sizes (issue 30); add 100000000 for the scale curve's last point (disk modes only). */
const ENGINE_SIZES = sizes(process.env.BENCH_ENGINE_SIZES ?? '1000000,10000000');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
/**
 * `queries` skips the paging, HTTP-load and engines parts (a shorter run for the query figures
 * alone); `list` runs only the session-list queries (i)-(iii) and their baselines; `small` runs
 * only the small figures; `engines` only the engines table and scale curve; `generation` only
 * the generator's figures (generation.ts); `http` only the HTTP load figures.
 */
const PARTS = process.env.BENCH_PARTS ?? 'all';
/** `BENCH_PARTS=generation`: the streamed generator against the in-memory one at these sizes. */
const GENERATION_SIZES = sizes(process.env.BENCH_GENERATION_SIZES ?? '1000000');
const V2_QUERIES = v2Queries(P7, P1);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);
const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time<T>(fn: () => Promise<T> | T, runs = RUNS): Promise<{ ms: number; value: T }> {
  let value = await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = await fn();
    times.push(performance.now() - t);
  }
  return { ms: Math.round(median(times) * 100) / 100, value };
}

// ---- the data in JS, for the baselines ----
interface Columns {
  n: number;
  cust: Int32Array;
  sub: Int32Array;
  country: Int32Array;
  platform: Int32Array;
  player: Int32Array;
  start: Float64Array;
  end: Float64Array;
  startup: Float64Array; // NaN when the video never started
  watch: Float64Array;
  rebuf: Float64Array;
  /** 1 when the status is ENDED or DROPPED (the default population). */
  ok: Int32Array;
}
interface ErrorColumns {
  n: number;
  cust: Int32Array;
  ts: Float64Array;
  sub: Int32Array;
  country: Int32Array;
  platform: Int32Array;
  player: Int32Array;
}

async function extract(db: Dataset) {
  const conn = await db.connect();
  const read = async (sql: string, n: number, kinds: ('i' | 'f')[]) => {
    const cols = kinds.map((k) => (k === 'i' ? new Int32Array(n) : new Float64Array(n)));
    const result = await conn.stream(sql);
    let at = 0;
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      kinds.forEach((_, c) => {
        const values = chunk.getColumnValues(c);
        const col = cols[c]!;
        for (let r = 0; r < values.length; r++)
          col[at + r] = values[r] === null ? Number.NaN : Number(values[r]);
      });
      at += chunk.rowCount;
    }
    return cols;
  };
  const count = async (t: string) => Number((await db.all(`SELECT count(*)::DOUBLE FROM ${t}`))[0]![0]);
  const ns = await count('sessions');
  const ne = await count('errors');
  const [cust, sub, country, platform, player, start, end, startup, watch, rebuf, ok] = await read(
    `SELECT cust, subscriberid, country, platform, player, start_ts, end_ts, startup_ms, watch_ms, rebuffer_ms,
       (status IN ('ENDED', 'DROPPED'))::INTEGER FROM sessions`,
    ns,
    ['i', 'i', 'i', 'i', 'i', 'f', 'f', 'f', 'f', 'f', 'i'],
  );
  const [ecust, ets, esub, ecountry, eplatform, eplayer] = await read(
    'SELECT cust, ts, subscriberid, country, platform, player FROM errors',
    ne,
    ['i', 'f', 'i', 'i', 'i', 'i'],
  );
  conn.closeSync();
  const s = { n: ns, cust, sub, country, platform, player, start, end, startup, watch, rebuf, ok } as Columns;
  const e = {
    n: ne,
    cust: ecust,
    ts: ets,
    sub: esub,
    country: ecountry,
    platform: eplatform,
    player: eplayer,
  } as ErrorColumns;
  const sObjects = Array.from({ length: ns }, (_, i) => ({
    cust: s.cust[i]!,
    sub: s.sub[i]!,
    country: s.country[i]!,
    platform: s.platform[i]!,
    player: s.player[i]!,
    start: s.start[i]!,
    end: s.end[i]!,
    startup: Number.isNaN(s.startup[i]!) ? null : s.startup[i]!,
    watch: s.watch[i]!,
    rebuf: s.rebuf[i]!,
    ok: s.ok[i] === 1,
  }));
  const eObjects = Array.from({ length: ne }, (_, i) => ({
    cust: e.cust[i]!,
    ts: e.ts[i]!,
    sub: e.sub[i]!,
    country: e.country[i]!,
    platform: e.platform[i]!,
    player: e.player[i]!,
  }));
  const dict = async (d: string) =>
    (await db.all(`SELECT value FROM dict_${d} ORDER BY code`)).map((r) => r[0] as string);
  return {
    s,
    e,
    sObjects,
    eObjects,
    names: {
      country: await dict('country'),
      platform: await dict('platform'),
      subscriberid: await dict('subscriberid'),
    },
  };
}

type Data = Awaited<ReturnType<typeof extract>>;
interface Sess {
  cust: number;
  sub: number;
  country: number;
  platform: number;
  start: number;
  end: number;
  startup: number | null;
  watch: number;
  rebuf: number;
  ok: boolean;
}
interface Err {
  cust: number;
  ts: number;
  sub: number;
  country: number;
  platform: number;
}

// Accessors make each baseline one piece of code over either layout; the typed-array one reads the
// columns directly (hot loops below are specialised per layout for a fair comparison).
interface Agg {
  n: number;
  plays: number;
  startup: number;
  rebuf: number;
  played: number;
  errors: number;
}
const newAgg = (): Agg => ({ n: 0, plays: 0, startup: 0, rebuf: 0, played: 0, errors: 0 });
const fin = (a: Agg) => ({
  latency: a.plays === 0 ? 0 : a.startup / a.plays / 1000,
  viewercount: a.plays,
  bufferingratio: a.played === 0 ? 0 : (100 * a.rebuf) / a.played,
  errors: a.errors,
});

/** Groups sessions and errors of customer 0 in P7 by a key function; one pass over all rows. */
function scanTyped(
  d: Data,
  keyS: (i: number) => number,
  keyE: (i: number) => number,
  passS: (i: number) => boolean,
  passE: (i: number) => boolean,
) {
  const groups = new Map<number, Agg>();
  const { s, e } = d;
  for (let i = 0; i < s.n; i++) {
    if (s.cust[i] !== 0) continue;
    // The default population: ended in the period (NaN end_ts fails), status ENDED or DROPPED.
    const t = s.end[i]!;
    if (!(t >= P7.start && t < P7.end) || s.ok[i] !== 1 || !passS(i)) continue;
    const k = keyS(i);
    let g = groups.get(k);
    if (!g) {
      g = newAgg();
      groups.set(k, g);
    }
    g.n++;
    const st = s.startup[i]!;
    if (!Number.isNaN(st)) {
      g.plays++;
      g.startup += st;
    }
    g.rebuf += s.rebuf[i]!;
    g.played += s.watch[i]! + s.rebuf[i]!;
  }
  for (let i = 0; i < e.n; i++) {
    if (e.cust[i] !== 0) continue;
    const t = e.ts[i]!;
    if (t < P7.start || t >= P7.end || !passE(i)) continue;
    const k = keyE(i);
    let g = groups.get(k);
    if (!g) {
      g = newAgg();
      groups.set(k, g);
    }
    g.errors++;
  }
  return groups;
}

function scanObjects(
  d: Data,
  keyS: (r: Sess) => number,
  keyE: (r: Err) => number,
  passS: (r: Sess) => boolean,
  passE: (r: Err) => boolean,
) {
  const groups = new Map<number, Agg>();
  for (const r of d.sObjects) {
    if (r.cust !== 0 || !(r.end >= P7.start && r.end < P7.end) || !r.ok || !passS(r)) continue;
    const k = keyS(r);
    let g = groups.get(k);
    if (!g) {
      g = newAgg();
      groups.set(k, g);
    }
    g.n++;
    if (r.startup !== null) {
      g.plays++;
      g.startup += r.startup;
    }
    g.rebuf += r.rebuf;
    g.played += r.watch + r.rebuf;
  }
  for (const r of d.eObjects) {
    if (r.cust !== 0 || r.ts < P7.start || r.ts >= P7.end || !passE(r)) continue;
    const k = keyE(r);
    let g = groups.get(k);
    if (!g) {
      g = newAgg();
      groups.set(k, g);
    }
    g.errors++;
  }
  return groups;
}

const cmpDesc = (a: number, b: number) => b - a;
const sessionRatio = (watch: number, rebuf: number) =>
  watch + rebuf === 0 ? 0 : (100 * rebuf) / (watch + rebuf);

function main(d: Data) {
  const code = (dim: 'country' | 'platform', v: string) => d.names[dim].indexOf(v);
  const platforms = new Set(['web', 'android'].map((v) => code('platform', v)));
  const countries = new Set(['US', 'GB', 'DE', 'FR', 'BR', 'IN'].map((v) => code('country', v)));
  const { s, e } = d;
  return {
    a: {
      typed: () => {
        const g = scanTyped(
          d,
          (i) => s.country[i]!,
          (i) => e.country[i]!,
          (i) => platforms.has(s.platform[i]!) && countries.has(s.country[i]!),
          (i) => platforms.has(e.platform[i]!) && countries.has(e.country[i]!),
        );
        return [...g]
          .map(([k, a]) => ({ ...fin(a), k }))
          .sort((x, y) => cmpDesc(x.latency, y.latency) || x.k - y.k)
          .slice(0, 1000);
      },
      objects: () => {
        const g = scanObjects(
          d,
          (r) => r.country,
          (r) => r.country,
          (r) => platforms.has(r.platform) && countries.has(r.country),
          (r) => platforms.has(r.platform) && countries.has(r.country),
        );
        return [...g]
          .map(([k, a]) => ({ ...fin(a), k }))
          .sort((x, y) => cmpDesc(x.latency, y.latency) || x.k - y.k)
          .slice(0, 1000);
      },
    },
    b: {
      typed: () => {
        const g = scanTyped(
          d,
          (i) => s.sub[i]!,
          (i) => e.sub[i]!,
          // v2: only subscribers with error events are records (errors is the only metric).
          () => false,
          () => true,
        );
        return [...g]
          .map(([k, a]) => ({ errors: a.errors, k }))
          .sort((x, y) => y.errors - x.errors || x.k - y.k)
          .slice(0, 1000);
      },
      objects: () => {
        const g = scanObjects(
          d,
          (r) => r.sub,
          (r) => r.sub,
          // v2: only subscribers with error events are records (errors is the only metric).
          () => false,
          () => true,
        );
        return [...g]
          .map(([k, a]) => ({ errors: a.errors, k }))
          .sort((x, y) => y.errors - x.errors || x.k - y.k)
          .slice(0, 1000);
      },
    },
    c: {
      typed: () => {
        const g = scanTyped(
          d,
          (i) => Math.floor(s.end[i]! / 3600) * 3600,
          (i) => Math.floor(e.ts[i]! / 3600) * 3600,
          () => true,
          () => true,
        );
        return [...g]
          .map(([k, a]) => ({ ...fin(a), k }))
          .sort((x, y) => x.k - y.k)
          .slice(0, 1000);
      },
      objects: () => {
        const g = scanObjects(
          d,
          (r) => Math.floor(r.end / 3600) * 3600,
          (r) => Math.floor(r.ts / 3600) * 3600,
          () => true,
          () => true,
        );
        return [...g]
          .map(([k, a]) => ({ ...fin(a), k }))
          .sort((x, y) => x.k - y.k)
          .slice(0, 1000);
      },
    },
    d: {
      typed: () => {
        const g = scanTyped(
          d,
          (i) => s.country[i]! * 64 + s.platform[i]!,
          (i) => e.country[i]! * 64 + e.platform[i]!,
          // v2: bufferingratio is session-level (each session's own ratio), viewercount a record test.
          (i) => sessionRatio(s.watch[i]!, s.rebuf[i]!) > 0.5,
          () => false,
        );
        return [...g]
          .map(([k, a]) => ({ ...fin(a), k }))
          .filter((r) => r.viewercount > 50)
          .sort((x, y) => cmpDesc(x.viewercount, y.viewercount) || x.k - y.k)
          .slice(0, 1000);
      },
      objects: () => {
        const g = scanObjects(
          d,
          (r) => r.country * 64 + r.platform,
          (r) => r.country * 64 + r.platform,
          (r) => sessionRatio(r.watch, r.rebuf) > 0.5,
          () => false,
        );
        return [...g]
          .map(([k, a]) => ({ ...fin(a), k }))
          .filter((r) => r.viewercount > 50)
          .sort((x, y) => cmpDesc(x.viewercount, y.viewercount) || x.k - y.k)
          .slice(0, 1000);
      },
    },
  };
}

const qs = (p: Record<string, string>) => new URLSearchParams(p).toString();

async function bench(n: number) {
  const out: { sessions: number } & Record<string, unknown> = { sessions: n };
  peakRss = process.memoryUsage().rss;
  const t0 = performance.now();
  const database = process.env.BENCH_DATABASE ? `${process.env.BENCH_DATABASE}.${n}` : undefined;
  const memoryLimit = process.env.BENCH_MEMORY_LIMIT;
  if (database) (await import('node:fs')).rmSync(database, { force: true });
  // The service opens its own data, as `playq serve --sessions N` does.
  const service = await createService({
    data: {
      generate: {
        sessions: n,
        seed: 1,
        days: 30,
        end: END,
        ...(database ? { database } : {}),
        ...(memoryLimit ? { memoryLimit } : {}),
      },
    },
    rateLimit: false,
    cacheTtlMs: 0,
  });
  const db = service.db;
  out.storage = {
    database: database ?? ':memory:',
    memoryLimit: memoryLimit ?? 'DuckDB default (80% of RAM)',
  };
  out.generation = {
    ms: Math.round(performance.now() - t0),
    peakRssMb: mb(peakRss),
    errors: db.stats().errors,
  };
  console.log(`[${n}] generated in ${out.generation && (out.generation as { ms: number }).ms} ms`);

  const tokenRes = await service.fetch(
    new Request('http://bench/api/v1/oauth/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa('demo:demo-secret')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  );
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const headers = (path: string): Record<string, string> =>
    path.startsWith('session') ? { Authorization: `Bearer ${token}` } : { 'X-API-Key': 'demo-key' };
  const call = async (q: { path: string; params: Record<string, string> }) => {
    const res = await service.fetch(
      new Request(`http://bench/api/v1/${q.path}?${qs(q.params)}`, { headers: headers(q.path) }),
    );
    if (res.status !== 200) throw new Error(`${q.path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { response: Record<string, unknown>[]; totalrecords: number };
  };
  // Each query once for its answer (and as a warm-up); its time is measured later, alternated
  // with its baseline's scan (see alternate.ts).
  const serviceAnswers: Record<string, ServiceAnswer> = {};
  for (const [name, q] of Object.entries(PARTS === 'list' || PARTS === 'http' ? {} : QUERIES)) {
    const value = await call(q);
    serviceAnswers[name] = { records: value.response.length, run: () => call(q) };
  }
  // (e)-(h): the v2 semantics. A query the service refuses is reported, not fatal.
  const v2Service: Record<string, ServiceAnswer | { error: string }> = {};
  for (const [name, q] of Object.entries(PARTS === 'list' || PARTS === 'http' ? {} : V2_QUERIES)) {
    try {
      const value = await call(q);
      v2Service[name] = { records: value.response.length, run: () => call(q) };
    } catch (error) {
      v2Service[name] = { error: String(error).slice(0, 300) };
    }
  }
  // (i)-(iii): the session list (issue 26).
  const listService: Record<string, ListAnswer> = {};
  for (const [name, q] of Object.entries(PARTS === 'http' ? {} : LIST_QUERIES)) {
    try {
      const value = await call(q);
      listService[name] = { records: value.response, totalrecords: value.totalrecords, run: () => call(q) };
    } catch (error) {
      listService[name] = { error: String(error).slice(0, 300) };
    }
  }
  const servingRss = process.memoryUsage().rss;
  if (PARTS === 'list') {
    // Only the list's figures (with the serving RSS after them): the size's others stay as they were.
    const sessionList = await listFigures(db, listService, P7, RUNS);
    await service.close();
    await db.close();
    return { sessions: n, sessionList: { ...sessionList, servingRssMbAfterListQueries: mb(servingRss) } };
  }
  if (PARTS === 'http') {
    // Only the HTTP figures: the size's others stay as they were.
    const http = await httpFigures(db);
    await service.close();
    await db.close();
    return { sessions: n, http };
  }
  if (PARTS === 'queries') {
    out.servingRssMb = { afterQueries: mb(servingRss) };
    out.sessionList = await listFigures(db, listService, P7, RUNS);
    out.queries = { ...(await baselineFigures(db, serviceAnswers)), ...(await v2Figures(db, v2Service)) };
    await service.close();
    await db.close();
    return out;
  }

  // Paging: all pages of a ~100,000-record result (the last 100,000 error events, agg=2).
  const pstart = Number(
    (
      await db.all(
        'SELECT coalesce((SELECT ts FROM errors WHERE cust = 0 ORDER BY ts DESC LIMIT 1 OFFSET 99999), (SELECT min(ts) FROM errors WHERE cust = 0))::DOUBLE',
      )
    )[0]?.[0],
  );
  const pageParams = {
    planlevel: '2',
    period: `start=${pstart},end=${END}`,
    metrics: 'category,key,errors,player',
    agg: '2',
    limit: '10000',
  };
  const cached = await createService({
    data: { dataset: db },
    rateLimit: false,
    cacheMaxRecords: 800_000,
    jwtSecret: 'x'.repeat(32),
  });
  const uncached = await createService({
    data: { dataset: db },
    rateLimit: false,
    cacheTtlMs: 0,
    jwtSecret: 'x'.repeat(32),
  });
  // Tokens from one secret work on both.
  const t2 = await cached.fetch(
    new Request('http://bench/api/v1/oauth/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa('demo:demo-secret')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  );
  const tok2 = ((await t2.json()) as { access_token: string }).access_token;
  const pageAllWith = async (svc: typeof service) => {
    let offset = 0;
    let total = 0;
    do {
      const res = await svc.fetch(
        new Request(`http://bench/api/v1/session/demo?${qs({ ...pageParams, offset: String(offset) })}`, {
          headers: { Authorization: `Bearer ${tok2}` },
        }),
      );
      const body = (await res.json()) as { totalrecords: number };
      total = body.totalrecords;
      offset += 10_000;
    } while (offset < total);
    return total;
  };
  const pagedCached = await time(() => pageAllWith(cached), 3);
  const pagedUncached = await time(() => pageAllWith(uncached), 3);
  out.paging = {
    records: pagedCached.value,
    pageSize: 10_000,
    withCacheMs: pagedCached.ms,
    withoutCacheMs: pagedUncached.ms,
    speedup: Math.round((pagedUncached.ms / pagedCached.ms) * 10) / 10,
    note: 'withCache repeats within the cache lifetime after a warm-up, so it measures slicing + serialization; withoutCache runs one query per page',
  };
  await cached.close();
  await uncached.close();

  out.http = await httpFigures(db);
  out.servingRssMb = { afterQueries: mb(servingRss), peakDuringLoad: mb(peakRss) };
  // Baselines (same process, after the service measurements so they do not inflate serving RSS).
  out.sessionList = await listFigures(db, listService, P7, RUNS);
  out.queries = { ...(await baselineFigures(db, serviceAnswers)), ...(await v2Figures(db, v2Service)) };

  await service.close();
  await db.close();
  return out;
}

/**
 * HTTP throughput: autocannon in a child process (so that the load generator does not share the
 * service's process and event loop), 100 connections, the same cached query repeated and 60
 * distinct queries cycled.
 */
async function httpFigures(db: Dataset) {
  // HTTP: autocannon in a child process, 100 connections.
  // One customer on 100 connections: admission control would refuse most of them (its share of
  // the queue is 16); widen it so the figures measure throughput, as before admission existed.
  const http = await createService({
    data: { dataset: db },
    rateLimit: false,
    admission: { customerSlots: 4, customerQueueSize: 128, queueSize: 128 },
  });
  const where = await http.listen({ host: '127.0.0.1', port: 0 });
  const load = async (paths: string[]) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        join(here, 'load.mjs'),
        JSON.stringify({
          url: where.url,
          paths,
          headers: { 'X-API-Key': 'demo-key' },
          connections: 100,
          duration: LOAD_SECONDS,
        }),
      ],
      { maxBuffer: 1 << 20 },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  };
  peakRss = process.memoryUsage().rss;
  const repeated = await load([`/api/v1/${QUERIES.a.path}?${qs(QUERIES.a.params)}`]);
  // 60 distinct queries (3 shapes x 20 periods), cycled: a dashboard-like mix of misses and hits.
  const varied = Array.from({ length: 60 }, (_, i) => {
    const start = P7.start + (i % 20) * 3600;
    const q = [QUERIES.a, QUERIES.c, QUERIES.d][i % 3]!;
    return `/api/v1/${q.path}?${qs({ ...q.params, period: `start=${start},end=${P7.end - (i % 5) * 3600}` })}`;
  });
  const variedResult = await load(varied);
  await http.close();
  return {
    connections: 100,
    seconds: LOAD_SECONDS,
    repeated,
    varied: variedResult,
    peakRssDuringLoadMb: mb(peakRss),
  };
}

/** One query's answer from the service (its number of records) and how to ask it again. */
interface ServiceAnswer {
  readonly records: number;
  readonly run: () => Promise<unknown>;
}

/** (a)-(d) against their baselines, each timed alternated with the service (see alternate.ts). */
async function baselineFigures(db: Dataset, answers: Record<string, ServiceAnswer>) {
  const data = await extract(db);
  const baselines = main(data);
  const queries: Record<string, unknown> = {};
  for (const name of ['a', 'b', 'c', 'd'] as const) {
    const svc = answers[name]!;
    const { value: typed, ...timing } = await alternate(svc.run, baselines[name].typed, RUNS);
    const objects = await time(baselines[name].objects, 5);
    queries[name] = {
      ...timing,
      objectScanMs: objects.ms,
      vsObjects: Math.round((objects.ms / timing.serviceMs) * 100) / 100,
      records: svc.records,
      baselineRecords: typed.length,
      sameRecordCount: typed.length === svc.records && objects.value.length === svc.records,
    };
  }
  return queries;
}

/** (e)-(h) against their typed-array baselines, which compute the v2 answer. */
async function v2Figures(db: Dataset, answers: Record<string, ServiceAnswer | { error: string }>) {
  const baselines = v2Baselines(await extractV2(db), P7, P1);
  const queries: Record<string, unknown> = {};
  for (const name of ['e', 'f', 'g', 'h'] as const) {
    const baseline = baselines[name] as () => unknown[];
    const svc = answers[name]!;
    if ('error' in svc) {
      const typed = await time(baseline, 5);
      queries[name] = { ...svc, typedArrayScanMs: typed.ms, baselineRecords: typed.value.length };
      continue;
    }
    const { value: typed, ...timing } = await alternate(svc.run, baseline, RUNS);
    queries[name] = {
      ...timing,
      records: svc.records,
      baselineRecords: typed.length,
      sameRecordCount: typed.length === svc.records,
    };
  }
  return queries;
}

type Results = {
  small?: unknown;
  results?: { sessions: number }[];
  engines?: { sizes?: SizeFigures[]; scale?: unknown };
  generation?: { sizes?: GenerationFigures[] };
};
/** The figures written before, so that a run of some sizes or parts keeps the others. */
const previous: Results = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {};
/**
 * Replaces the figures of the sizes run this time, keeping the others and every other key; a
 * partial run (BENCH_PARTS) keeps the size's other figures from before.
 */
const merge = <T extends { sessions: number }>(kept: readonly T[] = [], run: readonly T[]) => {
  const sizes = new Set(run.map((r) => r.sessions));
  const merged = run.map((r) => ({
    ...(PARTS === 'all' ? {} : kept.find((p) => p.sessions === r.sessions)),
    ...r,
  }));
  return [...kept.filter((r) => !sizes.has(r.sessions)), ...merged].sort((a, b) => a.sessions - b.sessions);
};
const generation: GenerationFigures[] = [];
/**
 * A run of some engines (BENCH_ENGINE_MODES) keeps the size's other engines from before, and the
 * ratios are recomputed over all of them.
 */
const mergeEngines = (run: readonly SizeFigures[]) =>
  run.map((r) => {
    const kept = process.env.BENCH_ENGINE_MODES
      ? previous.engines?.sizes?.find((p) => p.sessions === r.sessions)
      : undefined;
    const engines = { ...kept?.engines, ...r.engines };
    return { ...kept, ...r, engines, ratios: ratios(engines) };
  });
const write = (small: unknown, results: readonly { sessions: number }[], engines: readonly SizeFigures[]) => {
  const sizes = merge(previous.engines?.sizes, mergeEngines(engines));
  const all: Results & Record<string, unknown> = {
    ...previous,
    generation: { ...previous.generation, sizes: merge(previous.generation?.sizes, generation) },
    machine: { cpus: cpus().length },
    small,
    results: merge(previous.results, results),
    engines: { ...previous.engines, sizes, scale: scaleCurve(sizes) },
  };
  mkdirSync(dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
};

const small =
  PARTS === 'engines' || PARTS === 'list' || PARTS === 'generation' || PARTS === 'http'
    ? previous.small
    : await benchSmall();
if (PARTS !== 'engines' && PARTS !== 'generation') console.log(JSON.stringify({ small }, null, 2));
const results: ({ sessions: number } & Record<string, unknown>)[] = [];
const engines: SizeFigures[] = [];
write(small, results, engines);
for (const n of PARTS === 'generation' ? GENERATION_SIZES : []) {
  generation.push(await benchGeneration(n, process.env.BENCH_DATA_DIR));
  write(small, results, engines);
  console.log(JSON.stringify(generation.at(-1)));
}
for (const n of PARTS === 'small' || PARTS === 'engines' || PARTS === 'generation' ? [] : SIZES) {
  try {
    results.push(await bench(n));
  } catch (error) {
    results.push({ sessions: n, error: String(error) });
  }
  write(small, results, engines);
  console.log(JSON.stringify(results.at(-1), null, 2));
}
for (const n of PARTS === 'all' || PARTS === 'engines' ? ENGINE_SIZES : []) {
  engines.push(
    await benchEngineSize(n, {
      ...(process.env.BENCH_DATA_DIR ? { dataDir: process.env.BENCH_DATA_DIR } : {}),
      // Warm runs per query (median); fewer for a quick 100M point.
      runs: Number(process.env.BENCH_ENGINE_RUNS ?? 5),
      ...(process.env.BENCH_ENGINE_MODES
        ? { modes: process.env.BENCH_ENGINE_MODES.split(',') as EngineMode[] }
        : {}),
      progress: console.log,
    }),
  );
  write(small, results, engines);
}
clearInterval(sampler);
