// The throwing variants, for callers that treat bad input as a bug (tests, scripts, constants).

import type { FilterAst, PeriodAst, QoeFilterAst } from './ast';
import { GrammarError } from './diagnostics';
import { parseFilter } from './filter/parse';
import { parsePeriod } from './period/parse';
import { parseQoeFilter } from './qoefilter/parse';

/**
 * {@link parseFilter}, returning the AST or throwing a {@link GrammarError}.
 *
 * @example
 * ```ts
 * parseFilterOrThrow('[country=US]').clauses[0].values; // ['US']
 * parseFilterOrThrow('[country]'); // throws GrammarError (missing_equals)
 * ```
 */
export function parseFilterOrThrow(text: string): FilterAst {
  const r = parseFilter(text);
  if (!r.ok) throw new GrammarError('filter', String(text), r.errors);
  return r.value;
}

/**
 * {@link parseQoeFilter}, returning the AST or throwing a {@link GrammarError}.
 *
 * @example
 * ```ts
 * parseQoeFilterOrThrow('latency<2').conditions[0].value; // 2
 * ```
 */
export function parseQoeFilterOrThrow(text: string): QoeFilterAst {
  const r = parseQoeFilter(text);
  if (!r.ok) throw new GrammarError('qoefilter', String(text), r.errors);
  return r.value;
}

/**
 * {@link parsePeriod}, returning the AST or throwing a {@link GrammarError}.
 *
 * @example
 * ```ts
 * parsePeriodOrThrow('start=0,end=60'); // { type: 'period', start: 0, end: 60 }
 * ```
 */
export function parsePeriodOrThrow(text: string): PeriodAst {
  const r = parsePeriod(text);
  if (!r.ok) throw new GrammarError('period', String(text), r.errors);
  return r.value;
}
