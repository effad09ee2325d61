// `playq query <url | endpoint customerId [flags]>`: run a query through the client and print the
// result as a table (with a chart for a time series on a terminal), JSON, NDJSON or CSV; with
// `--out` it is an export that only ever leaves a complete file behind.
import { resolve } from 'node:path';
import { ENDPOINTS, isDrillable, isTimeSeries } from '@playq/query';
import { type Command, Option } from 'commander';
import { integerArg } from '../args';
import { loadCatalogue } from '../catalogue-file';
import { type CompareWith, compareRun, parseCompare } from '../compare-run';
import { addConnectionOptions, type ConnectionFlags, readConnectionSecrets } from '../connection';
import { drillRun } from '../drill';
import { CliError, EXIT, isAbort, usageError } from '../errors';
import type { CsvOptions } from '../format/csv';
import { createProgress } from '../format/progress';
import type { Context } from '../io';
import { type ExportFile, openExportFile } from '../output/export-file';
import { seriesFiller } from '../output/fill-series';
import {
  createRecordWriter,
  FORMATS,
  type Format,
  formatForFile,
  type RecordWriter,
} from '../output/record-writer';
import { addQueryOptions, type QueryFlags } from '../query-flags';
import { describeClientError, executeQuery, type QueryRun } from '../run-query';
import { givenShapeFlags, isUrlTarget, resolveTarget } from '../target';
import type { Finish } from './command';

interface QueryCommandFlags extends QueryFlags, ConnectionFlags {
  readonly all?: boolean;
  readonly compare?: CompareWith;
  readonly concurrency?: number;
  readonly drill?: number;
  readonly format?: Format;
  readonly out?: string;
  readonly rawCsv?: boolean;
}

/** @internal */
export function registerQuery(program: Command, ctx: Context, finish: Finish): void {
  const command = program
    .command('query')
    .description(
      'Run a query (a URL, or an endpoint and customer id with the same flags as `playq url`) and print or export the result.',
    )
    .argument('<target>', `a query URL, or the endpoint: ${ENDPOINTS.join(', ')}`)
    .argument('[customerId]', 'the customer id, when <target> is an endpoint');
  addConnectionOptions(addQueryOptions(command))
    .addOption(new Option('--all', 'fetch every page, not only the first'))
    .addOption(
      new Option('--concurrency <n>', 'pages fetched at once with --all (default 4)').argParser(
        integerArg(1, 32),
      ),
    )
    .addOption(
      new Option(
        '--drill <n>',
        'list the sessions behind row n (1-based, as the table shows it) of the breakdown or time series instead',
      ).argParser(integerArg(1, 10000)),
    )
    .addOption(
      new Option('--format <format>', 'output format (default table, or from the --out extension)').choices(
        FORMATS,
      ),
    )
    .addOption(new Option('--out <file>', 'write to FILE, atomically: complete or not at all'))
    .addOption(
      new Option(
        '--compare <period>',
        'every record beside the same query over "previous" (the period of the same length before) or start=…,end=…, with the change',
      ).argParser(parseCompare),
    )
    .addOption(
      new Option(
        '--raw-csv',
        "write CSV text cells as they are (by default text starting with = + - @, a tab or CR gets a leading ' so spreadsheets do not run it)",
      ),
    )
    .addHelpText(
      'after',
      `
Credentials come from flags, files (--api-key-file, --client-secret-file, --token-file; - reads
stdin) or PLAYQ_API_KEY (metricquery), PLAYQ_CLIENT_ID + PLAYQ_CLIENT_SECRET or PLAYQ_TOKEN
(session); the service from --base-url or PLAYQ_BASE_URL. A session query without
--planlevel gets it from the plan host (--plan-url, PLAYQ_PLAN_URL, or {origin}/plans).

An export (--out) is written to a temporary file beside FILE and renamed only when every record
arrived; otherwise FILE is left untouched and the exit code is 1 (130 on Ctrl-C). In CSV, a text
cell that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or CR) is written
with a leading ' unless --raw-csv is given; numbers are never changed.

Examples:
  $ export PLAYQ_API_KEY=demo-key PLAYQ_CLIENT_ID=demo PLAYQ_CLIENT_SECRET=demo-secret
  $ playq query metricquery demo --last 7d --metrics errors,users --aggby country --limit 10
  $ playq query metricquery demo --last 24h --metrics viewercount --aggby timestamp
  $ pass show playq/api-key | playq query metricquery demo --last 24h --metrics errors --api-key-file -
  $ playq query 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=start%3D1767225600%2Cend%3D1767312000&metrics=errors'
  $ playq query session demo --last 7d --agg 1 --metrics errors,subscriberid --aggby subscriberid \\
      --orderby errors --limit 10
  $ playq query metricquery demo --last 7d --metrics errors --aggby country --all --out errors.csv
  $ playq query metricquery demo --last 7d --metrics bufferingratio,attempts --aggby country \\
      --orderby bufferingratio --limit 10 --drill 1     # the sessions behind the worst country
  $ playq query listsessions demo --last 7d --metrics sessionid,country,bufferingratio \\
      --orderby bufferingratio --limit 10
  $ playq query metricquery demo --last 24h --metrics errors,bufferingratio --aggby cdn --compare previous`,
    )
    .action(
      async (target: string, customerId: string | undefined, flags: QueryCommandFlags, self: Command) => {
        if (isUrlTarget(target)) refuseShapeFlags(givenShapeFlags(self, flags));
        finish(await queryAction(ctx, target, customerId, flags));
      },
    );
}

