// `playq insights <metric> <customerId> [query flags]`: which dimension values drag a metric
// down, from @playq/client's insights: a ranked table with a bar per impact and the command that
// lists the top cause's sessions, or the whole answer as JSON.
import { type Insights, type InsightsOptions, PlayqValidationError } from '@playq/client';
import { toURL } from '@playq/query';
import { type Command, Option } from 'commander';
import { integerArg, parseList } from '../args';
import { loadCatalogue } from '../catalogue-file';
import {
  addConnectionOptions,
  type ConnectionFlags,
  readConnectionSecrets,
  resolveCredentials,
} from '../connection';
import { CliError, EXIT, isAbort, usageError } from '../errors';
import { safeJson } from '../format/terminal-text';
import { insightsText } from '../insights-text';
import type { Context } from '../io';
import { addQueryOptions, type QueryFlags } from '../query-flags';
import { renderQueryDiagnostic } from '../resolve-query';
import { clientFor, describeClientError } from '../run-query';
import { resolveTarget } from '../target';
import type { Finish } from './command';

interface InsightsFlags extends QueryFlags, ConnectionFlags {
  readonly dimensions?: string[];
  readonly minAttempts?: number;
  readonly minShare?: number;
  readonly maxCauses?: number;
  readonly refine?: boolean;
  readonly json?: boolean;
}

/** @internal */
export function registerInsights(program: Command, ctx: Context, finish: Finish): void {
  const command = program
    .command('insights')
    .description(
      'Rank the dimension values that drag a metric down (share of attempts × how much worse than overall), with the sessions behind the worst.',
    )
    .argument('<metric>', 'a metric that is better lower or higher (see playq catalogue)')
    .argument('<customerId>', 'the customer id');
  addConnectionOptions(addQueryOptions(command))
    .addOption(
      new Option(
        '--dimensions <list>',
        'the candidate dimensions (default: every one but identifiers)',
      ).argParser(parseList),
    )
    .addOption(
      new Option('--min-attempts <n>', 'leave out values with fewer attempts (default 30)').argParser(
        integerArg(0),
      ),
    )
    .addOption(
      new Option(
        '--min-share <fraction>',
        'leave out values with a smaller share of the attempts (default 0.005)',
      ).argParser(parseFraction),
    )
    .addOption(
      new Option('--max-causes <n>', 'the most causes shown (default 10)').argParser(integerArg(1, 1000)),
    )
    .addOption(new Option('--no-refine', 'do not break the top cause down by the other dimensions'))
    .addOption(new Option('--json', 'print the whole answer as JSON'))
    .addHelpText(
      'after',
      `
One call sends 1 + D requests (the overall value and one breakdown per candidate dimension) and
D - 1 more to refine the top cause; with the default candidates, 14.

Examples:
  $ export PLAYQ_API_KEY=demo-key
  $ playq insights bufferingratio demo --last 7d
  $ playq insights latency demo --last 24h --filter '[platform=web]' --dimensions player,cdn,country
  $ playq insights qualityofexperience demo --last 7d --json | jq '.causes[0].url'`,
    )
    .action(async (metric: string, customerId: string, flags: InsightsFlags) => {
      finish(await insightsAction(ctx, metric, customerId, flags));
    });
}

function parseFraction(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !(n >= 0 && n <= 1)) {
    throw usageError(`--min-share must be a number from 0 to 1, got "${value}"`);
  }
  return n;
}

async function insightsAction(
  ctx: Context,
  metric: string,
  customerId: string,
  flags: InsightsFlags,
): Promise<number> {
  if (flags.metrics !== undefined) {
    throw usageError('insights take the metric as their first argument: drop --metrics');
  }
  if (flags.aggby !== undefined) {
    throw usageError(
      'insights break the query down themselves: drop --aggby, or name the candidates with --dimensions',
    );
  }
  const catalogue = loadCatalogue(flags.catalogue);
  const target = resolveTarget(
    ctx,
    'metricquery',
    customerId,
    { ...flags, metrics: [metric] },
    { catalogue },
  );
  const connection = await readConnectionSecrets(flags, { stdin: ctx.io.stdin, cwd: ctx.io.cwd });
  const credentials = resolveCredentials('metricquery', connection, ctx.io.env, target.baseUrl);
  const client = clientFor('metricquery', credentials, target.baseUrl, undefined, catalogue);
  const found = await runInsights(ctx, () =>
    client.insights(target.query, { signal: ctx.signal, ...insightsOptions(flags) }),
  ).catch((error: unknown) => {
    if (PlayqValidationError.isInstance(error)) {
      const url = toURL(target.query, { baseUrl: target.baseUrl });
      for (const d of error.diagnostics) ctx.err(renderQueryDiagnostic(url, d, ctx.errColor));
      throw new CliError('no insights for this query', EXIT.failure);
    }
    throw error;
  });
  ctx.out(flags.json ? `${safeJson(found, 2)}\n` : insightsText(found, ctx.color));
  return EXIT.ok;
}

/** The client's options from the flags. */
export function insightsOptions(flags: {
  readonly dimensions?: readonly string[];
  readonly minAttempts?: number;
  readonly minShare?: number;
  readonly maxCauses?: number;
  readonly refine?: boolean;
}): InsightsOptions {
  return {
    ...(flags.dimensions === undefined ? {} : { dimensions: flags.dimensions }),
    ...(flags.minAttempts === undefined ? {} : { minAttempts: flags.minAttempts }),
    ...(flags.minShare === undefined ? {} : { minShare: flags.minShare }),
    ...(flags.maxCauses === undefined ? {} : { maxCauses: flags.maxCauses }),
    ...(flags.refine === undefined ? {} : { refine: flags.refine }),
  };
}

// A request budget the options exceed is a usage error; the service's answers are failures.
async function runInsights(ctx: Context, call: () => Promise<Insights>): Promise<Insights> {
  try {
    return await call();
  } catch (error) {
    if (isAbort(error, ctx.signal) || PlayqValidationError.isInstance(error)) throw error;
    if (error instanceof RangeError) throw usageError(error.message.replace(/^@playq\/client: /, ''));
    throw new CliError(describeClientError(error), EXIT.failure, { cause: error });
  }
}
