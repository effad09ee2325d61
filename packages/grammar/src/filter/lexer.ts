// The filter lexer: a charCodeAt scanner that follows the clause structure, because what a
// character means depends on where it is (`=` separates a dimension from its values but is plain
// text inside a value). It stops after the first token the parser cannot accept, so the parser
// reports that token with its context.

import { type LexProblem, type Token, TokenBuffer } from '../internal/token';
import { isControl, isIdentPart, isIdentStart, isPairedSurrogate, isSpace, quoteForMessage } from '../text';
import { Equals, Identifier, Invalid, LBracket, Pipe, RBracket, Value } from './tokens';

const QUOTE = 34;
const BACKSLASH = 92;
const EQUALS_C = 61;
const LBRACKET_C = 91;
const RBRACKET_C = 93;
const PIPE_C = 124;

/** @internal */
export function lexFilter(text: string, out: TokenBuffer = new TokenBuffer()): Token[] {
  out.reset();
  const n = text.length;
  let i = 0;
  for (;;) {
    // Between clauses.
    let c = text.charCodeAt(i);
    while (i < n && isSpace(c)) c = text.charCodeAt(++i);
    if (i >= n) return out.finish();
    if (c !== LBRACKET_C) {
      out.invalid(Invalid, text, i);
      return out.finish();
    }
    out.push(LBracket, '[', i);
    c = text.charCodeAt(++i);

    // The dimension and '='.
    if (!isIdentStart(c)) {
      if (c === RBRACKET_C) out.push(RBracket, ']', i);
      else if (i < n) out.invalid(Invalid, text, i);
      return out.finish();
    }
    let j = i + 1;
    while (j < n && isIdentPart(text.charCodeAt(j))) j++;
    out.push(Identifier, text.slice(i, j), i);
    i = j;
    c = text.charCodeAt(i);
    if (c !== EQUALS_C) {
      if (c === RBRACKET_C) out.push(RBracket, ']', i);
      else if (i < n) out.invalid(Invalid, text, i);
      return out.finish();
    }
    out.push(Equals, '=', i);
    i++;

    // Values separated by '|', up to ']'.
    for (;;) {
      if (i >= n) return out.finish();
      c = text.charCodeAt(i);
      if (c === QUOTE) {
        i = lexQuoted(text, i, out);
        if (i < 0) return out.finish();
      } else {
        j = plainValueEnd(text, i);
        if (j === i) {
          // Nothing to take: an empty value before '|' or ']' (the parser says so), or a
          // character that cannot start a value.
          if (c === PIPE_C) out.push(Pipe, '|', i);
          else if (c === RBRACKET_C) out.push(RBracket, ']', i);
          else out.invalid(Invalid, text, i, valueProblem(text, i));
          return out.finish();
        }
        out.push(Value, text.slice(i, j), i);
        i = j;
      }
      if (i >= n) return out.finish();
      c = text.charCodeAt(i);
      if (c === PIPE_C) {
        out.push(Pipe, '|', i);
        i++;
      } else if (c === RBRACKET_C) {
        out.push(RBracket, ']', i);
        i++;
        break;
      } else {
        out.invalid(Invalid, text, i, valueProblem(text, i));
        return out.finish();
      }
    }
  }
}

// Where the plain (unquoted) value starting at `i` ends: at the first character it cannot hold
// (a delimiter, a quote or backslash, a control character, a lone surrogate) or at the end.
function plainValueEnd(text: string, i: number): number {
  const n = text.length;
  let j = i;
  let d = text.charCodeAt(j);
  while (
    d !== RBRACKET_C &&
    d !== PIPE_C &&
    d !== LBRACKET_C &&
    d !== QUOTE &&
    d !== BACKSLASH &&
    d >= 32 &&
    (d < 127 || d > 159) &&
    (d < 0xd800 || d > 0xdfff || isPairedSurrogate(text, j))
  ) {
    if (++j === n) break;
    d = text.charCodeAt(j);
  }
  return j;
}

// A character inside or right after a value that a plain value cannot hold. Characters that are
// merely unexpected after a quoted value get no problem, so the parser reports a missing ']'.
function valueProblem(text: string, i: number): LexProblem | undefined {
  const c = text.charCodeAt(i);
  if (c === LBRACKET_C || c === QUOTE || c === BACKSLASH) {
    return {
      code: 'reserved_character',
      message: `found ${quoteForMessage(text.charAt(i))} in a value; a value that contains '[', '"' or '\\' must be written in double quotes`,
      offset: i,
      length: 1,
      expected: ['|', ']'],
    };
  }
  if (isControl(c) || (c >= 0xd800 && c <= 0xdfff && !isPairedSurrogate(text, i)))
    return invalidCharacter(text, i);
  return undefined;
}

function invalidCharacter(text: string, i: number): LexProblem {
  const c = text.charCodeAt(i);
  const what = isControl(c) ? 'control character' : 'unpaired surrogate';
  return {
    code: 'invalid_character',
    message: `found the ${what} ${quoteForMessage(text.charAt(i))}, which no value may contain`,
    offset: i,
    length: 1,
  };
}

// A double-quoted value with `\"` and `\\` escapes. Writes a Value token and returns the offset
// after the closing quote, or writes an Invalid token carrying the problem (unterminated, bad
// escape, control character) and returns -1.
function lexQuoted(text: string, start: number, out: TokenBuffer): number {
  const n = text.length;
  let decoded = '';
  let chunk = start + 1;
  let i = start + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      decoded += text.slice(chunk, i);
      if (decoded.length === 0) {
        out.invalid(Invalid, text, start, {
          code: 'empty_value',
          message: 'found an empty quoted value "", expected at least one character',
          offset: start,
          length: 2,
        });
        return -1;
      }
      out.push(Value, text.slice(start, i + 1), start, decoded);
      return i + 1;
    }
    if (c === BACKSLASH) {
      const e = text.charCodeAt(i + 1);
      if (e !== QUOTE && e !== BACKSLASH) {
        out.invalid(Invalid, text, i, {
          code: 'invalid_escape',
          message:
            i + 1 >= n
              ? "found '\\' at the end of input, expected '\\\"' or '\\\\'"
              : `found the escape ${quoteForMessage(text.slice(i, i + 2))}, expected '\\"' or '\\\\'`,
          offset: i,
          length: Math.min(2, n - i),
          expected: ['\\"', '\\\\'],
        });
        return -1;
      }
      decoded += text.slice(chunk, i);
      chunk = i + 1; // keep the escaped character, drop the backslash
      i += 2;
      continue;
    }
    if (isControl(c) || (c >= 0xd800 && c <= 0xdfff && !isPairedSurrogate(text, i))) {
      out.invalid(Invalid, text, i, invalidCharacter(text, i));
      return -1;
    }
    i++;
  }
  out.invalid(Invalid, text, start, {
    code: 'unterminated_quote',
    message: `found end of input inside the quoted value that starts at offset ${start}, expected '"'`,
    offset: n,
    length: 0,
    expected: ['"'],
  });
  return -1;
}
