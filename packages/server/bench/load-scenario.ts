// What every load scenario shares: a row of the printed table (requests, status mix, latencies,
// RSS before, at its peak and after), the scenario runner that samples RSS, a timed GET, and the
// load clients run in a worker thread.
import { Worker } from 'node:worker_threads';

export interface Row {
  scenario: string;
  requests: number;
  statuses: Map<string, number>;
  latencies: number[];
  rss: { before: number; peak: number; after: number };
  notes: string[];
  nonProblem: number;
}

export interface Outcome {
  status: string;
  ms: number;
  problem: boolean;
}

export const mb = (bytes: number) => Math.round(bytes / 1_048_576);
export const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

export async function scenario(name: string, body: (row: Row) => Promise<void>): Promise<Row> {
  global.gc?.();
  const row: Row = {
    scenario: name,
    requests: 0,
    statuses: new Map(),
    latencies: [],
    rss: { before: process.memoryUsage().rss, peak: 0, after: 0 },
    notes: [],
    nonProblem: 0,
  };
  row.rss.peak = row.rss.before;
  const sampler = setInterval(() => {
    row.rss.peak = Math.max(row.rss.peak, process.memoryUsage().rss);
  }, 50);
  try {
    await body(row);
  } finally {
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 500));
    row.rss.after = process.memoryUsage().rss;
    row.rss.peak = Math.max(row.rss.peak, row.rss.after);
  }
  return row;
}

export function record(row: Row, o: Outcome): void {
  row.requests += 1;
  row.statuses.set(o.status, (row.statuses.get(o.status) ?? 0) + 1);
  row.latencies.push(o.ms);
  if (o.status !== '200' && /^\d+$/.test(o.status) && !o.problem) row.nonProblem += 1;
}

export async function get(
  url: string,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<Outcome> {
  const t = performance.now();
  try {
    const res = await fetch(url, { headers, signal });
    // Read to the end without keeping the bytes: the load generator shares the process (and its
    // garbage collector) with the service it measures.
    const reader = res.body?.getReader();
    while (reader && !(await reader.read()).done);
    const problem = (res.headers.get('content-type') ?? '').startsWith('application/problem+json');
    return { status: String(res.status), ms: performance.now() - t, problem };
  } catch (error) {
    const name = (error as Error).name === 'AbortError' ? 'aborted' : 'network-error';
    return { status: name, ms: performance.now() - t, problem: false };
  }
}

/**
 * Runs the load clients of `load-flood-client.mjs` in a worker thread (their own event loop, as
 * outside clients have) with `plan`, calls `onReady` when they say their warm-up is over, and hands
 * back what they saw.
 */
export function clientsInWorker<T>(plan: object, onReady: () => void): Promise<T> {
  const worker = new Worker(new URL('./load-flood-client.mjs', import.meta.url), { workerData: plan });
  return new Promise((resolve, reject) => {
    worker.on('message', (m: { ready?: true; result?: T }) => {
      if (m.ready) onReady();
      if (m.result === undefined) return;
      resolve(m.result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the load clients' worker exited with code ${code}`));
    });
  });
}
