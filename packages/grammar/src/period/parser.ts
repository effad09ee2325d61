// The period grammar as a chevrotain embedded-actions parser: two `key=number` entries separated
// by a comma. Which key is which, and the bounds, are checked in parse.ts.

import { EmbeddedActionsParser, type IToken } from 'chevrotain';
import { errorMessageProvider } from '../internal/parser-errors';
import { Comma, Equals, Identifier, NumberLiteral, periodTokens } from './tokens';

/** @internal */
export interface EntryTokens {
  readonly key: IToken;
  readonly value: IToken;
}

/** @internal */
export class PeriodParser extends EmbeddedActionsParser {
  constructor(validate = false) {
    super(periodTokens, {
      recoveryEnabled: false,
      maxLookahead: 1,
      skipValidations: !validate,
      errorMessageProvider,
    });
    this.performSelfAnalysis();
  }

  readonly period = this.RULE('period', (): EntryTokens[] => {
    const first = this.SUBRULE(this.entry);
    this.CONSUME(Comma);
    const second = this.SUBRULE2(this.entry);
    return [first, second];
  });

  readonly entry = this.RULE('entry', (): EntryTokens => {
    const key = this.CONSUME(Identifier);
    this.CONSUME(Equals);
    const value = this.CONSUME(NumberLiteral);
    return { key, value };
  });
}
