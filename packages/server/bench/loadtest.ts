// The hostile-load suite: each scenario of issue 14 replayed on 127.0.0.1 against a service of
// 200,000 sessions, printing one table (requests, status mix, latency, RSS, and the checks that
// decide pass or fail). Bounded: every scenario has a fixed request count and a time cap.
//
//   flock /tmp/playq-heavy.lock pnpm --filter @playq/server loadtest
//   LOADTEST_ENGINE=chdb LOADTEST_ONLY=mixed,flood-leave pnpm --filter @playq/server loadtest
//   LOADTEST_SESSIONS=2000000 LOADTEST_ONLY=fairness pnpm --filter @playq/server loadtest
import { connect } from 'node:net';
import { openChdb } from '../src/engine/chdb-engine';
import { createService, generateDataset, type ListenInfo, type Service } from '../src/index';
import { cachedFlood, cacheMemory } from './load-cache';
import { fairness } from './load-fairness';
import { get, mb, type Outcome, pct, type Row, record, scenario } from './load-scenario';

const SESSIONS = Number(process.env.LOADTEST_SESSIONS ?? 200_000);
const DAY = 86_400;
const END = Math.floor(Date.now() / 1000 / DAY) * DAY + DAY;
const PERIOD = `start=${END - 37 * DAY},end=${END}`;

/** Sends raw bytes and reads the answer's status line and content type (or `reset`/`closed`). */
function raw(port: number, bytes: Buffer | string, timeoutMs = 10_000): Promise<Outcome> {
  const t = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let done = false;
    const finish = (status: string) => {
      if (done) return;
      done = true;
      socket.destroy();
      const problem = /content-type: application\/problem\+json/i.test(data);
      resolve({ status, ms: performance.now() - t, problem });
    };
    socket.setTimeout(timeoutMs, () => finish('no-answer'));
    socket.on('data', (d) => {
      data += d.toString('latin1');
    });
    socket.on('error', () => finish(data ? statusOf(data) : 'reset'));
    socket.on('close', () => finish(data ? statusOf(data) : 'closed'));
    socket.on('connect', () => socket.write(bytes, () => socket.end()));
  });
}

const statusOf = (data: string) => /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 'garbled';

