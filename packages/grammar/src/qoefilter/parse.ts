// parseQoeFilter: lex, parse, build the AST and spans, or explain the first problem.

import type { ComparisonOperator, QoeCondition, QoeFilterAst, QoeFilterSpans } from '../ast';
import type { Diagnostic, ParseResult } from '../diagnostic';
import { diagnostic } from '../diagnostics';
import { notAString } from '../internal/not-a-string';
import { syntaxProblem } from '../internal/parser-errors';
import { type Token, TokenBuffer } from '../internal/token';
import { quoteForMessage } from '../text';
import { lexQoeFilter } from './lexer';
import { COMPARISON_OPERATORS } from './operators';
import { type ConditionTokens, QoeFilterParser } from './parser';

let parser: QoeFilterParser | undefined;
const buffer = new TokenBuffer();

/**
 * Parse a qoefilter such as `bufferingratio>5 AND latency<=2.5`. `AND` may be in any case and
 * whitespace between tokens is free. Never throws.
 *
 * @example
 * ```ts
 * const r = parseQoeFilter('bufferingratio > 5 and latency<=2.50');
 * // r.ok === true; serializeQoeFilter(r.value) === 'bufferingratio>5 AND latency<=2.5'
 * ```
 */
export function parseQoeFilter(text: string): ParseResult<QoeFilterAst, QoeFilterSpans> {
  if (typeof text !== 'string') return notAString(text);
  const tokens = lexQoeFilter(text, buffer);
  parser ??= new QoeFilterParser();
  parser.input = tokens;
  const matched = parser.qoefilter();
  const problem = syntaxProblem<Token>(parser);
  if (problem !== undefined) {
    return {
      ok: false,
      errors: [syntaxDiagnostic(text, problem.expected, problem.found, tokens)],
    };
  }
  const conditions: QoeCondition[] = [];
  const spans: QoeFilterSpans['conditions'][number][] = [];
  for (const m of matched as ConditionTokens[]) {
    const value = (m.value as Token).payload as number;
    conditions.push({
      type: 'condition',
      metric: m.metric.image.toLowerCase(),
      operator: m.operator.image as ComparisonOperator,
      value,
    });
    const start = m.metric.startOffset;
    spans.push({
      condition: { offset: start, length: m.value.startOffset + m.value.image.length - start },
      metric: { offset: start, length: m.metric.image.length },
      operator: { offset: m.operator.startOffset, length: m.operator.image.length },
      value: { offset: m.value.startOffset, length: m.value.image.length },
    });
  }
  return { ok: true, value: { type: 'qoefilter', conditions }, warnings: [], spans: { conditions: spans } };
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
  const what = found === undefined ? 'end of input' : quoteForMessage(found.image);
  switch (expected) {
    case 'Identifier':
      if (tokens.length === 0) {
        return diagnostic(text, {
          code: 'empty_input',
          message: "the qoefilter is empty, expected a condition such as 'bufferingratio>5'",
          offset,
          length,
          expected: ['metric'],
        });
      }
      return diagnostic(text, {
        code: 'invalid_metric',
        message: `found ${what}, expected a metric name`,
        offset,
        length,
        expected: ['metric'],
      });
    case 'Operator':
      return diagnostic(text, {
        code: 'missing_operator',
        message: `found ${what}, expected a comparison operator after the metric`,
        offset,
        length,
        expected: [...COMPARISON_OPERATORS],
      });
    case 'Number':
      return diagnostic(text, {
        code: 'invalid_number',
        message: `found ${what}, expected a number such as 5, -2.5 or 1e3`,
        offset,
        length,
        expected: ['number'],
      });
    default: {
      const or = found !== undefined && found.image.toLowerCase() === 'or';
      return diagnostic(text, {
        code: 'expected_and',
        message: or
          ? `found ${what}; conditions can only be joined by 'AND'`
          : `found ${what}, expected 'AND' or the end of the qoefilter`,
        offset,
        length,
        expected: ['AND'],
      });
    }
  }
}
