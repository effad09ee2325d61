// `playq data generate`: write a seeded synthetic data set (sessions and error events) as Parquet,
// CSV or NDJSON files that `playq serve --data` (or any other tool) can load.
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { integerArg, parseTime } from '../args';
import { CliError, EXIT } from '../errors';
import type { Context } from '../io';
import { needsServer } from '../optional-part';
import type { Finish } from './command';

interface GenerateFlags {
  readonly sessions: number;
  readonly seed: number;
  readonly out: string;
  readonly format: 'parquet' | 'csv' | 'ndjson';
  readonly days?: number;
  readonly end?: number;
}

/** @internal */
export function registerData(program: Command, ctx: Context, finish: Finish): void {
  const data = program.command('data').description('Work with data sets for the reference service.');
  data.addHelpText('after', '\nExamples:\n  $ playq data generate --sessions 100000 --seed 1 --out ./data');
  data
    .command('generate')
    .description(
      'Write a seeded synthetic data set: sessions.<ext> and errors.<ext> with timestamps in epoch seconds.',
    )
    .addOption(
      new Option('--sessions <n>', 'number of sessions')
        .argParser(integerArg(1, 50_000_000))
        .makeOptionMandatory(),
    )
    .addOption(
      new Option('--seed <n>', 'generator seed; the same seed gives the same data')
        .argParser(integerArg(0, 2 ** 31 - 1))
        .makeOptionMandatory(),
    )
    .addOption(new Option('--out <dir>', 'directory to write (created if missing)').makeOptionMandatory())
    .addOption(
      new Option('--format <format>', 'file format').choices(['parquet', 'csv', 'ndjson']).default('parquet'),
    )
    .addOption(
      new Option('--days <n>', 'days of data before --end (default 30)').argParser(integerArg(1, 366)),
    )
    .addOption(
      new Option(
        '--end <time>',
        'exclusive end: epoch seconds or ISO-8601 (default: next UTC midnight)',
      ).argParser(parseTime),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ playq data generate --sessions 100000 --seed 1 --out ./data
  $ playq data generate --sessions 5000 --seed 42 --out ./small --format csv --days 7 --end 2026-01-01
  $ playq serve --data ./data --credentials ./customers.json`,
    )
    .action(async (flags: GenerateFlags) => {
      const out = resolve(ctx.io.cwd ?? process.cwd(), flags.out);
      const started = performance.now();
      // Loaded on use: the generator brings the embedded database with it.
      const { generateToDirectory } = await needsServer('data generate', () => import('@playq/server'));
      const rows = await writeAtomically(ctx, out, (dir) =>
        generateToDirectory({
          sessions: flags.sessions,
          seed: flags.seed,
          out: dir,
          format: flags.format,
          ...(flags.days === undefined ? {} : { days: flags.days }),
          ...(flags.end === undefined ? {} : { end: flags.end }),
        }),
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      ctx.out(
        `wrote ${rows.rows.sessions} sessions and ${rows.rows.errors} error events to ${flags.out} in ${seconds} s\n` +
          `  ${join(out, basename(rows.sessions))}\n  ${join(out, basename(rows.errors))}\n`,
      );
      finish(0);
    });
}

/**
 * Generates into a hidden directory beside `out` and moves the files in only when both are
 * complete, so a failure or Ctrl-C never leaves half a data set that `serve --data` would load.
 */
async function writeAtomically<R extends { sessions: string; errors: string }>(
  ctx: Context,
  out: string,
  generate: (dir: string) => Promise<R>,
): Promise<R> {
  await mkdir(dirname(out), { recursive: true });
  const temp = await mkdtemp(join(dirname(out), `.${basename(out)}-`));
  try {
    const result = await generate(temp);
    if (ctx.signal.aborted) throw new CliError(`interrupted; ${out} was not written`, EXIT.interrupted);
    await mkdir(out, { recursive: true });
    for (const file of [result.sessions, result.errors]) await rename(file, join(out, basename(file)));
    return result;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`cannot generate into ${out}: ${(error as Error).message}`, EXIT.failure);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
