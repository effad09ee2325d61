// `demo` and `data generate` through the built binary: the tour's six queries with their
// shareable URLs, and generated files that `serve --data` serves with matching numbers.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromURL, toURL } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { runCli, startCli, tempDir } from './helpers';

/** Real data needs a credentials file: one for customer "demo" with long random-looking secrets. */
const KEY = 'demo-key-0123456789abcdef';
function credentialsFile(dir: string): string {
  const file = join(dir, 'customers.json');
  const entry = {
    customerId: 'demo',
    apiKey: KEY,
    clientId: 'demo',
    clientSecret: `${KEY}-secret`,
    planLevel: '2',
  };
  writeFileSync(file, JSON.stringify([entry]), { mode: 0o600 });
  return file;
}

describe('playq demo', () => {
  it('tours a country breakdown, hourly charts, startup time by CDN, two session queries and a drill-down, each with its URL', async () => {
    const r = await runCli(['demo', '--sessions', '5000', '--seed', '3'], { timeoutMs: 90_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(
      /▸ Plays, errors and buffering by country[\s\S]*country\s+viewercount\s+errors\s+bufferingratio/,
    );
    expect(out).toMatch(
      /▸ Plays and errors per hour[\s\S]*viewercount\s+[▁▂▃▄▅▆▇█]{10,}\s+min \d+\s+max \d+/,
    );
    expect(out).toMatch(
      /▸ Startup time by CDN[\s\S]*cdn\s+p95_latency\s+median_latency\s+viewercount[\s\S]*akamai/,
    );
    expect(out).toMatch(
      /▸ Concurrent viewers per hour[\s\S]*concurviewavg\s+[▁▂▃▄▅▆▇█]{10,}\s+min \d+\s+max \d+/,
    );
    expect(out).toContain('GET /plans/planLevelByCustId/demo → 200');
    expect(out).toContain('POST /api/v1/oauth/token → 200');
    expect(out).toMatch(/subscriberid\s+errors\n/);
    // Sessions without a subscriber form one row; it says so instead of showing a blank id.
    expect(out).toMatch(/^\(anonymous\)\s+\d+$/m);
    expect(out).not.toMatch(/^ +\d+$/m);
    expect(out).toMatch(/category\s+key\s+player\s+errors\n/);
    // totalpages describes the result, not the data: tables leave it out.
    expect(out).not.toContain('totalpages');
    // Run from the repository, the hints use the command that works there.
    expect(out).toMatch(/\n {2}pnpm playq explain '/);
    expect(out).toMatch(/\n {2}pnpm playq serve /);
    const urls = [...out.matchAll(/^URL (\S+)$/gm)].map((m) => m[1]!);
    expect(urls).toHaveLength(7);
    // The tour ends with a drill-down: the worst-buffering country's ten worst sessions.
    expect(out).toMatch(/▸ Drill-down: [\s\S]*sessionid[\s\S]*\d+ sessions behind that row/);
    expect(urls[6]).toContain('/listsessions/demo?period=');
    expect(urls[6]).toContain('orderby=bufferingratio');
    expect(urls[2]).toContain('/metricquery/demo?period=');
    expect(urls[2]).toContain('aggby=cdn');
    expect(urls[4]).toContain('/session/demo?planlevel=2&');
    // Every URL the tour prints is a valid, canonical query URL.
    for (const url of urls) {
      const parsed = fromURL(url);
      expect(parsed.ok, url).toBe(true);
      if (parsed.ok) expect(toURL(parsed.query, { baseUrl: parsed.baseUrl })).toBe(url);
    }
  });

  it('rejects a bad size, exit 2', async () => {
    const r = await runCli(['demo', '--sessions', 'lots']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("option '--sessions <n>' argument 'lots' is invalid");
  });
});

describe('playq data generate', () => {
  it('writes sessions and errors that serve --data serves with the same numbers', async () => {
    const dir = tempDir();
    const end = 1767225600;
    const gen = await runCli(
      [
        'data',
        'generate',
        '--sessions',
        '2000',
        '--seed',
        '9',
        '--out',
        'd',
        '--format',
        'csv',
        '--days',
        '3',
        '--end',
        String(end),
      ],
      { cwd: dir, timeoutMs: 60_000 },
    );
    expect(gen.stderr).toBe('');
    expect(gen.code).toBe(0);
    expect(gen.stdout).toMatch(/^wrote 2000 sessions and \d+ error events to d/);
    const sessions = readFileSync(join(dir, 'd', 'sessions.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    const header = sessions[0]!.split(',');
    expect(header).toEqual(
      expect.arrayContaining(['customer_id', 'session_id', 'start_ts', 'startup_ms', 'rebuffer_ms']),
    );
    expect(existsSync(join(dir, 'd', 'errors.csv'))).toBe(true);
    // Generated beside the target and moved in: no temporary directory is left behind.
    expect(readdirSync(dir)).toEqual(['d']);
    expect(readdirSync(join(dir, 'd')).sort()).toEqual(['errors.csv', 'sessions.csv']);
    // Plays of customer "demo": sessions with a startup time.
    const col = (name: string) => header.indexOf(name);
    const plays = sessions
      .slice(1)
      .map((l) => l.split(','))
      .filter((f) => f[col('customer_id')] === 'demo' && f[col('startup_ms')] !== '').length;

    const serve = startCli(['serve', '--data', 'd', '--port', '0', '--credentials', credentialsFile(dir)], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    try {
      const [, baseUrl] = await serve.waitFor(/base URL\s+(\S+)/, 45_000);
      const q = await runCli(
        [
          'query',
          'metricquery',
          'demo',
          '--period',
          `start=${end - 3 * 86400},end=${end}`,
          '--metrics',
          'viewercount',
          '--format',
          'json',
        ],
        { env: { PLAYQ_BASE_URL: baseUrl!, PLAYQ_API_KEY: KEY } },
      );
      expect(q.code).toBe(0);
      expect(JSON.parse(q.stdout).response[0].viewercount).toBe(plays);
    } finally {
      serve.child.kill('SIGTERM');
      expect((await serve.done).code).toBe(0);
    }
  });

  it('requires --sessions, --seed and --out, exit 2', async () => {
    const r = await runCli(['data', 'generate', '--sessions', '10', '--seed', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("required option '--out <dir>' not specified");
    const f = await runCli([
      'data',
      'generate',
      '--sessions',
      '10',
      '--seed',
      '1',
      '--out',
      'x',
      '--format',
      'xlsx',
    ]);
    expect(f.code).toBe(2);
    // The generator streams, so the bound is the generator's own (1e9 sessions), not memory.
    const big = await runCli(['data', 'generate', '--sessions', '1000000001', '--seed', '1', '--out', 'x']);
    expect(big.code).toBe(2);
    expect(big.stderr).toContain('Expected an integer from 1 to 1000000000.');
  });

  it('reports a missing --data directory, exit 1', async () => {
    const dir = tempDir();
    const r = await runCli(
      ['serve', '--data', 'does-not-exist', '--port', '0', '--credentials', credentialsFile(dir)],
      {
        cwd: dir,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/does-not-exist/);
  });
});