async function queryAction(
  ctx: Context,
  target: string,
  customerId: string | undefined,
  flags: QueryCommandFlags,
): Promise<number> {
  const format = outputFormat(flags);
  const prepared = await prepareRun(ctx, target, customerId, flags);
  if (flags.compare !== undefined) {
    await compareRun(ctx, prepared, flags.compare, format);
    return EXIT.ok;
  }
  const run = flags.drill === undefined ? prepared : await drillRun(ctx, prepared, flags.drill);
  const csv = { raw: flags.rawCsv === true };
  if (flags.out === undefined) await printResult(ctx, run, format, csv);
  else await exportResult(ctx, run, createExportTarget(ctx, flags.out), format, csv);
  return EXIT.ok;
}

// The output format, and every refusal of a flag combination, before anything is read or sent.
function outputFormat(flags: QueryCommandFlags): Format {
  if (flags.concurrency !== undefined && !flags.all && flags.compare === undefined) {
    throw usageError('--concurrency goes with --all');
  }
  if (flags.compare !== undefined && (flags.drill !== undefined || flags.out !== undefined)) {
    throw usageError('--compare prints both periods side by side: it goes without --drill and --out');
  }
  const format = flags.format ?? (flags.out === undefined ? 'table' : formatForFile(flags.out));
  if (format === undefined) {
    throw usageError(`cannot tell the format from "${flags.out}": add --format csv, json, ndjson or table`);
  }
  if (flags.rawCsv && format !== 'csv') throw usageError('--raw-csv goes with CSV output');
  return format;
}

// A URL already says everything about the query: flags beside it would be silently ignored.
function refuseShapeFlags(given: readonly string[]): void {
  if (given.length === 0) return;
  const them = given.length === 1 ? given[0] : `${given.slice(0, -1).join(', ')} and ${given.at(-1)}`;
  throw usageError(
    `a query URL already says everything about the query: drop ${them}, or give the endpoint and customer id instead of the URL`,
  );
}

// The validated query, where to send it, and the credentials (secret files read now).
async function prepareRun(
  ctx: Context,
  target: string,
  customerId: string | undefined,
  flags: QueryCommandFlags,
): Promise<QueryRun> {
  const catalogue = loadCatalogue(flags.catalogue);
  const resolved = resolveTarget(ctx, target, customerId, flags, { allowMissingPlanlevel: true, catalogue });
  return {
    ...resolved,
    catalogue,
    flags: await readConnectionSecrets(flags, { stdin: ctx.io.stdin, cwd: ctx.io.cwd }),
    all: flags.all === true,
    concurrency: flags.concurrency ?? 4,
  };
}

