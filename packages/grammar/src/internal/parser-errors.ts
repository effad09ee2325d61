// Chevrotain reports a syntax error as an exception object with a message we choose through the
// error message provider. We make that message the name of what was expected, and let each
// language turn (what was expected, what was found) into one of its own diagnostic codes.

import type { IParserErrorMessageProvider, IRecognitionException, TokenType } from 'chevrotain';

/** @internal */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected }) => expected.name,
  buildNotAllInputParsedMessage: () => 'EOF',
  buildNoViableAltMessage: ({ expectedPathsPerAlt }) =>
    expectedPathsPerAlt
      .flat(2)
      .map((t: TokenType) => t.name)
      .join(','),
  buildEarlyExitMessage: ({ expectedIterationPaths }) =>
    expectedIterationPaths
      .flat()
      .map((t: TokenType) => t.name)
      .join(','),
};

/** @internal A syntax error, reduced to what the languages need. */
export interface SyntaxProblem<T> {
  /** Names of the expected token types, or `EOF` when input should have ended. */
  readonly expected: string;
  /** The token found, or `undefined` at the end of input. */
  readonly found: T | undefined;
}

/**
 * @internal The first error of the last parse. Chevrotain's public `errors` getter deep-clones
 * the error list on every read, which costs more than parsing a short filter; its backing field
 * is read directly when present.
 */
export function syntaxProblem<T>(parser: {
  readonly errors: IRecognitionException[];
}): SyntaxProblem<T> | undefined {
  const own = (parser as unknown as { _errors?: IRecognitionException[] })._errors;
  const e = (own ?? parser.errors)[0];
  if (e === undefined) return undefined;
  const found = e.token;
  return {
    expected: e.message,
    found: found === undefined || Number.isNaN(found.startOffset) ? undefined : (found as T),
  };
}
