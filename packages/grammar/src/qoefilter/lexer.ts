// The qoefilter lexer: whitespace separates tokens and is otherwise ignored. It stops after the
// first character it cannot use, leaving the parser to say what was expected there.

import { scanNumber } from '../internal/number';
import { type Token, TokenBuffer } from '../internal/token';
import { isDigit, isIdentPart, isIdentStart, isSpace, quoteForMessage } from '../text';
import { And, Identifier, Invalid, NumberLiteral, Operator } from './tokens';

/** @internal */
export function lexQoeFilter(text: string, out: TokenBuffer = new TokenBuffer()): Token[] {
  out.reset();
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
    } else if (isIdentStart(c)) {
      let j = i + 1;
      // Stryker disable next-line ConditionalExpression,EqualityOperator: charCodeAt(n) is NaN, which isIdentPart rejects
      while (j < n && isIdentPart(text.charCodeAt(j))) j++;
      const image = text.slice(i, j);
      const isAnd = j - i === 3 && image.toLowerCase() === 'and';
      out.push(isAnd ? And : Identifier, image, i);
      i = j;
    } else if (isDigit(c) || c === 45) {
      const end = scanNumber(text, i);
      if (typeof end !== 'number') {
        out.invalid(Invalid, text, i, end);
        return out.finish();
      }
      const image = text.slice(i, end);
      const value = Number(image);
      if (!Number.isFinite(value)) {
        out.invalid(Invalid, text, i, {
          code: 'number_out_of_range',
          message: `found ${quoteForMessage(image)}, which is too large for a finite number`,
          offset: i,
          length: end - i,
          expected: ['number'],
        });
        return out.finish();
      }
      out.push(NumberLiteral, image, i, value === 0 ? 0 : value);
      i = end;
    } else if (c === 62 || c === 60) {
      const op = text.charCodeAt(i + 1) === 61 ? 2 : 1;
      out.push(Operator, text.slice(i, i + op), i);
      i += op;
    } else if (c === 61) {
      out.push(Operator, '=', i);
      i++;
    } else if (c === 33 && text.charCodeAt(i + 1) === 61) {
      out.push(Operator, '!=', i);
      i += 2;
    } else {
      out.invalid(Invalid, text, i);
      return out.finish();
    }
  }
  return out.finish();
}
