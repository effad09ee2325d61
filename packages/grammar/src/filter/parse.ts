// parseFilter: lex, parse, then turn tokens into the AST, its spans and the warnings, or turn the
// first syntax problem into a diagnostic with a filter-specific code.

import type { FilterAst, FilterClause, FilterSpans, Span } from '../ast';
import type { Diagnostic, ParseResult } from '../diagnostic';
import { diagnostic } from '../diagnostics';
import { notAString } from '../internal/not-a-string';
import { syntaxProblem } from '../internal/parser-errors';
import type { Token } from '../internal/token';
import { quoteForMessage } from '../text';
import { lexFilter } from './lexer';
import { type ClauseTokens, FilterParser } from './parser';

let parser: FilterParser | undefined;

/**
 * Parse a filter such as `[country=US|FR][platform=web]`. Never throws: a malformed filter gives
 * `{ ok: false, errors }` with the position of the first problem; a repeated value gives a
 * `duplicate_value` warning and is dropped from the AST.
 *
 * @example
 * ```ts
 * const r = parseFilter('[Country=United States|FR]');
 * // r.ok === true
 * // r.value: { type: 'filter', clauses: [{ type: 'clause', dimension: 'country', values: ['United States', 'FR'] }] }
 * ```
 */
export function parseFilter(text: string): ParseResult<FilterAst, FilterSpans> {
  if (typeof text !== 'string') return notAString(text);
  const tokens = lexFilter(text);
  parser ??= new FilterParser();
  parser.input = tokens;
  const clauses = parser.filter();
  const problem = syntaxProblem(parser.errors);
  if (problem !== undefined) {
    return {
      ok: false,
      errors: [syntaxDiagnostic(text, problem.expected, problem.found as Token | undefined, tokens)],
    };
  }
  return build(text, clauses);
}

function build(text: string, matched: ClauseTokens[]): ParseResult<FilterAst, FilterSpans> {
  const clauses: FilterClause[] = [];
  const spans: FilterSpans['clauses'][number][] = [];
  let warnings: Diagnostic[] | undefined;
  for (const m of matched) {
    const values: string[] = [];
    const valueSpans: Span[] = [];
    for (const v of m.values) {
      const value = (v as Token).payload as string;
      if (values.includes(value)) {
        warnings ??= [];
        warnings.push(
          diagnostic(text, {
            code: 'duplicate_value',
            severity: 'warning',
            message: `the value ${quoteForMessage(value)} is repeated in the clause on '${m.dimension.image}'; the repetition is ignored`,
            offset: v.startOffset,
            length: v.image.length,
          }),
        );
        continue;
      }
      values.push(value);
      valueSpans.push({ offset: v.startOffset, length: v.image.length });
    }
    const dim = m.dimension.image;
    clauses.push({ type: 'clause', dimension: dim.toLowerCase(), values });
    spans.push({
      clause: { offset: m.open.startOffset, length: m.close.startOffset + 1 - m.open.startOffset },
      dimension: { offset: m.dimension.startOffset, length: dim.length },
      values: valueSpans,
    });
  }
  return {
    ok: true,
    value: { type: 'filter', clauses },
    warnings: warnings ?? [],
    spans: { clauses: spans },
  };
}

function describe(t: Token | undefined): string {
  return t === undefined ? 'end of input' : quoteForMessage(t.image);
}

function syntaxDiagnostic(
  text: string,
  expected: string,
  found: Token | undefined,
  tokens: Token[],
): Diagnostic {
  if (found?.problem !== undefined) return diagnostic(text, found.problem);
  const offset = found === undefined ? text.length : found.startOffset;
  const length = found === undefined ? 0 : found.image.length;
  const what = describe(found);
  // The dimension of the clause being parsed, for messages.
  const prev = tokens.lastIndexOf(found as Token);
  const before = found === undefined ? tokens.length : prev;
  let dimension: string | undefined;
  for (let k = before - 1; k >= 0; k--) {
    const t = tokens[k]!;
    if (t.tokenType.name === 'Identifier') {
      dimension = t.image;
      break;
    }
    if (t.tokenType.name === 'LBracket') break;
  }
  const on = dimension === undefined ? '' : ` in the clause on '${dimension}'`;
  switch (expected) {
    case 'Identifier':
      if (found?.tokenType.name === 'RBracket') {
        return diagnostic(text, {
          code: 'empty_clause',
          message: "found an empty clause '[]', expected '[dimension=value]'",
          offset: offset - 1,
          length: 2,
          expected: ['dimension'],
        });
      }
      return diagnostic(text, {
        code: 'invalid_dimension',
        message: `found ${what}, expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)`,
        offset,
        length,
        expected: ['dimension'],
      });
    case 'Equals':
      return diagnostic(text, {
        code: 'missing_equals',
        message: `found ${what}, expected '=' after the dimension '${dimension ?? ''}'`,
        offset,
        length,
        expected: ['='],
      });
    case 'Value':
      return diagnostic(text, {
        code: 'empty_value',
        message: `found ${what}, expected a value${on}`,
        offset,
        length,
        expected: ['value'],
      });
    case 'RBracket':
      return diagnostic(text, {
        code: 'missing_bracket',
        message: `found ${what}, expected '|' or ']'${on}`,
        offset,
        length,
        expected: ['|', ']'],
      });
    default:
      // Early exit of the clause loop, or input left over after the last clause.
      if (found === undefined && tokens.length === 0) {
        return diagnostic(text, {
          code: 'empty_input',
          message: "the filter is empty, expected a clause such as '[country=US]'",
          offset,
          length,
          expected: ['['],
        });
      }
      return diagnostic(text, {
        code: 'expected_clause',
        message: `found ${what}, expected '[' to start a clause`,
        offset,
        length,
        expected: ['['],
      });
  }
}
