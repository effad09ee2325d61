// A deployment's own metrics, each one row of a catalogue with an expression: the service answers
// them on the engine under test (breakdowns, session-level conditions on their own values, session
// lists, error events) with hand-computed answers over the fixed data set (semantics-fixture.ts), and refuses
// at start-up a definition naming an unknown column or mixing sessions and error events.
import { DEFAULT_CATALOGUE, expr, extendCatalogue, fromURL, type QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { QueryExecutor } from '../src/exec/executor';
import { createService } from '../src/index';
import { compileQuery } from '../src/sql/compile';
import { metricTable } from '../src/sql/metric-sql';
import { planContext } from './engine-under-test';
import { openV2Dataset, PERIOD } from './semantics-fixture';

const {
  col,
  compare,
  count,
  flag,
  metric,
  not,
  overErrorEvents,
  overSessions,
  ratio,
  seconds,
  sum,
  avg,
  minutes,
} = expr;

/** One row per metric: the whole of what adding a metric takes. */
const CUSTOM = extendCatalogue(DEFAULT_CATALOGUE, {
  metrics: {
    rebuffered_sessions: {
      unit: 'count',
      level: 'group',
      expression: overSessions(count(compare(col('rebuffer_ms'), '>', 0))),
    },
    rebuffer_per_play: {
      unit: 'seconds',
      level: 'session',
      endpoints: ['metricquery', 'session', 'listsessions'],
      expression: overSessions(
        ratio(seconds(sum(col('rebuffer_ms'))), metric('viewercount')),
        seconds(col('rebuffer_ms')),
      ),
    },
    mean_watch_minutes: {
      unit: 'minutes',
      level: 'group',
      expression: overSessions(avg(minutes(col('watch_ms')))),
    },
    nonfatal_errors: {
      unit: 'count',
      level: 'session',
      endpoints: ['metricquery', 'session', 'listsessions'],
      expression: overErrorEvents(count(not(flag('fatal'))), { session: true }),
    },
  },
});
const METRICS = metricTable(CUSTOM);

let db: Engine;
beforeAll(async () => {
  db = await openV2Dataset();
});
afterAll(() => db.close());

async function run(p: Record<string, string>, endpoint: 'metricquery' | 'listsessions' = 'metricquery') {
  const search = new URLSearchParams({ period: PERIOD, ...p });
  const parsed = fromURL(`http://svc.test/api/v1/${endpoint}/demo?${search}`, { catalogue: CUSTOM });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const query: QueryNode = parsed.query;
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const plan = compileQuery(query, { ...planContext(db), metrics: METRICS });
  return (await executor.page(plan, query.limit, query.offset)).records;
}

const byCountry = (records: Record<string, unknown>[]) =>
  Object.fromEntries(records.map((r) => [r.country, r]));

// The population S of the fixture's period: a, b, h (US) and c, d (GB); g ends after it, e and f
// have not ended.
describe('custom metrics over the default population', () => {
  it('counts, ratios of another metric, scaled means: by country', async () => {
    const records = await run({
      metrics: 'rebuffered_sessions,rebuffer_per_play,mean_watch_minutes,attempts',
      aggby: 'country',
    });
    expect(byCountry(records)).toEqual({
      // b alone rebuffered (600 s) among a, b, h; plays a and b; watch 10 + 40 + 0 minutes.
      US: {
        country: 'US',
        rebuffered_sessions: 1,
        rebuffer_per_play: 300,
        mean_watch_minutes: 50 / 3,
        attempts: 3,
      },
      // c never played; d played without rebuffering; watch 0 + 50 minutes.
      GB: {
        country: 'GB',
        rebuffered_sessions: 0,
        rebuffer_per_play: 0,
        mean_watch_minutes: 25,
        attempts: 2,
      },
    });
  });

  it('tests each session’s own value in a session-level condition', async () => {
    const [record] = await run({
      metrics: 'attempts,rebuffer_per_play',
      qoefilter: 'rebuffer_per_play>100',
    });
    // b alone has 600 s of rebuffering: one attempt, one play.
    expect(record).toEqual({ attempts: 1, rebuffer_per_play: 600 });
  });

  it('counts error events under its own condition, the businesserror rule applied', async () => {
    const records = await run({ metrics: 'nonfatal_errors,errors', aggby: 'country' });
    // In the window: a's network error (US), h's business error (left out), c's fatal one (GB),
    // g's first network error (FR; the second is after the period).
    expect(byCountry(records)).toEqual({
      US: { country: 'US', nonfatal_errors: 1, errors: 1 },
      GB: { country: 'GB', nonfatal_errors: 0, errors: 1 },
      FR: { country: 'FR', nonfatal_errors: 1, errors: 1 },
    });
    const [kept] = await run({ metrics: 'attempts', qoefilter: 'nonfatal_errors>0' });
    expect(kept).toEqual({ attempts: 1 }); // a
  });

  it('lists each session’s own values', async () => {
    const records = await run(
      { metrics: 'rebuffer_per_play,nonfatal_errors,sessionid', orderby: 'sessionid', order: 'asc' },
      'listsessions',
    );
    expect(records).toEqual([
      { rebuffer_per_play: 0, nonfatal_errors: 1, sessionid: 'a' },
      { rebuffer_per_play: 600, nonfatal_errors: 0, sessionid: 'b' },
      { rebuffer_per_play: 0, nonfatal_errors: 0, sessionid: 'c' },
      { rebuffer_per_play: 0, nonfatal_errors: 0, sessionid: 'd' },
      { rebuffer_per_play: 0, nonfatal_errors: 0, sessionid: 'h' },
    ]);
  });
});

describe('a catalogue whose expressions do not check', () => {
  const refused = (metrics: Parameters<typeof extendCatalogue>[1]['metrics']) => {
    // The definition bypasses defineCatalogue's own checks the way a catalogue built by hand would.
    const catalogue = {
      ...CUSTOM,
      definition: { ...CUSTOM.definition, metrics: { ...CUSTOM.definition.metrics, ...metrics } },
    };
    return createService({ catalogue: catalogue as never, data: { generate: { sessions: 10, seed: 1 } } });
  };

  it('is refused at start-up naming the metric and the part: an unknown column', async () => {
    await expect(
      refused({ slow: { unit: 'count', level: 'group', expression: overSessions(sum(col('watch_sec'))) } }),
    ).rejects.toThrow(/metric "slow": value\.of: unknown column "watch_sec" \(session columns: .*watch_ms/);
  });

  it('is refused at start-up naming the metric and the part: columns of sessions and error events mixed', async () => {
    await expect(
      refused({
        fatal_plays: { unit: 'count', level: 'group', expression: overSessions(count(flag('fatal'))) },
      }),
    ).rejects.toThrow(
      'metric "fatal_plays": value.where: mixes levels: "fatal" is a column of error events, the metric is over sessions.',
    );
    await expect(
      refused({
        per_play_errors: {
          unit: 'ratio',
          level: 'group',
          expression: overErrorEvents(ratio(count(), metric('viewercount'))),
        },
      }),
    ).rejects.toThrow(
      'metric "per_play_errors": value.denominator: mixes levels: "viewercount" is over sessions, this metric over errors.',
    );
  });
});
