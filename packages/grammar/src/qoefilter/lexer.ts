// The qoefilter lexer: whitespace separates tokens and is otherwise ignored. It stops after the
// first character it cannot use, leaving the parser to say what was expected there.

import { scanNumber } from '../internal/number';
import { invalidToken, type Token, token } from '../internal/token';
import { isDigit, isIdentPart, isIdentStart, isSpace, quoteForMessage } from '../text';
import { And, Identifier, Invalid, NumberLiteral, Operator } from './tokens';

/** @internal */
export function lexQoeFilter(text: string): Token[] {
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
      const image = text.slice(i, j);
      const isAnd = j - i === 3 && image.toLowerCase() === 'and';
      tokens.push(token(isAnd ? And : Identifier, image, i, j));
      i = j;
    } else if (isDigit(c) || c === 45) {
      const end = scanNumber(text, i);
      if (typeof end !== 'number') {
        tokens.push(invalidToken(Invalid, text, i, end));
        return tokens;
      }
      const image = text.slice(i, end);
      const value = Number(image);
      if (!Number.isFinite(value)) {
        tokens.push(
          invalidToken(Invalid, text, i, {
            code: 'number_out_of_range',
            message: `found ${quoteForMessage(image)}, which is too large for a finite number`,
            offset: i,
            length: end - i,
            expected: ['number'],
          }),
        );
        return tokens;
      }
      tokens.push(token(NumberLiteral, image, i, end, value === 0 ? 0 : value));
      i = end;
    } else if (c === 62 || c === 60) {
      const op = text.charCodeAt(i + 1) === 61 ? 2 : 1;
      tokens.push(token(Operator, text.slice(i, i + op), i, i + op));
      i += op;
    } else if (c === 61) {
      tokens.push(token(Operator, '=', i, i + 1));
      i++;
    } else if (c === 33 && text.charCodeAt(i + 1) === 61) {
      tokens.push(token(Operator, '!=', i, i + 2));
      i += 2;
    } else {
      tokens.push(invalidToken(Invalid, text, i));
      return tokens;
    }
  }
  return tokens;
}
