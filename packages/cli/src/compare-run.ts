// `playq query … --compare previous|<period>`: the query's records beside the other period's,
// from @playq/client's compare, flattened into one row per group (each metric, its value in the
// other period, the change and the change in percent, and where the group was found).
import type { ComparedRecord, CompareOptions } from '@playq/client';
import { parsePeriod } from '@playq/grammar';
import { InvalidArgumentError } from 'commander';
import { resolveCredentials, resolvePlanUrl } from './connection';
import { CliError, EXIT, isAbort } from './errors';
import { safeJson } from './format/terminal-text';
import type { Context } from './io';
import { createRecordWriter, type Format } from './output/record-writer';
import { clientFor, describeClientError, type QueryRun } from './run-query';

/** `--compare`'s value: `previous`, or a period text. */
export type CompareWith = CompareOptions['with'];

/**
 * Reads `--compare`: `previous` or `start=…,end=…`.
 *
 * @example
 * parseCompare('previous'); // 'previous'
 * parseCompare('start=0,end=3600'); // { start: 0, end: 3600 }
 */
export function parseCompare(value: string): CompareWith {
  if (value === 'previous') return 'previous';
  const parsed = parsePeriod(value);
  if (!parsed.ok) {
    throw new InvalidArgumentError(
      `Expected "previous" or a period start=<epoch seconds>,end=<epoch seconds>: ${parsed.errors[0]?.message ?? ''}`,
    );
  }
  return { start: parsed.value.start, end: parsed.value.end };
}

/**
 * Runs the comparison and prints it: JSON as the client returns it, other formats one flat row
 * per group.
 *
 * @example
 * await compareRun(ctx, run, 'previous', 'table');
 */
export async function compareRun(
  ctx: Context,
  run: QueryRun,
  other: CompareWith,
  format: Format,
): Promise<void> {
  const credentials = resolveCredentials(run.query.endpoint, run.flags, ctx.io.env, run.baseUrl);
  const planUrl = resolvePlanUrl(run.flags, ctx.io.env, run.baseUrl);
  const client = clientFor(run.query.endpoint, credentials, run.baseUrl, planUrl, run.catalogue);
  const compared = await client
    .compare(run.query, { with: other, signal: ctx.signal, concurrency: run.concurrency })
    .catch((error: unknown) => {
      if (isAbort(error, ctx.signal)) throw error;
      throw new CliError(describeClientError(error), EXIT.failure, { cause: error });
    });
  if (format === 'json') {
    ctx.out(`${safeJson(compared, ctx.io.stdout.isTTY === true ? 2 : undefined)}\n`);
    return;
  }
  const label = other === 'previous' ? 'previous' : 'other';
  const rows = compared.records.map((r) => flatRow(r, run.query.aggby, run.query.metrics, label));
  const terminal = ctx.io.stdout.isTTY === true;
  const writer = createRecordWriter({ format, write: (t) => ctx.out(t), colors: ctx.color, terminal });
  await writer.add(rows);
  await writer.end({ totalrecords: rows.length, pagecount: 1 });
}

function flatRow(
  r: ComparedRecord,
  aggby: readonly string[],
  metrics: readonly string[],
  label: string,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const d of aggby) row[d] = r.presentIn === 'other' ? r.other[d] : r.current[d];
  row.present_in = r.presentIn;
  for (const m of metrics) {
    row[m] = r.current[m];
    row[`${m}_${label}`] = r.other[m];
    row[`${m}_change`] = r.change[m];
    const relative = r.relativeChange[m];
    row[`${m}_change_pct`] = relative === null || relative === undefined ? null : 100 * relative;
  }
  return row;
}
