// The storage modes and engines through the built binary: files generated once are served loaded
// into DuckDB, in place, from a database file built by `data load --db`, and on chdb, each with the
// same numbers; `data schema` prints the ClickHouse DDL; bad flags and bad files are refused.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, tempDir } from './helpers';

const KEY = 'demo-key-0123456789abcdef';
const END = 1767225600;
let dir: string;

beforeAll(async () => {
  dir = tempDir();
  writeFileSync(
    join(dir, 'customers.json'),
    JSON.stringify([
      { customerId: 'demo', apiKey: KEY, clientId: 'demo', clientSecret: `${KEY}-secret`, planLevel: '2' },
    ]),
    { mode: 0o600 },
  );
  const gen = await runCli(
    [
      'data',
      'generate',
      '--sessions',
      '2000',
      '--seed',
      '4',
      '--out',
      'd',
      '--days',
      '3',
      '--end',
      String(END),
    ],
    { cwd: dir, timeoutMs: 60_000 },
  );
  expect(gen.code).toBe(0);
  writeFileSync(join(dir, 'd', 'marker'), '');
}, 120_000);

/** viewercount of customer demo over the data's three days, as the service on `args` answers it. */
async function viewercount(args: string[]): Promise<number> {
  const serve = startCli(['serve', ...args, '--port', '0', '--credentials', 'customers.json'], {
    cwd: dir,
    timeoutMs: 90_000,
  });
  try {
    const [, baseUrl] = await serve.waitFor(/base URL\s+(\S+)/, 75_000);
    const q = await runCli(
      [
        'query',
        'metricquery',
        'demo',
        '--period',
        `start=${END - 3 * 86400},end=${END}`,
        '--metrics',
        'viewercount',
        '--format',
        'json',
      ],
      { env: { PLAYQ_BASE_URL: baseUrl!, PLAYQ_API_KEY: KEY } },
    );
    expect(q.code).toBe(0);
    return JSON.parse(q.stdout).response[0].viewercount;
  } finally {
    serve.child.kill('SIGTERM');
    expect((await serve.done).code).toBe(0);
  }
}

describe('one data set, every storage mode and engine', () => {
  it('answers the same on loaded files, Parquet in place, a database file and chdb', async () => {
    const load = await runCli(['data', 'load', '--db', 'playq.duckdb', 'd'], { cwd: dir, timeoutMs: 60_000 });
    expect(load.stderr).toBe('');
    expect(load.code).toBe(0);
    expect(load.stdout).toMatch(/^loaded 2000 sessions and \d+ error events/);
    const loaded = await viewercount(['--data', 'd']);
    expect(loaded).toBeGreaterThan(0);
    expect(await viewercount(['--data', 'd', '--in-place'])).toBe(loaded);
    expect(await viewercount(['--db', 'playq.duckdb'])).toBe(loaded);
    expect(await viewercount(['--engine', 'chdb', '--data', 'd'])).toBe(loaded);
  }, 240_000);
});

