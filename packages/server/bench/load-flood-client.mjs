// The clients of the cached-flood scenario, run in a worker thread by load-cache.ts (plain
// JavaScript: a worker does not inherit tsx's loader): 60 copies of the big page, and meanwhile
// `/healthz` and the other customer's cheap queries. In their own event loop, reading 60 bodies of
// several megabytes does not delay the service's loop they measure, as an outside client (the
// attack review's curl) would not.
import { parentPort, workerData } from 'node:worker_threads';

/** One timed GET read to the end without keeping the bytes (as load-scenario.ts `get`). */
async function get(url, headers = {}) {
  const t = performance.now();
  try {
    const res = await fetch(url, { headers });
    const reader = res.body?.getReader();
    while (reader && !(await reader.read()).done);
    const problem = (res.headers.get('content-type') ?? '').startsWith('application/problem+json');
    return { status: String(res.status), ms: performance.now() - t, problem };
  } catch {
    return { status: 'network-error', ms: performance.now() - t, problem: false };
  }
}

async function run(plan) {
  const demo = { 'X-API-Key': 'demo-key' };
  const other = { 'X-API-Key': 'other-key' };
  const warm = await fetch(plan.floodUrl, { headers: demo });
  const bytes = (await warm.arrayBuffer()).byteLength;
  const cheap = (i) => plan.cheapUrls[i % plan.cheapUrls.length];
  // The same cheap queries without the flood, for comparison.
  const alone = [];
  for (let i = 0; i < 20; i++) alone.push((await get(cheap(i), other)).ms);
  // The service's event-loop monitor starts now: the warm-up above computed the page.
  parentPort?.postMessage({ ready: true });
  let flooding = true;
  const health = [];
  const others = [];
  const probes = [
    (async () => {
      while (flooding) health.push((await get(plan.healthUrl)).ms);
    })(),
    (async () => {
      for (let i = 20; flooding; i++) others.push((await get(cheap(i), other)).ms);
    })(),
  ];
  const started = performance.now();
  const flood = await Promise.all(Array.from({ length: plan.copies }, () => get(plan.floodUrl, demo)));
  const seconds = (performance.now() - started) / 1000;
  flooding = false;
  await Promise.all(probes);
  return { bytes, alone, other: others, health, flood, seconds };
}

parentPort?.postMessage({ result: await run(workerData) });
