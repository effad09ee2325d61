// The token objects the hand-written lexers hand to chevrotain's parsers. One class keeps every
// token the same shape (monomorphic property access in the parser's hot loop).

import type { IToken, TokenType } from 'chevrotain';
import type { DiagnosticCode } from '../diagnostic-codes';

/** @internal What a lexer knew about a character it could not turn into a proper token. */
export interface LexProblem {
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly offset: number;
  readonly length: number;
  readonly expected?: readonly string[];
  readonly hint?: string;
}

/** @internal */
export class Token implements IToken {
  constructor(
    public readonly tokenType: TokenType,
    public readonly tokenTypeIdx: number,
    public readonly image: string,
    public readonly startOffset: number,
    public readonly endOffset: number,
    /** The decoded value: the unescaped text of a filter value, the number of a numeric token. */
    public readonly payload: string | number,
    /** Set on `Invalid` tokens when the lexer can say precisely what is wrong. */
    public readonly problem: LexProblem | undefined,
  ) {}
}

/** @internal Build a token of `type` covering `text[start, end)`. */
export function token(
  type: TokenType,
  image: string,
  start: number,
  end: number,
  payload: string | number = image,
): Token {
  return new Token(type, type.tokenTypeIdx!, image, start, end - 1, payload, undefined);
}

/** @internal An `Invalid` token: the lexer stops after it, and the parser fails on it (or before). */
export function invalidToken(type: TokenType, text: string, start: number, problem?: LexProblem): Token {
  const image =
    problem === undefined
      ? charImage(text, start)
      : text.slice(problem.offset, problem.offset + problem.length);
  return new Token(
    type,
    type.tokenTypeIdx!,
    image,
    start,
    start + Math.max(image.length, 1) - 1,
    image,
    problem,
  );
}

function charImage(text: string, i: number): string {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return text.slice(i, i + 2);
  }
  return text.charAt(i);
}
