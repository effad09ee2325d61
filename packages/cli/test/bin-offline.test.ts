// The commands that need no service, through the built binary: validate, url, explain, help and
// usage errors, with their exit codes and what lands on stdout and stderr.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers';

const BASE = 'http://127.0.0.1:9/api/v1';

describe.concurrent('playq validate', () => {
  it('prints the canonical form and exits 0', async () => {
    const r = await runCli(['validate', 'qoefilter', 'bufferingratio>5.0 and latency<=2.5']);
    expect(r).toMatchObject({ code: 0, stdout: 'bufferingratio>5 AND latency<=2.5\n' });
    const p = await runCli(['validate', 'period', 'end=1767312000,start=1767225600']);
    expect(p).toMatchObject({ code: 0, stdout: 'start=1767225600,end=1767312000\n' });
  });

  it('shows the input with a caret and a did-you-mean, exit 1', async () => {
    const r = await runCli(['validate', 'filter', '[contry=US]']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error[unknown_dimension]');
    expect(r.stderr).toContain('1 | [contry=US]');
    expect(r.stderr).toContain('  |  ^^^^^^');
    expect(r.stderr).toContain('did you mean "country"?');
    expect(r.stderr).not.toContain('\u001b[');
  });

  it('prints the JSON shape with every key', async () => {
    const r = await runCli(['validate', 'filter', '[country=US', '--json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ ok: false, canonical: null, warnings: [] });
    expect(Object.keys(json.errors[0]).sort()).toEqual(
      [
        'cause',
        'code',
        'column',
        'expected',
        'hint',
        'length',
        'line',
        'message',
        'offset',
        'param',
        'severity',
      ].sort(),
    );
    // The library's code and words (what checkText and the service say), the grammar's own code as the cause.
    expect(json.errors[0]).toMatchObject({
      code: 'invalid_filter',
      cause: 'missing_bracket',
      param: 'filter',
      offset: 11,
      line: 1,
      column: 12,
      expected: ['|', ']'],
    });
    const ok = JSON.parse((await runCli(['validate', 'filter', '[country=US|US]', '--json'])).stdout);
    expect(ok.ok).toBe(true);
    expect(ok.canonical).toBe('[country=US]');
    expect(ok.warnings.length).toBeGreaterThan(0);
  });

  it('checks names against --dimensions instead of the catalogue when given', async () => {
    const r = await runCli(['validate', 'filter', '[region=eu]', '--dimensions', 'region,site']);
    expect(r).toMatchObject({ code: 0, stdout: '[region=eu]\n' });
    const bad = await runCli(['validate', 'qoefilter', 'latncy>1', '--metrics', 'latency']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('did you mean "latency"?');
  });

  it('rejects an unknown kind or flag with exit 2', async () => {
    const kind = await runCli(['validate', 'filtre', 'x']);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toMatch(/Allowed choices are filter, qoefilter, period/);
    const flag = await runCli(['validate', 'filter', 'x', '--jsno']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option '--jsno'");
  });
});

describe.concurrent('playq url', () => {
  it('prints the canonical URL, parameters in canonical order', async () => {
    const r = await runCli([
      'url',
      'metricquery',
      'demo',
      '--end',
      '2026-01-02',
      '--last',
      '24h',
      '--metrics',
      'errors,users',
      '--orderby',
      'users',
      '--aggby',
      'country',
      '--filter',
      '[country=US|FR]',
      '--limit',
      '10',
      '--base-url',
      BASE,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      `${BASE}/metricquery/demo?period=start%3D1767225600%2Cend%3D1767312000&metrics=errors%2Cusers&aggby=country&filter=%5Bcountry%3DUS%7CFR%5D&orderby=users&limit=10\n`,
    );
  });

  it('takes the base URL from PLAYQ_BASE_URL and leaves the default granularity (auto) out', async () => {
    const r = await runCli(
      [
        'url',
        'metricquery',
        'demo',
        '--period',
        'start=0,end=3600',
        '--metrics',
        'viewercount',
        '--aggby',
        'timestamp',
      ],
      {
        env: { PLAYQ_BASE_URL: 'https://example.com/api/v1/' },
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'https://example.com/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=viewercount&aggby=timestamp\n',
    );
  });

  it('reports every problem with its parameter, exit 1', async () => {
    const r = await runCli([
      'url',
      'metricquery',
      'demo',
      '--last',
      '1h',
      '--metrics',
      'errros',
      '--filter',
      '[country=]',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error[unknown_metric]: Unknown metric "errros"; did you mean "errors"?');
    expect(r.stderr).toContain(' --> metrics, line 1, column 1');
    expect(r.stderr).toContain(' --> filter, line 1, column 10');
    expect(r.stderr).toContain('1 | [country=]');
    expect(r.stderr).toMatch(/not valid \(2 problems\)/);
  });

  it('requires agg on a session URL, and not planlevel, which it looks up once the rest is valid', async () => {
    const r = await runCli(['url', 'session', 'demo', '--last', '1h', '--metrics', 'errors']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[missing_parameter]: agg: The session endpoint requires agg');
    expect(r.stderr).not.toContain('planlevel');
    expect(r.stderr).toMatch(/not valid \(1 problem\)/);
    // explain takes the URL as written: there, a missing planlevel is a problem.
    const explained = await runCli([
      'explain',
      `${BASE}/session/demo?period=start%3D0%2Cend%3D3600&metrics=errors`,
    ]);
    expect(explained.stderr).toContain('error[missing_parameter]: planlevel: ');
    expect(explained.stderr).toContain('error[missing_parameter]: agg: ');
  });

  it('treats bad flag values and missing pieces as usage errors, exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['url', 'metricquery', 'demo', '--last', '2x', '--metrics', 'errors'], /--last <span>.*"2x"/],
      [
        ['url', 'metricquery', 'demo', '--last', '1h', '--metrics', 'errors', '--limit', '0'],
        /from 1 to 10000/,
      ],
      [['url', 'metricquery', 'demo', '--metrics', 'errors'], /needs a period/],
      [['url', 'metricquery', 'demo', '--last', '1h'], /needs --metrics/],
      [
        ['url', 'metricquery', 'demo', '--last', '1h', '--metrics', 'errors', '--granularity', 'week'],
        /Allowed choices are minute, 5minute, 10minute, hour, day, auto/,
      ],
      [['url', 'metrics', 'demo'], /Allowed choices are metricquery, session/],
      [
        ['url', 'metricquery', 'demo', '--last', '1h', '--period', 'start=0,end=1', '--metrics', 'errors'],
        /not both/,
      ],
      [
        ['url', 'metricquery', 'demo', '--last', '1h', '--metrics', 'errors', '--base-url', 'ftp://x'],
        /http\(s\) URL/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stdout).toBe('');
    }
  });
});

describe.concurrent('playq explain', () => {
  const url = `${BASE}/session/demo?planlevel=2&period=start%3D1767225600%2Cend%3D1767312000&metrics=errors%2Csubscriberid&aggby=subscriberid&agg=1&filter=%5Bcountry%3DUS%5D&orderby=errors&limit=10`;

  it('describes the query, prints its canonical URL and the builder code', async () => {
    const r = await runCli(['explain', url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/endpoint\s+session \(Authorization: Bearer <token>\)/);
    expect(r.stdout).toMatch(/period\s+2026-01-01 00:00 to 2026-01-02 00:00 UTC \(1d, end excluded\)/);
    expect(r.stdout).toMatch(/filter\s+country is "US"/);
    expect(r.stdout).toMatch(/order\s+errors desc \(default direction\)/);
    expect(r.stdout).toContain(`  ${url}\n`);
    expect(r.stdout).toContain("const query = sessionQuery('demo')");
    expect(r.stdout).toContain(".where('country', 'US')");
    expect(r.stdout).toContain('.limit(10);');
  });

  it('prints the query as JSON with --json', async () => {
    const r = await runCli(['explain', url, '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.canonical).toBe(url);
    expect(json.query).toMatchObject({ endpoint: 'session', customerId: 'demo', agg: 1, limit: 10 });
  });

  it('says what is wrong with a URL, exit 1, and rejects a non-query URL, exit 2', async () => {
    const r = await runCli([
      'explain',
      `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors&oderby=errors`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[unknown_parameter]: oderby: ');
    expect(r.stderr).toContain('did you mean "orderby"?');
    const other = await runCli(['explain', 'http://x/elsewhere']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/not a query URL/);
  });
});

describe.concurrent('help and usage', () => {
  it('has --help with examples on every command', async () => {
    const commands = [
      [],
      ['validate'],
      ['url'],
      ['explain'],
      ['query'],
      ['contract'],
      ['serve'],
      ['data'],
      ['data', 'generate'],
      ['demo'],
    ];
    const results = await Promise.all(commands.map((command) => runCli([...command, '--help'])));
    for (const [i, command] of commands.entries()) {
      const r = results[i]!;
      expect(r.code, command.join(' ')).toBe(0);
      expect(r.stdout, command.join(' ')).toMatch(/^Usage: playq/);
      expect(r.stdout, command.join(' ')).toContain('Examples:');
    }
  });

  it('exits 2 on no arguments, an unknown command or an unknown flag', async () => {
    const none = await runCli([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: playq');
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const flag = await runCli(['--frobnicate']);
    expect(flag.code).toBe(2);
  });

  it('prints the version', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(r.stdout).toBe(`${version}\n`);
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
  });

  it('uses colours only when forced and never with NO_COLOR', async () => {
    const forced = await runCli(['validate', 'filter', '[x=1]'], {
      env: { NO_COLOR: undefined, FORCE_COLOR: '1' },
    });
    expect(forced.stderr).toContain('\u001b[31m');
    const both = await runCli(['validate', 'filter', '[x=1]'], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(both.stderr).not.toContain('\u001b[');
  });
});
