// Token types of the period language; the hand-written lexer in lexer.ts produces them.

import { createToken } from 'chevrotain';
import { registerTokenTypes } from '../internal/token';

/** @internal */
export const Identifier = createToken({ name: 'Identifier' });
/** @internal */
export const Equals = createToken({ name: 'Equals' });
/** @internal */
export const Comma = createToken({ name: 'Comma' });
/** @internal */
export const NumberLiteral = createToken({ name: 'Number' });
/** @internal */
export const Invalid = createToken({ name: 'Invalid' });

/** @internal */
export const periodTokens = [Identifier, Equals, Comma, NumberLiteral, Invalid];

registerTokenTypes(periodTokens);
