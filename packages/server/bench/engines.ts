// The engines table and scale curve (issue 30): queries (a)-(h) and the session list on DuckDB in
// memory, on a database file, on Parquet in place and on chdb, each size's engines in the same run
// (ratios to the fastest), every step in a child process (engine-run.ts) for its own memory figures.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { EngineMode, RunStep } from './engine-run';

const here = dirname(fileURLToPath(import.meta.url));
const ALL_MODES: readonly EngineMode[] = ['duckdb-memory', 'duckdb-parquet', 'duckdb-file', 'chdb'];
/** Beyond this many sessions only the disk modes run (memory and chdb hold the whole data set). */
const MEMORY_MODES_MAX = 20_000_000;

export interface EnginesOptions {
  /** Where each size's Parquet files and database file live (`s<N>/`); present files are reused. */
  readonly dataDir?: string;
  readonly runs?: number;
  /** The engines to run (default all four). */
  readonly modes?: readonly EngineMode[];
  /** Receives each step's figures as they come (the bench prints and saves them). */
  readonly progress?: (line: string) => void;
}

const load = () => loadavg().map((x) => Math.round(x * 10) / 10);

/** Runs one step in a child process (engine-run.ts); its JSON line, with the load average before it. */
export async function step(s: RunStep): Promise<Record<string, unknown> & Partial<Served>> {
  const loadBefore = load();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(here, 'engine-run.ts'), JSON.stringify(s)],
    { maxBuffer: 1 << 24, env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=6144' } },
  );
  return { ...JSON.parse(stdout.trim().split('\n').at(-1)!), loadAverage: loadBefore };
}

/** One engine's figures (engine-run.ts): only the query times matter to the ratios and the curve. */
interface Served {
  readonly error?: string;
  readonly queries: Record<string, { ms?: number; records?: number }>;
}

export interface SizeFigures {
  readonly sessions: number;
  readonly dir: string;
  readonly generation: unknown;
  readonly databaseFile?: unknown;
  readonly engines: Record<string, Served>;
  readonly ratios: ReturnType<typeof ratios>;
}

/** Per query: the fastest engine, each engine's time, its ratio to the fastest, and whether all answered as many records. */
export function ratios(engines: Record<string, Served>) {
  const names = Object.keys(Object.values(engines)[0]?.queries ?? {});
  return Object.fromEntries(
    names.map((q) => {
      const ms = Object.fromEntries(
        Object.entries(engines)
          .map(([mode, e]) => [mode, e.queries[q]?.ms] as const)
          .filter((x): x is readonly [string, number] => x[1] !== undefined),
      );
      const best = Object.entries(ms).sort((a, b) => a[1] - b[1])[0];
      const vsFastest = Object.fromEntries(
        Object.entries(ms).map(([mode, t]) => [mode, best ? Math.round((t / best[1]) * 100) / 100 : null]),
      );
      // Null when no engine answered (a query this service refuses everywhere).
      const records = new Set(Object.values(engines).map((e) => e.queries[q]?.records));
      const sameRecordCount = best === undefined ? null : records.size === 1;
      return [q, { fastest: best?.[0] ?? null, ms, vsFastest, sameRecordCount }];
    }),
  );
}

/** One size: its files (generated unless present), the database file, then every engine over them. */
export async function benchEngineSize(n: number, options: EnginesOptions): Promise<SizeFigures> {
  const dir = join(options.dataDir ?? join(tmpdir(), 'playq-bench'), `s${n}`);
  const database = join(dir, 'playq.duckdb');
  const say = options.progress ?? (() => {});
  const generation = existsSync(join(dir, 'sessions.parquet'))
    ? 'files present, reused'
    : await step({ step: 'generate', sessions: n, dir });
  say(`[engines ${n}] generation ${JSON.stringify(generation)}`);
  let databaseFile: unknown;
  const modes = ALL_MODES.filter(
    (m) =>
      (options.modes ?? ALL_MODES).includes(m) &&
      (n <= MEMORY_MODES_MAX || m === 'duckdb-parquet' || m === 'duckdb-file'),
  );
  const engines: Record<string, Served> = {};
  for (const mode of modes) {
    try {
      if (mode === 'duckdb-file' && !existsSync(database)) {
        databaseFile = await step({ step: 'build-file', dir, database });
        say(`[engines ${n}] database file ${JSON.stringify(databaseFile)}`);
      }
      const served = await step({ step: 'serve', mode, dir, database, runs: options.runs ?? 5 });
      engines[mode] = { ...served, queries: served.queries ?? {} };
    } catch (error) {
      engines[mode] = { queries: {}, error: String(error).slice(0, 500) };
    }
    say(`[engines ${n}] ${mode} ${JSON.stringify(engines[mode])}`);
  }
  const figures = { sessions: n, dir, generation, engines, ratios: ratios(engines) };
  return databaseFile === undefined ? figures : { ...figures, databaseFile };
}

/** Per query and engine: the time at each size and its growth per tenfold size (10 = linear). */
export function scaleCurve(sizes: readonly Pick<SizeFigures, 'sessions' | 'engines'>[]) {
  const curve: Record<string, Record<string, Record<string, number>>> = {};
  for (const size of sizes) {
    for (const [mode, e] of Object.entries(size.engines)) {
      for (const [q, f] of Object.entries(e.queries)) {
        if (f.ms === undefined) continue;
        const byMode = curve[q] ?? {};
        curve[q] = byMode;
        byMode[mode] = { ...byMode[mode], [String(size.sessions)]: f.ms };
      }
    }
  }
  const growth = (points: Record<string, number>) => {
    const ns = Object.keys(points)
      .map(Number)
      .sort((a, b) => a - b);
    return ns.slice(1).map((n, i) => {
      const m = ns[i]!;
      // Time ratio scaled to a tenfold step: (t(n)/t(m))^(1/log10(n/m)).
      const per10 = (points[String(n)]! / points[String(m)]!) ** (1 / Math.log10(n / m));
      return { from: m, to: n, per10x: Math.round(per10 * 100) / 100 };
    });
  };
  return Object.fromEntries(
    Object.entries(curve).map(([q, modes]) => [
      q,
      Object.fromEntries(
        Object.entries(modes).map(([mode, points]) => [mode, { ms: points, growth: growth(points) }]),
      ),
    ]),
  );
}
