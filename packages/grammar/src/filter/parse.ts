// parseFilter: lex, parse, then turn tokens into the AST, its spans and the warnings, or turn the
// first syntax problem into a diagnostic with a filter-specific code.

import type { FilterAst, FilterSpans, Span } from '../ast';
import type { Diagnostic, ParseResult } from '../diagnostic';
import { diagnostic } from '../diagnostics';
import { notAString } from '../internal/not-a-string';
import { syntaxProblem } from '../internal/parser-errors';
import { type Token, TokenBuffer } from '../internal/token';
import { quoteForMessage } from '../text';
import { lexFilter } from './lexer';
import { FilterParser } from './parser';
import { Identifier, LBracket, RBracket, Value } from './tokens';

let parser: FilterParser | undefined;
const buffer = new TokenBuffer();

/**
 * Parse a filter such as `[country=US|FR][platform=web]`. Never throws: a malformed filter gives
 * `{ ok: false, errors }` with the position of the first problem; a repeated value gives a
 * `duplicate_value` warning and is dropped from the AST (beyond 100 repetitions, one warning
 * stands for the rest).
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
  const tokens = lexFilter(text, buffer);
  parser ??= new FilterParser();
  parser.input = tokens;
  const clauses = parser.filter();
  const problem = syntaxProblem<Token>(parser);
  if (problem !== undefined) {
    return { ok: false, errors: [syntaxDiagnostic(text, problem.expected, problem.found, tokens)] };
  }
  let warnings: Diagnostic[] = [];
  for (let k = 0; k < clauses.length; k++) {
    if (hasDuplicates(clauses[k]!.values)) {
      warnings = duplicateWarnings(text, tokens);
      for (let j = k; j < clauses.length; j++) {
        const c = clauses[j]!;
        clauses[j] = { type: 'clause', dimension: c.dimension, values: [...new Set(c.values)] };
      }
      break;
    }
  }
  return new FilterSuccess({ type: 'filter', clauses }, warnings, text);
}

// A success whose spans are computed on first read: most callers never look at them, and building
// them eagerly cost a fifth of the parse time (a third on 20-clause filters). `spans` is a getter
// on the prototype, so it is not an own property: spreading the result drops it, deep equality
// ignores it, and `toJSON` puts it back for JSON.
class FilterSuccess {
  readonly ok = true as const;
  #spans: FilterSpans | undefined;
  readonly #text: string;

  constructor(
    readonly value: FilterAst,
    readonly warnings: readonly Diagnostic[],
    text: string,
  ) {
    this.#text = text;
  }

  // The parse's tokens are not kept (that would hold twenty-odd objects per result); the text is
  // lexed again.
  get spans(): FilterSpans {
    this.#spans ??= spansOf(lexFilter(this.#text));
    return this.#spans;
  }

  toJSON(): unknown {
    return { ok: true, value: this.value, warnings: this.warnings, spans: this.spans };
  }
}

// A scan for short clauses (the usual case, and cheaper than a Set there); a Set beyond, so that a
// clause with tens of thousands of values stays linear.
function hasDuplicates(values: readonly string[]): boolean {
  if (values.length > 16) return new Set(values).size !== values.length;
  for (let i = 1; i < values.length; i++) if (values.indexOf(values[i]!) < i) return true;
  return false;
}

// Walks the tokens of a successful parse clause by clause; `seen` keeps the values of the current
// clause so that repetitions are skipped exactly as the AST drops them.
function walkValues(
  tokens: readonly Token[],
  onRepeat: (t: Token, dimension: string) => void,
  onClause?: (c: FilterSpans['clauses'][number]) => void,
): void {
  let open = 0;
  let dimension: Token | undefined;
  let seen = new Set<string>();
  let spans: Span[] = [];
  for (const t of tokens) {
    switch (t.tokenType) {
      case LBracket:
        open = t.startOffset;
        seen = new Set();
        spans = [];
        break;
      case Identifier:
        dimension = t;
        break;
      case Value:
        if (seen.has(t.payload as string)) onRepeat(t, dimension!.image);
        else {
          seen.add(t.payload as string);
          spans.push({ offset: t.startOffset, length: t.image.length });
        }
        break;
      case RBracket:
        onClause?.({
          clause: { offset: open, length: t.startOffset + 1 - open },
          dimension: { offset: dimension!.startOffset, length: dimension!.image.length },
          values: spans,
        });
    }
  }
}

function spansOf(tokens: readonly Token[]): FilterSpans {
  const clauses: FilterSpans['clauses'][number][] = [];
  walkValues(
    tokens,
    () => {},
    (c) => clauses.push(c),
  );
  return { clauses };
}

// Enough warnings to show the pattern; a clause that repeats one value 20,000 times would
// otherwise make 20,000 warning objects that every caller pays for and no reader wants.
const MAX_DUPLICATE_WARNINGS = 100;

function duplicateWarnings(text: string, tokens: readonly Token[]): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  let more = 0;
  let first: Token | undefined;
  walkValues(tokens, (t, dimension) => {
    if (warnings.length >= MAX_DUPLICATE_WARNINGS) {
      more += 1;
      first ??= t;
      return;
    }
    warnings.push(
      diagnostic(text, {
        code: 'duplicate_value',
        severity: 'warning',
        message: `the value ${quoteForMessage(t.payload as string)} is repeated in the clause on '${dimension}'; the repetition is ignored`,
        offset: t.startOffset,
        length: t.image.length,
      }),
    );
  });
  if (first !== undefined) {
    warnings.push(
      diagnostic(text, {
        code: 'duplicate_value',
        severity: 'warning',
        message: `${more} more repeated values from here on are ignored too (only the first ${MAX_DUPLICATE_WARNINGS} get a warning each)`,
        offset: first.startOffset,
        length: first.image.length,
      }),
    );
  }
  return warnings;
}

function describe(t: Token | undefined): string {
  return t === undefined ? 'end of input' : quoteForMessage(t.image);
}

// The dimension of the clause being parsed when `found` came (before the end when undefined), for
// messages: the last identifier since the clause's '['.
function clauseDimension(tokens: Token[], found: Token | undefined): string | undefined {
  const before = found === undefined ? tokens.length : tokens.lastIndexOf(found);
  for (let k = before - 1; k >= 0; k--) {
    const t = tokens[k]!;
    if (t.tokenType.name === 'Identifier') return t.image;
    if (t.tokenType.name === 'LBracket') return undefined;
  }
  return undefined;
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
  const dimension = clauseDimension(tokens, found);
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
