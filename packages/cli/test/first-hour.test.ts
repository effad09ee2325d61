// The messages a new user meets first: a suggestion said once, a refused connection explained with
// how to start a service, and `--last` on a time series giving whole buckets only.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { lastPeriodEnd } from '../src/period-end';
import { runCli } from './helpers';

/** A loopback port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('first-hour messages', () => {
  it('says "did you mean" once', async () => {
    const r = await runCli(['url', 'metricquery', 'demo', '--last', '24h', '--metrics', 'bufferingration']);
    expect(r.code).toBe(1);
    expect(r.stderr.match(/did you mean "bufferingratio"/g)).toHaveLength(1);
  });

  it('explains a refused connection and how to start a service', async () => {
    const port = await closedPort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    const r = await runCli(['query', 'metricquery', 'demo', '--last', '24h', '--metrics', 'errors'], {
      env: { PLAYQ_BASE_URL: base, PLAYQ_API_KEY: 'demo-key' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `the service is not reachable at http://127.0.0.1:${port} (connection refused)`,
    );
    expect(r.stderr).toMatch(/Start one with `(pnpm )?playq serve`/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('lastPeriodEnd', () => {
  const now = Date.parse('2026-01-01T10:20:30Z') / 1000;
  it('ends a time series at the last whole bucket', () => {
    expect(lastPeriodEnd({ aggby: ['timestamp'] }, now)).toBe(Date.parse('2026-01-01T10:00:00Z') / 1000);
    expect(lastPeriodEnd({ aggby: ['timestamp'], granularity: 'day' }, now)).toBe(
      Date.parse('2026-01-01T00:00:00Z') / 1000,
    );
    expect(lastPeriodEnd({ aggby: ['timestamp'], granularity: 'minute' }, now)).toBe(
      Date.parse('2026-01-01T10:20:00Z') / 1000,
    );
  });

  it('rounds anything else up to the minute', () => {
    expect(lastPeriodEnd({ aggby: ['country'] }, now)).toBe(Date.parse('2026-01-01T10:21:00Z') / 1000);
    expect(lastPeriodEnd({}, Date.parse('2026-01-01T10:21:00Z') / 1000)).toBe(
      Date.parse('2026-01-01T10:21:00Z') / 1000,
    );
  });

  it('gives 24 whole hours for --last 24h on an hourly series', async () => {
    const r = await runCli([
      'url',
      'metricquery',
      'demo',
      '--last',
      '24h',
      '--metrics',
      'errors',
      '--aggby',
      'timestamp',
    ]);
    expect(r.code).toBe(0);
    const period = decodeURIComponent(/period=([^&\s]+)/.exec(r.stdout)?.[1] ?? '');
    const [start, end] = [...period.matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect(end! % 3600).toBe(0);
    expect(end! - start!).toBe(24 * 3600);
  });
});
