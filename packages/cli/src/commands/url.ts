// `playq url <endpoint> <customerId> [flags]`: build a query from flags, validate it and
// print its canonical URL, ready to share, paste into a browser or hand to `playq query`.
import { createClient } from '@playq/client';
import { ENDPOINTS, toURL } from '@playq/query';
import { Argument, type Command, Option } from 'commander';
import { parseHttpUrl } from '../args';
import { loadCatalogue } from '../catalogue-file';
import { resolvePlanUrl } from '../connection';
import { EXIT } from '../errors';
import type { Context } from '../io';
import { checkPeriodFlag } from '../period-hint';
import { withPlanLevel } from '../plan-level';
import { addQueryOptions, flagsToUrl, type QueryFlags, resolveBaseUrl } from '../query-flags';
import { resolveQueryUrl } from '../resolve-query';
import { describeClientError } from '../run-query';
import type { Finish } from './command';

interface UrlFlags extends QueryFlags {
  readonly planUrl?: string;
}

/** @internal */
export function registerUrl(program: Command, ctx: Context, finish: Finish): void {
  const command = program
    .command('url')
    .description('Build a query from flags, validate it, and print its canonical URL.')
    .addArgument(new Argument('<endpoint>', 'the endpoint').choices(ENDPOINTS))
    .argument('<customerId>', 'the customer id, e.g. demo');
  addQueryOptions(command)
    .addOption(
      new Option(
        '--plan-url <url>',
        "plan host to look up a session query's missing --planlevel (env PLAYQ_PLAN_URL)",
      ).argParser(parseHttpUrl),
    )
    .addHelpText(
      'after',
      `
Exit code 0 with the URL on stdout, 1 when the query is not valid, 2 on bad usage. A session query
without --planlevel gets it from the plan host (--plan-url, PLAYQ_PLAN_URL, or {origin}/plans
beside an /api/v1 base URL), so the URL it prints always carries it.

Examples:
  $ playq url metricquery demo --last 24h --metrics errors,users --aggby country
  $ playq url metricquery demo --period start=1767225600,end=1767312000 \\
      --metrics viewercount,latency --aggby timestamp --granularity hour
  $ playq url metricquery demo --last 7d --metrics bufferingratio --aggby platform \\
      --filter '[country=US|FR]' --qoefilter 'bufferingratio>2' --orderby bufferingratio --limit 10
  $ playq url session demo --last 24h --planlevel 2 --agg 1 \\
      --metrics errors,subscriberid --aggby subscriberid --orderby errors --limit 10`,
    )
    .action(async (endpoint: string, customerId: string, flags: UrlFlags) => {
      checkPeriodFlag(flags.period);
      const baseUrl = resolveBaseUrl(flags, ctx.io.env);
      const catalogue = loadCatalogue(flags.catalogue);
      const raw = flagsToUrl(endpoint, customerId, flags, baseUrl, Date.now() / 1000, catalogue);
      const resolved = resolveQueryUrl(ctx, raw, { catalogue, allowMissingPlanlevel: true });
      const planUrl = resolvePlanUrl(flags, ctx.io.env, baseUrl);
      const query = await withPlanLevel(resolved.query, {
        planUrl,
        // The plan host needs no credential: only the lookup is made, nothing is run.
        client: () =>
          createClient({ baseUrl, ...(planUrl === undefined ? {} : { planUrl }), userAgent: 'playq-cli' }),
        signal: ctx.signal,
        describe: describeClientError,
      });
      ctx.out(`${toURL(query, { baseUrl })}\n`);
      finish(EXIT.ok);
    });
}