describe('playq data load', () => {
  it('refuses a file with a bad row, naming file, row and column, and writes no database', async () => {
    const bad = join(dir, 'bad');
    const r0 = await runCli(
      ['data', 'generate', '--sessions', '10', '--seed', '1', '--out', 'bad', '--format', 'csv'],
      {
        cwd: dir,
      },
    );
    expect(r0.code).toBe(0);
    const file = join(bad, 'sessions.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    const header = lines[0]!.split(',');
    const row = lines[1]!.split(',');
    row[header.indexOf('start_ts')] = 'soon';
    lines[1] = row.join(',');
    writeFileSync(file, lines.join('\n'));
    const r = await runCli(['data', 'load', '--db', 'bad.duckdb', 'bad'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/sessions\.csv: row 1, column "start_ts"/);
  });

  it('needs --db or --engine clickhouse with its URL, exit 2', async () => {
    expect((await runCli(['data', 'load', 'd'], { cwd: dir })).stderr).toMatch(/needs --db FILE/);
    const r = await runCli(['data', 'load', '--engine', 'clickhouse', 'd'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs --clickhouse-url/);
  });

  it('builds the database under --memory-limit, and refuses a limit DuckDB would not read, exit 2', async () => {
    const ok = await runCli(['data', 'load', '--db', 'limited.duckdb', '--memory-limit', '300MB', 'd'], {
      cwd: dir,
      timeoutMs: 60_000,
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^loaded 2000 sessions and \d+ error events/);
    const bad = await runCli(['data', 'load', '--db', 'never.duckdb', '--memory-limit', "1GB'; x", 'd'], {
      cwd: dir,
    });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`--memory-limit must look like '512MB', got "1GB'; x"`);
    expect(existsSync(join(dir, 'never.duckdb'))).toBe(false);
    const ch = await runCli(
      [
        'data',
        'load',
        '--engine',
        'clickhouse',
        '--clickhouse-url',
        'http://127.0.0.1:1',
        '--memory-limit',
        '1GB',
        'd',
      ],
      { cwd: dir },
    );
    expect(ch.code).toBe(2);
    expect(ch.stderr).toMatch(/--memory-limit are for a DuckDB database file/);
  });
});

describe('playq data schema', () => {
  it('prints MergeTree tables, and on a cluster local tables with Distributed ones over them', async () => {
    const one = await runCli(['data', 'schema', '--engine', 'clickhouse']);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('CREATE TABLE IF NOT EXISTS playq.sessions (');
    expect(one.stdout).toContain('ORDER BY (cust, start_ts, session_id)');
    expect(one.stdout).not.toContain('Distributed');
    const cluster = await runCli([
      'data',
      'schema',
      '--engine',
      'clickhouse',
      '--cluster',
      'prod',
      '--clickhouse-database',
      'qoe',
    ]);
    expect(cluster.stdout).toContain('CREATE TABLE IF NOT EXISTS qoe.sessions_local ON CLUSTER prod (');
    expect(cluster.stdout).toContain('ENGINE = Distributed(prod, qoe, sessions_local,');
    const bad = await runCli(['data', 'schema', '--engine', 'clickhouse', '--cluster', 'x; DROP']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/plain identifier/);
  });
});

describe('playq serve engine flags', () => {
  it('refuses combinations that cannot work, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--in-place'], /--in-place needs --data DIR/],
      [['--engine', 'clickhouse'], /needs --clickhouse-url/],
      [['--engine', 'chdb'], /--engine chdb needs --data DIR/],
      [['--clickhouse-url', 'http://127.0.0.1:1'], /go with --engine clickhouse/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(['serve', ...args, '--port', '0', '--credentials', 'customers.json'], {
        cwd: dir,
      });
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(message);
    }
  });

  it('serves under --memory-limit, which bounds the load too; refuses a bad limit or a non-DuckDB engine', async () => {
    expect(await viewercount(['--data', 'd', '--memory-limit', '256MB'])).toBeGreaterThan(0);
    const serve = (args: string[]) =>
      runCli(['serve', ...args, '--port', '0', '--credentials', 'customers.json'], {
        cwd: dir,
        timeoutMs: 60_000,
      });
    // Far too little to check the files' rows: the limit reached the load (it applied only after it before).
    const tiny = await serve(['--data', 'd', '--memory-limit', '1MB']);
    expect(tiny.code).toBe(1);
    expect(tiny.stderr).toMatch(/cannot check the rows of .*sessions\.parquet: Out of Memory Error/);
    const bad = await serve(['--data', 'd', '--memory-limit', "1GB'; x"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`--memory-limit must look like '512MB', got "1GB'; x"`);
    const chdb = await serve(['--engine', 'chdb', '--data', 'd', '--memory-limit', '1GB']);
    expect(chdb.code).toBe(2);
    expect(chdb.stderr).toContain('--memory-limit bounds DuckDB: leave it out with --engine chdb');
  }, 180_000);
});
