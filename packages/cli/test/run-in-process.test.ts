// `run()` in process against a real reference service on 127.0.0.1, with streams that claim to be
// terminals: what only a terminal gets (colours, the time-series chart, the progress bar).
import { describe, expect, it } from 'vitest';
import { run } from '../src/index';
import { captured, liveService } from './in-process';

const live = liveService(2);

function terminal(env: Record<string, string> = {}) {
  const all = { PLAYQ_BASE_URL: live.baseUrl, PLAYQ_API_KEY: 'demo-key', ...env };
  return captured({ tty: true, columns: 100, env: all });
}

const series = [
  'query',
  'metricquery',
  'demo',
  '--last',
  '3d',
  '--metrics',
  'viewercount,errors',
  '--aggby',
  'timestamp',
];

describe('on a terminal', () => {
  it('draws a chart under a time-series table, in colour', async () => {
    const t = terminal();
    expect(await run(series, t.io)).toBe(0);
    expect(t.out()).toMatch(/\u001b\[1mtimestamp/);
    expect(t.out()).toMatch(/viewercount.*[▁▂▃▄▅▆▇█]{10,}.*min \d+.*max \d+/);
  });

  it('draws no chart and no colour with NO_COLOR for the colour, and none for other formats', async () => {
    const plain = terminal({ NO_COLOR: '1' });
    expect(await run(series, plain.io)).toBe(0);
    expect(plain.out()).not.toContain('\u001b[');
    expect(plain.out()).toMatch(/[▁▂▃▄▅▆▇█]{10,}/);
    const json = terminal();
    expect(await run([...series, '--format', 'json'], json.io)).toBe(0);
    expect(json.out()).not.toMatch(/[▁▂▃▄▅▆▇█]/);
    expect(JSON.parse(json.out()).response.length).toBeGreaterThan(10);
  });

  it('shows a progress bar on stderr for a multi-page fetch and clears it', async () => {
    const t = terminal();
    expect(await run([...series, '--limit', '10', '--all', '--format', 'ndjson'], t.io)).toBe(0);
    const lines = t.out().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(30);
    expect(t.err()).toMatch(/\r\[#+\.*\] +\d+% 10\/\d+ records/);
    expect(t.err()).toContain(`${lines.length}/${lines.length} records`);
    expect(t.err().endsWith('\r\u001b[2K')).toBe(true);
  });
});

describe('run() as a library', () => {
  it('stops a running command when its signal aborts, exit 130', async () => {
    const controller = new AbortController();
    const t = terminal();
    const pending = run([...series, '--limit', '1', '--all', '--format', 'ndjson'], {
      ...t.io,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toBe(130);
    expect(t.err()).toContain('interrupted');
  });

  it('never throws: a service that is down is exit 1 with the reason', async () => {
    const t = terminal({ PLAYQ_BASE_URL: 'http://127.0.0.1:9/api/v1' });
    expect(await run(series, t.io)).toBe(1);
    expect(t.err()).toMatch(/error/i);
    expect(t.err()).not.toContain('demo-key');
  });
});
