// Lint for one mini-language text on its own, as an editor shows it while typing: the grammar's
// diagnostics, then the catalogue's (unknown names with did-you-mean hints, repeated dimensions),
// each with the exact range it concerns.

import {
  type Diagnostic,
  type FilterAst,
  type PeriodAst,
  parseFilter,
  parsePeriod,
  parseQoeFilter,
  type QoeFilterAst,
  type TextKind,
  tokenSpans,
} from '@playq/grammar';
import { isDimension, isMetric } from '../catalogue/catalogue';
import { DEFAULT_CATALOGUE } from '../catalogue/default-catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { unknownNameMessage } from '../catalogue/suggest-name';
import { DEFAULT_LIMITS } from '../limits';
import type { QueryNode } from '../model';
import type { QueryDiagnostic } from '../problem-code';
import { checkFilter, checkQoeFilter } from '../validate/check-filters';
import type { Context } from '../validate/context';
import { fromGrammar, problem } from '../validate/diagnostics';

// While a text is still being typed it rarely parses; names already written before the first
// grammar error are checked anyway, so a misspelling shows at once (`[contry=US` not yet closed).
function unknownNamesBefore(
  kind: 'filter' | 'qoefilter',
  text: string,
  errors: readonly Diagnostic[],
  catalogue: AnyCatalogue,
) {
  const end = Math.min(...errors.map((e) => e.offset));
  const role = kind === 'filter' ? 'dimension' : 'metric';
  const out: QueryDiagnostic[] = [];
  for (const s of tokenSpans(kind, text)) {
    if (s.role !== role || s.to > end) continue;
    const name = text.slice(s.from, s.to);
    const lower = name.toLowerCase();
    const known = kind === 'filter' ? isDimension(lower, catalogue) : isMetric(lower, catalogue);
    if (known) continue;
    const names = kind === 'filter' ? catalogue.dimensionNames : catalogue.metricNames;
    const unknown = unknownNameMessage(kind === 'filter' ? 'dimension' : 'metric', name, names);
    const hint = unknown.hint;
    const message = `${kind}: ${unknown.message}`;
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

// Validation's context for a text on its own: no other parameter to combine with.
function textContext(catalogue: AnyCatalogue): Context {
  const q = { type: 'query', endpoint: 'metricquery', metrics: [], aggby: [] } as unknown as QueryNode;
  const empty: string[] = [];
  return {
    q,
    catalogue,
    limits: DEFAULT_LIMITS,
    out: [],
    session: false,
    timeseries: false,
    numeric: empty,
    fields: empty,
    dims: empty,
    spans: {},
  };
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
export function checkText(
  kind: TextKind,
  text: string,
  options: { readonly catalogue?: AnyCatalogue } = {},
): QueryDiagnostic[] {
  return readText(kind, text, options).diagnostics;
}

/** What a text reads as: the grammar's AST when it parses (`undefined` otherwise), and `checkText`'s problems. */
export interface TextReading {
  readonly value: FilterAst | QoeFilterAst | PeriodAst | undefined;
  readonly diagnostics: QueryDiagnostic[];
}

/** `checkText` keeping the AST it parsed, for callers that need the value too. @internal */
export function readText(
  kind: TextKind,
  text: string,
  options: { readonly catalogue?: AnyCatalogue } = {},
): TextReading {
  const s = typeof text === 'string' ? text : '';
  const catalogue = options.catalogue ?? DEFAULT_CATALOGUE;
  const cx = textContext(catalogue);
  const out = cx.out;
  if (kind === 'filter') {
    const r = parseFilter(s);
    if (!r.ok)
      return failed([
        ...unknownNamesBefore(kind, s, r.errors, catalogue),
        ...r.errors.map((d) => fromGrammar('invalid_filter', 'filter', d)),
      ]);
    for (const w of r.warnings) out.push(fromGrammar('invalid_filter', 'filter', w));
    checkFilter(
      cx,
      r.value,
      () => r.spans,
      () => {},
    );
    return { value: r.value, diagnostics: out };
  }
  if (kind === 'qoefilter') {
    const r = parseQoeFilter(s);
    if (!r.ok)
      return failed([
        ...unknownNamesBefore(kind, s, r.errors, catalogue),
        ...r.errors.map((d) => fromGrammar('invalid_qoefilter', 'qoefilter', d)),
      ]);
    for (const w of r.warnings) out.push(fromGrammar('invalid_qoefilter', 'qoefilter', w));
    checkQoeFilter(cx, r.value, () => r.spans);
    return { value: r.value, diagnostics: out };
  }
  if (kind === 'period') {
    const r = parsePeriod(s);
    if (!r.ok) return failed(r.errors.map((d) => fromGrammar('invalid_period', 'period', d)));
    for (const w of r.warnings) out.push(fromGrammar('invalid_period', 'period', w));
    return { value: r.value, diagnostics: out };
  }
  return { value: undefined, diagnostics: out };
}

const failed = (diagnostics: QueryDiagnostic[]): TextReading => ({ value: undefined, diagnostics });
