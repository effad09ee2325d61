// `playq explain <url>`: parse a query URL back into a query, validate it, and print it in words,
// as its canonical URL, and as the builder code that makes it.
import { ENDPOINTS, toURL } from '@playq/query';
import { type Command, Option } from 'commander';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import { EXIT } from '../errors';
import { builderCode } from '../explain/builder-code';
import { describeQuery } from '../explain/describe-query';
import { diagnosticJson } from '../format/diagnostics';
import { safeJson } from '../format/terminal-text';
import type { Context } from '../io';
import { checkQueryUrl, resolveQueryUrl } from '../resolve-query';
import type { Finish } from './command';

/** @internal */
export function registerExplain(program: Command, ctx: Context, finish: Finish): void {
  program
    .command('explain')
    .description(
      'Explain a query URL: what it asks for, its canonical form, and the TypeScript that builds it.',
    )
    .argument(
      '<url>',
      `a query URL (${ENDPOINTS.join(', ')}), absolute or /relative (quote it for the shell)`,
    )
    .addOption(
      new Option(
        '--json',
        'print { ok: true, query, canonical, code } as JSON, or { ok: false, problems } for an invalid URL',
      ),
    )
    .addOption(catalogueOption())
    .addHelpText(
      'after',
      `
Exit code 0 when the URL is a valid query, 1 when it is not (each problem is printed), 2 on bad usage.

Examples:
  $ playq explain 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=start%3D1767225600%2Cend%3D1767312000&metrics=errors&aggby=country'
  $ playq explain '/mm-apis/metricquery/199493832?period=start%3D1767225600%2Cend%3D1767312000&metrics=errors'
  $ playq explain "$(playq url metricquery demo --last 24h --metrics latency --aggby timestamp)"`,
    )
    .action((url: string, flags: { json?: boolean; catalogue?: string }) => {
      const catalogue = loadCatalogue(flags.catalogue);
      const options = { catalogue, relative: true };
      const checked = flags.json ? checkQueryUrl(url, options) : undefined;
      if (checked?.ok === false) {
        ctx.out(`${safeJson({ ok: false, problems: checked.problems.map(diagnosticJson) }, 2)}\n`);
        return finish(EXIT.failure);
      }
      const { query, baseUrl } = checked ?? resolveQueryUrl(ctx, url, options);
      const canonical = toURL(query, { baseUrl });
      const code = builderCode(query);
      if (flags.json) {
        ctx.out(`${safeJson({ ok: true, query, canonical, code }, 2)}\n`);
      } else {
        const rows = describeQuery(query);
        const width = Math.max(...rows.map(([label]) => label.length));
        for (const [label, value] of rows) ctx.out(`${ctx.color.bold(label.padEnd(width))}  ${value}\n`);
        ctx.out(`\n${ctx.color.bold('canonical URL')}\n  ${canonical}\n`);
        if (canonical !== url)
          ctx.out(ctx.color.dim('  (differs from the URL given: same query, canonical spelling)\n'));
        ctx.out(`\n${ctx.color.bold('TypeScript')}\n${code.replace(/^(?=.)/gm, '  ')}`);
      }
      finish(EXIT.ok);
    });
}
