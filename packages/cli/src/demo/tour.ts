// The demo tour itself, loaded only when `playq demo` runs (it pulls in the reference service and
// its embedded database): start the service, then run real queries through the client.
import { apiKeyAuth, clientCredentials, createClient } from '@playq/client';
import { tokenUrlOf, toURL } from '@playq/query';
import { createService, DEMO_CUSTOMERS } from '@playq/server';
import { playqCommand } from '../invocation';
import type { Context } from '../io';
import { defaultDataEnd } from '../serve/data-source';
import { waitForAbort } from '../serve/wait';
import { loggingFetch } from './logging-fetch';
import { createTourGuide, type TourGuide } from './tour-guide';
import {
  cdnStep,
  concurrencyStep,
  countriesStep,
  drillStep,
  errorInsightsStep,
  hourlyStep,
  subscribersStep,
} from './tour-steps';

export interface DemoFlags {
  readonly sessions: number;
  readonly seed: number;
  readonly days: number;
  readonly keepRunning?: boolean;
  readonly port?: number;
}

type DemoCustomer = (typeof DEMO_CUSTOMERS)[number];

/**
 * Runs the tour on `ctx`'s output; resolves when done (or, with `keepRunning`, when aborted).
 *
 * @example
 * await runDemo(ctx, { sessions: 20000, seed: 1, days: 7 });
 */
export async function runDemo(ctx: Context, flags: DemoFlags): Promise<void> {
  const end = defaultDataEnd();
  const demo = DEMO_CUSTOMERS.find((d) => d.customerId === 'demo') ?? DEMO_CUSTOMERS[0]!;
  ctx.out(`${ctx.color.bold('playq demo')}: the Playback Analytics Query Service, end to end.\n`);
  const prepared = performance.now();
  const service = await createService({
    data: { generate: { sessions: flags.sessions, seed: flags.seed, days: flags.days, end } },
  });
  try {
    const address = await service.listen({ port: flags.port ?? 0, host: '127.0.0.1' });
    const seconds = ((performance.now() - prepared) / 1000).toFixed(1);
    ctx.out(
      `${ctx.color.dim(`Generated ${flags.sessions} sessions over ${flags.days} days (seed ${flags.seed}) and started the reference service at ${address.baseUrl} in ${seconds} s.`)}\n`,
    );
    const client = demoClient(ctx, address, demo);
    const guide = createTourGuide(ctx, {
      client,
      customerId: demo.customerId,
      baseUrl: address.baseUrl,
      start: end - flags.days * 86400,
      end,
      days: flags.days,
    });
    const byCountry = await visitStops(guide);
    printNext(ctx, toURL(byCountry, { baseUrl: address.baseUrl }));
    if (flags.keepRunning) {
      ctx.out(
        `\nStill serving at ${ctx.color.bold(address.baseUrl)} (API key ${demo.apiKey}); press Ctrl-C to stop.\n`,
      );
      await waitForAbort(ctx.signal);
    }
  } finally {
    await service.close();
  }
}

// A client with the demo customer's credentials whose every exchange is shown, token grant included.
function demoClient(ctx: Context, address: { baseUrl: string; planUrl: string }, demo: DemoCustomer) {
  const transport = loggingFetch((line) => ctx.out(`${ctx.color.dim(`  ↳ ${line}`)}\n`));
  return createClient({
    baseUrl: address.baseUrl,
    planUrl: address.planUrl,
    fetch: transport,
    auth: {
      metricquery: apiKeyAuth(demo.apiKey),
      session: clientCredentials({
        tokenUrl: tokenUrlOf(address.baseUrl),
        clientId: demo.clientId,
        clientSecret: demo.clientSecret,
        fetch: transport,
      }),
    },
  });
}

// Every stop in order; the breakdown by country is what "Next" suggests explaining.
async function visitStops(guide: TourGuide) {
  const byCountry = await countriesStep(guide);
  await hourlyStep(guide);
  await cdnStep(guide);
  await concurrencyStep(guide);
  const planLevel = await subscribersStep(guide);
  await errorInsightsStep(guide, planLevel);
  await drillStep(guide, byCountry);
  return byCountry.query;
}

function printNext(ctx: Context, explainUrl: string): void {
  const playq = playqCommand();
  ctx.out(`\n${ctx.color.bold('Next')}\n`);
  ctx.out(`  ${playq} explain '${explainUrl}'\n`);
  ctx.out(
    `  ${playq} serve${' '.repeat(26 - playq.length)}# the same service and data window, with its demo credentials\n`,
  );
  ctx.out(
    `  ${playq} query --help${' '.repeat(19 - playq.length)}# run any query, export with --all --out file.csv\n`,
  );
}