// To stdout: on a terminal, pretty JSON and a chart under a time series; a note when pages remain.
async function printResult(ctx: Context, run: QueryRun, format: Format, csv: CsvOptions): Promise<void> {
  const terminal = ctx.io.stdout.isTTY === true;
  const chart =
    terminal && isTimeSeries(run.query)
      ? {
          metrics: run.query.metrics,
          width: ctx.io.stdout.columns ?? 80,
          fill: seriesFiller(run.query),
        }
      : undefined;
  const writer = createRecordWriter({
    format,
    write: (text) => ctx.out(text),
    colors: ctx.color,
    pretty: terminal,
    terminal,
    csv,
    ...(chart === undefined ? {} : { chart }),
  });
  const outcome = await fetchInto(ctx, run, writer);
  if (outcome.outsideTheData !== undefined) ctx.err(`note: ${outcome.outsideTheData}\n`);
  if (!run.all && outcome.totalrecords > writer.count) {
    ctx.err(
      ctx.errColor.dim(
        `showing ${writer.count} of ${outcome.totalrecords} records; add --all for every page\n`,
      ),
    );
  }
  if (terminal && format === 'table' && writer.count > 0 && isDrillable(run.query)) {
    ctx.err(ctx.errColor.dim('add --drill <n> to list the sessions behind row n\n'));
  }
}

/** Where an export goes: the path as the user wrote it (for messages) and as resolved. */
interface ExportTarget {
  readonly name: string;
  readonly path: string;
}

function createExportTarget(ctx: Context, out: string): ExportTarget {
  return { name: out, path: resolve(ctx.io.cwd ?? process.cwd(), out) };
}

async function openExport(target: ExportTarget): Promise<ExportFile> {
  try {
    return await openExportFile(target.path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError(`cannot write ${target.name}: ${reason}`, EXIT.failure);
  }
}

// To a file, atomically: renamed into place only when every expected record arrived.
async function exportResult(
  ctx: Context,
  run: QueryRun,
  target: ExportTarget,
  format: Format,
  csv: CsvOptions,
): Promise<void> {
  const file = await openExport(target);
  const writer = createRecordWriter({ format, write: (text) => file.write(text), colors: ctx.color, csv });
  try {
    const outcome = await fetchInto(ctx, run, writer).catch((error: unknown) => {
      throw exportFailure(ctx, error, writer.count, target.name);
    });
    // With --all every record from the offset on must be there; without it, every record of the page.
    const expected = run.all ? Math.max(0, outcome.totalrecords - run.query.offset) : outcome.pageCount;
    if (writer.count !== expected) {
      throw new CliError(
        `only ${writer.count} of ${expected} records arrived; ${target.name} was not written`,
        EXIT.failure,
      );
    }
    await file.commit();
    const note =
      !run.all && outcome.totalrecords > writer.count
        ? ` (the first page of ${outcome.totalrecords}; add --all for every page)`
        : '';
    ctx.err(`wrote ${writer.count} records to ${target.name}${note}\n`);
    if (outcome.outsideTheData !== undefined) ctx.err(`note: ${outcome.outsideTheData}\n`);
  } finally {
    await file.discard();
  }
}

// A failed or interrupted export, said with how far it got and that nothing was written.
function exportFailure(ctx: Context, error: unknown, count: number, name: string): CliError {
  if (isAbort(error, ctx.signal)) {
    return new CliError(`interrupted after ${count} records; ${name} was not written`, EXIT.interrupted);
  }
  const message = error instanceof CliError ? error.message : describeClientError(error);
  const code = error instanceof CliError ? error.exitCode : EXIT.failure;
  return new CliError(`${message}; ${count} records arrived, ${name} was not written`, code);
}

async function fetchInto(
  ctx: Context,
  run: QueryRun,
  writer: RecordWriter,
): Promise<{ totalrecords: number; pageCount: number; outsideTheData?: string }> {
  const progress = run.all ? createProgress(ctx.io.stderr) : createProgress({ write() {} });
  try {
    const outcome = await executeQuery(ctx, run, async (page) => {
      await writer.add(page.records);
      progress.update(writer.count, Math.max(0, page.totalrecords - run.query.offset));
    });
    progress.done();
    await writer.end({ totalrecords: outcome.totalrecords, pagecount: outcome.pagecount });
    return {
      totalrecords: outcome.totalrecords,
      pageCount: outcome.firstPageCount,
      ...(outcome.outsideTheData === undefined ? {} : { outsideTheData: outcome.outsideTheData }),
    };
  } finally {
    progress.done();
  }
}
