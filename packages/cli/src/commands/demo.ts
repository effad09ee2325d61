// `playq demo`: start the reference service in-process on a seeded synthetic week of data, then
// tour it with real queries through the client over loopback HTTP, printing each result as a table
// with the shareable URL that reproduces it.
import { type Command, Option } from 'commander';
import { integerArg } from '../args';
import type { DemoFlags } from '../demo/tour';
import { EXIT } from '../errors';
import type { Context } from '../io';
import { needsServer } from '../optional-part';
import type { Finish } from './command';

/** @internal */
export function registerDemo(program: Command, ctx: Context, finish: Finish): void {
  program
    .command('demo')
    .description('Start the reference service on generated data and tour it with real queries.')
    .addOption(
      new Option('--sessions <n>', 'sessions to generate')
        .argParser(integerArg(1000, 5_000_000))
        .default(200_000),
    )
    .addOption(new Option('--seed <n>', 'generator seed').argParser(integerArg(0, 2 ** 31 - 1)).default(1))
    .addOption(
      new Option('--days <n>', 'days of data, ending at the next full hour')
        .argParser(integerArg(2, 90))
        .default(7),
    )
    .addOption(new Option('--keep-running', 'keep serving after the tour, until Ctrl-C'))
    .addOption(
      new Option('--port <port>', 'port for the service (default: a free one)').argParser(
        integerArg(0, 65535),
      ),
    )
    .addHelpText(
      'after',
      `
The data set is deterministic for a seed and hour: it ends at the next full UTC hour.

Examples:
  $ playq demo
  $ playq demo --sessions 50000 --seed 7
  $ playq demo --keep-running --port 8080`,
    )
    .action(async (flags: DemoFlags) => {
      const { runDemo } = await needsServer('demo', () => import('../demo/tour'));
      await runDemo(ctx, flags);
      finish(EXIT.ok);
    });
}
