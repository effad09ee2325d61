// A model check of scenario rows: for random small scenarios (columns left out at random, so the
// documented defaults are part of the model), the test service's answers for attempts,
// viewercount, latency, bufferingratio, playdur, failurerate and errors, overall and by country,
// equal their definitions (docs/server.md, "Metrics") computed here from the same rows, on DuckDB
// in memory and on chdb.
import { fc } from '@fast-check/vitest';
import { metricQuery } from '@playq/query';
import { describe, expect, it } from 'vitest';
import {
  createTestService,
  type ErrorRow,
  errorEvent,
  type SessionRow,
  session,
  type TestDataSource,
} from '../src/index';

const COUNTRIES = ['BR', 'US', 'DE'] as const;
const METRICS = [
  'attempts',
  'viewercount',
  'latency',
  'bufferingratio',
  'playdur',
  'failurerate',
  'errors',
] as const;
type Metric = (typeof METRICS)[number];
type Answer = Record<Metric, number>;

const sessionRow: fc.Arbitrary<SessionRow> = fc
  .record(
    {
      country: fc.constantFrom(...COUNTRIES),
      status: fc.constantFrom('ENDED', 'DROPPED', 'RUNNING', 'LOADED' as const),
      startup_ms: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
      watch_ms: fc.integer({ min: 0, max: 3_600_000 }),
      rebuffer_ms: fc.integer({ min: 0, max: 600_000 }),
      business_failure: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  // A LOADED session never played, so it has no startup time.
  .map((row) =>
    session(row.status === 'LOADED' && row.startup_ms !== undefined ? { ...row, startup_ms: null } : row),
  );

const scenario = fc.array(sessionRow, { minLength: 1, maxLength: 20 }).chain((sessions) =>
  fc.record({
    sessions: fc.constant(sessions),
    errors: fc.array(
      fc
        .oneof(
          // An event of a session of the scenario takes its country from it.
          fc.record(
            {
              session_id: fc.integer({ min: 1, max: sessions.length }).map((n) => `s${n}`),
              business: fc.boolean(),
              fatal: fc.boolean(),
            },
            { requiredKeys: ['session_id'] },
          ),
          fc.record({ country: fc.constantFrom(...COUNTRIES), business: fc.boolean() }, { requiredKeys: [] }),
        )
        .map((row) => errorEvent(row)),
      { maxLength: 5 },
    ),
  }),
);

/** A session's columns with the documented defaults of the columns its row leaves out. */
function filled(row: SessionRow) {
  const status = row.status ?? 'ENDED';
  return {
    country: row.country ?? 'US',
    status,
    startup: row.startup_ms !== undefined ? row.startup_ms : status === 'LOADED' ? null : 1000,
    watch: row.watch_ms ?? 0,
    rebuffer: row.rebuffer_ms ?? 0,
    business: row.business_failure ?? false,
  };
}

/** The metrics' definitions over the default population (ended or dropped sessions ending in the period). */
function model(sessions: readonly SessionRow[], errors: readonly ErrorRow[], country?: string): Answer {
  const all = sessions.map(filled);
  const s = all.filter(
    (x) =>
      (x.status === 'ENDED' || x.status === 'DROPPED') && (country === undefined || x.country === country),
  );
  const plays = s.filter((x) => x.startup !== null);
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const watch = sum(s.map((x) => x.watch));
  const rebuffer = sum(s.map((x) => x.rebuffer));
  const failures = s.filter((x) => x.startup === null && !x.business).length;
  const events = errors.filter((e) => {
    const own = e.session_id ? all[Number(e.session_id.slice(1)) - 1]?.country : (e.country ?? 'US');
    return !e.business && (country === undefined || own === country);
  });
  return {
    attempts: s.length,
    viewercount: plays.length,
    latency: plays.length === 0 ? 0 : sum(plays.map((x) => (x.startup ?? 0) / 1000)) / plays.length,
    bufferingratio: watch + rebuffer === 0 ? 0 : (100 * rebuffer) / (watch + rebuffer),
    playdur: watch / 60_000,
    failurerate: s.length === 0 ? 0 : (100 * failures) / s.length,
    errors: events.length,
  };
}

function expectClose(actual: Record<string, unknown> | undefined, expected: Answer, what: string): void {
  for (const metric of METRICS) {
    const got = Number(actual?.[metric] ?? 0);
    const want = expected[metric];
    if (Math.abs(got - want) > 1e-9 * Math.max(1, Math.abs(want))) {
      throw new Error(`${what} ${metric}: the service answers ${got}, the definition gives ${want}`);
    }
  }
}

const engines: [string, number, (rows: { sessions: SessionRow[]; errors: ErrorRow[] }) => TestDataSource][] =
  [
    ['DuckDB in memory', 15, (rows) => ({ rows })],
    ['chdb', 8, (rows) => ({ chdb: { rows, connections: 1 } })],
  ];

describe.each(engines)('scenario rows on %s', (_, numRuns, source) => {
  it('answers every metric as its definition over the rows, overall and by country', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ sessions, errors }) => {
        await using t = await createTestService({ data: source({ sessions, errors }) });
        const [overall] = await t.client.all(
          metricQuery('demo')
            .period(t.period)
            .metrics(...METRICS),
        );
        expectClose(overall, model(sessions, errors), 'overall');
        const rows = await t.client.all(
          metricQuery('demo')
            .period(t.period)
            .metrics(...METRICS)
            .aggBy('country'),
        );
        for (const country of COUNTRIES) {
          const expected = model(sessions, errors, country);
          const row = rows.find((r) => r.country === country);
          expectClose(row, expected, country);
        }
        expect(rows.every((r) => COUNTRIES.includes(r.country as (typeof COUNTRIES)[number]))).toBe(true);
      }),
      { numRuns },
    );
  }, 120_000);
});
