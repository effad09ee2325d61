// The token objects the hand-written lexers hand to chevrotain's parsers. One class keeps every
// token the same shape (monomorphic property access in the parser's hot loop), and it carries
// only what the parsers and diagnostics read: no end offset, line or column.

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

/**
 * @internal One token. Deliberately small (four fields): a short filter makes about twenty of
 * them, and allocating them is a large share of the parse. The token type is derived from its
 * index on the prototype, and an `Invalid` token keeps its {@link LexProblem} in `payload`.
 */
export class Token implements IToken {
  constructor(
    readonly tokenTypeIdx: number,
    readonly image: string,
    readonly startOffset: number,
    /** The decoded value of a filter value or a number; the problem of an `Invalid` token. */
    readonly payload: string | number | LexProblem,
  ) {}

  get tokenType(): TokenType {
    return tokenTypes[this.tokenTypeIdx]!;
  }

  /** Set on `Invalid` tokens when the lexer can say precisely what is wrong. */
  get problem(): LexProblem | undefined {
    return typeof this.payload === 'object' ? this.payload : undefined;
  }
}

const tokenTypes: TokenType[] = [];

/** @internal Make the token types known to {@link Token}'s `tokenType` getter. */
export function registerTokenTypes(types: readonly TokenType[]): void {
  for (const t of types) tokenTypes[t.tokenTypeIdx!] = t;
}

/**
 * @internal The token list a lexer writes into. Tokens are fresh objects on every parse:
 * reusing them looked cheaper but made them old-generation objects pointing at young strings,
 * which cost more in garbage collection than the allocations saved.
 */
export class TokenBuffer {
  #tokens: Token[] = [];

  /** Start a new token list. */
  reset(): this {
    this.#tokens = [];
    return this;
  }

  push(type: TokenType, image: string, start: number, payload: string | number = image): void {
    this.#tokens.push(new Token(type.tokenTypeIdx!, image, start, payload));
  }

  /** An `Invalid` token: the lexer stops after it, and the parser fails on it (or before). */
  invalid(type: TokenType, text: string, start: number, problem?: LexProblem): void {
    const image =
      problem === undefined
        ? charImage(text, start)
        : text.slice(problem.offset, problem.offset + problem.length);
    this.#tokens.push(new Token(type.tokenTypeIdx!, image, start, problem ?? image));
  }

  /** The tokens written since the last reset. */
  finish(): Token[] {
    return this.#tokens;
  }
}

function charImage(text: string, i: number): string {
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return text.slice(i, i + 2);
  }
  return text.charAt(i);
}
