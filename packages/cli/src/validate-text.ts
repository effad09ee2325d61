// One mini-language text checked with @playq/query's `checkText` (the checks an editor shows) and
// put in the grammar's diagnostic shape the CLI prints, with its canonical form when it is valid:
// for `playq validate` and the MCP server's validate tool.
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
import { lineColumn } from './format/diagnostics';

/** The mini-languages a text can be checked as. */
export const TEXT_KINDS = ['filter', 'qoefilter', 'period'] as const;
export type Kind = (typeof TEXT_KINDS)[number];

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
