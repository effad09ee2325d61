// The paths a user meets in the first week, each working as documented: a relative URL explained,
// one behaviour for a session query without --planlevel, contract messages in flag words with
// progress on a terminal, CSV without float noise, an aligned catalogue, a date in --period and
// flags beside a URL answered with what to type instead.
import { createServer } from 'node:net';
import { fc, test } from '@fast-check/vitest';
import { createService } from '@playq/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, csvNumber } from '../src/format/csv';
import { type CliIo, run } from '../src/index';
import { runCli } from './helpers';

let service: Awaited<ReturnType<typeof createService>>;
let baseUrl: string;

beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 2000, seed: 4, days: 7 } } });
  baseUrl = (await service.listen({ port: 0, host: '127.0.0.1' })).baseUrl;
});
afterAll(() => service?.close());

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const RELATIVE = '/mm-apis/metricquery/199493832?period=start%3D1767139200%2Cend%3D1767225600&metrics=errors';

describe('explain', () => {
  it('reads a root-relative URL as fromURL does, and keeps its canonical form relative', async () => {
    const r = await runCli(['explain', RELATIVE, '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.canonical).toBe(RELATIVE);
    expect(json.query).toMatchObject({
      endpoint: 'metricquery',
      customerId: '199493832',
      metrics: ['errors'],
    });
    const text = await runCli(['explain', RELATIVE]);
    expect(text.stdout).toContain(`canonical URL\n  ${RELATIVE}\n`);
  });

  it('still refuses what is not a URL, and a protocol-relative one', async () => {
    expect((await runCli(['explain', 'metricquery/demo'])).code).toBe(2);
    expect((await runCli(['explain', '//evil.example/metricquery/demo?metrics=errors'])).code).toBe(2);
  });
});

describe('a session query without --planlevel', () => {
  const session = ['session', 'demo', '--last', '24h', '--agg', '1', '--metrics', 'errors'];

  it('gets its plan level from the plan host in url, as in query', async () => {
    const r = await runCli(['url', ...session], { env: { PLAYQ_BASE_URL: baseUrl } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\/session\/demo\?planlevel=2&period=/);
  });

  it('names --planlevel when no plan host is known', async () => {
    const r = await runCli(['url', ...session, '--base-url', 'https://api.example/v2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no --planlevel and no plan host to look it up: give --planlevel, --plan-url');
  });

  it('names --planlevel when the plan host does not answer', async () => {
    const plans = `http://127.0.0.1:${await closedPort()}/plans`;
    const r = await runCli(['url', ...session, '--plan-url', plans]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`the plan host ${plans} did not give it`);
    expect(r.stderr).toMatch(/: give --planlevel\n$/);
  });
});

describe('contract', () => {
  it('says which flag gives a skipped check what it needs', async () => {
    const args = ['contract', baseUrl, '--api-key', 'demo-key', '--rate', '1000'];
    const r = await runCli([...args, '--only', 'auth.session.cross-customer']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('no bearer token: give --token-file (or --token, PLAYQ_TOKEN) or --client-id');
    expect(r.stdout).not.toContain('`clientCredentials`');
    const json = JSON.parse(
      (await runCli([...args, '--only', 'auth.session.cross-customer', '--json'])).stdout,
    );
    expect(json.checks[0].detail).toContain('give --token-file');
  });

  it('shows its progress on a terminal stderr while stdout is piped, then erases it', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      stdout: { write: (t: string) => out.push(t), isTTY: false },
      stderr: { write: (t: string) => err.push(t), isTTY: true },
      env: { PLAYQ_API_KEY: 'demo-key', NO_COLOR: '1' },
    };
    const code = await run(
      ['contract', baseUrl, '--only', 'service.reachable,plan.lookup', '--rate', '1000'],
      io,
    );
    expect(code).toBe(0);
    expect(err.join('')).toMatch(/contract: 1 request, \d+\.\d s/);
    expect(err.at(-1)).toBe('\r\u001b[2K');
    expect(out.join('')).toMatch(/PASS\s+service\.reachable/);
  });

  it('takes the period of its data checks', async () => {
    const bad = await runCli(['contract', baseUrl, '--period', 'yesterday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Expected 'start=<epoch_s>,end=<epoch_s>'");
  });
});

describe('CSV numbers', () => {
  it('drop the last-digit noise of arithmetic, and keep integers exact', () => {
    expect(csvNumber(2.676449999999999)).toBe('2.67645');
    expect(csvNumber(0.1 + 0.2)).toBe('0.3');
    expect(csvField(1 / 3)).toBe('0.333333333333333');
    expect(csvNumber(9007199254740991)).toBe('9007199254740991');
    expect(csvNumber(-1.5e-7)).toBe('-1.5e-7');
  });

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])(
    'are within 15 significant digits of the value, and a fixed point',
    (x) => {
      const text = csvNumber(x);
      expect(Math.abs(Number(text) - x)).toBeLessThanOrEqual(Math.abs(x) * 5e-15);
      expect(csvNumber(Number(text))).toBe(text);
    },
  );

  test.prop([
    fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }),
    fc.integer({ min: 0, max: 15 }),
  ])('write a decimal of up to 15 digits as itself', (digits, scale) => {
    const x = digits / 10 ** scale;
    expect(csvNumber(x)).toBe(String(x));
  });
});

describe('catalogue', () => {
  it('aligns the definitions of every metric in one column, and of every dimension in another', async () => {
    const r = await runCli(['catalogue']);
    const [metrics, dimensions] = r.stdout.split('\n\n');
    for (const table of [metrics!, dimensions!]) {
      const rows = table.split('\n').slice(2);
      const header = table.split('\n')[0]!;
      const column = header.indexOf('definition');
      expect(column).toBeGreaterThan(0);
      for (const row of rows) expect(row.slice(column - 2, column), row).toBe('  ');
      for (const row of rows) expect(row[column], row).toMatch(/\S/);
    }
  });
});

describe('flags and their words', () => {
  it('points a date in --period to --last … --end …', async () => {
    const cases: [string, string][] = [
      ['start=2025-12-25,end=2026-01-01', '--last 1w --end 2026-01-01'],
      ['start=2026-01-01T06:00:00Z,end=2026-01-01T18:00:00Z', '--last 12h --end 2026-01-01T18:00:00Z'],
      ['2026-01-01', '--last 1d --end 2026-01-02 (the day 2026-01-01)'],
    ];
    for (const [period, suggestion] of cases) {
      const r = await runCli(['url', 'metricquery', 'demo', '--period', period, '--metrics', 'errors']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`for dates use ${suggestion}\n`);
    }
  });

  it('names the flags given beside a query URL', async () => {
    const url = `${baseUrl}/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors`;
    const one = await runCli(['query', url, '--limit', '5']);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('drop --limit, or give the endpoint and customer id instead of the URL');
    const three = await runCli([
      'query',
      url,
      '--metrics',
      'users',
      '--concurrency-mode',
      '--orderby',
      'users',
    ]);
    expect(three.stderr).toContain('drop --metrics, --concurrency-mode and --orderby,');
  });

  it('runs a root-relative URL against the origin of the base URL', async () => {
    const r = await runCli(
      ['query', '/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors', '--format', 'json'],
      { env: { PLAYQ_BASE_URL: baseUrl, PLAYQ_API_KEY: 'demo-key' } },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).response).toEqual(expect.any(Array));
  });
});
