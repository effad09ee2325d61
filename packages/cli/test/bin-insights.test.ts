// `playq insights` and `playq query --compare` through the built binary against `playq serve`
// with planted causes: the ranked table names the planted values first, the printed drill-down
// command runs as printed, the JSON states the requests, and errors have the CLI's exit codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, runCli, startCli } from './helpers';

const END = 1_767_225_600;
const START = END - 7 * 86_400;
const PERIOD = ['--period', `start=${START},end=${END}`];
let serve: CliProcess;
let env: Record<string, string>;

beforeAll(async () => {
  serve = startCli(
    [
      'serve',
      ...['--port', '0', '--sessions', '20000', '--seed', '1', '--days', '7', '--end', String(END)],
      ...[
        '--effect',
        '[cdn=akamai][country=BR]:bufferingratio*5',
        '--effect',
        '[player=avplayer-16]:latency*3',
      ],
    ],
    { timeoutMs: 180_000 },
  );
  const [, baseUrl] = await serve.waitFor(/base URL\s+(\S+)/, 90_000);
  env = { PLAYQ_BASE_URL: baseUrl!, PLAYQ_API_KEY: 'demo-key' };
}, 120_000);

afterAll(async () => {
  serve?.child.kill('SIGTERM');
  await serve?.done;
});

