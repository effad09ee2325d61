// Token types of the filter language. They have no patterns: the hand-written lexer in lexer.ts
// decides where tokens start and end, chevrotain only sees their types.

import { createToken } from 'chevrotain';
import { registerTokenTypes } from '../internal/token';

/** @internal */
export const LBracket = createToken({ name: 'LBracket' });
/** @internal */
export const RBracket = createToken({ name: 'RBracket' });
/** @internal */
export const Pipe = createToken({ name: 'Pipe' });
/** @internal */
export const Equals = createToken({ name: 'Equals' });
/** @internal */
export const Identifier = createToken({ name: 'Identifier' });
/** @internal A value, plain or quoted; its payload is the decoded text. */
export const Value = createToken({ name: 'Value' });
/** @internal A character that starts no token here; the lexer stops after it. */
export const Invalid = createToken({ name: 'Invalid' });

/** @internal */
export const filterTokens = [LBracket, RBracket, Pipe, Equals, Identifier, Value, Invalid];

registerTokenTypes(filterTokens);
