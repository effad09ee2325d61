import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiKeyAuth, clientCredentials, createClient } from '@playq/client';
import { fromURL, metricQuery, sessionQuery } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, type TestService } from '../src/service/test-service';
import { loadFixture, saveFixture } from '../src/transport/fixture-file';
import { recordingTransport } from '../src/transport/recording-transport';
import { ReplayMissError, replayTransport } from '../src/transport/replay-transport';

let t: TestService;
let dir: string;
beforeAll(async () => {
  t = await createTestService({ seed: 4, sessions: 4_000 });
  dir = await mkdtemp(join(tmpdir(), 'playq-fixtures-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const clientOver = (fetch: (r: Request) => Promise<Response>) =>
  createClient({
    baseUrl: t.baseUrl,
    planUrl: t.planUrl,
    fetch,
    retry: false,
    auth: {
      metricquery: apiKeyAuth('demo-key'),
      session: clientCredentials({
        tokenUrl: t.tokenUrl,
        clientId: 'demo',
        clientSecret: 'demo-secret',
        fetch,
      }),
    },
  });

describe('recordingTransport and replayTransport', () => {
  const byCountry = () =>
    metricQuery('demo').period(t.period).metrics('errors', 'viewercount').aggBy('country').limit(7);
  const sessions = () =>
    sessionQuery('demo')
      .period(t.period)
      .metrics('errors', 'subscriberid')
      .aggBy('subscriberid')
      .agg(1)
      .limit(3);

  it('records real exchanges with every credential redacted, and replays them offline', async () => {
    const recorder = recordingTransport({ fetch: t.fetch });
    const live = clientOver(recorder);
    const livePages = [await live.run(byCountry()), await live.run(sessions())];
    const fixture = recorder.fixture();

    const text = JSON.stringify(fixture);
    for (const secret of ['demo-key', 'demo-secret', btoa('demo:demo-secret')])
      expect(text).not.toContain(secret);
    const token = fixture.entries.find((e) => e.request.url.endsWith('/oauth/token'));
    expect(token?.response.json).toMatchObject({ access_token: '[REDACTED]', token_type: 'Bearer' });
    expect(token?.request.headers.authorization).toBe('[REDACTED]');
    expect(fixture.entries.map((e) => new URL(e.request.url).pathname)).toEqual([
      '/api/v1/metricquery/demo',
      '/plans/planLevelByCustId/demo',
      '/api/v1/oauth/token',
      '/api/v1/session/demo',
    ]);

    const path = join(dir, 'nested', 'fixture.json');
    await saveFixture(path, fixture);
    const replayed = clientOver(replayTransport(await loadFixture(path)));
    expect([await replayed.run(byCountry()), await replayed.run(sessions())]).toEqual(livePages);
  });

  it('records a session list walked page by page (the API key redacted) and replays the walk', async () => {
    const parsed = fromURL(
      `${t.baseUrl}/listsessions/demo?period=start%3D${t.period.start}%2Cend%3D${t.period.end}&metrics=buffcount,latency&qoefilter=buffcount%3E1&limit=10`,
    );
    if (!parsed.ok) throw new Error('the list URL must parse');
    const recorder = recordingTransport({ fetch: t.fetch });
    const live = await clientOver(recorder).all(parsed.query, { concurrency: 1 });
    const fixture = recorder.fixture();
    expect(JSON.stringify(fixture)).not.toContain('demo-key');
    expect(fixture.entries.length).toBeGreaterThan(1);
    for (const entry of fixture.entries)
      expect(new URL(entry.request.url).pathname).toBe('/api/v1/listsessions/demo');
    expect(live.length).toBeGreaterThan(10);
    expect(await clientOver(replayTransport(fixture)).all(parsed.query, { concurrency: 1 })).toEqual(live);
  });

  it('matches query parameters in any order and replays repeated requests in order', async () => {
    const recorder = recordingTransport({ fetch: t.fetch });
    const url = `${t.baseUrl}/metricquery/demo?period=start%3D${t.period.start}%2Cend%3D${t.period.end}&metrics=errors`;
    await recorder(new Request(url, { headers: { 'x-api-key': 'demo-key' } }));
    await recorder(new Request(url, { headers: { 'x-api-key': 'wrong' } }));
    const replay = replayTransport(recorder.fixture());
    const reordered = `${t.baseUrl}/metricquery/demo?metrics=errors&period=start%3D${t.period.start}%2Cend%3D${t.period.end}`;
    expect((await replay(new Request(reordered))).status).toBe(200);
    expect((await replay(new Request(url))).status).toBe(401);
    expect((await replay(new Request(url))).status).toBe(401);
    expect(replay.unused()).toEqual([]);
  });

  it('says which request is missing and which recorded one is closest', async () => {
    const recorder = recordingTransport({ fetch: t.fetch });
    await recorder(new Request(`${t.planUrl}/planLevelByCustId/demo`));
    const replay = replayTransport(recorder.fixture());
    const miss = replay(new Request(`${t.planUrl}/planLevelByCustId/other`));
    await expect(miss).rejects.toBeInstanceOf(ReplayMissError);
    await expect(miss).rejects.toThrow(
      /no answer for GET .*planLevelByCustId\/other; the closest recorded request is GET .*\/demo/,
    );
    const notFound = replayTransport(recorder.fixture(), { onMissing: 'not-found' });
    expect((await notFound(new Request(`${t.planUrl}/planLevelByCustId/other`))).status).toBe(404);
    const passthrough = replayTransport(recorder.fixture(), { onMissing: t.fetch });
    expect(
      await (await passthrough(new Request(`${t.planUrl}/planLevelByCustId/other`))).json(),
    ).toMatchObject({
      planLevel: '1',
    });
  });

  it('redacts extra names and literal secrets on request', async () => {
    const recorder = recordingTransport({
      fetch: t.fetch,
      redact: { secrets: ['planLevelByCustId'], params: ['metrics'] },
    });
    await recorder(new Request(`${t.planUrl}/planLevelByCustId/demo?metrics=x`));
    const text = JSON.stringify(recorder.fixture());
    expect(text).not.toContain('planLevelByCustId');
    expect(text).not.toContain('metrics=x');
    expect(text).toContain('[REDACTED]');
  });

  it('refuses a file that is not a fixture, saying where', async () => {
    const path = join(dir, 'bad.json');
    await writeFile(
      path,
      JSON.stringify({
        format: 'playq-fixture',
        version: 1,
        redactedParams: [],
        entries: [
          {
            request: { method: 'GET', url: 'http://x/', headers: {} },
            response: { status: 'ok', headers: {} },
          },
        ],
      }),
    );
    await expect(loadFixture(path)).rejects.toThrow(
      /entries\[0\]\.response\.status is not an HTTP status.*bad\.json/,
    );
    await writeFile(path, '{');
    await expect(loadFixture(path)).rejects.toThrow(/bad\.json is not JSON/);
    expect(() => replayTransport({ format: 'other' } as never)).toThrow(/`format` is "other"/);
    expect(await readFile(path, 'utf8')).toBe('{');
  });
});