async function token(
  info: ListenInfo,
  id: string,
  secret: string,
): Promise<{ status: number; token?: string }> {
  const res = await fetch(`${info.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
    },
    body: 'grant_type=client_credentials',
  });
  const body = (await res.json()) as { access_token?: string };
  return { status: res.status, token: body.access_token };
}

// Each expensive query shifts its period by a second so that none shares another's cached result.
const expensive = (info: ListenInfo, i: number) =>
  `${info.baseUrl}/session/demo?${new URLSearchParams({
    period: `start=${END - 37 * DAY + i},end=${END}`,
    metrics: 'viewercount,latency,bufferingratio',
    aggby: 'subscriberid,country,platform,player',
    planlevel: '2',
    agg: '1',
    limit: '1000',
  })}`;
const cheap = (info: ListenInfo, i: number) =>
  `${info.baseUrl}/metricquery/other?${new URLSearchParams({
    period: `start=${END - DAY * (1 + (i % 5)) + i},end=${END}`,
    metrics: 'viewercount',
    aggby: 'country',
  })}`;

async function floodFilter(service: Service, info: ListenInfo): Promise<Row> {
  return scenario('filter: 20 x [country=US|US|...] (20,000 values) + /healthz', async (row) => {
    const values = Array.from({ length: 20_000 }, () => 'US').join('|');
    const url = `${info.baseUrl}/metricquery/demo?${new URLSearchParams({ period: PERIOD, metrics: 'viewercount', filter: `[country=${values}]` })}`;
    const health: number[] = [];
    let flooding = true;
    const probe = (async () => {
      while (flooding) {
        const o = await get(`${info.url}/healthz`);
        health.push(o.ms);
      }
    })();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => get(url, { 'X-API-Key': 'demo-key' })),
    );
    flooding = false;
    await probe;
    for (const o of outcomes) record(row, o);
    row.notes.push(`/healthz p99 ${pct(health, 99).toFixed(0)} ms max ${Math.max(...health).toFixed(0)} ms`);
    void service;
  });
}

async function mixed(service: Service, info: ListenInfo): Promise<Row> {
  return scenario('mixed: demo floods 50 expensive, other runs 40 cheap', async (row) => {
    const { token: bearer } = await token(info, 'demo', 'demo-secret');
    const flood = Promise.all(
      Array.from({ length: 50 }, (_, i) => get(expensive(info, i), { Authorization: `Bearer ${bearer}` })),
    );
    await new Promise((r) => setTimeout(r, 200));
    const other: number[] = [];
    for (let i = 0; i < 40; i++) {
      const o = await get(cheap(info, i), { 'X-API-Key': 'other-key' });
      record(row, o);
      other.push(o.ms);
    }
    for (const o of await flood) record(row, o);
    row.notes.push(
      `other p50 ${pct(other, 50).toFixed(0)} ms, p99 ${pct(other, 99).toFixed(0)} ms (target < 250)`,
    );
    void service;
  });
}

async function disconnect(service: Service, info: ListenInfo): Promise<Row> {
  return scenario('disconnect: 50 expensive, clients leave after 1 s', async (row) => {
    const { token: bearer } = await token(info, 'demo', 'demo-secret');
    const controller = new AbortController();
    const pending = Array.from({ length: 50 }, (_, i) =>
      get(expensive(info, i), { Authorization: `Bearer ${bearer}` }, controller.signal),
    );
    await new Promise((r) => setTimeout(r, 1000));
    controller.abort();
    const left = performance.now();
    for (const o of await Promise.all(pending)) record(row, o);
    while (service.activeRequests > 0 && performance.now() - left < 30_000) {
      await new Promise((r) => setTimeout(r, 20));
    }
    row.notes.push(
      `last request ended ${(performance.now() - left).toFixed(0)} ms after the clients left (target < 1000)`,
    );
  });
}

async function floodLeave(service: Service, info: ListenInfo): Promise<Row> {
  return scenario(
    'flood-leave: demo sends expensive queries and leaves each after 300 ms, for 10 s; other runs cheap',
    async (row) => {
      const { token: bearer } = await token(info, 'demo', 'demo-secret');
      let flooding = true;
      let sent = 0;
      const flooders = Array.from({ length: 16 }, async (_, c) => {
        while (flooding) {
          const controller = new AbortController();
          const leave = setTimeout(() => controller.abort(), 300);
          const o = await get(
            expensive(info, 1000 + c * 1000 + sent++),
            { Authorization: `Bearer ${bearer}` },
            controller.signal,
          );
          clearTimeout(leave);
          record(row, o);
        }
      });
      await new Promise((r) => setTimeout(r, 500));
      const other: number[] = [];
      const health: number[] = [];
      const until = performance.now() + 10_000;
      for (let i = 0; performance.now() < until && i < 400; i++) {
        const o = await get(cheap(info, i), { 'X-API-Key': 'other-key' });
        record(row, o);
        other.push(o.ms);
        health.push((await get(`${info.url}/healthz`)).ms);
      }
      flooding = false;
      await Promise.all(flooders);
      row.notes.push(
        `other p50 ${pct(other, 50).toFixed(0)} ms, p99 ${pct(other, 99).toFixed(0)} ms (target < 250); /healthz p99 ${pct(health, 99).toFixed(0)} ms; ${sent} flood requests`,
      );
      void service;
    },
  );
}

async function authFailures(_service: Service, info: ListenInfo): Promise<Row> {
  return scenario(
    'auth: 600 tries of 10 wrong keys, 600 wrong secrets, 300 grants, a right key',
    async (row) => {
      const url = `${info.baseUrl}/metricquery/demo?${new URLSearchParams({ period: PERIOD, metrics: 'viewercount' })}`;
      const counts = { key429: 0, secret429: 0, grant429: 0 };
      for (let i = 0; i < 600; i += 50) {
        const batch = await Promise.all(
          // Ten wrong keys, each tried 60 times: failures count per address and claimed key.
          Array.from({ length: 50 }, (_, k) => get(url, { 'X-API-Key': `wrong-${(i + k) % 10}` })),
        );
        for (const o of batch) {
          record(row, o);
          if (o.status === '429') counts.key429++;
        }
      }
      const form = async (secret: string): Promise<Outcome> => {
        const t = performance.now();
        const res = await fetch(`${info.baseUrl}/oauth/token`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Authorization: `Basic ${Buffer.from(`demo:${secret}`).toString('base64')}`,
          },
          body: 'grant_type=client_credentials',
        });
        await res.arrayBuffer();
        const ct = res.headers.get('content-type') ?? '';
        return {
          status: String(res.status),
          ms: performance.now() - t,
          problem: ct.startsWith('application/problem+json'),
        };
      };
      for (let i = 0; i < 600; i += 50) {
        for (const o of await Promise.all(Array.from({ length: 50 }, (_, k) => form(`nope-${i + k}`)))) {
          record(row, o);
          if (o.status === '429') counts.secret429++;
        }
      }
      for (let i = 0; i < 300; i += 50) {
        for (const o of await Promise.all(Array.from({ length: 50 }, () => form('demo-secret')))) {
          record(row, o);
          if (o.status === '429') counts.grant429++;
        }
      }
      // A right key from the flooded address is still answered.
      const right = await get(url, { 'X-API-Key': 'demo-key' });
      record(row, right);
      row.notes.push(
        `429s: keys ${counts.key429}, secrets ${counts.secret429}, grants ${counts.grant429}; right key after the flood: ${right.status}`,
      );
    },
  );
}

async function httpEdges(_service: Service, info: ListenInfo): Promise<Row> {
  return scenario('http edges: bad request lines, 350 KB URL, slow headers', async (row) => {
    const port = info.port;
    const lines: (string | Buffer)[] = [
      'GET /api/v1\\metricquery/demo HTTP/1.1\r\nHost: x\r\n\r\n',
      Buffer.concat([
        Buffer.from('GET /api/v1/metricquery/d'),
        Buffer.from([0xc3, 0xa9]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
      'GET /api/v1/metricquery/d\x01emo HTTP/1.1\r\nHost: x\r\n\r\n',
      'GARBAGE\r\n\r\n',
      `GET /api/v1/metricquery/demo?filter=${'x'.repeat(350_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ];
    for (const line of lines) record(row, await raw(port, line));
    // Slow clients: 50 connections send one header byte per second; how long are they held?
    const slow = await Promise.all(Array.from({ length: 50 }, () => slowClient(port, 20_000)));
    const held = Math.max(...slow.map((s) => s.ms));
    for (const s of slow) record(row, s);
    row.notes.push(`slow header clients held up to ${(held / 1000).toFixed(1)} s (cap 20 s)`);
  });
}

