// Benchmarks of @playq/testing against baselines measured in the same run:
// - test-service start-up with 100,000 sessions: generating afresh (what createService does) vs
//   opening a copy of the cached data set (what createTestService does after the first time);
// - a full contract run against the in-process service;
// - the record and replay transports against calling the service directly.
// Writes bench/results/testing.json at the repository root.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContract, createTestService, recordingTransport, replayTransport } from '@playq/testing';

const SESSIONS = 100_000;
const ROUNDS = 3;
const results: Record<string, unknown> = { sessions: SESSIONS, node: process.version };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeStartup(options: Parameters<typeof createTestService>[0]): Promise<number> {
  const started = performance.now();
  const t = await createTestService(options);
  const elapsed = performance.now() - started;
  await t.close();
  return elapsed;
}

const cacheDir = await mkdtemp(join(tmpdir(), 'playq-bench-cache-'));
try {
  const fresh: number[] = [];
  const cached: number[] = [];
  // The first cached start generates and stores the data set; it is not counted.
  await timeStartup({ seed: 1, sessions: SESSIONS, cache: cacheDir });
  for (let i = 0; i < ROUNDS; i++) {
    fresh.push(await timeStartup({ seed: 1, sessions: SESSIONS, cache: false }));
    cached.push(await timeStartup({ seed: 1, sessions: SESSIONS, cache: cacheDir }));
  }
  results.startup = {
    baseline: 'generate 100k sessions in memory (createService with data.generate)',
    generateMs: median(fresh),
    cachedMs: median(cached),
    speedup: median(fresh) / median(cached),
  };
  console.log(
    `start-up, ${SESSIONS} sessions: generate ${median(fresh).toFixed(0)} ms, cached ${median(cached).toFixed(0)} ms (x${(median(fresh) / median(cached)).toFixed(1)})`,
  );

  const t = await createTestService({ seed: 1, sessions: SESSIONS, cache: cacheDir });
  try {
    const contractOptions = {
      baseUrl: t.baseUrl,
      planUrl: t.planUrl,
      customerId: 'demo',
      apiKey: 'demo-key',
      clientCredentials: { clientId: 'demo', clientSecret: 'demo-secret' },
      otherCustomer: { customerId: 'other', apiKey: 'other-key' },
      fetch: t.fetch,
      requestsPerSecond: Number.POSITIVE_INFINITY,
      period: { start: t.period.end - 7 * 86_400, end: t.period.end },
      strict: true,
    };
    const runs: number[] = [];
    let report = await checkContract(contractOptions);
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      report = await checkContract(contractOptions);
      runs.push(performance.now() - started);
    }
    results.contract = {
      checks: report.checks.length,
      passed: report.checks.filter((c) => c.status === 'pass').length,
      requests: report.requests,
      medianMs: median(runs),
      msPerRequest: median(runs) / report.requests,
    };
    console.log(
      `contract: ${report.checks.length} checks, ${report.requests} requests, ${median(runs).toFixed(0)} ms`,
    );

    const url = `${t.baseUrl}/metricquery/demo?period=start%3D${t.period.end - 86_400}%2Cend%3D${t.period.end}&metrics=errors&aggby=platform`;
    const request = () => new Request(url, { headers: { 'x-api-key': 'demo-key' } });
    const N = 200;
    const loop = async (fetch: (r: Request) => Promise<Response>) => {
      const started = performance.now();
      for (let i = 0; i < N; i++) await (await fetch(request())).text();
      return (performance.now() - started) / N;
    };
    await loop(t.fetch); // warm the service's result cache
    const direct = median([await loop(t.fetch), await loop(t.fetch), await loop(t.fetch)]);
    const recorder = recordingTransport({ fetch: t.fetch });
    const recording = median([await loop(recorder), await loop(recorder), await loop(recorder)]);
    const replay = replayTransport(recorder.fixture());
    const replaying = median([await loop(replay), await loop(replay), await loop(replay)]);
    results.transports = {
      baseline: 'service.fetch directly (in process, result cached)',
      directMsPerRequest: direct,
      recordingMsPerRequest: recording,
      replayMsPerRequest: replaying,
      recordingOverhead: recording / direct,
      replaySpeedup: direct / replaying,
      fixtureEntries: recorder.fixture().entries.length,
    };
    console.log(
      `per request: direct ${direct.toFixed(3)} ms, recording ${recording.toFixed(3)} ms (x${(recording / direct).toFixed(2)}), replay ${replaying.toFixed(3)} ms (x${(direct / replaying).toFixed(1)} faster)`,
    );
  } finally {
    await t.close();
  }
} finally {
  await rm(cacheDir, { recursive: true, force: true });
}

const out = join(dirname(fileURLToPath(import.meta.url)), '../../../bench/results/testing.json');
await mkdir(dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`wrote ${out}`);
