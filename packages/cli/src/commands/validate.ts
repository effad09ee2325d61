// `playq validate filter|qoefilter|period <text>`: check one mini-language text with
// @playq/query's `checkText` (the same checks an editor shows), then print its canonical form or
// each diagnostic under the input with a caret. Names come from the catalogue, or from
// --metrics/--dimensions, so typos get a did-you-mean.
import {
  type Diagnostic,
  parseFilter,
  parsePeriod,
  parseQoeFilter,
  serializeFilter,
  serializePeriod,
  serializeQoeFilter,
} from '@playq/grammar';
import { type AnyCatalogue, checkText, type QueryDiagnostic } from '@playq/query';
import { Argument, type Command, Option } from 'commander';
import { parseList } from '../args';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import { EXIT } from '../errors';
import { diagnosticJson, lineColumn, renderDiagnostic } from '../format/diagnostics';
import { safeJson } from '../format/terminal-text';
import type { Context } from '../io';
import { namesCatalogue } from '../names-catalogue';
import type { Finish } from './command';

const KINDS = ['filter', 'qoefilter', 'period'] as const;
type Kind = (typeof KINDS)[number];

export interface ValidateOutcome {
  readonly ok: boolean;
  readonly canonical: string | null;
  readonly warnings: readonly Diagnostic[];
  readonly errors: readonly Diagnostic[];
}

// The canonical text of a text that checked clean.
function canonicalText(kind: Kind, text: string): string | null {
  const r =
    kind === 'filter' ? parseFilter(text) : kind === 'qoefilter' ? parseQoeFilter(text) : parsePeriod(text);
  if (!r.ok) return null;
  if (kind === 'filter') return serializeFilter(r.value as never);
  return kind === 'qoefilter' ? serializeQoeFilter(r.value as never) : serializePeriod(r.value as never);
}

/**
 * A query diagnostic about one text, in the grammar's shape the CLI prints: a grammar error as the
 * grammar worded it; a catalogue problem without its parameter prefix (the text is the parameter),
 * its did-you-mean said once, and the names it could have been as `expected`.
 */
function textDiagnostic(kind: Kind, text: string, d: QueryDiagnostic, catalogue: AnyCatalogue): Diagnostic {
  if (d.cause) return d.cause;
  const message = d.message.startsWith(`${kind}: `) ? d.message.slice(kind.length + 2) : d.message;
  const offset = d.offset ?? 0;
  const names =
    d.code === 'unknown_dimension'
      ? catalogue.dimensionNames
      : d.code === 'unknown_metric'
        ? catalogue.metricNames
        : undefined;
  return {
    code: d.code,
    message,
    severity: d.severity,
    offset,
    length: d.length ?? 0,
    ...lineColumn(text, offset),
    ...(names === undefined ? {} : { expected: [...names] }),
    ...(d.hint === undefined || message.includes(`"${d.hint}"`) ? {} : { hint: d.hint }),
  };
}

/**
 * Checks one text of a mini-language, catalogue names included, without printing anything.
 *
 * @example
 * validateText('filter', '[contry=US]', DEFAULT_CATALOGUE);
 * // { ok: false, canonical: null, errors: [{ code: 'unknown_dimension', message: '… did you mean "country"?', ... }] }
 */
export function validateText(kind: Kind, text: string, catalogue: AnyCatalogue): ValidateOutcome {
  const found = checkText(kind, text, { catalogue }).map((d) => ({
    severity: d.severity,
    diagnostic: textDiagnostic(kind, text, d, catalogue),
  }));
  const errors = found.filter((f) => f.severity === 'error').map((f) => f.diagnostic);
  const warnings = found.filter((f) => f.severity === 'warning').map((f) => f.diagnostic);
  const ok = errors.length === 0;
  return { ok, canonical: ok ? canonicalText(kind, text) : null, warnings, errors };
}

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
    .addArgument(new Argument('<kind>', 'what the text is').choices(KINDS))
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
