// The stops of the demo tour, one function each, in the order `playq demo` visits them: breakdowns
// and time series on metricquery, the session endpoint with its token grant and plan lookup, then
// a drill-down from the worst country to its sessions (the session list).
import { drillDown, metricQuery, type QueryLike, sessionQuery } from '@playq/query';
import { displayCell } from '../format/cell';
import { barChart } from '../format/chart';
import type { TourGuide } from './tour-guide';

const HOUR = 3600;

/**
 * Plays, errors and buffering by country over the whole window, top 10; returns the query so the
 * next steps can refer to it.
 *
 * @example
 * const byCountry = await countriesStep(guide);
 */
export async function countriesStep(guide: TourGuide) {
  guide.step(`Plays, errors and buffering by country (last ${guide.days} days, top 10)`);
  const query = metricQuery(guide.customerId)
    .between(guide.start, guide.end)
    .metrics('viewercount', 'errors', 'bufferingratio')
    .aggBy('country')
    .limit(10);
  const page = await guide.client.run(query, { signal: guide.ctx.signal });
  guide.table(page.records);
  guide.share(query);
  return { query, records: page.records };
}

/** Plays and errors per hour over the last 48 hours: sparklines, then the last 8 hours as bars. */
export async function hourlyStep(guide: TourGuide): Promise<void> {
  guide.step('Plays and errors per hour (last 48 hours)');
  const query = metricQuery(guide.customerId)
    .between(guide.end - 48 * HOUR, guide.end)
    .metrics('viewercount', 'errors')
    .timeseries('hour');
  const series = await guide.client.run(query, { signal: guide.ctx.signal });
  guide.chart(query, series.records, ['viewercount', 'errors']);
  const recent = series.records.slice(-8);
  guide.ctx.out(`\n${guide.ctx.color.dim(`last ${recent.length} of ${series.records.length} hours:`)}\n`);
  guide.ctx.out(
    barChart(
      recent.map((r) => ({ label: displayCell('timestamp', r.timestamp), value: Number(r.viewercount) })),
      36,
    ),
  );
  guide.share(query);
}

/** Startup time by CDN: median and p95. */
export async function cdnStep(guide: TourGuide): Promise<void> {
  guide.step(`Startup time by CDN: median and p95 in seconds (last ${guide.days} days)`);
  const query = metricQuery(guide.customerId)
    .between(guide.start, guide.end)
    .metrics('p95_latency', 'median_latency', 'viewercount')
    .aggBy('cdn')
    .limit(10);
  const page = await guide.client.run(query, { signal: guide.ctx.signal });
  guide.table(page.records);
  guide.share(query);
}

/** Concurrent viewers per hour over the last 48 hours. */
export async function concurrencyStep(guide: TourGuide): Promise<void> {
  guide.step('Concurrent viewers per hour: sessions active in each hour (last 48 hours)');
  const query = metricQuery(guide.customerId)
    .between(guide.end - 48 * HOUR, guide.end)
    .metrics('concurviewavg')
    .timeseries('hour');
  const page = await guide.client.run(query, { signal: guide.ctx.signal });
  guide.chart(query, page.records, ['concurviewavg']);
  guide.share(query);
}

/** The top subscribers by errors on the session endpoint; returns the plan level it looked up. */
export async function subscribersStep(guide: TourGuide): Promise<string> {
  guide.step('Top subscribers by errors (session endpoint: token grant and plan lookup)');
  const planLevel = await guide.client.resolvePlanLevel(guide.customerId, { signal: guide.ctx.signal });
  guide.note(`  plan level of "${guide.customerId}": ${planLevel}`);
  const query = sessionQuery(guide.customerId)
    .planLevel(planLevel)
    .agg(1)
    .between(guide.start, guide.end)
    .metrics('errors', 'subscriberid')
    .aggBy('subscriberid')
    .orderBy('errors', 'desc')
    .limit(10);
  const page = await guide.client.run(query, { signal: guide.ctx.signal });
  // Sessions without a subscriber group under an empty id, which the table calls (anonymous).
  guide.table(page.records);
  guide.share(query);
  return planLevel;
}

/** Error insights: category, key and player on the session endpoint, top 10. */
export async function errorInsightsStep(guide: TourGuide, planLevel: string): Promise<void> {
  guide.step('Error insights: category, key and player (session endpoint, top 10)');
  const query = sessionQuery(guide.customerId)
    .planLevel(planLevel)
    .agg(1)
    .between(guide.start, guide.end)
    .metrics('category', 'key', 'errors', 'player')
    .aggBy('category', 'key', 'player')
    .orderBy('errors', 'desc')
    .limit(10);
  const page = await guide.client.run(query, { signal: guide.ctx.signal });
  guide.table(page.records);
  guide.share(query);
}

/** What the session list shows of each session in the drill-down step. */
const DRILL_FIELDS = ['sessionid', 'bufferingratio', 'buffcount', 'watchtime', 'device', 'cdn'];

/**
 * The drill-down: of the top countries, the one with the worst buffering ratio, then its ten
 * sessions with the worst buffering (the session list behind that row, by `drillDown`).
 *
 * @example
 * await drillStep(guide, await countriesStep(guide));
 */
export async function drillStep(
  guide: TourGuide,
  byCountry: { query: QueryLike; records: readonly Record<string, unknown>[] },
): Promise<void> {
  const worst = byCountry.records
    .filter((r) => r.country !== '')
    .reduce<Record<string, unknown> | undefined>(
      (a, r) => (a === undefined || Number(r.bufferingratio) > Number(a.bufferingratio) ? r : a),
      undefined,
    );
  if (worst === undefined) return;
  guide.step(`Drill-down: the worst buffering of those countries (${worst.country}), its ten worst sessions`);
  // Ordered by the first metric among the fields, bufferingratio, worst first.
  const drilled = drillDown(byCountry.query, worst, { fields: DRILL_FIELDS, limit: 10 });
  if (!drilled.ok) {
    for (const d of drilled.errors) guide.note(`  ${d.message}`);
    return;
  }
  const list = drilled.query;
  const page = await guide.client.run(list, { signal: guide.ctx.signal });
  guide.table(page.records);
  guide.share(list);
  guide.note(`  ${page.totalrecords} sessions behind that row`);
}
