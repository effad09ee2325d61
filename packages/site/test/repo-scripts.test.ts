// The repository's scripts a user runs: `pnpm test`'s summary (each stage's count, the total
// last), `pnpm tarballs` (what it packs for a package), and the service port of `pnpm docs:dev`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withProgress } from '../../../scripts/build-progress.mjs';
import { workspacePackages } from '../../../scripts/consumer/pack.mjs';
import { DEFAULT_PACKAGES, withDependencies } from '../../../scripts/pack-tarballs.mjs';
import { packageStages, STAGES, summaryLines } from '../../../scripts/test-summary.mjs';
import { servicePort } from '../scripts/service-port.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe("pnpm start's build", () => {
  it('says which package is still building when the build goes quiet, and how long it took', async () => {
    let written = '';
    const out = {
      write: (text: string) => {
        written += text;
      },
    };
    const quiet = "console.log('@playq/server:build: DTS Build start'); setTimeout(() => {}, 1600)";
    const code = await withProgress({ command: process.execPath, args: ['-e', quiet], quietMs: 500, out });
    expect(code).toBe(0);
    expect(written).toMatch(/^@playq\/server:build: DTS Build start\n/);
    expect(written).toMatch(/ {2}… still building @playq\/server \(\d+ s so far\)\n/);
    expect(written).toMatch(/built in \d+ s \(packages already built were skipped\)\n$/);
  });

  it('passes a failing build on as its exit code, with no success line', async () => {
    let written = '';
    const out = {
      write: (text: string) => {
        written += text;
      },
    };
    const code = await withProgress({ command: process.execPath, args: ['-e', 'process.exit(3)'], out });
    expect(code).toBe(3);
    expect(written).not.toContain('built in');
  });
});

describe('the test summary', () => {
  let dir: string;
  const report = (name: string, passed: number, failed: number, testResults: unknown[] = []) =>
    writeFileSync(
      join(dir, `${name}.json`),
      JSON.stringify({ numPassedTests: passed, numFailedTests: failed, testResults }),
    );
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'playq-summary-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const stages = [
    { name: 'grammar', label: '@playq/grammar' },
    { name: 'query', label: '@playq/query' },
    ...STAGES,
  ];

  it("prints each stage's count above the total, which is the last line", () => {
    report('grammar', 1041, 0);
    report('query', 433, 2);
    report('consumer', 67, 0);
    expect(summaryLines(dir, stages, '1')).toEqual([
      '  @playq/grammar    1041 passed, 0 failed',
      '  @playq/query       433 passed, 2 failed',
      '  consumer-install    67 passed, 0 failed',
      '1541 passed, 2 failed',
    ]);
  });

  it('counts a missing report and a file that failed to load as failures', () => {
    report('grammar', 10, 0, [{ status: 'failed', assertionResults: [] }]);
    rmSync(join(dir, 'query.json'), { force: true });
    const lines = summaryLines(dir, stages, '1');
    expect(lines[0]).toBe('  @playq/grammar    10 passed, 1 failed');
    expect(lines[1]).toContain('0 passed, 1 failed  (no test report: its run crashed');
    expect(lines.at(-1)).toBe('77 passed, 2 failed');
  });

  it('turns a failed run with nothing counted into one failure', () => {
    report('grammar', 5, 0);
    report('query', 5, 0);
    report('consumer', 5, 0);
    expect(summaryLines(dir, stages, '0').at(-1)).toBe('15 passed, 0 failed');
    expect(summaryLines(dir, stages, '2').at(-1)).toBe('15 passed, 1 failed');
  });

  it('has a stage for every package with tests, the docs site included', () => {
    const names = packageStages(root).map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['grammar', 'query', 'client', 'server', 'site']));
  });
});

describe('pnpm tarballs', () => {
  const packages = workspacePackages(root);
  const names = (list: { manifest: { name: string } }[]) => list.map((p) => p.manifest.name);

  it('packs the SDK with the grammar it depends on, dependencies first', () => {
    expect(DEFAULT_PACKAGES).toEqual(['@playq/query', '@playq/client']);
    expect(names(withDependencies(DEFAULT_PACKAGES, packages))).toEqual([
      '@playq/grammar',
      '@playq/query',
      '@playq/client',
    ]);
  });

  it("packs a package's @playq peers too (the testing toolkit's test service needs the server)", () => {
    const packed = names(withDependencies(['@playq/testing'], packages));
    expect(packed).toEqual(expect.arrayContaining(['@playq/server', '@playq/client', '@playq/testing']));
    expect(packed.indexOf('@playq/server')).toBeLessThan(packed.indexOf('@playq/testing'));
  });

  it('names the packages it knows when asked for another', () => {
    expect(() => withDependencies(['@playq/nope'], packages)).toThrow(
      /@playq\/nope, which is not a package of this checkout \(.*@playq\/query.*\)/,
    );
  });
});

describe('the service port of pnpm docs:dev', () => {
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

  it('takes another free port, and says so, when the preferred one is in use', async () => {
    const chosen = await servicePort({ asked: undefined, preferred: busyPort });
    expect(chosen.port).not.toBe(busyPort);
    expect(chosen.port).toBeGreaterThan(0);
    expect(chosen.note).toBe(
      `port ${busyPort} is in use: the playground's service runs on port ${chosen.port} instead`,
    );
  });

  it('keeps the preferred port when it is free', async () => {
    const free = (await servicePort({ asked: undefined, preferred: 0 })).port;
    expect(await servicePort({ asked: undefined, preferred: free })).toEqual({ port: free });
  });

  it('refuses a port asked for with --port that is in use, or is no port', async () => {
    await expect(servicePort({ asked: busyPort })).rejects.toThrow(
      `port ${busyPort} is in use: pick another with \`pnpm docs:dev --port <n>\``,
    );
    await expect(servicePort({ asked: Number('eighty') })).rejects.toThrow('--port must be a port number');
  });
});
