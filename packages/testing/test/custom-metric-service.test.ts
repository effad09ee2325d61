// A team's own metric, one row of its catalogue: the test service answers it, its OpenAPI document
// describes it, and the contract suite run with that catalogue checks it.
import { createQueries, DEFAULT_CATALOGUE, expr, extendCatalogue } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract } from '../src/index';
import { createTestService, type TestService } from '../src/service/test-service';

const { col, compare, count, overSessions } = expr;

const mine = extendCatalogue(DEFAULT_CATALOGUE, {
  metrics: {
    rebuffered_sessions: {
      unit: 'count',
      level: 'group',
      expression: overSessions(count(compare(col('rebuffer_ms'), '>', 0))),
    },
  },
});
const q = createQueries(mine);

let t: TestService;
beforeAll(async () => {
  t = await createTestService({ seed: 7, sessions: 4_000, catalogue: mine });
}, 60_000);
afterAll(() => t?.close());

describe('a catalogue metric with an expression', () => {
  it('is answered: the sessions that rebuffered, as a session-level condition on bufferingratio counts them', async () => {
    const mineByCountry = await t.client.all(
      q
        .metricQuery('demo')
        .period(t.period)
        .metrics('rebuffered_sessions')
        .aggBy('country')
        .orderBy('country'),
    );
    const oracle = await t.client.all(
      q
        .metricQuery('demo')
        .period(t.period)
        .metrics('attempts')
        .aggBy('country')
        .orderBy('country')
        .having('bufferingratio>0'),
    );
    expect(mineByCountry.length).toBeGreaterThan(3);
    const counts = Object.fromEntries(mineByCountry.map((r) => [r.country, r.rebuffered_sessions]));
    // A country whose sessions never rebuffered has no record in the filtered query.
    for (const r of oracle) expect(counts[r.country], r.country).toBe(r.attempts);
    expect(mineByCountry.reduce((n, r) => n + r.rebuffered_sessions, 0)).toBe(
      oracle.reduce((n, r) => n + r.attempts, 0),
    );
  });

  it('is described in the service’s OpenAPI document with its derived definition', async () => {
    const response = await t.fetch(new Request(`${t.baseUrl}/openapi.json`));
    const text = await response.text();
    expect(mine.metrics.rebuffered_sessions.description).toBe('Sessions with rebuffering time > 0.');
    expect(text).toContain('rebuffered_sessions');
    expect(text).toContain('Sessions with rebuffering time > 0.');
  });

  it('passes the contract suite’s catalogue checks run with that catalogue', async () => {
    const report = await checkContract({
      baseUrl: t.baseUrl,
      customerId: 'demo',
      apiKey: 'demo-key',
      fetch: t.fetch,
      requestsPerSecond: Number.POSITIVE_INFINITY,
      period: { start: t.period.end - 7 * 86_400, end: t.period.end },
      only: ['catalogue.'],
      catalogue: mine,
    });
    expect(report.checks.map((c) => [c.name, c.status])).toEqual([
      ['catalogue.metrics', 'pass'],
      ['catalogue.dimensions', 'pass'],
    ]);
  });
});
