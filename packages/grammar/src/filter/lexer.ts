// The filter lexer: a charCodeAt scanner with four modes, because what a character means depends on
// where it is (`=` is a separator after a dimension but plain text inside a value). It stops after
// the first token the parser cannot accept, so the parser reports that token with its context.

import { invalidToken, type LexProblem, type Token, token } from '../internal/token';
import { isControl, isIdentPart, isIdentStart, isPairedSurrogate, isSpace, quoteForMessage } from '../text';
import { Equals, Identifier, Invalid, LBracket, Pipe, RBracket, Value } from './tokens';

const OUTSIDE = 0; // between clauses
const DIMENSION = 1; // after '['
const EQUALS = 2; // after the dimension
const VALUE = 3; // after '=' or '|'
const AFTER_VALUE = 4; // after a value

const QUOTE = 34;
const BACKSLASH = 92;
const LBRACKET_C = 91;
const RBRACKET_C = 93;
const PIPE_C = 124;

/** @internal */
export function lexFilter(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let mode = OUTSIDE;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    switch (mode) {
      case OUTSIDE:
        if (isSpace(c)) {
          i++;
          continue;
        }
        if (c !== LBRACKET_C) {
          tokens.push(invalidToken(Invalid, text, i));
          return tokens;
        }
        tokens.push(token(LBracket, '[', i, i + 1));
        i++;
        mode = DIMENSION;
        continue;
      case DIMENSION: {
        if (!isIdentStart(c)) {
          tokens.push(c === RBRACKET_C ? token(RBracket, ']', i, i + 1) : invalidToken(Invalid, text, i));
          return tokens;
        }
        let j = i + 1;
        while (j < n && isIdentPart(text.charCodeAt(j))) j++;
        tokens.push(token(Identifier, text.slice(i, j), i, j));
        i = j;
        mode = EQUALS;
        continue;
      }
      case EQUALS:
        if (c !== 61) {
          tokens.push(c === RBRACKET_C ? token(RBracket, ']', i, i + 1) : invalidToken(Invalid, text, i));
          return tokens;
        }
        tokens.push(token(Equals, '=', i, i + 1));
        i++;
        mode = VALUE;
        continue;
      case VALUE: {
        if (c === QUOTE) {
          const t = lexQuoted(text, i);
          tokens.push(t);
          if (t.problem !== undefined) return tokens;
          i = t.endOffset + 1;
          mode = AFTER_VALUE;
          continue;
        }
        let j = i;
        let d = c;
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
          j++;
          if (j === n) break;
          d = text.charCodeAt(j);
        }
        if (j === i) {
          // Nothing to take: an empty value before '|' or ']' (the parser says so), or a character
          // that cannot start a value.
          if (c === PIPE_C) tokens.push(token(Pipe, '|', i, i + 1));
          else if (c === RBRACKET_C) tokens.push(token(RBracket, ']', i, i + 1));
          else tokens.push(invalidToken(Invalid, text, i, valueProblem(text, i)));
          return tokens;
        }
        const image = text.slice(i, j);
        tokens.push(token(Value, image, i, j));
        i = j;
        mode = AFTER_VALUE;
        continue;
      }
      default:
        if (c === PIPE_C) {
          tokens.push(token(Pipe, '|', i, i + 1));
          mode = VALUE;
        } else if (c === RBRACKET_C) {
          tokens.push(token(RBracket, ']', i, i + 1));
          mode = OUTSIDE;
        } else {
          tokens.push(invalidToken(Invalid, text, i, valueProblem(text, i)));
          return tokens;
        }
        i++;
    }
  }
  return tokens;
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

// A double-quoted value with `\"` and `\\` escapes. Returns a Value token, or an Invalid token
// carrying the problem (unterminated, bad escape, control character).
function lexQuoted(text: string, start: number): Token {
  const n = text.length;
  let out = '';
  let chunk = start + 1;
  let i = start + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      out += text.slice(chunk, i);
      if (out.length === 0) {
        return invalidToken(Invalid, text, start, {
          code: 'empty_value',
          message: 'found an empty quoted value "", expected at least one character',
          offset: start,
          length: 2,
        });
      }
      return token(Value, text.slice(start, i + 1), start, i + 1, out);
    }
    if (c === BACKSLASH) {
      const e = text.charCodeAt(i + 1);
      if (e !== QUOTE && e !== BACKSLASH) {
        return invalidToken(Invalid, text, i, {
          code: 'invalid_escape',
          message:
            i + 1 >= n
              ? "found '\\' at the end of input, expected '\\\"' or '\\\\'"
              : `found the escape ${quoteForMessage(text.slice(i, i + 2))}, expected '\\"' or '\\\\'`,
          offset: i,
          length: Math.min(2, n - i),
          expected: ['\\"', '\\\\'],
        });
      }
      out += text.slice(chunk, i);
      chunk = i + 1; // keep the escaped character, drop the backslash
      i += 2;
      continue;
    }
    if (isControl(c) || (c >= 0xd800 && c <= 0xdfff && !isPairedSurrogate(text, i))) {
      return invalidToken(Invalid, text, i, invalidCharacter(text, i));
    }
    i++;
  }
  return invalidToken(Invalid, text, start, {
    code: 'unterminated_quote',
    message: `found end of input inside the quoted value that starts at offset ${start}, expected '"'`,
    offset: n,
    length: 0,
    expected: ['"'],
  });
}
