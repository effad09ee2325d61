// `playq validate filter|qoefilter|period <text>`: check one mini-language text with
// @playq/query's `checkText` (the same checks an editor shows), then print its canonical form or
// each diagnostic under the input with a caret. Names come from the catalogue, or from
// --metrics/--dimensions, so typos get a did-you-mean.
import { Argument, type Command, Option } from 'commander';
import { parseList } from '../args';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import { EXIT } from '../errors';
import { diagnosticJson, renderDiagnostic } from '../format/diagnostics';
import { safeJson } from '../format/terminal-text';
import type { Context } from '../io';
import { namesCatalogue } from '../names-catalogue';
import { type Kind, TEXT_KINDS, validateText } from '../validate-text';
import type { Finish } from './command';

interface ValidateFlags {
  readonly json?: boolean;
  readonly metrics?: string[];
  readonly dimensions?: string[];
  readonly catalogue?: string;
}

/** @internal */
export function registerValidate(program: Command, ctx: Context, finish: Finish): void {
  program
    .command('validate')
    .description(
      'Check a filter, qoefilter or period text; print its canonical form or what is wrong and where.',
    )
    .addOption(new Option('--json', 'print { ok, canonical, warnings, errors } as JSON'))
    .addOption(
      new Option('--metrics <names>', 'metric names to accept instead of the catalogue').argParser(parseList),
    )
    .addOption(
      new Option('--dimensions <names>', 'dimension names to accept instead of the catalogue').argParser(
        parseList,
      ),
    )
    .addOption(catalogueOption())
    .addArgument(new Argument('<kind>', 'what the text is').choices(TEXT_KINDS))
    .argument('<text>', 'the text to check (quote it for the shell)')
    .addHelpText(
      'after',
      `
Exit code 0 when valid, 1 when not, 2 on bad usage.

Examples:
  $ playq validate filter '[country=US|FR][platform=ios]'
  $ playq validate filter '[contry=US]'            # unknown dimension, did you mean "country"?
  $ playq validate qoefilter 'bufferingratio>5 and latency<=2.5'
  $ playq validate period 'end=1767312000,start=1767225600'
  $ playq validate filter '[country=US' --json`,
    )
    .action((kind: Kind, text: string, flags: ValidateFlags) => {
      const catalogue = namesCatalogue(loadCatalogue(flags.catalogue), flags);
      const outcome = validateText(kind, text, catalogue);
      if (flags.json) {
        ctx.out(
          `${safeJson(
            {
              ok: outcome.ok,
              canonical: outcome.canonical,
              warnings: outcome.warnings.map(diagnosticJson),
              errors: outcome.errors.map(diagnosticJson),
            },
            2,
          )}\n`,
        );
      } else {
        for (const w of outcome.warnings) ctx.err(renderDiagnostic(text, w, ctx.errColor));
        for (const e of outcome.errors) ctx.err(renderDiagnostic(text, e, ctx.errColor));
        if (outcome.ok) ctx.out(`${outcome.canonical}\n`);
      }
      finish(outcome.ok ? EXIT.ok : EXIT.failure);
    });
}
