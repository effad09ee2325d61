// Output that cannot attack its reader: a service on 127.0.0.1 that answers formula cells, terminal
// escape sequences and a forged `error:` line, driven through the built binary and through `run()`
// on streams that claim to be terminals. Also the secret files that keep keys out of `ps`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, run } from '../src/index';
import { runCli, tempDir } from './helpers';

const KEY = 'file-key-0123';

const FORMULAS = [
  '=HYPERLINK("http://evil.example","click")',
  "+cmd|' /C calc'!A0",
  '@SUM(1+1)*cmd|',
  '-2+3+cmd',
  '\t=1+1',
];
const ESCAPES = [
  'US\u001b]52;c;aGVsbG8=\u0007',
  '\u001b]8;;http://evil.example\u001b\\link\u001b]8;;\u001b\\',
  '\u001b[2A\u001b[2Kmoved',
  '\u009b2Jc1',
  '\u202eevil',
];
const RECORDS = [...FORMULAS, ...ESCAPES].map((country, i) => ({ country, errors: i === 0 ? -1 : i }));
const FORGED = 'refused\nerror: your API key expired, paste it at http://evil.example \u001b]52;c;eA==\u0007';

// Anything a terminal acts on, except the colour codes (SGR) the CLI itself writes.
const ACTIVE =
  /\u001b(?!\[[0-9;]*m)|\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let server: Server;
let base: string;
let seenKeys: string[];

beforeAll(async () => {
  seenKeys = [];
  server = createServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? '');
    seenKeys.push(key);
    const problem = (status: number, code: string, detail: string) => {
      res.writeHead(status, { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ type: 'about:blank', title: 'Refused', status, code, detail }));
    };
    if (key !== KEY) return problem(401, 'unauthorized', 'wrong key');
    if (req.url!.includes('/metricquery/forged')) return problem(400, 'invalid_\u001b[2Jfilter', FORGED);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        totalcount: RECORDS.length,
        pagecount: 1,
        totalrecords: RECORDS.length,
        response: RECORDS,
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const query = (customer = 'demo') => [
  'query',
  `${base}/metricquery/${customer}?period=start%3D0%2Cend%3D3600&metrics=errors&aggby=country`,
];

function terminal(stdin?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t), isTTY: true, columns: 200 },
    stderr: { write: (t: string) => err.push(t), isTTY: true, columns: 200 },
    env: { PLAYQ_API_KEY: KEY },
    ...(stdin === undefined ? {} : { stdin: Readable.from([stdin]) }),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

describe('CSV exports', () => {
  it('neutralise formula cells with a leading quote, and keep numbers as numbers', async () => {
    const dir = tempDir();
    const r = await runCli([...query(), '--out', 'x.csv'], { env: { PLAYQ_API_KEY: KEY }, cwd: dir });
    expect(r.code).toBe(0);
    const lines = readFileSync(join(dir, 'x.csv'), 'utf8').split('\r\n');
    expect(lines[0]).toBe('country,errors');
    expect(lines[1]).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")",-1');
    expect(lines[2]).toBe("'+cmd|' /C calc'!A0,1");
    expect(lines[3]).toBe("'@SUM(1+1)*cmd|,2");
    expect(lines[4]).toBe("'-2+3+cmd,3");
    expect(lines[5]).toBe("'\t=1+1,4");
  });

  it('write cells as they are with --raw-csv, which goes with CSV only', async () => {
    const dir = tempDir();
    const r = await runCli([...query(), '--out', 'x.csv', '--raw-csv'], {
      env: { PLAYQ_API_KEY: KEY },
      cwd: dir,
    });
    expect(r.code).toBe(0);
    const lines = readFileSync(join(dir, 'x.csv'), 'utf8').split('\r\n');
    expect(lines[1]).toBe('"=HYPERLINK(""http://evil.example"",""click"")",-1');
    expect(lines[2]).toBe("+cmd|' /C calc'!A0,1");
    const table = await runCli([...query(), '--raw-csv'], { env: { PLAYQ_API_KEY: KEY } });
    expect(table.code).toBe(2);
    expect(table.stderr).toContain('--raw-csv goes with CSV output');
  });
});

