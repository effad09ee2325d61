// The fairness scenario of the one-engine issue: one customer's 16 clients page deep session lists
// and send nine-dimension `concurrency=1` breakdowns for 30 s, while another customer runs cheap
// queries and `/healthz` is probed. Targets: the other's p99 under 250 ms, `/healthz` p99 under
// 100 ms, every over-budget query answered 503 within its time limit, RSS bounded. The clients run
// in a worker thread (load-flood-client.mjs), outside the service's event loop.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { ListenInfo, Service } from '../src/index';
import { mb, type Outcome, pct, type Row, record, scenario } from './load-scenario';

const DAY = 86_400;
const NINE_DIMENSIONS = 'subscriberid,assetid,device,country,platform,player,cdn,subscribertag,assetname';
const SECONDS = Number(process.env.LOADTEST_FAIRNESS_SECONDS ?? 30);
const CLIENTS = 16;

interface TimedResult {
  readonly alone: number[];
  readonly other: number[];
  readonly health: number[];
  readonly flood: (Outcome & { kind: 'list' | 'breakdown' })[];
  readonly seconds: number;
}

/** The flood's queries: deep pages of a 30-day list and nine-dimension breakdowns, every one distinct. */
function floodUrls(service: Service, info: ListenInfo): string[] {
  const end = (service.db.stats().maxTs ?? 0) + DAY;
  const sessions = service.db.stats().sessions;
  return Array.from({ length: 2000 }, (_, i) => {
    const period = `start=${end - 30 * DAY + i},end=${end}`;
    if (i % 2 === 0) {
      // Deep pages: somewhere in the second half of a list of about half the customer's sessions.
      const offset = Math.floor(sessions / 4) + ((i * 7919) % Math.max(1, Math.floor(sessions / 4)));
      return `${info.baseUrl}/listsessions/demo?${new URLSearchParams({
        period,
        metrics: 'latency,bufferingratio,playdur',
        orderby: 'latency',
        limit: '1000',
        offset: String(offset - (offset % 1000)),
      })}`;
    }
    return `${info.baseUrl}/metricquery/demo?${new URLSearchParams({
      period,
      metrics: 'viewercount,bufferingratio,playdur',
      aggby: NINE_DIMENSIONS,
      concurrency: '1',
    })}`;
  });
}

function cheapUrls(service: Service, info: ListenInfo): string[] {
  const end = (service.db.stats().maxTs ?? 0) + DAY;
  // Enough that none repeats within the run: each is answered by the engine, not the cache.
  return Array.from(
    { length: 20_000 },
    (_, i) =>
      `${info.baseUrl}/metricquery/other?${new URLSearchParams({
        period: `start=${end - DAY * (1 + (i % 5)) + i},end=${end}`,
        metrics: 'viewercount',
        aggby: 'country',
      })}`,
  );
}

export async function fairness(service: Service, info: ListenInfo): Promise<Row> {
  const name = `fairness: demo's ${CLIENTS} clients send deep lists and 9-dimension concurrency=1 breakdowns for ${SECONDS} s; other runs cheap (clients in a worker thread)`;
  return scenario(name, async (row) => {
    const plan = {
      seconds: SECONDS,
      clients: CLIENTS,
      floodUrls: floodUrls(service, info),
      cheapUrls: cheapUrls(service, info),
      healthUrl: `${info.url}/healthz`,
    };
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const r = await fromWorker(plan, () => loop.enable());
    loop.disable();
    for (const o of r.flood) record(row, o);
    const p = (xs: number[], q: number) => pct(xs, q).toFixed(0);
    const limitMs: number = JSON.parse(process.env.LOADTEST_SERVICE ?? '{}').queryTimeoutMs ?? 10_000;
    const refused = r.flood.filter((o) => o.status === '503');
    const slowest503 = Math.max(0, ...refused.map((o) => o.ms));
    const kinds = (kind: string) => {
      const of = r.flood.filter((o) => o.kind === kind);
      const statuses = new Map<string, number>();
      for (const o of of) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
      return `${kind} ${[...statuses].map(([s, n]) => `${s}:${n}`).join(' ')} p50 ${p(
        of.map((o) => o.ms),
        50,
      )} ms`;
    };
    row.notes.push(
      `other p50/p99 ${p(r.other, 50)}/${p(r.other, 99)} ms (${r.other.length} queries; alone ${p(r.alone, 50)}/${p(r.alone, 99)} ms; target p99 < 250)`,
      `/healthz p50/p99 ${p(r.health, 50)}/${p(r.health, 99)} ms (target p99 < 100)`,
      `${kinds('list')}; ${kinds('breakdown')}`,
      `${refused.length} answered 503, the slowest in ${slowest503.toFixed(0)} ms (time limit ${limitMs} ms)`,
      `RSS peak ${mb(row.rss.peak)} MB; service event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; ${r.seconds.toFixed(1)} s with the drain`,
    );
  });
}

function fromWorker(plan: object, onReady: () => void): Promise<TimedResult> {
  const worker = new Worker(new URL('./load-flood-client.mjs', import.meta.url), { workerData: plan });
  return new Promise((resolve, reject) => {
    worker.on('message', (m: { ready?: true; result?: TimedResult }) => {
      if (m.ready) onReady();
      if (m.result === undefined) return;
      resolve(m.result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the flood's worker exited with code ${code}`));
    });
  });
}
