// Number scanning shared by the qoefilter and period lexers: `-?digits[.digits][(e|E)[+-]digits]`.
// A number glued to letters, dots or signs (`0x1F`, `1.`, `5AND`, `1e`) is one malformed run, so
// the error covers the whole word rather than its first bad character.

import { isDigit, isIdentPart, quoteForMessage } from '../text';
import type { LexProblem } from './token';

/** @internal The end of the number starting at `i`, or the problem with it. */
export function scanNumber(text: string, i: number): number | LexProblem {
  const n = text.length;
  let j = i;
  if (text.charCodeAt(j) === 45) j++;
  if (!isDigit(text.charCodeAt(j))) return malformed(text, i);
  while (j < n && isDigit(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) === 46) {
    if (!isDigit(text.charCodeAt(j + 1))) return malformed(text, i);
    j += 2;
    while (j < n && isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 101 || e === 69) {
    let k = j + 1;
    const s = text.charCodeAt(k);
    if (s === 43 || s === 45) k++;
    if (!isDigit(text.charCodeAt(k))) return malformed(text, i);
    j = k + 1;
    while (j < n && isDigit(text.charCodeAt(j))) j++;
  }
  if (j < n && isWordPart(text.charCodeAt(j))) return malformed(text, i);
  return j;
}

function isWordPart(c: number): boolean {
  return isIdentPart(c) || c === 46 || c === 43 || c === 45;
}

function malformed(text: string, i: number): LexProblem {
  let j = i + 1;
  while (j < text.length && isWordPart(text.charCodeAt(j))) j++;
  const word = text.slice(i, j);
  return {
    code: 'invalid_number',
    message: `found ${quoteForMessage(word)}, expected a number such as 5, -2.5 or 1e3`,
    offset: i,
    length: j - i,
    expected: ['number'],
  };
}
