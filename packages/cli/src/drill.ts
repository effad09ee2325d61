// `playq query … --drill <n>`: from row n of a breakdown or time series (1-based, as the table
// shows it) to the session list behind that row, made by @playq/query's drillDown; a row it
// refuses (an empty dimension value, an error-only dimension) comes back as its diagnostic.
import { type AnyCatalogue, drillDown, isDrillable, type QueryNode, toURL } from '@playq/query';
import { CliError, EXIT, usageError } from './errors';
import type { Context } from './io';
import type { ResultRecord } from './output/record-writer';
import { renderQueryDiagnostic } from './resolve-query';
import { executeQuery, type QueryRun } from './run-query';

// Refused before anything is sent: a query without rows to drill into.
function checkDrillable(query: QueryNode): void {
  if (!isDrillable(query)) {
    throw usageError(
      '--drill goes with a metricquery breakdown (--aggby) or time series: its rows stand for groups of sessions',
    );
  }
}

/**
 * The session list behind row `row` (1-based) of `records`, the page `query` answered; prints the
 * library's diagnostic and throws (exit 1) when the row cannot be drilled into.
 *
 * @example
 * const list = drillQuery(ctx, query, page.records, 1, baseUrl); // the sessions behind the first row
 */
export function drillQuery(
  ctx: Context,
  query: QueryNode,
  records: readonly ResultRecord[],
  row: number,
  baseUrl: string,
  catalogue?: AnyCatalogue,
): QueryNode {
  const record = records[row - 1];
  if (record === undefined) {
    const shown = records.length === 1 ? 'one row' : `${records.length} rows`;
    throw new CliError(`--drill ${row}: the breakdown has ${shown}`, EXIT.failure);
  }
  const drilled = drillDown(query, record, catalogue === undefined ? {} : { catalogue });
  if (!drilled.ok) {
    const url = toURL(query, { baseUrl });
    for (const d of drilled.errors) ctx.err(renderQueryDiagnostic(url, d, ctx.errColor));
    throw new CliError(`--drill ${row}: cannot list the sessions behind that row`, EXIT.failure);
  }
  return drilled.query;
}

/**
 * `--drill n`: the breakdown's page is fetched (not printed) and the run becomes the session list
 * behind its row n; the list's URL goes to stderr so the user can share or rerun it.
 *
 * @example
 * const listRun = await drillRun(ctx, run, 1);
 */
export async function drillRun(ctx: Context, run: QueryRun, row: number): Promise<QueryRun> {
  checkDrillable(run.query);
  const records: ResultRecord[] = [];
  const outcome = await executeQuery(ctx, { ...run, all: false }, async (page) => {
    records.push(...page.records);
  });
  const list = drillQuery(ctx, outcome.query, records, row, run.baseUrl, run.catalogue);
  ctx.err(ctx.errColor.dim(`sessions behind row ${row}: ${toURL(list, { baseUrl: run.baseUrl })}\n`));
  return { ...run, query: list };
}
