// The load scenarios of issue 27 items 1 and 2: one key's heavy, wide queries must not take the
// process's memory (30 distinct `limit=1` breakdowns by nine dimensions, all metrics: RSS peak
// under 600 MB), and 60 concurrent copies of a cached 10,000-record page must leave another
// customer's cheap queries and `/healthz` under 250 ms at p99.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEFAULT_CATALOGUE } from '@playq/query';
import type { ListenInfo, Service } from '../src/index';
import { get, pct, type Row, record, scenario } from './load-scenario';

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
    'cached flood: demo sends 60 copies of a cached limit=10000 page; other and /healthz meanwhile';
  return scenario(name, async (row) => {
    const url = heavy(service, info, 0, 10_000);
    const warm = await fetch(url, { headers: { 'X-API-Key': 'demo-key' } });
    const bytes = (await warm.arrayBuffer()).byteLength;
    // The same cheap queries without the flood, for comparison.
    const alone: number[] = [];
    for (let i = 0; i < 20; i++)
      alone.push((await get(cheap(service, info, 1000 + i), { 'X-API-Key': 'other-key' })).ms);
    let flooding = true;
    const health: number[] = [];
    const other: number[] = [];
    const probes = [
      (async () => {
        while (flooding) health.push((await get(`${info.url}/healthz`)).ms);
      })(),
      (async () => {
        for (let i = 0; flooding; i++)
          other.push((await get(cheap(service, info, i), { 'X-API-Key': 'other-key' })).ms);
      })(),
    ];
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const flood = await Promise.all(Array.from({ length: 60 }, () => get(url, { 'X-API-Key': 'demo-key' })));
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    flooding = false;
    await Promise.all(probes);
    for (const o of flood) record(row, o);
    const served = flood.filter((o) => o.status === '200').length;
    row.notes.push(
      `page ${(bytes / 1e6).toFixed(2)} MB, ${served} served in ${seconds.toFixed(1)} s; other p50/p99 ${pct(other, 50).toFixed(0)}/${pct(other, 99).toFixed(0)} ms (${other.length} queries; alone ${pct(alone, 50).toFixed(0)}/${pct(alone, 99).toFixed(0)} ms); /healthz p50/p99 ${pct(health, 50).toFixed(0)}/${pct(health, 99).toFixed(0)} ms (${health.length}, the first ${health[0]?.toFixed(0)} ms) (targets < 250); event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
    );
  });
}