describe('terminal output', () => {
  it('shows escape sequences in table cells instead of sending them', async () => {
    const r = await runCli(query(), { env: { PLAYQ_API_KEY: KEY } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(ACTIVE);
    expect(r.stdout).toContain('US\\x1b]52;c;aGVsbG8=\\x07');
    expect(r.stdout).toContain('\\x1b[2A\\x1b[2Kmoved');
    expect(r.stdout).toContain('\\x9b2Jc1');
    expect(r.stdout).toContain('\\u202eevil');
  });

  it('escapes a problem detail: no forged error line, no OSC 52', async () => {
    const r = await runCli(query('forged'), { env: { PLAYQ_API_KEY: KEY } });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(ACTIVE);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('error:'))).toHaveLength(1);
    expect(r.stderr).toContain('refused\\nerror: your API key expired');
    expect(r.stderr).toContain('invalid_\\x1b[2Jfilter');
  });

  it.each(['table', 'csv', 'json', 'ndjson'])('sends nothing active to a terminal as %s', async (format) => {
    const t = terminal();
    expect(await run([...query(), '--format', format], t.io)).toBe(0);
    expect(t.out()).not.toMatch(ACTIVE);
    expect(t.out()).toMatch(/US\\(x1b|u001b)\]52/);
    if (format === 'json') expect(JSON.parse(t.out()).response).toEqual(RECORDS);
    if (format === 'ndjson')
      expect(
        t
          .out()
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l)),
      ).toEqual(RECORDS);
  });

  it('sends nothing active to a terminal for a problem, in colour', async () => {
    const t = terminal();
    expect(await run(query('forged'), t.io)).toBe(1);
    expect(t.err()).not.toMatch(ACTIVE);
    expect(t.err()).toContain('\u001b[31merror:\u001b[39m');
  });

  it('escapes a diagnostic about a pasted URL with escapes in it', async () => {
    const r = await runCli([
      'explain',
      `${base}/metricquery/demo?period=start%3D0%2Cend%3D60&metrics=err%1B%5D52%3Bc%3BeA%3D%3D%07`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(ACTIVE);
    expect(r.stderr).toContain('\\x1b]52');
  });
});

describe('secret files', () => {
  it('say in --help how to keep secrets out of the process list', async () => {
    const r = await runCli(['query', '--help']);
    expect(r.stdout).toMatch(/--api-key-file <path\|->/);
    expect(r.stdout).toMatch(/--client-secret-file <path\|->/);
    expect(r.stdout).toMatch(/--token-file <path\|->/);
    expect(r.stdout).toContain('not visible in the process list');
  });

  it('read the API key from stdin with -', async () => {
    seenKeys = [];
    const r = await runCli([...query(), '--format', 'ndjson', '--api-key-file', '-'], { input: `${KEY}\n` });
    expect(r.code).toBe(0);
    expect(seenKeys).toEqual([KEY]);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(RECORDS.length);
  });

  it('read the API key from a file, relative to the working directory', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'key.txt'), `  ${KEY}\r\n`, { mode: 0o600 });
    seenKeys = [];
    const r = await runCli([...query(), '--format', 'json', '--api-key-file', 'key.txt'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(seenKeys).toEqual([KEY]);
  });

  it('read secrets through run() from its stdin, and say what is wrong without the secret', async () => {
    const t = terminal(`${KEY}\n`);
    expect(await run([...query(), '--format', 'json', '--api-key-file', '-'], { ...t.io, env: {} })).toBe(0);
    const dir = tempDir();
    writeFileSync(join(dir, 'two.txt'), 'sekrit-line-one\nsekrit-line-two\n', { mode: 0o600 });
    writeFileSync(join(dir, 'empty.txt'), '\n', { mode: 0o600 });
    writeFileSync(join(dir, 'shared.txt'), 'sekrit-shared-key\n', { mode: 0o644 });
    const cases: [string[], RegExp][] = [
      [['--api-key-file', 'missing.txt'], /--api-key-file missing\.txt: no such file/],
      [['--api-key-file', 'two.txt'], /--api-key-file two\.txt: holds more than one line/],
      [['--api-key-file', 'empty.txt'], /--api-key-file empty\.txt: empty/],
      [['--api-key-file', 'two.txt', '--api-key', 'x'], /give --api-key or --api-key-file, not both/],
      [['--api-key-file', '-', '--token-file', '-'], /only one secret can come from stdin/],
      [
        ['--api-key-file', 'shared.txt'],
        /--api-key-file shared\.txt: other users can read it \(mode 644\); run `chmod 600 shared\.txt`/,
      ],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli([...query(), ...flags], { cwd: dir, input: 'sekrit-stdin\n' });
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toContain('sekrit');
    }
  });

  it('read the other customer key of the contract suite from a file', async () => {
    const args = [
      'contract',
      base,
      '--other-customer',
      'o',
      '--other-api-key-file',
      '-',
      '--api-key-file',
      '-',
    ];
    const r = await runCli(args, { input: 'sekrit\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--api-key-file -: stdin was already read for another secret');
    const help = await runCli(['contract', '--help']);
    expect(help.stdout).toMatch(/--other-api-key-file <path\|->/);
  });
});
