// Token types of the qoefilter language; the hand-written lexer in lexer.ts produces them.

import { createToken } from 'chevrotain';
import { registerTokenTypes } from '../internal/token';

/** @internal */
export const Identifier = createToken({ name: 'Identifier' });
/** @internal `AND` in any case. It is also an Identifier, so a metric may be called `and`. */
export const And = createToken({ name: 'And', categories: [Identifier] });
/** @internal One of `>`, `>=`, `<`, `<=`, `=`, `!=`; the payload is the operator text. */
export const Operator = createToken({ name: 'Operator' });
/** @internal The payload is the number's value. */
export const NumberLiteral = createToken({ name: 'Number' });
/** @internal */
export const Invalid = createToken({ name: 'Invalid' });

/** @internal */
export const qoeTokens = [And, Identifier, Operator, NumberLiteral, Invalid];

registerTokenTypes(qoeTokens);
