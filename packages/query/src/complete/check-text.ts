// Lint for one mini-language text on its own, as an editor shows it while typing: the grammar's
// diagnostics, then the catalogue's (unknown names with did-you-mean hints, repeated dimensions),
// each with the exact range it concerns.

import {
  type Diagnostic,
  parseFilter,
  parsePeriod,
  parseQoeFilter,
  type TextKind,
  tokenSpans,
} from '@playq/grammar';
import { CATALOGUE, isDimension, isMetric } from '../catalogue/catalogue';
import { suggestName } from '../catalogue/suggest-name';
import type { QueryDiagnostic } from '../problem-code';
import { checkFilter, checkQoeFilter } from '../validate/check-filters';
import { fromGrammar, problem } from '../validate/diagnostics';

// While a text is still being typed it rarely parses; names already written before the first
// grammar error are checked anyway, so a misspelling shows at once (`[contry=US` not yet closed).
function unknownNamesBefore(kind: 'filter' | 'qoefilter', text: string, errors: readonly Diagnostic[]) {
  const end = Math.min(...errors.map((e) => e.offset));
  const role = kind === 'filter' ? 'dimension' : 'metric';
  const out: QueryDiagnostic[] = [];
  for (const s of tokenSpans(kind, text)) {
    if (s.role !== role || s.to > end) continue;
    const name = text.slice(s.from, s.to);
    const known = kind === 'filter' ? isDimension(name.toLowerCase()) : isMetric(name.toLowerCase());
    if (known) continue;
    const names = kind === 'filter' ? CATALOGUE.dimensionNames : CATALOGUE.metricNames;
    const hint = suggestName(name, names);
    const what = kind === 'filter' ? 'dimension' : 'metric';
    const message = `${kind}: unknown ${what} "${name}"${hint === undefined ? '.' : `; did you mean "${hint}"?`}`;
    const code = kind === 'filter' ? 'unknown_dimension' : 'unknown_metric';
    out.push(
      problem(code, kind, message, {
        offset: s.from,
        length: s.to - s.from,
        line: 1,
        column: s.from + 1,
        hint,
      }),
    );
  }
  return out;
}

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
    if (!r.ok)
      return [
        ...unknownNamesBefore(kind, s, r.errors),
        ...r.errors.map((d) => fromGrammar('invalid_filter', 'filter', d)),
      ];
    for (const w of r.warnings) out.push(fromGrammar('invalid_filter', 'filter', w));
    checkFilter(r.value, r.spans, out, () => {});
  } else if (kind === 'qoefilter') {
    const r = parseQoeFilter(s);
    if (!r.ok)
      return [
        ...unknownNamesBefore(kind, s, r.errors),
        ...r.errors.map((d) => fromGrammar('invalid_qoefilter', 'qoefilter', d)),
      ];
    for (const w of r.warnings) out.push(fromGrammar('invalid_qoefilter', 'qoefilter', w));
    checkQoeFilter(r.value, r.spans, out);
  } else if (kind === 'period') {
    const r = parsePeriod(s);
    if (!r.ok) return r.errors.map((d) => fromGrammar('invalid_period', 'period', d));
    for (const w of r.warnings) out.push(fromGrammar('invalid_period', 'period', w));
  }
  return out;
}
