// `playq query … --drill <n>`, in process against a real reference service on 127.0.0.1: from a
// breakdown row to the sessions behind it, checked against drillDown and the client library's
// own answer; the rows it refuses, and the hint under a breakdown table on a terminal.
import { apiKeyAuth, createClient } from '@playq/client';
import { drillDown, fromURL, toURL } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { run } from '../src/index';
import { captured, liveService } from './in-process';

const live = liveService(4);

function cli(tty = false) {
  const env = { PLAYQ_BASE_URL: live.baseUrl, PLAYQ_API_KEY: 'demo-key', NO_COLOR: '1' };
  return captured({ tty, columns: 120, env });
}

const byCountry = [
  'metricquery',
  'demo',
  '--last',
  '3d',
  '--metrics',
  'attempts,bufferingratio',
  '--aggby',
  'country',
  '--orderby',
  'attempts',
  '--limit',
  '5',
];

type Envelope = { totalrecords: number; response: Record<string, string | number>[] };

describe('query --drill <n>', () => {
  it('lists the sessions behind row n: as many as its attempts, the same list as drillDown gives', async () => {
    const link = cli();
    expect(await run(['url', ...byCountry], link.io)).toBe(0);
    const breakdown = fromURL(link.out().trim());
    if (!breakdown.ok) throw new Error('the breakdown URL does not parse');
    const client = createClient({ baseUrl: live.baseUrl, auth: apiKeyAuth('demo-key') });
    const rows = (await client.run(breakdown.query)).records as Record<string, string | number>[];
    expect(rows.length).toBeGreaterThan(1);
    const expected = drillDown(breakdown.query, rows[1]!);
    if (!expected.ok) throw new Error('drillDown refused a country row');

    const t = cli();
    expect(await run(['query', ...byCountry, '--drill', '2', '--all', '--format', 'json'], t.io)).toBe(0);
    const listUrl = /sessions behind row 2: (\S+)/.exec(t.err())?.[1];
    expect(listUrl).toBe(toURL(expected.query, { baseUrl: live.baseUrl }));
    const got = JSON.parse(t.out()) as Envelope;
    expect(got.totalrecords).toBe(Number(rows[1]!.attempts));
    expect(got.response).toHaveLength(got.totalrecords);
    const sessions = await client.run({ ...expected.query, limit: 10000 });
    expect(got.response).toEqual(sessions.records);
  });

  it('says how many rows there are when n is past them, exit 1', async () => {
    const t = cli();
    expect(await run(['query', ...byCountry, '--drill', '6'], t.io)).toBe(1);
    expect(t.err()).toContain('--drill 6: the breakdown has 5 rows');
  });

  it('refuses --drill on a query whose rows are not groups of sessions, exit 2, before sending', async () => {
    const t = cli();
    const total = ['metricquery', 'demo', '--last', '3d', '--metrics', 'attempts', '--drill', '1'];
    expect(await run(['query', ...total], t.io)).toBe(2);
    expect(t.err()).toContain('--drill goes with a metricquery breakdown');
  });

  it("refuses a row on an error-only dimension with the library's diagnostic, exit 1", async () => {
    const t = cli();
    const byCategory = ['metricquery', 'demo', '--last', '3d', '--metrics', 'errors', '--aggby', 'category'];
    expect(await run(['query', ...byCategory, '--drill', '1'], t.io)).toBe(1);
    expect(t.err()).toMatch(/category/);
    expect(t.err()).toContain('--drill 1: cannot list the sessions behind that row');
  });

  it('hints at --drill under a breakdown table on a terminal, and not under a list', async () => {
    const t = cli(true);
    expect(await run(['query', ...byCountry], t.io)).toBe(0);
    expect(t.err()).toContain('add --drill <n> to list the sessions behind row n');
    const drilled = cli(true);
    expect(await run(['query', ...byCountry, '--drill', '1'], drilled.io)).toBe(0);
    expect(drilled.err()).not.toContain('add --drill');
  });
});
