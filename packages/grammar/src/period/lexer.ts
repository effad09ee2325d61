// The period lexer: keys, '=', ',', numbers; whitespace between tokens is ignored.

import { scanNumber } from '../internal/number';
import { invalidToken, type Token, token } from '../internal/token';
import { isDigit, isIdentPart, isIdentStart, isSpace } from '../text';
import { Comma, Equals, Identifier, Invalid, NumberLiteral } from './tokens';

/** @internal */
export function lexPeriod(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
    } else if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      tokens.push(token(Identifier, text.slice(i, j), i, j));
      i = j;
    } else if (isDigit(c) || c === 45) {
      const end = scanNumber(text, i);
      if (typeof end !== 'number') {
        tokens.push(
          invalidToken(Invalid, text, i, { ...end, code: 'invalid_timestamp', expected: ['integer'] }),
        );
        return tokens;
      }
      const image = text.slice(i, end);
      tokens.push(token(NumberLiteral, image, i, end, Number(image)));
      i = end;
    } else if (c === 61) {
      tokens.push(token(Equals, '=', i, i + 1));
      i++;
    } else if (c === 44) {
      tokens.push(token(Comma, ',', i, i + 1));
      i++;
    } else {
      tokens.push(invalidToken(Invalid, text, i));
      return tokens;
    }
  }
  return tokens;
}
