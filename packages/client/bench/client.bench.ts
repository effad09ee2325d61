// Benchmark of @playq/client (the BUILT package) against the reference service over loopback.
//  1. Throughput: fetch every page (limit 1000) of a ~100,000-record result with concurrency 1
//     and 8, against a baseline in the same run that does the same GETs with a bare keep-alive
//     node:http client and JSON.parse. Reported as records/s and client/baseline time ratios.
//  2. Memory: live heap (after GC) while streaming `records()` over ~100,000 and ~1,000,000
//     records; flat means bounded by pages in flight, not by result size.
// The service runs in a child process so that its memory and CPU are not counted as the client's.
// Figures go to bench/results/client.json at the repository root (or $PLAYQ_BENCH_OUT).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { apiKeyAuth, createClient, type Transport } from '@playq/client';
import { metricQuery } from '@playq/query';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = process.env.PLAYQ_BENCH_OUT ?? join(here, '../../../bench/results/client.json');
const SMALL_SESSIONS = Number(process.env.PLAYQ_BENCH_SMALL ?? 350_000);
const LARGE_SESSIONS = Number(process.env.PLAYQ_BENCH_LARGE ?? 3_600_000);
const ROUNDS = Number(process.env.PLAYQ_BENCH_ROUNDS ?? 3);
const LIMIT = 1000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

interface Fixture {
  baseUrl: string;
  minTs: number;
  maxTs: number;
  child: ChildProcess;
}

async function startService(sessions: number): Promise<Fixture> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, join(here, 'serve-fixture.ts'), String(sessions)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const nl = buffer.indexOf('\n');
      if (nl >= 0) resolve(buffer.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
  });
  const info = JSON.parse(line) as { baseUrl: string; minTs: number; maxTs: number };
  return { ...info, child };
}

function stopService(f: Fixture): Promise<void> {
  return new Promise((resolve) => {
    f.child.once('exit', () => resolve());
    f.child.kill('SIGTERM');
  });
}

function queryFor(f: Fixture) {
  return metricQuery('demo')
    .between(f.minTs, f.maxTs + 1)
    .metrics('viewercount')
    .aggBy('subscriberid', 'country', 'platform', 'player')
    .limit(LIMIT);
}

