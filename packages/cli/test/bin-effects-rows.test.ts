// `--effect` and `--rows` through the built binary: `data generate` plants an effect in exactly
// the matching sessions, or writes a scenario's exact rows; `serve` answers on them; a bad effect
// or a bad row is refused with where it is wrong.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, startCli, tempDir } from './helpers';

const END = 1767225600;
const GENERATE = [
  'data',
  'generate',
  '--sessions',
  '2000',
  '--seed',
  '4',
  '--days',
  '2',
  '--end',
  String(END),
];
const ndjson = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('playq data generate --effect', () => {
  it('changes the matching sessions only: startup times of US sessions three times as long', async () => {
    const dir = tempDir();
    const plain = await runCli([...GENERATE, '--out', 'a', '--format', 'ndjson'], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    const planted = await runCli(
      [...GENERATE, '--out', 'b', '--format', 'ndjson', '--effect', '[country=US]:latency*3'],
      { cwd: dir, timeoutMs: 60_000 },
    );
    expect([plain.code, planted.code, planted.stderr]).toEqual([0, 0, '']);
    const before = ndjson(join(dir, 'a', 'sessions.ndjson'));
    const after = ndjson(join(dir, 'b', 'sessions.ndjson'));
    expect(after).toHaveLength(before.length);
    let changed = 0;
    before.forEach((row, i) => {
      const now = after[i]!;
      if (row.country !== 'US') expect(now).toEqual(row);
      else {
        expect({ ...now, startup_ms: row.startup_ms }).toEqual(row);
        if (typeof row.startup_ms === 'number') {
          expect(Math.abs((now.startup_ms as number) - 3 * row.startup_ms)).toBeLessThan(1);
          changed++;
        }
      }
    });
    expect(changed).toBeGreaterThan(300);
    expect(readFileSync(join(dir, 'b', 'errors.ndjson'), 'utf8')).toBe(
      readFileSync(join(dir, 'a', 'errors.ndjson'), 'utf8'),
    );
  });

  it('refuses a bad effect text with a positioned diagnostic, exit 2', async () => {
    const r = await runCli([...GENERATE, '--out', 'x', '--effect', '[contry=US]:latency*3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("option '--effect <spec>' argument '[contry=US]:latency*3' is invalid");
    expect(r.stderr).toMatch(/error\[invalid_effect\]: filter: .*did you mean "?country"?/);
    expect(r.stderr).toContain('line 1, column 2');
    const star = await runCli([...GENERATE, '--out', 'x', '--effect', '[country=US]:latency/3']);
    expect(star.code).toBe(2);
    expect(star.stderr).toContain('expected "*" and a factor after the metric latency');
  });

  it('refuses a metric that cannot be planted, listing those that can, exit 2 and nothing written', async () => {
    const cwd = tempDir();
    const r = await runCli([...GENERATE, '--out', 'x', '--effect', '[country=US]:attempts*2'], {
      cwd,
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("option '--effect <spec>' argument '[country=US]:attempts*2' is invalid");
    expect(r.stderr).toContain(
      'error[invalid_effect]: "attempts" cannot be planted; the metrics that can: totalstartupfailure, failurerate, latency,',
    );
    expect(r.stderr).toContain('line 1, column 14');
    expect(existsSync(join(cwd, 'x'))).toBe(false);
    const serve = await runCli(['serve', '--sessions', '100', '--effect', '[country=US]:users*2'], {
      cwd,
      timeoutMs: 60_000,
    });
    expect(serve.code).toBe(2);
    expect(serve.stderr).toContain('"users" cannot be planted; the metrics that can: totalstartupfailure');
  });
});

describe('playq serve --effect', () => {
  /** p95 startup of US sessions as `serve args…` answers it, and the start-up banner. */
  async function usLatency(extra: string[]): Promise<{ p95: number; banner: string }> {
    const serve = startCli(
      [
        'serve',
        '--sessions',
        '2000',
        '--seed',
        '4',
        '--days',
        '2',
        '--end',
        String(END),
        '--port',
        '0',
        ...extra,
      ],
      { timeoutMs: 60_000 },
    );
    try {
      const [, baseUrl] = await serve.waitFor(/base URL\s+(\S+)/, 45_000);
      const q = await runCli(
        [
          'query',
          'metricquery',
          'demo',
          '--period',
          `start=${END - 2 * 86_400},end=${END}`,
          '--metrics',
          'p95_latency',
          '--filter',
          '[country=US]',
          '--format',
          'json',
        ],
        { env: { PLAYQ_BASE_URL: baseUrl!, PLAYQ_API_KEY: 'demo-key' } },
      );
      expect(q.code).toBe(0);
      return { p95: JSON.parse(q.stdout).response[0].p95_latency, banner: serve.stdout() + serve.stderr() };
    } finally {
      serve.child.kill('SIGTERM');
      expect((await serve.done).code).toBe(0);
    }
  }

  it('serves the planted data: the 95th percentile startup of US sessions three times as long', async () => {
    const plain = await usLatency([]);
    const planted = await usLatency(['--effect', '[country=US]:p95_latency*3']);
    expect(planted.banner).toContain('1 planted effect');
    expect(plain.p95).toBeGreaterThan(0.5);
    expect(Math.abs(planted.p95 - 3 * plain.p95)).toBeLessThanOrEqual(0.002);
  });
});

describe('--rows FILE.json', () => {
  const scenario = {
    sessions: [
      { country: 'BR', startup_ms: 2000, start_ts: END - 3600 },
      { country: 'BR', startup_ms: 4000, start_ts: END - 3000 },
      { country: 'BR', startup_ms: 6000, start_ts: END - 2400 },
    ],
  };

  it('data generate writes the exact rows, with their defaults, as data files', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'scenario.json'), JSON.stringify(scenario));
    const r = await runCli(
      ['data', 'generate', '--rows', 'scenario.json', '--out', 'r', '--format', 'ndjson'],
      {
        cwd: dir,
        timeoutMs: 60_000,
      },
    );
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/^wrote 3 sessions and 0 error events to r/);
    const rows = ndjson(join(dir, 'r', 'sessions.ndjson'));
    expect(rows.map((s) => [s.country, s.startup_ms, s.status, s.customer_id])).toEqual([
      ['BR', 2000, 'ENDED', 'demo'],
      ['BR', 4000, 'ENDED', 'demo'],
      ['BR', 6000, 'ENDED', 'demo'],
    ]);
  });

  it('refuses a bad row naming the row and column, a file that is not the shape, and generator flags', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ sessions: [{}, { startup_ms: -5 }] }));
    writeFileSync(join(dir, 'list.json'), '[]');
    writeFileSync(join(dir, 'broken.json'), '{ "sessions": [');
    const bad = await runCli(['data', 'generate', '--rows', 'bad.json', '--out', 'x'], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--rows bad.json: sessions[1].startup_ms');
    const list = await runCli(['data', 'generate', '--rows', 'list.json', '--out', 'x'], { cwd: dir });
    expect(list.stderr).toContain(
      '--rows list.json must hold a JSON object { "sessions": [...], "errors": [...] }',
    );
    const broken = await runCli(['serve', '--rows', 'broken.json', '--port', '0'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('--rows broken.json is not valid JSON');
    const mixed = await runCli(['serve', '--rows', 'bad.json', '--seed', '3', '--port', '0'], { cwd: dir });
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--rows gives exact rows: leave out --seed');
    const none = await runCli(['data', 'generate', '--out', 'x'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      'data generate needs --sessions N and --seed N (or --rows FILE for exact rows)',
    );
  });

  it('serve --rows answers on the exact rows: a mean startup of 4 s in BR', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'scenario.json'), JSON.stringify(scenario));
    const serve = startCli(['serve', '--rows', 'scenario.json', '--port', '0'], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    try {
      const [, baseUrl] = await serve.waitFor(/base URL\s+(\S+)/, 45_000);
      expect(serve.stdout()).toContain('3 sessions of exact rows');
      const q = await runCli(
        [
          'query',
          'metricquery',
          'demo',
          '--period',
          `start=${END - 86_400},end=${END}`,
          '--metrics',
          'latency',
          '--filter',
          '[country=BR]',
          '--format',
          'json',
        ],
        { env: { PLAYQ_BASE_URL: baseUrl!, PLAYQ_API_KEY: 'demo-key' } },
      );
      expect(q.code).toBe(0);
      expect(JSON.parse(q.stdout).response[0].latency).toBe(4);
    } finally {
      serve.child.kill('SIGTERM');
      expect((await serve.done).code).toBe(0);
    }
  });
});
