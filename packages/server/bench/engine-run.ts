// One step of the engines bench in a process of its own, so that its memory figures are its own:
// generate a data set's Parquet files, build a DuckDB database file from them, or open one engine
// over them and time every query. Prints one JSON line; engines.ts runs it and reads that line.
import { existsSync, rmSync } from 'node:fs';
import {
  createService,
  generateDataset,
  generateToDirectory,
  loadDataset,
  type Service,
  writeDataset,
} from '@playq/server';
import { type BenchQuery, END, ENGINE_QUERIES, queryPath } from './queries';

export type EngineMode = 'duckdb-memory' | 'duckdb-file' | 'duckdb-parquet' | 'chdb';

export type RunStep =
  | { readonly step: 'generate'; readonly sessions: number; readonly dir: string }
  /** The previous path, for comparison: the whole data set built in memory, then written. */
  | { readonly step: 'generate-in-memory'; readonly sessions: number; readonly dir: string }
  | { readonly step: 'build-file'; readonly dir: string; readonly database: string }
  | {
      readonly step: 'serve';
      readonly mode: EngineMode;
      readonly dir: string;
      readonly database: string;
      readonly runs: number;
    };

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
/** The process's peak resident set so far (the kernel's high-water mark, kB), in MB. */
const peakRssMb = () => mb(process.resourceUsage().maxRSS * 1024);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

function dataSource(mode: EngineMode, dir: string, database: string) {
  switch (mode) {
    case 'duckdb-memory':
      return { dir };
    case 'duckdb-file':
      return { database };
    case 'duckdb-parquet':
      return { dir, inPlace: true };
    case 'chdb':
      return { chdb: { dir } };
  }
}

async function accessToken(service: Service) {
  const res = await service.fetch(
    new Request('http://bench/api/v1/oauth/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa('demo:demo-secret')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  );
  return ((await res.json()) as { access_token: string }).access_token;
}

type QueryFigure = { ms: number; firstMs: number; records: number } | { error: string };

/** Opens the engine's service, then each query once cold and `runs` times warm (median), no cache. */
async function serve(step: Extract<RunStep, { step: 'serve' }>) {
  const t0 = performance.now();
  const service = await createService({
    data: dataSource(step.mode, step.dir, step.database),
    rateLimit: false,
    cacheTtlMs: 0,
    queryTimeoutMs: 60_000,
  });
  const openMs = Math.round(performance.now() - t0);
  // Data in files (Parquet in place, a database file) serves at once and makes its derived tables in
  // the background: the queries are timed once they are made (the steady state), and when that was
  // is a figure of its own.
  const engine = service.engine as { derivedTablesMade?: () => Promise<string | undefined> };
  const derivedFailure = await engine.derivedTablesMade?.();
  if (derivedFailure) throw new Error(derivedFailure);
  const derivedTablesMs = Math.round(performance.now() - t0);
  const rssAfterOpenMb = mb(process.memoryUsage().rss);
  const token = await accessToken(service);
  const call = async (q: BenchQuery) => {
    // The session endpoint takes a bearer token, the others the API key.
    const headers: Record<string, string> = q.path.startsWith('session/')
      ? { Authorization: `Bearer ${token}` }
      : { 'X-API-Key': 'demo-key' };
    const res = await service.fetch(new Request(`http://bench/api/v1/${queryPath(q)}`, { headers }));
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${res.status} ${text.slice(0, 200)}`);
    return (JSON.parse(text) as { response: unknown[] }).response.length;
  };
  const queries: Record<string, QueryFigure> = {};
  for (const [name, q] of Object.entries(ENGINE_QUERIES)) {
    try {
      const t = performance.now();
      const records = await call(q);
      const firstMs = round(performance.now() - t);
      const times: number[] = [];
      for (let i = 0; i < step.runs; i++) {
        const t1 = performance.now();
        await call(q);
        times.push(performance.now() - t1);
      }
      queries[name] = { ms: round(median(times)), firstMs, records };
    } catch (error) {
      queries[name] = { error: String(error).slice(0, 300) };
    }
  }
  const out = {
    engine: service.engine.name,
    openMs,
    derivedTablesMs,
    rssMb: { afterOpen: rssAfterOpenMb, afterQueries: mb(process.memoryUsage().rss), peak: peakRssMb() },
    queries,
  };
  await service.close();
  return out;
}

/** The bench's generated data: seed 1, 30 days up to END. */
const GENERATED = { seed: 1, days: 30, end: END } as const;

function generationFigures(t0: number, sessions: number) {
  const ms = Math.round(performance.now() - t0);
  return {
    ms,
    usPerSession: Math.round(((ms * 1000) / Math.max(1, sessions)) * 100) / 100,
    peakRssMb: peakRssMb(),
  };
}

async function run(step: RunStep) {
  const t0 = performance.now();
  switch (step.step) {
    case 'generate': {
      const files = await generateToDirectory({ ...GENERATED, sessions: step.sessions, out: step.dir });
      return { ...generationFigures(t0, step.sessions), rows: files.rows };
    }
    case 'generate-in-memory': {
      const db = await generateDataset({ ...GENERATED, sessions: step.sessions });
      await writeDataset(db, { dir: step.dir });
      const rows = { sessions: db.stats().sessions, errors: db.stats().errors };
      await db.close();
      return { ...generationFigures(t0, step.sessions), rows };
    }
    case 'build-file': {
      if (existsSync(step.database)) rmSync(step.database);
      const db = await loadDataset(step.dir, { database: step.database });
      await db.close();
      return { ms: Math.round(performance.now() - t0), peakRssMb: peakRssMb() };
    }
    case 'serve':
      return serve(step);
  }
}

console.log(JSON.stringify(await run(JSON.parse(process.argv[2]!) as RunStep)));