/** The baseline: the same GETs with a bare keep-alive HTTP client and JSON.parse, `concurrency` workers. */
async function baseline(url: string, pages: number, concurrency: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const getJson = (offset: number) =>
    new Promise<{ totalcount: number }>((resolve, reject) => {
      const target = offset === 0 ? url : `${url}&offset=${offset}`;
      get(target, { agent, headers: { 'x-api-key': 'demo-key', accept: 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      }).on('error', reject);
    });
  let next = 0;
  let records = 0;
  const worker = async () => {
    while (next < pages) {
      const offset = next++ * LIMIT;
      const page = await getJson(offset);
      records += page.totalcount;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return records;
}

/** The same GETs with the platform's fetch and JSON.parse: what the client's default transport costs. */
async function bareFetch(url: string, pages: number, concurrency: number): Promise<number> {
  let next = 0;
  let records = 0;
  const worker = async () => {
    while (next < pages) {
      const offset = next++ * LIMIT;
      const res = await fetch(offset === 0 ? url : `${url}&offset=${offset}`, {
        headers: { 'x-api-key': 'demo-key', accept: 'application/json' },
      });
      const page = JSON.parse(await res.text()) as { totalcount: number };
      records += page.totalcount;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return records;
}

/** A transport on node:http with a keep-alive agent: the client is transport-agnostic, so Node users may plug this in. */
function nodeHttpTransport(maxSockets: number): { transport: Transport; agent: Agent } {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const transport: Transport = (request) =>
    new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const req = get(request.url, { agent, headers, signal: request.signal }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') responseHeaders.set(name, value);
          }
          resolve(
            new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: responseHeaders }),
          );
        });
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  return { transport, agent };
}

async function viaClient(f: Fixture, concurrency: number, transport?: Transport): Promise<number> {
  const client = createClient({
    baseUrl: f.baseUrl,
    auth: apiKeyAuth('demo-key'),
    ...(transport ? { fetch: transport } : {}),
  });
  let records = 0;
  for await (const page of client.pages(queryFor(f), { concurrency })) records += page.totalcount;
  return records;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function timed(fn: () => Promise<number>): Promise<{ ms: number; records: number }> {
  const t0 = performance.now();
  const records = await fn();
  return { ms: performance.now() - t0, records };
}

async function throughput(f: Fixture) {
  const client = createClient({ baseUrl: f.baseUrl, auth: apiKeyAuth('demo-key') });
  const url = client.url(queryFor(f));
  // Warm-up: the first page makes the service compute and cache the ordered result.
  const first = await client.run(queryFor(f));
  const total = first.totalrecords;
  const pages = first.pagecount;
  await baseline(url, pages, 8);
  await viaClient(f, 8);
  const results: Record<string, Record<string, unknown>> = {};
  const rate = (ms: number) => Math.round((total / ms) * 1000);
  for (const concurrency of [1, 8]) {
    const node = nodeHttpTransport(concurrency);
    const series: Record<string, () => Promise<number>> = {
      baseline: () => baseline(url, pages, concurrency),
      client: () => viaClient(f, concurrency),
      clientNodeHttp: () => viaClient(f, concurrency, node.transport),
      bareFetch: () => bareFetch(url, pages, concurrency),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(series).map((k) => [k, []]));
    for (let round = 0; round < ROUNDS; round++) {
      // Interleaved so that drift in the machine's load hits every series alike.
      for (const [name, run] of Object.entries(series)) {
        const r = await timed(run);
        if (r.records !== total) throw new Error(`${name} saw ${r.records} records, expected ${total}`);
        times[name]!.push(r.ms);
      }
    }
    node.agent.destroy();
    const med = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<
      string,
      number
    >;
    results[`concurrency${concurrency}`] = {
      recordsPerSecond: Object.fromEntries(Object.entries(med).map(([k, v]) => [k, rate(v)])),
      medianMs: Object.fromEntries(Object.entries(med).map(([k, v]) => [k, Math.round(v)])),
      clientOverBaseline: Number((med.client! / med.baseline!).toFixed(3)),
      clientNodeHttpOverBaseline: Number((med.clientNodeHttp! / med.baseline!).toFixed(3)),
      clientOverBareFetch: Number((med.client! / med.bareFetch!).toFixed(3)),
      roundsMs: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, v.map(Math.round)])),
    };
    console.log(
      `concurrency ${concurrency}: records/s baseline ${rate(med.baseline!)}, client ${rate(med.client!)} (${(med.client! / med.baseline!).toFixed(2)}x time), ` +
        `client+node:http ${rate(med.clientNodeHttp!)} (${(med.clientNodeHttp! / med.baseline!).toFixed(2)}x), bare fetch ${rate(med.bareFetch!)} (client ${(med.client! / med.bareFetch!).toFixed(2)}x of it)`,
    );
  }
  const ms = (c: number, k: string) => (results[`concurrency${c}`]!.medianMs as Record<string, number>)[k]!;
  return {
    totalrecords: total,
    pages,
    ...results,
    speedup8over1: {
      baseline: Number((ms(1, 'baseline') / ms(8, 'baseline')).toFixed(2)),
      client: Number((ms(1, 'client') / ms(8, 'client')).toFixed(2)),
      clientNodeHttp: Number((ms(1, 'clientNodeHttp') / ms(8, 'clientNodeHttp')).toFixed(2)),
    },
  };
}

/**
 * The client's own cost, without network or server noise: the same 100 pages served from memory
 * by a transport, read with `pages()` versus `Request` + `Response.text()` + `JSON.parse` by hand.
 * Minimum of several rounds, since load on the machine only ever adds time.
 */
