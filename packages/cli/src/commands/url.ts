// `playq url metricquery|session <customerId> [flags]`: build a query from flags, validate it and
// print its canonical URL, ready to share, paste into a browser or hand to `playq query`.
import { toURL } from '@playq/query';
import { Argument, type Command } from 'commander';
import { loadCatalogue } from '../catalogue-file';
import { EXIT } from '../errors';
import type { Context } from '../io';
import { addQueryOptions, flagsToUrl, type QueryFlags, resolveBaseUrl } from '../query-flags';
import { resolveQueryUrl } from '../resolve-query';
import type { Finish } from './command';

export const ENDPOINTS = ['metricquery', 'session'] as const;

/** @internal */
export function registerUrl(program: Command, ctx: Context, finish: Finish): void {
  const command = program
    .command('url')
    .description('Build a query from flags, validate it, and print its canonical URL.')
    .addArgument(new Argument('<endpoint>', 'the endpoint').choices(ENDPOINTS))
    .argument('<customerId>', 'the customer id, e.g. demo');
  addQueryOptions(command)
    .addHelpText(
      'after',
      `
Exit code 0 with the URL on stdout, 1 when the query is not valid, 2 on bad usage.

Examples:
  $ playq url metricquery demo --last 24h --metrics errors,users --aggby country
  $ playq url metricquery demo --period start=1767225600,end=1767312000 \\
      --metrics viewercount,latency --aggby timestamp --granularity hour
  $ playq url metricquery demo --last 7d --metrics bufferingratio --aggby platform \\
      --filter '[country=US|FR]' --qoefilter 'bufferingratio>2' --orderby bufferingratio --limit 10
  $ playq url session demo --last 24h --planlevel 2 --agg 1 \\
      --metrics errors,subscriberid --aggby subscriberid --orderby errors --limit 10`,
    )
    .action((endpoint: string, customerId: string, flags: QueryFlags) => {
      const baseUrl = resolveBaseUrl(flags, ctx.io.env);
      const catalogue = loadCatalogue(flags.catalogue);
      const raw = flagsToUrl(endpoint, customerId, flags, baseUrl, Date.now() / 1000, catalogue);
      const { query } = resolveQueryUrl(ctx, raw, { catalogue });
      ctx.out(`${toURL(query, { baseUrl })}\n`);
      finish(EXIT.ok);
    });
}
