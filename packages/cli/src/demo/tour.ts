// The demo tour itself, loaded only when `playq demo` runs (it pulls in the reference service and
// its embedded database): start the service, then run real queries through the client.
import { apiKeyAuth, clientCredentials, createClient } from '@playq/client';
import { metricQuery, sessionQuery, toURL } from '@playq/query';
import { createService, DEMO_CUSTOMERS } from '@playq/server';
import { displayCell } from '../format/cell';
import { barChart } from '../format/chart';
import { renderTable } from '../format/table';
import { renderTimeSeriesChart } from '../format/time-series-chart';
import { playqCommand } from '../invocation';
import type { Context } from '../io';
import { seriesFiller } from '../output/fill-series';
import { defaultDataEnd } from '../serve/data-source';
import { waitForAbort } from '../serve/wait';
import { loggingFetch } from './logging-fetch';

export interface DemoFlags {
  readonly sessions: number;
  readonly seed: number;
  readonly days: number;
  readonly keepRunning?: boolean;
  readonly port?: number;
}

const HOUR = 3600;

/**
 * Runs the tour on `ctx`'s output; resolves when done (or, with `keepRunning`, when aborted).
 *
 * @example
 * await runDemo(ctx, { sessions: 20000, seed: 1, days: 7 });
 */
export async function runDemo(ctx: Context, flags: DemoFlags): Promise<void> {
  const c = ctx.color;
  const end = defaultDataEnd();
  const start = end - flags.days * 86400;
  const demo = DEMO_CUSTOMERS.find((d) => d.customerId === 'demo') ?? DEMO_CUSTOMERS[0]!;
  const step = (title: string) => ctx.out(`\n${c.bold(c.cyan(`▸ ${title}`))}\n`);
  const dim = (text: string) => ctx.out(`${c.dim(text)}\n`);

  ctx.out(`${c.bold('playq demo')}: the Playback Analytics Query Service, end to end.\n`);
  const prepared = performance.now();
  const service = await createService({
    data: { generate: { sessions: flags.sessions, seed: flags.seed, days: flags.days, end } },
  });
  try {
    const address = await service.listen({ port: flags.port ?? 0, host: '127.0.0.1' });
    dim(
      `Generated ${flags.sessions} sessions over ${flags.days} days (seed ${flags.seed}) and started the reference service at ${address.baseUrl} in ${((performance.now() - prepared) / 1000).toFixed(1)} s.`,
    );
    const transport = loggingFetch((line) => dim(`  ↳ ${line}`));
    const baseUrl = address.baseUrl;
    const client = createClient({
      baseUrl,
      planUrl: address.planUrl,
      fetch: transport,
      auth: {
        metricquery: apiKeyAuth(demo.apiKey),
        session: clientCredentials({
          tokenUrl: `${baseUrl}/oauth/token`,
          clientId: demo.clientId,
          clientSecret: demo.clientSecret,
          fetch: transport,
        }),
      },
    });
    const signal = ctx.signal;
    const share = (url: string) => ctx.out(`${c.dim('URL')} ${url}\n`);

    step(`Plays, errors and buffering by country (last ${flags.days} days, top 10)`);
    const byCountry = metricQuery(demo.customerId)
      .between(start, end)
      .metrics('viewercount', 'errors', 'bufferingratio')
      .aggBy('country')
      .limit(10);
    const countries = await client.run(byCountry, { signal });
    ctx.out(renderTable(countries.records, { colors: c }));
    share(toURL(byCountry, { baseUrl }));

    step('Plays and errors per hour (last 48 hours)');
    const hourly = metricQuery(demo.customerId)
      .between(end - 48 * HOUR, end)
      .metrics('viewercount', 'errors')
      .timeseries('hour');
    const series = await client.run(hourly, { signal });
    ctx.out(
      renderTimeSeriesChart(
        seriesFiller(hourly.toQuery())?.(series.records) ?? series.records,
        ['viewercount', 'errors'],
        Math.min(72, ctx.io.stdout.columns ?? 72),
        c,
      ).replace(/^\n/, ''),
    );
    const recent = series.records.slice(-8);
    ctx.out(`\n${c.dim(`last ${recent.length} of ${series.records.length} hours:`)}\n`);
    ctx.out(
      barChart(
        recent.map((r) => ({ label: displayCell('timestamp', r.timestamp), value: Number(r.viewercount) })),
        36,
      ),
    );
    share(toURL(hourly, { baseUrl }));

    step(`Startup time by CDN: median and p95 in seconds (last ${flags.days} days)`);
    const byCdn = metricQuery(demo.customerId)
      .between(start, end)
      .metrics('p95_latency', 'median_latency', 'viewercount')
      .aggBy('cdn')
      .limit(10);
    const cdns = await client.run(byCdn, { signal });
    ctx.out(renderTable(cdns.records, { colors: c }));
    share(toURL(byCdn, { baseUrl }));

    step('Concurrent viewers per hour: sessions active in each hour (last 48 hours)');
    const concurrent = metricQuery(demo.customerId)
      .between(end - 48 * HOUR, end)
      .metrics('concurviewavg')
      .timeseries('hour');
    const active = await client.run(concurrent, { signal });
    ctx.out(
      renderTimeSeriesChart(
        seriesFiller(concurrent.toQuery())?.(active.records) ?? active.records,
        ['concurviewavg'],
        Math.min(72, ctx.io.stdout.columns ?? 72),
        c,
      ).replace(/^\n/, ''),
    );
    share(toURL(concurrent, { baseUrl }));

    step('Top subscribers by errors (session endpoint: token grant and plan lookup)');
    const planLevel = await client.resolvePlanLevel(demo.customerId, { signal });
    dim(`  plan level of "${demo.customerId}": ${planLevel}`);
    const bySubscriber = sessionQuery(demo.customerId)
      .planLevel(planLevel)
      .agg(1)
      .between(start, end)
      .metrics('errors', 'subscriberid')
      .aggBy('subscriberid')
      .orderBy('errors', 'desc')
      .limit(10);
    const subscribers = await client.run(bySubscriber, { signal });
    ctx.out(renderTable(subscribers.records, { colors: c }));
    share(toURL(bySubscriber, { baseUrl }));

    step('Error insights: category, key and player (session endpoint, top 10)');
    const insights = sessionQuery(demo.customerId)
      .planLevel(planLevel)
      .agg(1)
      .between(start, end)
      .metrics('category', 'key', 'errors', 'player')
      .aggBy('category', 'key', 'player')
      .orderBy('errors', 'desc')
      .limit(10);
    const errors = await client.run(insights, { signal });
    ctx.out(renderTable(errors.records, { colors: c }));
    share(toURL(insights, { baseUrl }));

    const playq = playqCommand();
    ctx.out(`\n${c.bold('Next')}\n`);
    ctx.out(`  ${playq} explain '${toURL(byCountry, { baseUrl })}'\n`);
    ctx.out(
      `  ${playq} serve${' '.repeat(26 - playq.length)}# the same service and data window, with its demo credentials\n`,
    );
    ctx.out(
      `  ${playq} query --help${' '.repeat(19 - playq.length)}# run any query, export with --all --out file.csv\n`,
    );
    if (flags.keepRunning) {
      ctx.out(`\nStill serving at ${c.bold(baseUrl)} (API key ${demo.apiKey}); press Ctrl-C to stop.\n`);
      await waitForAbort(signal);
    }
  } finally {
    await service.close();
  }
}
