// `playq data generate`: write a seeded synthetic data set (sessions and error events) as Parquet,
// CSV or NDJSON files that `playq serve --data` (or any other tool) can load; `playq data load`:
// check files and build a DuckDB database file or fill ClickHouse's tables; `playq data schema`:
// print the ClickHouse DDL.
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { type Command, Option } from 'commander';
import { integerArg, parseTime } from '../args';
import { checkPlantable, EFFECT_HELP, type EffectSpec, effectArg } from '../effect-flag';
import { CliError, EXIT, usageError } from '../errors';
import type { Context } from '../io';
import { memoryLimitUsage } from '../memory-limit-flag';
import { needsServer } from '../optional-part';
import { type RowsFile, readRowsFile, rowsRefusal } from '../serve/rows-file';
import type { Finish } from './command';

interface GenerateFlags {
  readonly sessions?: number;
  readonly seed?: number;
  readonly out: string;
  readonly format: 'parquet' | 'csv' | 'ndjson';
  readonly days?: number;
  readonly end?: number;
  readonly effect?: readonly EffectSpec[];
  readonly rows?: string;
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
      // Streamed to the files in bounded memory: the bound is the generator's, and the disk's
      // (about 43 MB of Parquet per million sessions).
      new Option('--sessions <n>', 'number of sessions (up to 1e9)').argParser(integerArg(1, 1_000_000_000)),
    )
    .addOption(
      new Option('--seed <n>', 'generator seed; the same seed gives the same data').argParser(
        integerArg(0, 2 ** 31 - 1),
      ),
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
    .addOption(new Option('--effect <spec>', EFFECT_HELP).argParser(effectArg))
    .addOption(
      new Option(
        '--rows <file>',
        'write the exact rows of a JSON file { "sessions": [...], "errors": [...] } instead of generated data',
      ),
    )
    .addHelpText(
      'after',
      `
Examples:
  $ playq data generate --sessions 100000 --seed 1 --out ./data
  $ playq data generate --sessions 20000 --seed 1 --out ./slow-br --effect '[cdn=akamai][country=BR]:bufferingratio*5'
  $ playq data generate --rows ./scenario.json --out ./scenario
  $ playq data generate --sessions 5000 --seed 42 --out ./small --format csv --days 7 --end 2026-01-01
  $ playq serve --data ./data --credentials ./customers.json`,
    )
    .action(async (flags: GenerateFlags) => {
      const out = resolve(ctx.io.cwd ?? process.cwd(), flags.out);
      const started = performance.now();
      const scenario = await scenarioRows(ctx, flags);
      // Loaded on use: the generator brings the embedded database with it.
      const server = await needsServer('data generate', () => import('@playq/server'));
      checkPlantable(flags.effect, server.PLANTABLE_METRICS);
      const rows = await writeAtomically(ctx, out, (dir) =>
        scenario === undefined ? generateFiles(server, flags, dir) : writeRows(server, scenario, flags, dir),
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      ctx.out(
        `wrote ${rows.rows.sessions} sessions and ${rows.rows.errors} error events to ${flags.out} in ${seconds} s\n` +
          `  ${join(out, basename(rows.sessions))}\n  ${join(out, basename(rows.errors))}\n`,
      );
      finish(0);
    });
  registerLoad(data, ctx, finish);
  registerSchema(data, ctx, finish);
}

type Server = typeof import('@playq/server');
type Written = { sessions: string; errors: string; rows: { sessions: number; errors: number } };

/** The rows of `--rows FILE`, checked against the generator's flags they exclude. */
async function scenarioRows(ctx: Context, flags: GenerateFlags): Promise<RowsFile | undefined> {
  if (flags.rows === undefined) {
    if (flags.sessions === undefined || flags.seed === undefined)
      throw usageError('data generate needs --sessions N and --seed N (or --rows FILE for exact rows)');
    return undefined;
  }
  const generated = (['sessions', 'seed', 'days', 'end', 'effect'] as const).filter(
    (f) => flags[f] !== undefined,
  );
  if (generated.length > 0)
    throw usageError(
      `--rows gives exact rows: leave out --${generated.join(', --')} (they shape generated data)`,
    );
  return readRowsFile(resolve(ctx.io.cwd ?? process.cwd(), flags.rows), flags.rows);
}

function generateFiles(server: Server, flags: GenerateFlags, dir: string): Promise<Written> {
  return server.generateToDirectory({
    sessions: flags.sessions ?? 0,
    seed: flags.seed ?? 0,
    out: dir,
    format: flags.format,
    ...(flags.days === undefined ? {} : { days: flags.days }),
    ...(flags.end === undefined ? {} : { end: flags.end }),
    ...(flags.effect === undefined ? {} : { effects: flags.effect }),
  });
}

/** A scenario's rows through the library's checks, written as the data files. */
async function writeRows(
  server: Server,
  rows: RowsFile,
  flags: GenerateFlags,
  dir: string,
): Promise<Written> {
  const dataset = await server.datasetFromRows(rows).catch((error: unknown) => {
    throw rowsRefusal(flags.rows ?? '', error);
  });
  try {
    const files = await server.writeDataset(dataset, { dir, format: flags.format });
    const { sessions, errors } = dataset.stats();
    return { ...files, rows: { sessions, errors } };
  } finally {
    await dataset.close();
  }
}

interface LoadFlags {
  readonly db?: string;
  readonly engine: 'duckdb' | 'clickhouse';
  readonly format?: 'parquet' | 'csv' | 'ndjson';
  readonly clickhouseUrl?: string;
  readonly clickhouseDatabase?: string;
  readonly cluster?: string;
  readonly memoryLimit?: string;
}

function registerLoad(data: Command, ctx: Context, finish: Finish): void {
  data
    .command('load')
    .description(
      'Check sessions.* and errors.* of DIR (any bad row refuses the whole load) and build a DuckDB database file or fill ClickHouse.',
    )
    .argument('<dir>', 'directory with sessions.<ext> and errors.<ext>')
    .addOption(
      new Option('--db <file>', 'DuckDB database file to build (its tables are replaced in one transaction)'),
    )
    .addOption(
      new Option('--engine <engine>', 'where to load').choices(['duckdb', 'clickhouse']).default('duckdb'),
    )
    .addOption(new Option('--format <format>', 'read only this format').choices(['parquet', 'csv', 'ndjson']))
    .addOption(
      new Option(
        '--clickhouse-url <url>',
        'with --engine clickhouse: the server, e.g. http://127.0.0.1:8123',
      ),
    )
    .addOption(
      new Option('--clickhouse-database <name>', 'with --engine clickhouse: the database (default playq)'),
    )
    .addOption(new Option('--cluster <name>', 'with --engine clickhouse: create the tables on this cluster'))
    .addOption(
      new Option(
        '--memory-limit <size>',
        "with --db: DuckDB's memory while building (default 1GB; the rest spills to FILE.tmp), e.g. 4GB",
      ),
    )
    .addHelpText(
      'after',
      `
ClickHouse user and password come from PLAYQ_CLICKHOUSE_USER and PLAYQ_CLICKHOUSE_PASSWORD; the
tables are created first if missing (see \`playq data schema --engine clickhouse\`).

Examples:
  $ playq data load --db ./playq.duckdb ./data
  $ playq data load --engine clickhouse --clickhouse-url http://127.0.0.1:8123 ./data`,
    )
    .action(async (dir: string, flags: LoadFlags) => {
      const source = resolve(ctx.io.cwd ?? process.cwd(), dir);
      const started = performance.now();
      const server = await needsServer('data load', () => import('@playq/server'));
      const rows = await loadRows(server, source, flags, ctx);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      ctx.out(`loaded ${rows.sessions} sessions and ${rows.errors} error events in ${seconds} s\n`);
      finish(0);
    });
}

async function loadRows(
  server: typeof import('@playq/server'),
  source: string,
  flags: LoadFlags,
  ctx: Context,
): Promise<{ sessions: number; errors: number }> {
  const format = flags.format === undefined ? {} : { format: flags.format };
  try {
    if (flags.engine === 'clickhouse') {
      if (flags.clickhouseUrl === undefined)
        throw usageError('--engine clickhouse needs --clickhouse-url URL');
      if (flags.db !== undefined || flags.memoryLimit !== undefined)
        throw usageError(
          '--db and --memory-limit are for a DuckDB database file: leave them out with --engine clickhouse',
        );
      const { PLAYQ_CLICKHOUSE_USER: username, PLAYQ_CLICKHOUSE_PASSWORD: password } = ctx.io.env;
      return await server.loadIntoClickHouse(source, {
        url: flags.clickhouseUrl,
        ...format,
        ...(flags.clickhouseDatabase === undefined ? {} : { database: flags.clickhouseDatabase }),
        ...(flags.cluster === undefined ? {} : { cluster: flags.cluster }),
        ...(username ? { username } : {}),
        ...(password ? { password } : {}),
      });
    }
    if (flags.db === undefined) throw usageError('playq data load needs --db FILE (or --engine clickhouse)');
    if (flags.clickhouseUrl !== undefined || flags.cluster !== undefined) {
      throw usageError('--clickhouse-url and --cluster go with --engine clickhouse');
    }
    const db = await server.loadDataset(source, {
      ...format,
      database: resolve(ctx.io.cwd ?? process.cwd(), flags.db),
      ...(flags.memoryLimit === undefined ? {} : { memoryLimit: flags.memoryLimit }),
    });
    const { sessions, errors } = db.stats();
    await db.close();
    return { sessions, errors };
  } catch (error) {
    if (error instanceof CliError) throw error;
    const limit = memoryLimitUsage(error);
    if (limit) throw limit;
    if (
      error instanceof Error &&
      (error.name === 'DatasetLoadError' || error.name === 'MissingEngineError')
    ) {
      throw new CliError(error.message.replace('@playq/server: ', ''), EXIT.failure);
    }
    throw error;
  }
}

interface SchemaFlags {
  readonly engine: 'clickhouse';
  readonly cluster?: string;
  readonly clickhouseDatabase?: string;
}

function registerSchema(data: Command, ctx: Context, finish: Finish): void {
  data
    .command('schema')
    .description(
      'Print the DDL of the tables the engine serves from (MergeTree; with --cluster, Distributed over shards).',
    )
    .addOption(new Option('--engine <engine>', 'engine').choices(['clickhouse']).makeOptionMandatory())
    .addOption(
      new Option('--cluster <name>', 'create local tables ON CLUSTER and Distributed tables over them'),
    )
    .addOption(new Option('--clickhouse-database <name>', 'the database (default playq)'))
    .addHelpText(
      'after',
      `
Examples:
  $ playq data schema --engine clickhouse | clickhouse-client --multiquery
  $ playq data schema --engine clickhouse --cluster prod --clickhouse-database analytics`,
    )
    .action(async (flags: SchemaFlags) => {
      const { clickHouseSchema } = await needsServer('data schema', () => import('@playq/server'));
      try {
        const ddl = clickHouseSchema({
          ...(flags.cluster === undefined ? {} : { cluster: flags.cluster }),
          ...(flags.clickhouseDatabase === undefined ? {} : { database: flags.clickhouseDatabase }),
        });
        ctx.out(`${ddl.join(';\n\n')};\n`);
      } catch (error) {
        if (error instanceof RangeError) throw usageError(error.message.replace('@playq/server: ', ''));
        throw error;
      }
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
