// The period lexer: keys, '=', ',', numbers; whitespace between tokens is ignored.

import { scanNumber } from '../internal/number';
import type { LexProblem } from '../internal/token';
import { type Token, TokenBuffer } from '../internal/token';
import { isDigit, isIdentPart, isIdentStart, isSpace, quoteForMessage } from '../text';
import { Comma, Equals, Identifier, Invalid, NumberLiteral } from './tokens';

/** @internal */
export function lexPeriod(text: string, out: TokenBuffer = new TokenBuffer()): Token[] {
  out.reset();
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
    } else if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      out.push(Identifier, text.slice(i, j), i);
      i = j;
    } else if (isDigit(c) || c === 45) {
      const end = scanNumber(text, i);
      if (typeof end !== 'number') {
        out.invalid(Invalid, text, i, notATimestamp(text, end));
        return out.finish();
      }
      const image = text.slice(i, end);
      out.push(NumberLiteral, image, i, Number(image));
      i = end;
    } else if (c === 61) {
      out.push(Equals, '=', i);
      i++;
    } else if (c === 44) {
      out.push(Comma, ',', i);
      i++;
    } else {
      out.invalid(Invalid, text, i);
      return out.finish();
    }
  }
  return out.finish();
}

/** A malformed number where a timestamp belongs, said in the period's own words. */
function notATimestamp(text: string, problem: LexProblem): LexProblem {
  const word = text.slice(problem.offset, problem.offset + problem.length);
  return {
    ...problem,
    code: 'invalid_timestamp',
    message: `found ${quoteForMessage(word)}, expected a whole non-negative number of epoch seconds`,
    expected: ['integer'],
  };
}
