// `playq catalogue [--json] [--catalogue file.json]`: the names a deployment understands, with
// each one's kind, level, unit, direction, endpoints and definition, read from @playq/query's catalogue.
import type { AnyCatalogue } from '@playq/query';
import { type Command, Option } from 'commander';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import { catalogueEntries, catalogueJson } from '../catalogue-json';
import { EXIT } from '../errors';
import { renderTable } from '../format/table';
import { safeJson, terminalText } from '../format/terminal-text';
import type { Context } from '../io';
import type { Finish } from './command';

/** @internal */
export function registerCatalogue(program: Command, ctx: Context, finish: Finish): void {
  program
    .command('catalogue')
    .description(
      'List the metrics and dimensions (level, unit, which way is better, endpoints, definition) queries may name.',
    )
    .addOption(new Option('--json', 'print { metrics, dimensions } as JSON'))
    .addOption(catalogueOption())
    .addHelpText(
      'after',
      `
Examples:
  $ playq catalogue
  $ playq catalogue --json | jq '.metrics[] | select(.level == "group") | .name'
  $ playq catalogue --catalogue my-names.json`,
    )
    .action((flags: { json?: boolean; catalogue?: string }) => {
      const catalogue = loadCatalogue(flags.catalogue);
      ctx.out(flags.json ? `${safeJson(catalogueJson(catalogue), 2)}\n` : catalogueText(catalogue, ctx));
      finish(EXIT.ok);
    });
}

// Two aligned tables: a name, what kind of name it is (level, unit and where it is valid), and its
// definition; long definitions are kept whole.
function catalogueText(catalogue: AnyCatalogue, ctx: Context): string {
  const { metrics, dimensions } = catalogueEntries(catalogue);
  const both = (e: readonly string[]) => (e.length === 2 ? '' : ` [${e.join(', ')} only]`);
  const metricRows = metrics.map((m) => ({
    metric: m.name,
    kind: `${m.level}, ${m.unit}${m.better === undefined ? '' : `, ${m.better} is better`}${m.concurrency ? '' : ', not with concurrency=1'}${both(m.endpoints)}`,
    definition: terminalText(m.description),
  }));
  const dimensionRows = dimensions.map((d) => ({
    dimension: d.name,
    kind: [
      d.restricted ? `with ${d.combinesWith.join(', ')} only` : '',
      d.metricOn.includes('session') ? 'also in session metrics' : '',
    ]
      .filter((n) => n !== '')
      .join('; '),
    definition: terminalText(d.description),
  }));
  const table = (rows: readonly Record<string, string>[]) =>
    renderTable(rows, { colors: ctx.color, maxCellWidth: Number.POSITIVE_INFINITY });
  return [
    table(metricRows),
    table(dimensionRows),
    `${ctx.color.bold('timestamp')}  the aggby of a time series (granularity minute, 5minute, 10minute, hour, day or auto)\n`,
  ].join('\n');
}
