// The flooding clients of two load scenarios, run in a worker thread (plain JavaScript: a worker
// does not inherit tsx's loader), and meanwhile `/healthz` and the other customer's cheap queries:
// - cached flood (load-cache.ts): 60 copies of one big cached page at once;
// - fairness (load-fairness.ts): `clients` loops sending distinct heavy queries for `seconds`.
// In their own event loop, reading the flood's bodies does not delay the service's loop they
// measure, as an outside client (the attack review's curl) would not.
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

/** `clients` loops of one customer, each sending the next of `floodUrls` until `seconds` pass. */
async function timed(plan) {
  const demo = { 'X-API-Key': 'demo-key' };
  const other = { 'X-API-Key': 'other-key' };
  const cheap = (i) => plan.cheapUrls[i % plan.cheapUrls.length];
  const alone = [];
  for (let i = 0; i < 20; i++) alone.push((await get(cheap(i), other)).ms);
  parentPort?.postMessage({ ready: true });
  const until = performance.now() + plan.seconds * 1000;
  let next = 0;
  const flood = [];
  const clients = Array.from({ length: plan.clients }, async () => {
    while (performance.now() < until) {
      const url = plan.floodUrls[next++ % plan.floodUrls.length];
      flood.push({ ...(await get(url, demo)), kind: url.includes('/listsessions/') ? 'list' : 'breakdown' });
    }
  });
  // The probes start once the flood has filled the service's queue.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const health = [];
  const others = [];
  for (let i = 20; performance.now() < until; i++) {
    others.push((await get(cheap(i), other)).ms);
    health.push((await get(plan.healthUrl)).ms);
  }
  const started = performance.now();
  await Promise.all(clients);
  const drain = (performance.now() - started) / 1000;
  return { alone, other: others, health, flood, seconds: plan.seconds + drain };
}

async function run(plan) {
  if (plan.seconds !== undefined) return timed(plan);
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