describe('playq insights', () => {
  it('ranks the planted values first, with a bar per impact, and prints the command listing the top cause', async () => {
    const r = await runCli(['insights', 'bufferingratio', 'demo', ...PERIOD, '--max-causes', '3'], { env });
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^bufferingratio \(lower is better\): 0\.711 overall over \d+ attempts, 14 requests$/,
    );
    expect(lines[1]).toMatch(/^#\s+dimension\s+value\s+bufferingratio\s+attempts\s+share\s+impact$/);
    expect(lines[3]).toMatch(/^1\s+country\s+BR\s+.*█{24}$/);
    const within = lines.indexOf('within country=BR:');
    expect(within).toBeGreaterThan(0);
    expect(lines[within + 3]).toMatch(/^1\s+cdn\s+akamai\s/);
    const command = lines[lines.indexOf('the sessions behind country=BR:') + 1]!.trim();
    expect(command).toMatch(/^(pnpm )?playq query '.*\/listsessions\/demo\?.*filter=%5Bcountry%3DBR%5D.*'$/);
    const url = command.slice(command.indexOf("'") + 1, -1);
    const listed = await runCli(['query', url, '--format', 'json'], { env });
    expect(listed.code).toBe(0);
    const sessions = JSON.parse(listed.stdout);
    const [top] = JSON.parse(
      (await runCli(['insights', 'bufferingratio', 'demo', ...PERIOD, '--json'], { env })).stdout,
    ).causes;
    expect(sessions.totalrecords).toBe(top.attempts);
  }, 60_000);

  it('prints the whole answer as JSON, the planted player first for latency', async () => {
    const r = await runCli(['insights', 'latency', 'demo', ...PERIOD, '--json', '--no-refine'], { env });
    expect(r.code).toBe(0);
    const found = JSON.parse(r.stdout);
    expect(found).toMatchObject({ metric: 'latency', better: 'lower', requests: 8 });
    expect(found.causes[0]).toMatchObject({ dimension: 'player', value: 'avplayer-16' });
    expect(found.causes[0].url).toContain('/listsessions/demo?');
  }, 60_000);

  it('takes the candidates and the minimum support as flags', async () => {
    const r = await runCli(
      [
        'insights',
        'bufferingratio',
        'demo',
        ...PERIOD,
        '--dimensions',
        'cdn,country',
        '--min-share',
        '0.1',
        '--json',
      ],
      { env },
    );
    const found = JSON.parse(r.stdout);
    expect([found.requests, found.minShare, found.dimensions]).toEqual([4, 0.1, ['cdn', 'country']]);
    expect(found.causes[0]).toMatchObject({ dimension: 'cdn', value: 'akamai' });
  }, 60_000);

  it('refuses what it cannot rank with the exit codes of the other commands', async () => {
    const counted = await runCli(['insights', 'attempts', 'demo', ...PERIOD], { env });
    expect(counted.code).toBe(1);
    expect(counted.stderr).toContain(
      'error[unsupported_metric]: metrics: "attempts" says neither lower nor higher',
    );
    const typo = await runCli(['insights', 'bufferingration', 'demo', ...PERIOD], { env });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('did you mean "bufferingratio"?');
    const aggby = await runCli(['insights', 'latency', 'demo', ...PERIOD, '--aggby', 'cdn'], { env });
    expect(aggby.code).toBe(2);
    expect(aggby.stderr).toContain('insights break the query down themselves');
    const share = await runCli(['insights', 'latency', 'demo', ...PERIOD, '--min-share', '2'], { env });
    expect(share.code).toBe(2);
    const unknown = await runCli(['insights', 'latency', 'demo', ...PERIOD, '--dimensions', 'cdm'], { env });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error[unknown_dimension]: dimensions: Unknown dimension "cdm"');
    const down = await runCli(['insights', 'latency', 'demo', ...PERIOD], {
      env: { ...env, PLAYQ_BASE_URL: 'http://127.0.0.1:9/api/v1' },
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('the service is not reachable at http://127.0.0.1:9');
  }, 60_000);
});

describe('playq query --compare', () => {
  const half = (START + END) / 2;
  const shape = ['--metrics', 'attempts,bufferingratio', '--aggby', 'cdn'];

  it('prints every record beside the previous period, as two plain queries give them', async () => {
    const r = await runCli(
      [
        'query',
        'metricquery',
        'demo',
        '--period',
        `start=${half},end=${END}`,
        ...shape,
        '--compare',
        'previous',
        '--format',
        'ndjson',
      ],
      { env },
    );
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const plain = async (start: number, end: number) =>
      JSON.parse(
        (
          await runCli(
            [
              'query',
              'metricquery',
              'demo',
              '--period',
              `start=${start},end=${end}`,
              ...shape,
              '--format',
              'json',
            ],
            { env },
          )
        ).stdout,
      ).response as Record<string, number | string>[];
    const [now, then] = [await plain(half, END), await plain(START, half)];
    expect(rows.map((row) => row.cdn)).toEqual(now.map((n) => n.cdn));
    for (const row of rows) {
      const a = now.find((n) => n.cdn === row.cdn)!;
      const b = then.find((n) => n.cdn === row.cdn)!;
      expect(row).toEqual({
        cdn: a.cdn,
        present_in: 'both',
        attempts: a.attempts,
        attempts_previous: b.attempts,
        attempts_change: Number(a.attempts) - Number(b.attempts),
        attempts_change_pct: 100 * ((Number(a.attempts) - Number(b.attempts)) / Number(b.attempts)),
        bufferingratio: a.bufferingratio,
        bufferingratio_previous: b.bufferingratio,
        bufferingratio_change: Number(a.bufferingratio) - Number(b.bufferingratio),
        bufferingratio_change_pct:
          100 * ((Number(a.bufferingratio) - Number(b.bufferingratio)) / Number(b.bufferingratio)),
      });
    }
  }, 60_000);

  it('marks records found in one period only, and refuses a bad period or --drill beside it', async () => {
    const r = await runCli(
      ['query', 'metricquery', 'demo', ...PERIOD, ...shape, '--compare', `start=${END},end=${END + 86_400}`],
      { env },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^cdn\s+present_in\s+attempts\s+attempts_other\s+attempts_change\s+attempts_change_pct/,
    );
    expect(r.stdout).toMatch(/\nakamai\s+current\s+\d+\s+0\s+\d+\s+\d/);
    const bad = await runCli(
      ['query', 'metricquery', 'demo', ...PERIOD, ...shape, '--compare', 'yesterday'],
      { env },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Expected "previous" or a period');
    const drill = await runCli(
      ['query', 'metricquery', 'demo', ...PERIOD, ...shape, '--compare', 'previous', '--drill', '1'],
      { env },
    );
    expect(drill.code).toBe(2);
    expect(drill.stderr).toContain('--compare prints both periods side by side');
  }, 60_000);
});