function slowClient(port: number, capMs: number): Promise<Outcome> {
  const t = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let done = false;
    const text = 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(1000);
    let i = 0;
    const timer = setInterval(() => {
      if (i < text.length) socket.write(text[i++]!);
    }, 1000);
    const finish = (status: string) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(cap);
      socket.destroy();
      resolve({ status, ms: performance.now() - t, problem: /application\/problem\+json/i.test(data) });
    };
    const cap = setTimeout(() => finish('held'), capMs);
    socket.on('data', (d) => {
      data += d.toString('latin1');
    });
    socket.on('error', () => finish(data ? statusOf(data) : 'reset'));
    socket.on('close', () => finish(data ? statusOf(data) : 'closed'));
  });
}

async function shutdown(service: Service, info: ListenInfo): Promise<Row> {
  return scenario('shutdown: idle keep-alive connection', async (row) => {
    const outcome = await new Promise<Outcome>((resolve) => {
      const t = performance.now();
      const socket = connect(info.port, '127.0.0.1');
      let data = '';
      let answered = false;
      socket.on('data', (d) => {
        data += d.toString('latin1');
        if (!answered && data.includes('{"status":"ok"}')) {
          answered = true;
          void service.close();
        }
      });
      socket.on('error', () => resolve({ status: 'reset', ms: performance.now() - t, problem: false }));
      socket.on('end', () => resolve({ status: 'clean-close', ms: performance.now() - t, problem: true }));
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    record(row, outcome);
  });
}

function print(rows: Row[]): void {
  const header = [
    'scenario',
    'requests',
    'status mix',
    'p50 ms',
    'p99 ms',
    'RSS MB before/peak/after',
    'non-problem',
    'notes',
  ];
  const lines = rows.map((r) => [
    r.scenario,
    String(r.requests),
    [...r.statuses]
      .sort()
      .map(([s, n]) => `${s}:${n}`)
      .join(' '),
    pct(r.latencies, 50).toFixed(0),
    pct(r.latencies, 99).toFixed(0),
    `${mb(r.rss.before)}/${mb(r.rss.peak)}/${mb(r.rss.after)}`,
    String(r.nonProblem),
    r.notes.join('; '),
  ]);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const l of lines) console.log(`| ${l.join(' | ')} |`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const generate = { sessions: SESSIONS, seed: 1, days: 40, end: END };
  const engine =
    process.env.LOADTEST_ENGINE === 'chdb'
      ? await generateDataset(generate).then(async (dataset) => {
          try {
            return await openChdb({ dataset });
          } finally {
            await dataset.close();
          }
        })
      : undefined;
  const service = await createService({
    data: engine === undefined ? { generate } : { engine },
    // For experiments: LOADTEST_SERVICE='{"admission":{"customerSlots":1}}'.
    ...JSON.parse(process.env.LOADTEST_SERVICE ?? '{}'),
  });
  console.error(`generated ${SESSIONS} sessions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const info = await service.listen({ port: 0 });
  const rows: Row[] = [];
  const only = process.env.LOADTEST_ONLY?.split(',');
  const all: [string, (s: Service, i: ListenInfo) => Promise<Row>][] = [
    ['filter', floodFilter],
    ['mixed', mixed],
    ['disconnect', disconnect],
    ['flood-leave', floodLeave],
    ['auth', authFailures],
    ['edges', httpEdges],
    ['cache-memory', cacheMemory],
    ['cached-flood', cachedFlood],
    ['fairness', fairness],
    ['shutdown', shutdown],
  ];
  for (const [name, run] of all) {
    if (only && !only.includes(name)) continue;
    console.error(`running ${name}…`);
    rows.push(await run(service, info));
  }
  print(rows);
  await service.close();
  await engine?.close();
  // Anything still holding the loop (a stuck socket) must not keep the suite alive.
  setTimeout(() => process.exit(0), 2000).unref();
}

await main();
