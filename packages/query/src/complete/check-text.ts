// Lint for one mini-language text on its own, as an editor shows it while typing: the grammar's
// diagnostics, then the catalogue's (unknown names with did-you-mean hints, repeated dimensions),
// each with the exact range it concerns.

import { parseFilter, parsePeriod, parseQoeFilter, type TextKind } from '@playq/grammar';
import type { QueryDiagnostic } from '../problem-code';
import { checkFilter, checkQoeFilter } from '../validate/check-filters';
import { fromGrammar } from '../validate/diagnostics';

/**
 * Every problem with a filter, qoefilter or period text, each positioned inside the text
 * (`offset`, `length`) with the service's problem code and, for a misspelled name, a `hint`.
 * An empty array means the text is valid.
 *
 * @example
 * checkText('filter', '[contry=US]');
 * // [{ code: 'unknown_dimension', offset: 1, length: 6, hint: 'country', message: '…', … }]
 */
export function checkText(kind: TextKind, text: string): QueryDiagnostic[] {
  const s = typeof text === 'string' ? text : '';
  const out: QueryDiagnostic[] = [];
  if (kind === 'filter') {
    const r = parseFilter(s);
    if (!r.ok) return r.errors.map((d) => fromGrammar('invalid_filter', 'filter', d));
    for (const w of r.warnings) out.push(fromGrammar('invalid_filter', 'filter', w));
    checkFilter(r.value, r.spans, out, () => {});
  } else if (kind === 'qoefilter') {
    const r = parseQoeFilter(s);
    if (!r.ok) return r.errors.map((d) => fromGrammar('invalid_qoefilter', 'qoefilter', d));
    for (const w of r.warnings) out.push(fromGrammar('invalid_qoefilter', 'qoefilter', w));
    checkQoeFilter(r.value, r.spans, out);
  } else if (kind === 'period') {
    const r = parsePeriod(s);
    if (!r.ok) return r.errors.map((d) => fromGrammar('invalid_period', 'period', d));
    for (const w of r.warnings) out.push(fromGrammar('invalid_period', 'period', w));
  }
  return out;
}
