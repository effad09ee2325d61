// Scenario rows: every column a row leaves out takes its documented default, the rows pass the
// loader's checks (a bad value names its row and column), and a service serves them on DuckDB in
// memory and on chdb.
import { describe, expect, it } from 'vitest';
import {
  createService,
  type DataSource,
  DatasetLoadError,
  datasetFromRows,
  SCENARIO_START,
  type ScenarioRows,
  scenarioRecords,
} from '../src/index';

describe('scenarioRecords', () => {
  it('fills every left-out column with its default, sessions a minute apart from the start', () => {
    const { sessions, errors } = scenarioRecords({
      sessions: [{}, { country: 'BR', startup_ms: 2000, watch_ms: 60_000, rebuffer_ms: 500 }],
      errors: [{ session_id: 's2' }, {}],
    });
    expect(sessions).toEqual([
      {
        customer_id: 'demo',
        session_id: 's1',
        subscriber_id: 'u1',
        country: 'US',
        platform: 'web',
        player: 'html5',
        status: 'ENDED',
        start_ts: SCENARIO_START,
        end_ts: SCENARIO_START + 1,
        startup_ms: 1000,
        watch_ms: 0,
        rebuffer_ms: 0,
      },
      {
        customer_id: 'demo',
        session_id: 's2',
        subscriber_id: 'u2',
        country: 'BR',
        platform: 'web',
        player: 'html5',
        status: 'ENDED',
        start_ts: SCENARIO_START + 60,
        end_ts: SCENARIO_START + 60 + 63,
        startup_ms: 2000,
        watch_ms: 60_000,
        rebuffer_ms: 500,
      },
    ]);
    expect(errors).toEqual([
      {
        customer_id: 'demo',
        ts: SCENARIO_START + 60,
        session_id: 's2',
        subscriber_id: 'u2',
        country: 'BR',
        platform: 'web',
        player: 'html5',
        category: 'playback',
        key: 'PLAYBACK_ERROR',
      },
      {
        customer_id: 'demo',
        ts: SCENARIO_START + 60,
        session_id: null,
        subscriber_id: null,
        country: 'US',
        platform: 'web',
        player: 'html5',
        category: 'playback',
        key: 'PLAYBACK_ERROR',
      },
    ]);
  });

  it('gives an open session no end, a LOADED one no startup, and keeps what a row gives', () => {
    const { sessions } = scenarioRecords({
      start: 1000,
      sessions: [
        { status: 'RUNNING' },
        { status: 'LOADED' },
        { status: 'DROPPED', startup_ms: null, subscriber_id: null, start_ts: 5000, end_ts: 5010 },
      ],
    });
    expect(sessions.map((s) => [s.status, s.start_ts, s.end_ts, s.startup_ms, s.subscriber_id])).toEqual([
      ['RUNNING', 1000, null, 1000, 'u1'],
      ['LOADED', 1060, null, null, 'u2'],
      ['DROPPED', 5000, 5010, null, null],
    ]);
  });
});

describe('datasetFromRows', () => {
  it('gives the optional file columns their file defaults', async () => {
    const db = await datasetFromRows({ sessions: [{ rebuffer_ms: 300, watch_ms: 1000 }] });
    try {
      const [row] = await db.all(
        'SELECT rebuffer_count::INTEGER, cdn_changes::INTEGER, business_failure, bytes_downloaded::INTEGER FROM sessions',
      );
      expect(row).toEqual([1, 0, false, 0]);
    } finally {
      await db.close();
    }
  });

  it.each([
    [{ sessions: [{}, {}, { watch_ms: -5 }] }, 'sessions[2].watch_ms'],
    [{ sessions: [{}, { watch_ms: 1.5 }] }, 'sessions[1].watch_ms: expected an integer, got 1.5'],
    [{ sessions: [{ country: 7 as never }] }, 'sessions[0].country: expected a string, got 7'],
    [{ sessions: [{ status: 'PAUSED' as never }] }, 'sessions[0].status'],
    [{ sessions: [{ start_ts: 100, end_ts: 50 }] }, 'sessions[0].end_ts'],
    [
      { sessions: [{ startup: 2000 } as never] },
      'sessions[0].startup: not a column of sessions (did you mean "startup_ms"?)',
    ],
    [{ sessions: [{}], errors: [{}, { fatal: 'yes' as never }] }, 'errors[1].fatal: expected a boolean'],
    [{ sessions: [{}, { session_id: 's1' }] }, 'sessions[1].session_id'],
  ] as [ScenarioRows, string][])('refuses %j naming the row and column (%s)', async (rows, named) => {
    const error = await datasetFromRows(rows).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as Error).message).toContain(named);
  });
});

describe('a service on scenario rows', () => {
  const sources: [string, (rows: ScenarioRows) => DataSource][] = [
    ['DuckDB in memory', (rows) => ({ rows })],
    ['chdb', (rows) => ({ chdb: { rows, connections: 1 } })],
  ];
  it.each(sources)('answers the rows exactly on %s', async (_, source) => {
    const service = await createService({
      data: source({
        sessions: [
          { country: 'BR', startup_ms: 2000 },
          { country: 'BR', startup_ms: 4000 },
          { country: 'BR', startup_ms: 6000 },
          { country: 'US', startup_ms: null },
        ],
        errors: [{ session_id: 's4' }],
      }),
      rateLimit: false,
    });
    try {
      const period = `start=${SCENARIO_START},end=${SCENARIO_START + 86_400}`;
      const res = await service.fetch(
        new Request(
          `http://local/api/v1/metricquery/demo?period=${period}&metrics=latency,attempts,errors&aggby=country`,
          { headers: { 'X-API-Key': service.credentials[0]!.apiKey } },
        ),
      );
      expect(res.status).toBe(200);
      const body = (await res.json()) as { response: Record<string, unknown>[] };
      expect(body.response).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ country: 'BR', latency: 4, attempts: 3, errors: 0 }),
          expect.objectContaining({ country: 'US', latency: 0, attempts: 1, errors: 1 }),
        ]),
      );
    } finally {
      await service.close();
    }
  });

  it('refuses chdb with both dir and rows', async () => {
    await expect(
      createService({ data: { chdb: { dir: '/nonexistent', rows: { sessions: [] } } } }),
    ).rejects.toThrow('data.chdb takes dir or rows, not both');
  });
});
