// The grammar parsers the builder's text methods use (`where(text)`, `having(text)`,
// `period(text)`), passed in rather than imported, so the builder-only entry can leave the
// chevrotain parsers out of a browser bundle and say so when text is given to it.
import type { Diagnostic, FilterAst, PeriodAst, QoeFilterAst } from '@playq/grammar';

/** The grammar's parsers, as the builder and the parameter table's grammar-backed rows use them. */
export interface TextParsers {
  readonly filter: (text: string) => Parsed<FilterAst>;
  readonly qoefilter: (text: string) => Parsed<QoeFilterAst>;
  readonly period: (text: string) => Parsed<PeriodAst>;
}

/** What the builder reads of a parse result. */
export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: readonly Diagnostic[] };

const unavailable = (what: string) => (text: string) => {
  const error: Diagnostic = Object.freeze({
    code: 'text_parsing_unavailable',
    message: `${what} text is not parsed by the builder-only entry (@playq/query/builder): use the structured call, or import from @playq/query.`,
    severity: 'error',
    offset: 0,
    length: text.length,
    line: 1,
    column: 1,
  });
  return { ok: false as const, errors: Object.freeze([error]) };
};

/** Parsers that parse nothing: text is kept as written (the URL carries it) and marked invalid. @internal */
export const NO_TEXT_PARSERS: TextParsers = Object.freeze({
  filter: unavailable('filter'),
  qoefilter: unavailable('qoefilter'),
  period: unavailable('period'),
});
