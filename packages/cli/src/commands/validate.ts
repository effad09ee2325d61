// `playq validate filter|qoefilter|period <text>`: parse one mini-language text, print its
// canonical form or each diagnostic under the input with a caret; names are checked against the
// catalogue (or the names given with --metrics/--dimensions) so typos get a did-you-mean.
import {
  type Diagnostic,
  parseFilter,
  parsePeriod,
  parseQoeFilter,
  serializeFilter,
  serializePeriod,
  serializeQoeFilter,
} from '@playq/grammar';
import { unknownNameMessage } from '@playq/query';
import { Argument, type Command, Option } from 'commander';
import { parseList } from '../args';
import { catalogueOption, loadCatalogue } from '../catalogue-file';
import { EXIT } from '../errors';
import { diagnosticJson, lineColumn, renderDiagnostic } from '../format/diagnostics';
import { safeJson } from '../format/terminal-text';
import type { Context } from '../io';
import type { Finish } from '../program';

const KINDS = ['filter', 'qoefilter', 'period'] as const;
type Kind = (typeof KINDS)[number];

export interface ValidateOutcome {
  readonly ok: boolean;
  readonly canonical: string | null;
  readonly warnings: readonly Diagnostic[];
  readonly errors: readonly Diagnostic[];
}

interface Known {
  readonly metrics: readonly string[];
  readonly dimensions: readonly string[];
}

function unknownName(
  text: string,
  code: string,
  what: string,
  name: string,
  span: { offset: number; length: number },
  known: readonly string[],
): Diagnostic {
  // The wording (and its did-you-mean) is the query package's, the same as everywhere else.
  const { message } = unknownNameMessage(what, name, known);
  return {
    code,
    message,
    severity: 'error',
    offset: span.offset,
    length: span.length,
    ...lineColumn(text, span.offset),
    expected: [...known],
  };
}

/**
 * Validates one text of a mini-language, including catalogue names, without printing anything.
 *
 * @example
 * validateText('filter', '[contry=US]', { metrics: METRICS, dimensions: DIMENSIONS });
 * // { ok: false, canonical: null, errors: [{ code: 'unknown_dimension', hint: 'did you mean "country"?', ... }] }
 */
export function validateText(kind: Kind, text: string, known: Known): ValidateOutcome {
  switch (kind) {
    case 'filter': {
      const r = parseFilter(text);
      if (!r.ok) return { ok: false, canonical: null, warnings: [], errors: r.errors };
      const errors = r.value.clauses.flatMap((clause, i) =>
        known.dimensions.includes(clause.dimension)
          ? []
          : [
              unknownName(
                text,
                'unknown_dimension',
                'dimension',
                clause.dimension,
                r.spans.clauses[i]!.dimension,
                known.dimensions,
              ),
            ],
      );
      return {
        ok: errors.length === 0,
        canonical: errors.length ? null : serializeFilter(r.value),
        warnings: r.warnings,
        errors,
      };
    }
    case 'qoefilter': {
      const r = parseQoeFilter(text);
      if (!r.ok) return { ok: false, canonical: null, warnings: [], errors: r.errors };
      const errors = r.value.conditions.flatMap((condition, i) =>
        known.metrics.includes(condition.metric)
          ? []
          : [
              unknownName(
                text,
                'unknown_metric',
                'metric',
                condition.metric,
                r.spans.conditions[i]!.metric,
                known.metrics,
              ),
            ],
      );
      return {
        ok: errors.length === 0,
        canonical: errors.length ? null : serializeQoeFilter(r.value),
        warnings: r.warnings,
        errors,
      };
    }
    case 'period': {
      const r = parsePeriod(text);
      if (!r.ok) return { ok: false, canonical: null, warnings: [], errors: r.errors };
      return { ok: true, canonical: serializePeriod(r.value), warnings: r.warnings, errors: [] };
    }
  }
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
      const catalogue = loadCatalogue(flags.catalogue);
      const known: Known = {
        metrics: flags.metrics ?? catalogue.metricNames,
        dimensions: flags.dimensions ?? catalogue.dimensionNames,
      };
      const outcome = validateText(kind, text, known);
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
