// The session list on the command line, in process against a real reference service on
// 127.0.0.1: `url`, `explain` and `query` on listsessions, with the API key, records keyed by the
// requested fields in order, and the library's diagnostics for what the endpoint refuses.
import { apiKeyAuth, createClient } from '@playq/client';
import { fromURL } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { run } from '../src/index';
import { captured, liveService } from './in-process';

const live = liveService(4);

function cli(tty = false) {
  const env = { PLAYQ_BASE_URL: live.baseUrl, PLAYQ_API_KEY: 'demo-key', NO_COLOR: '1' };
  return captured({ tty, columns: 120, env });
}

type Envelope = { totalrecords: number; response: Record<string, string | number>[] };

describe('listsessions', () => {
  const list = ['demo', '--last', '3d', '--metrics', 'sessionid,bufferingratio,country', '--orderby'];

  it('builds, explains and runs a session list with the API key, records keyed as requested', async () => {
    const url = cli();
    expect(await run(['url', 'listsessions', ...list, 'bufferingratio', '--limit', '20'], url.io)).toBe(0);
    const link = url.out().trim();
    expect(link).toMatch(/\/listsessions\/demo\?period=/);
    const explained = cli();
    expect(await run(['explain', link], explained.io)).toBe(0);
    expect(explained.out()).toContain('listsessions (X-API-Key)');
    const t = cli();
    expect(await run(['query', link, '--format', 'json'], t.io)).toBe(0);
    const body = JSON.parse(t.out()) as Envelope;
    expect(body.response.length).toBe(Math.min(20, body.totalrecords));
    for (const r of body.response) expect(Object.keys(r)).toEqual(['sessionid', 'bufferingratio', 'country']);
    const ratios = body.response.map((r) => Number(r.bufferingratio));
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
    const parsed = fromURL(link);
    if (!parsed.ok) throw new Error('the list URL does not parse');
    const library = await createClient({ baseUrl: live.baseUrl, auth: apiKeyAuth('demo-key') }).run(
      parsed.query,
    );
    expect(body.response).toEqual(library.records);
    expect(body.totalrecords).toBe(library.totalrecords);
  });

  it("refuses a group-level metric with the library's diagnostic naming it, exit 1", async () => {
    const t = cli();
    const code = await run(
      ['query', 'listsessions', 'demo', '--last', '3d', '--metrics', 'sessionid,viewercount'],
      t.io,
    );
    expect(code).toBe(1);
    expect(t.err()).toContain('unsupported_on_endpoint');
    expect(t.err()).toContain('viewercount');
  });
});
