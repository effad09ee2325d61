// The load scenarios of issue 27 items 1 and 2: one key's heavy, wide queries must not take the
// process's memory (30 distinct `limit=1` breakdowns by nine dimensions, all metrics: RSS peak
// under 600 MB), and 60 concurrent copies of a cached 10,000-record page must leave another
// customer's cheap queries and `/healthz` under 250 ms at p99.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEFAULT_CATALOGUE } from '@playq/query';
import type { ListenInfo, Service } from '../src/index';
import { clientsInWorker, get, type Outcome, pct, type Row, record, scenario } from './load-scenario';

/** What the flood's worker (load-flood-client.mjs) is given. */
interface FloodPlan {
  /** The big cached page (`limit=10000`) of `demo`. */
  readonly floodUrl: string;
  /** The service's `/healthz`. */
  readonly healthUrl: string;
  /** Cheap queries of `other`, used in turn. */
  readonly cheapUrls: readonly string[];
  readonly copies: number;
}

/** What the flood's worker saw: latencies in ms, the page's size, the flood's outcomes. */
interface FloodResult {
  readonly bytes: number;
  readonly alone: number[];
  readonly other: number[];
  readonly health: number[];
  readonly flood: Outcome[];
  readonly seconds: number;
}

const DAY = 86_400;
const NINE_DIMENSIONS = 'subscriberid,assetid,device,country,platform,player,cdn,subscribertag,assetname';

/** The heavy breakdown of the attack review: every metric, nine dimensions, the period shifted by `i` seconds. */
function heavy(service: Service, info: ListenInfo, i: number, limit: number): string {
  const end = (service.db.stats().maxTs ?? 0) + DAY;
  return `${info.baseUrl}/metricquery/demo?${new URLSearchParams({
    period: `start=${end - 30 * DAY + i},end=${end}`,
    metrics: DEFAULT_CATALOGUE.metricNames.join(','),
    aggby: NINE_DIMENSIONS,
    limit: String(limit),
  })}`;
}

/** A cheap one-to-five-day breakdown of the other customer, the period shifted by `i` seconds. */
function cheap(service: Service, info: ListenInfo, i: number): string {
  const end = (service.db.stats().maxTs ?? 0) + DAY;
  return `${info.baseUrl}/metricquery/other?${new URLSearchParams({
    period: `start=${end - DAY * (1 + (i % 5)) + i},end=${end}`,
    metrics: 'viewercount',
    aggby: 'country',
  })}`;
}

export async function cacheMemory(service: Service, info: ListenInfo): Promise<Row> {
  const name =
    'cache memory: 30 distinct heavy limit=1 breakdowns (all metrics, 9 dimensions), one after another';
  return scenario(name, async (row) => {
    // One after another, as the attack review sent them: each completes and is cached.
    for (let i = 0; i < 30; i++) {
      record(row, await get(heavy(service, info, i, 1), { 'X-API-Key': 'demo-key' }));
    }
    row.notes.push(`RSS peak ${Math.round(row.rss.peak / 1_048_576)} MB (target < 600)`);
  });
}

export async function cachedFlood(service: Service, info: ListenInfo): Promise<Row> {
  const name =
    'cached flood: demo sends 60 copies of a cached limit=10000 page; other and /healthz meanwhile (clients in a worker thread)';
  return scenario(name, async (row) => {
    const plan: FloodPlan = {
      floodUrl: heavy(service, info, 0, 10_000),
      healthUrl: `${info.url}/healthz`,
      // Distinct periods, so that the other customer's queries are not all cache hits.
      cheapUrls: Array.from({ length: 400 }, (_, i) => cheap(service, info, i)),
      copies: 60,
    };
    // The service's own event loop while the flood runs (the worker says when its warm-up is over).
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const r = await clientsInWorker<FloodResult>(plan, () => loop.enable());
    loop.disable();
    for (const o of r.flood) record(row, o);
    const served = r.flood.filter((o) => o.status === '200').length;
    const p = (xs: number[], q: number) => pct(xs, q).toFixed(0);
    row.notes.push(
      `page ${(r.bytes / 1e6).toFixed(2)} MB, ${served} served in ${r.seconds.toFixed(1)} s; other p50/p99 ${p(r.other, 50)}/${p(r.other, 99)} ms (${r.other.length} queries; alone ${p(r.alone, 50)}/${p(r.alone, 99)} ms); /healthz p50/p99 ${p(r.health, 50)}/${p(r.health, 99)} ms (${r.health.length}, the first ${r.health[0]?.toFixed(0)} ms) (targets < 250); service event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
    );
  });
}