async function inMemoryOverhead() {
  const total = 100_000;
  const bodies = new Map<number, string>();
  for (let offset = 0; offset < total; offset += LIMIT) {
    const response = Array.from({ length: LIMIT }, (_, i) => ({
      viewercount: (offset + i) % 97,
      subscriberid: `u${String(offset + i).padStart(7, '0')}`,
      country: 'US',
      platform: 'web',
      player: 'html5-4.2',
    }));
    bodies.set(
      offset,
      JSON.stringify({ totalcount: LIMIT, pagecount: total / LIMIT, totalrecords: total, response }),
    );
  }
  const transport: Transport = async (request) => {
    const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
    return new Response(bodies.get(offset)!, {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const q = metricQuery('demo')
    .between(1_700_000_000, 1_700_086_400)
    .metrics('viewercount')
    .aggBy('subscriberid', 'country', 'platform', 'player')
    .limit(LIMIT);
  const client = createClient({
    baseUrl: 'http://in-memory/api/v1',
    auth: apiKeyAuth('demo-key'),
    fetch: transport,
  });
  const byHand = async () => {
    let n = 0;
    for (let offset = 0; offset < total; offset += LIMIT) {
      const res = await transport(new Request(`http://in-memory/api/v1/metricquery/demo?offset=${offset}`));
      n += (JSON.parse(await res.text()) as { totalcount: number }).totalcount;
    }
    return n;
  };
  const viaPages = async () => {
    let n = 0;
    for await (const page of client.pages(q)) n += page.totalcount;
    return n;
  };
  const hand: number[] = [];
  const mine: number[] = [];
  for (let round = 0; round < 10; round++) {
    hand.push((await timed(byHand)).ms);
    mine.push((await timed(viaPages)).ms);
  }
  const h = Math.min(...hand);
  const c = Math.min(...mine);
  console.log(
    `in memory, 100 pages: by hand ${h.toFixed(0)} ms, client ${c.toFixed(0)} ms (${(c / h).toFixed(2)}x)`,
  );
  return {
    records: total,
    byHandMinMs: Math.round(h),
    clientMinMs: Math.round(c),
    clientOverByHand: Number((c / h).toFixed(3)),
  };
}

async function streamingMemory(f: Fixture, concurrency: number) {
  const client = createClient({ baseUrl: f.baseUrl, auth: apiKeyAuth('demo-key') });
  const q = queryFor(f);
  await client.run(q); // warm the service's cache, so the stream runs at transport speed
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let count = 0;
  let checksum = 0;
  const t0 = performance.now();
  for await (const record of client.records(q, { concurrency })) {
    count++;
    checksum += record.viewercount;
    if (count % (LIMIT * 5) === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  const ms = performance.now() - t0;
  return {
    records: count,
    concurrency,
    heapBeforeMB: Number((before / 2 ** 20).toFixed(2)),
    peakLiveHeapMB: Number((peak / 2 ** 20).toFixed(2)),
    growthMB: Number(((peak - before) / 2 ** 20).toFixed(2)),
    seconds: Number((ms / 1000).toFixed(1)),
    checksum,
  };
}

const started = new Date().toISOString();
const overhead = await inMemoryOverhead();
console.log(`starting a service with ${SMALL_SESSIONS} sessions...`);
const small = await startService(SMALL_SESSIONS);
let output: Record<string, unknown>;
try {
  const tp = await throughput(small);
  const memSmall = await streamingMemory(small, 4);
  console.log(
    `streaming ${memSmall.records} records: peak live heap ${memSmall.peakLiveHeapMB} MB (before ${memSmall.heapBeforeMB} MB)`,
  );
  await stopService(small);
  console.log(`starting a service with ${LARGE_SESSIONS} sessions (about a minute)...`);
  const large = await startService(LARGE_SESSIONS);
  let memLarge: Awaited<ReturnType<typeof streamingMemory>>;
  try {
    memLarge = await streamingMemory(large, 4);
  } finally {
    await stopService(large);
  }
  console.log(
    `streaming ${memLarge.records} records: peak live heap ${memLarge.peakLiveHeapMB} MB (before ${memLarge.heapBeforeMB} MB)`,
  );
  output = {
    package: '@playq/client',
    started,
    node: process.version,
    machine: { cpus: (await import('node:os')).cpus().length },
    clientOverheadInMemory: overhead,
    throughput: tp,
    streamingMemory: {
      small: memSmall,
      large: memLarge,
      largeOverSmallPeak: Number(
        (memLarge.peakLiveHeapMB / Math.max(memSmall.peakLiveHeapMB, 0.01)).toFixed(2),
      ),
      recordsRatio: Number((memLarge.records / memSmall.records).toFixed(1)),
    },
    notes:
      'Service in a child process on 127.0.0.1 with its result cache warm; medians of interleaved rounds. baseline = node:http keep-alive agent + JSON.parse; bareFetch = globalThis.fetch + JSON.parse; clientNodeHttp = the client over a node:http transport. Memory is live heap after GC, sampled every 5 pages while consuming records().',
  };
} catch (error) {
  small.child.kill('SIGTERM');
  throw error;
}
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, `${JSON.stringify(output, null, 2)}\n`);
console.log(`wrote ${OUT}`);
