// `serve`, `query` and `contract` through the built binary against a real reference service on
// 127.0.0.1: output formats, exports that are complete or absent, credentials, Ctrl-C and SIGTERM.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, runCli, startCli, tempDir } from './helpers';

let serve: CliProcess;
let baseUrl: string;
const CREDS = { PLAYQ_API_KEY: 'demo-key', PLAYQ_CLIENT_ID: 'demo', PLAYQ_CLIENT_SECRET: 'demo-secret' };
let env: Record<string, string>;

beforeAll(async () => {
  serve = startCli(['serve', '--port', '0', '--sessions', '3000', '--seed', '5', '--days', '7'], {
    timeoutMs: 120_000,
  });
  const match = await serve.waitFor(/base URL\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/, 60_000);
  baseUrl = match[1]!;
  // The banner may arrive in several writes: wait for its last line before reading it.
  await serve.waitFor(/Press Ctrl-C to stop/, 30_000);
  env = { ...CREDS, PLAYQ_BASE_URL: baseUrl };
});

afterAll(async () => {
  if (serve && serve.child.exitCode === null) serve.child.kill('SIGKILL');
});

const partials = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.partial'));

describe('playq serve', () => {
  it('prints its addresses and the demo credentials, and answers over 127.0.0.1', async () => {
    const out = serve.stdout();
    expect(out).toMatch(/plan URL\s+http:\/\/127\.0\.0\.1:\d+\/plans/);
    expect(out).toMatch(/demo\s+demo-key\s+demo\s+demo-secret\s+2/);
    expect(out).toMatch(/other\s+other-key\s+other\s+other-secret\s+1/);
    const health = await fetch(new URL('/healthz', baseUrl));
    expect(health.status).toBe(200);
    const end = Math.ceil(Date.now() / 86_400_000) * 86_400;
    const res = await fetch(
      `${baseUrl}/metricquery/demo?period=start%3D${end - 30 * 86_400}%2Cend%3D${end}&metrics=viewercount`,
      {
        headers: { 'X-API-Key': 'demo-key' },
      },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { response: { viewercount: number }[] };
    expect(body.response[0]!.viewercount).toBeGreaterThan(0);
  });
});

describe('playq serve on a taken port', () => {
  it('says the port is in use before preparing any data, exit 1', async () => {
    const port = new URL(baseUrl).port;
    const r = await runCli(['serve', '--port', port, '--sessions', '200000']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
    expect(r.stderr).not.toContain('preparing');
  });
});

describe.concurrent('playq query', () => {
  const byCountry = [
    'query',
    'metricquery',
    'demo',
    '--last',
    '30d',
    '--metrics',
    'errors,users',
    '--aggby',
    'country',
  ];

  it('prints a table with dimensions first, and says when more pages exist', async () => {
    const r = await runCli([...byCountry, '--limit', '3'], { env });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^country\s+errors\s+users$/);
    expect(lines).toHaveLength(2 + 3);
    expect(r.stderr).toMatch(/showing 3 of \d+ records; add --all/);
  });

  it('prints json, ndjson and csv that agree with each other', async () => {
    const json = await runCli([...byCountry, '--format', 'json'], { env });
    expect(json.code).toBe(0);
    const envelope = JSON.parse(json.stdout) as {
      totalcount: number;
      totalrecords: number;
      response: Record<string, unknown>[];
    };
    expect(envelope.totalcount).toBe(envelope.response.length);
    const ndjson = await runCli([...byCountry, '--format', 'ndjson'], { env });
    expect(
      ndjson.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(envelope.response);
    const csv = await runCli([...byCountry, '--format', 'csv'], { env });
    const rows = csv.stdout.trimEnd().split('\r\n');
    expect(rows[0]).toBe('country,errors,users');
    expect(rows.slice(1)).toEqual(envelope.response.map((r) => `${r.country},${r.errors},${r.users}`));
  });

  it('runs a pasted URL, and a session query whose planlevel it looks up (token grant included)', async () => {
    const url = (
      await runCli(['url', 'metricquery', 'demo', '--last', '30d', '--metrics', 'viewercount'], { env })
    ).stdout.trim();
    const byUrl = await runCli(['query', url, '--format', 'json'], { env: CREDS });
    expect(byUrl.code).toBe(0);
    expect(JSON.parse(byUrl.stdout).response[0].viewercount).toBeGreaterThan(0);
    const session = await runCli(
      [
        'query',
        'session',
        'demo',
        '--last',
        '30d',
        '--agg',
        '1',
        '--metrics',
        'errors,subscriberid',
        '--aggby',
        'subscriberid',
        '--limit',
        '5',
        '--format',
        'json',
      ],
      { env },
    );
    expect(session.stderr).not.toMatch(/error/);
    expect(session.code).toBe(0);
    const records = JSON.parse(session.stdout).response as { errors: number; totalpages: number }[];
    expect(records).toHaveLength(5);
    expect(records[0]!.errors).toBeGreaterThanOrEqual(records[4]!.errors);
  });

  it('exports every page with --all to a complete file, and leaves no temporary file', async () => {
    const dir = tempDir();
    const r = await runCli(
      [
        'query',
        'session',
        'demo',
        '--last',
        '30d',
        '--agg',
        '1',
        '--metrics',
        'errors,subscriberid',
        '--aggby',
        'subscriberid',
        '--limit',
        '40',
        '--all',
        '--concurrency',
        '3',
        '--out',
        'subscribers.csv',
      ],
      { env, cwd: dir },
    );
    expect(r.code).toBe(0);
    const total = Number(/wrote (\d+) records to subscribers\.csv/.exec(r.stderr)?.[1]);
    expect(total).toBeGreaterThan(80);
    const lines = readFileSync(join(dir, 'subscribers.csv'), 'utf8').trimEnd().split('\r\n');
    // totalpages describes the result, not the data: CSV leaves it out (JSON keeps raw records).
    expect(lines[0]).toBe('subscriberid,errors');
    expect(lines).toHaveLength(total + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(total);
    expect(partials(dir)).toEqual([]);
  });

  it('exports the rest of the result from --offset with --all', async () => {
    const dir = tempDir();
    const [whole, rest] = await Promise.all([
      runCli([...byCountry, '--format', 'json'], { env }),
      runCli([...byCountry, '--limit', '4', '--offset', '7', '--all', '--out', 'rest.ndjson'], {
        env,
        cwd: dir,
      }),
    ]);
    expect(rest.code).toBe(0);
    const expected = (JSON.parse(whole.stdout).response as unknown[]).slice(7);
    const lines = readFileSync(join(dir, 'rest.ndjson'), 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(expected);
    expect(rest.stderr).toContain(`wrote ${expected.length} records to rest.ndjson`);
  });

  it('leaves an existing file untouched when the export fails', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'out.csv'), 'previous\n');
    const r = await runCli([...byCountry, '--out', 'out.csv'], {
      env: { ...env, PLAYQ_API_KEY: 'wrong-key' },
      cwd: dir,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/401/);
    expect(r.stderr).toContain('out.csv was not written');
    expect(r.stderr).not.toContain('wrong-key');
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toBe('previous\n');
    expect(partials(dir)).toEqual([]);
  });

  it('stops an export on Ctrl-C, exit 130, without leaving any file', async () => {
    const dir = tempDir();
    // limit=1 over hundreds of subscribers: hundreds of requests, throttled by the rate limit.
    const p = startCli(
      [
        'query',
        'session',
        'demo',
        '--last',
        '30d',
        '--agg',
        '1',
        '--metrics',
        'errors,subscriberid',
        '--aggby',
        'subscriberid',
        '--limit',
        '1',
        '--all',
        '--concurrency',
        '1',
        '--out',
        'slow.ndjson',
      ],
      { env, cwd: dir },
    );
    const started = Date.now();
    while (!partials(dir).some((n) => readFileSync(join(dir, n), 'utf8').length > 0)) {
      if (Date.now() - started > 30_000 || p.child.exitCode !== null)
        throw new Error(`no partial file: ${p.stderr()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    p.child.kill('SIGINT');
    const r = await p.done;
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted after \d+ records; slow\.ndjson was not written/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the missing credential, exit 2', async () => {
    const r = await runCli(byCountry, { env: { PLAYQ_BASE_URL: baseUrl } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--api-key or set PLAYQ_API_KEY');
    const s = await runCli(
      ['query', 'session', 'demo', '--last', '1d', '--agg', '1', '--metrics', 'errors'],
      {
        env: { PLAYQ_BASE_URL: baseUrl, PLAYQ_CLIENT_ID: 'demo' },
      },
    );
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('client secret');
  });

  it('rejects query flags beside a URL and --concurrency without --all, exit 2', async () => {
    const a = await runCli(
      [
        'query',
        `${baseUrl}/metricquery/demo?period=start%3D0%2Cend%3D1&metrics=errors`,
        '--metrics',
        'users',
      ],
      { env },
    );
    expect(a.code).toBe(2);
    const b = await runCli([...byCountry, '--concurrency', '2'], { env });
    expect(b.code).toBe(2);
    expect(b.stderr).toContain('--concurrency goes with --all');
    const c = await runCli([...byCountry, '--out', 'x.xlsx'], { env });
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('add --format');
  });

  it('passes the contract suite against the reference service, and fails it with a wrong key', async () => {
    const ok = await runCli([
      'contract',
      baseUrl,
      '--api-key',
      'demo-key',
      '--client-id',
      'demo',
      '--client-secret',
      'demo-secret',
      '--other-customer',
      'other',
      '--other-api-key',
      'other-key',
      '--rate',
      '1000',
    ]);
    expect(ok.stdout).toMatch(/\d+ passed, 0 failed/);
    expect(ok.code).toBe(0);
    const bad = await runCli(['contract', baseUrl, '--api-key', 'nope', '--rate', '1000', '--json']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).ok).toBe(false);
    const usage = await runCli(['contract', baseUrl]);
    expect(usage.code).toBe(2);
  });

  it('asks for the names of a --catalogue file and fails on the ones the service refuses', async () => {
    const names = join(tempDir(), 'names.json');
    writeFileSync(
      names,
      JSON.stringify({
        metrics: { ad_impressions: { unit: 'count', level: 'group', description: 'Ads shown.' } },
      }),
    );
    const args = ['contract', baseUrl, '--api-key', 'demo-key', '--rate', '1000', '--only', 'catalogue'];
    const dictionary = await runCli([...args, '--json']);
    expect(dictionary.code).toBe(0);
    expect(JSON.parse(dictionary.stdout).checks.map((c: { status: string }) => c.status)).toEqual([
      'pass',
      'pass',
    ]);
    const mine = await runCli([...args, '--catalogue', names]);
    expect(mine.code).toBe(1);
    expect(mine.stdout).toMatch(
      /FAIL\s+catalogue\.metrics\s+metric `ad_impressions` is refused with 400: Unknown metric/,
    );
    const missing = await runCli([...args, '--catalogue', join(tempDir(), 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--catalogue .*nope\.json: no such file/);
  });
});

describe('an export whose later page fails', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // A service that answers the first page and then refuses: the export must not keep page one.
    server = createServer((req, res) => {
      const offset = Number(new URL(req.url!, 'http://x').searchParams.get('offset') ?? 0);
      if (offset === 0) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            totalcount: 2,
            pagecount: 3,
            totalrecords: 6,
            response: [
              { country: 'A', errors: 2 },
              { country: 'B', errors: 1 },
            ],
          }),
        );
      } else {
        res.writeHead(400, { 'content-type': 'application/problem+json' });
        res.end(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'offset refused',
            code: 'invalid_offset',
          }),
        );
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors&aggby=country&limit=2`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('exits 1, says how many records arrived, and writes nothing', async () => {
    const dir = tempDir();
    const r = await runCli(['query', url, '--all', '--out', 'e.csv'], {
      env: { PLAYQ_API_KEY: 'k' },
      cwd: dir,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/400 invalid_offset/);
    expect(r.stderr).toContain('2 records arrived, e.csv was not written');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('stopping serve', () => {
  it('stops cleanly on SIGTERM with exit code 0', async () => {
    serve.child.kill('SIGTERM');
    const r = await serve.done;
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('stopped');
    await expect(fetch(new URL('/healthz', baseUrl))).rejects.toThrow();
  });
});
