// The scenario factories (`session`, `errorEvent`) and the test service on a scenario's rows: times
// as ISO text, a Date or epoch seconds; left-out columns take their defaults; a bad row is refused
// naming its row and column.
import { fc, test } from '@fast-check/vitest';
import { metricQuery, sessionList } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { createTestService, epochSeconds, errorEvent, session, TEST_DATA_END } from '../src/index';

const DAY = 86_400;

describe('epochSeconds', () => {
  test.prop([fc.integer({ min: 0, max: 253_402_300_799 })])(
    'reads back the epoch seconds of any whole-second time, from ISO text, a Date or a number',
    (seconds) => {
      const date = new Date(seconds * 1000);
      expect(epochSeconds(date.toISOString())).toBe(seconds);
      expect(epochSeconds(date)).toBe(seconds);
      expect(epochSeconds(seconds)).toBe(seconds);
    },
  );

  it.each([
    ['yesterday', 'must be ISO 8601 text, a Date or epoch seconds, got "yesterday"'],
    ['12/02/2025', 'must be ISO 8601 text'],
    ['2025-12-02T10:00:00.500Z', 'must be a whole second'],
  ])('refuses %j, naming the field', (text, message) => {
    expect(() => session({ start_ts: text })).toThrow(`session start_ts ${message}`);
  });
});

describe('session and errorEvent', () => {
  it('keep the fields given and convert the times', () => {
    expect(
      session({ country: 'BR', startup_ms: 2000, start_ts: '2025-12-02T10:00:00Z', end_ts: null }),
    ).toEqual({
      country: 'BR',
      startup_ms: 2000,
      start_ts: 1_764_669_600,
      end_ts: null,
    });
    expect(session()).toEqual({});
    expect(errorEvent({ session_id: 's1', ts: new Date('2025-12-02T10:00:05Z'), fatal: true })).toEqual({
      session_id: 's1',
      ts: 1_764_669_605,
      fatal: true,
    });
  });
});

describe('createTestService on a scenario', () => {
  it('serves the rows with every left-out column at its default, starting at the period start', async () => {
    await using t = await createTestService({
      data: {
        rows: {
          sessions: [session(), session({ status: 'RUNNING' })],
          errors: [errorEvent({ session_id: 's1' })],
        },
      },
    });
    expect(t.period).toEqual({ start: TEST_DATA_END - 30 * DAY, end: TEST_DATA_END });
    const list = await t.client.all(
      sessionList('demo')
        .period(t.period)
        .allStatuses()
        .sessionType('started')
        .metrics(
          'sessionid',
          'subscriberid',
          'country',
          'platform',
          'player',
          'status',
          'starttime',
          'endtime',
        )
        .metrics('latency', 'playdur', 'bufferingratio', 'errors')
        .orderBy('starttime', 'asc'),
    );
    const start = TEST_DATA_END - 30 * DAY;
    const common = {
      country: 'US',
      platform: 'web',
      player: 'html5',
      latency: 1,
      playdur: 0,
      bufferingratio: 0,
    };
    expect(list).toEqual([
      {
        ...common,
        sessionid: 's1',
        subscriberid: 'u1',
        status: 'ENDED',
        starttime: start,
        endtime: start + 1,
        errors: 1,
      },
      {
        ...common,
        sessionid: 's2',
        subscriberid: 'u2',
        status: 'RUNNING',
        starttime: start + 60,
        endtime: 0,
        errors: 0,
      },
    ]);
    const [overall] = await t.client.all(metricQuery('demo').period(t.period).metrics('attempts', 'errors'));
    expect(overall).toMatchObject({ attempts: 1, errors: 1 });
  });

  it('refuses a bad row naming its row and column', async () => {
    await expect(
      createTestService({ data: { rows: { sessions: [session(), session({ watch_ms: -1 })] } } }),
    ).rejects.toThrow('sessions[1].watch_ms');
  });

  it('refuses seed or sessions beside rows', async () => {
    await expect(createTestService({ seed: 3, data: { rows: { sessions: [] } } })).rejects.toThrow(
      'seed, sessions and effects shape generated data',
    );
  });
});
