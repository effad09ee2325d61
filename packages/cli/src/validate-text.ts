// One mini-language text checked with @playq/query's `checkText` (the checks an editor shows), its
// diagnostics as the library words them (the same code, message, position and hint the library,
// the service and every MCP tool give), with its canonical form when it is valid: for `playq
// validate` and the MCP server's validate tool.
import {
  parseFilter,
  parsePeriod,
  parseQoeFilter,
  serializeFilter,
  serializePeriod,
  serializeQoeFilter,
} from '@playq/grammar';
import { type AnyCatalogue, checkText, type QueryDiagnostic } from '@playq/query';

/** The mini-languages a text can be checked as. */
export const TEXT_KINDS = ['filter', 'qoefilter', 'period'] as const;
export type Kind = (typeof TEXT_KINDS)[number];

export interface ValidateOutcome {
  readonly ok: boolean;
  readonly canonical: string | null;
  readonly warnings: readonly QueryDiagnostic[];
  readonly errors: readonly QueryDiagnostic[];
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
 * Checks one text of a mini-language, catalogue names included, without printing anything.
 *
 * @example
 * validateText('filter', '[contry=US]', DEFAULT_CATALOGUE);
 * // { ok: false, canonical: null, errors: [{ code: 'unknown_dimension', message: 'filter: … did you mean "country"?', hint: 'country', ... }] }
 */
export function validateText(kind: Kind, text: string, catalogue: AnyCatalogue): ValidateOutcome {
  const found = checkText(kind, text, { catalogue });
  const errors = found.filter((d) => d.severity === 'error');
  const warnings = found.filter((d) => d.severity === 'warning');
  const ok = errors.length === 0;
  return { ok, canonical: ok ? canonicalText(kind, text) : null, warnings, errors };
}
