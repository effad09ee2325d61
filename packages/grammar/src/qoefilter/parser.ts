// The qoefilter grammar as a chevrotain embedded-actions parser that collects the matched tokens.

import { EmbeddedActionsParser, type IToken } from 'chevrotain';
import { errorMessageProvider } from '../internal/parser-errors';
import { And, Identifier, NumberLiteral, Operator, qoeTokens } from './tokens';

/** @internal */
export interface ConditionTokens {
  readonly metric: IToken;
  readonly operator: IToken;
  readonly value: IToken;
}

/** @internal */
export class QoeFilterParser extends EmbeddedActionsParser {
  constructor(validate = false) {
    super(qoeTokens, {
      recoveryEnabled: false,
      maxLookahead: 1,
      skipValidations: !validate,
      errorMessageProvider,
    });
    this.performSelfAnalysis();
  }

  readonly qoefilter = this.RULE('qoefilter', (): ConditionTokens[] => {
    const conditions = [this.SUBRULE(this.condition)];
    this.MANY(() => {
      this.CONSUME(And);
      conditions.push(this.SUBRULE2(this.condition));
    });
    return conditions;
  });

  readonly condition = this.RULE('condition', (): ConditionTokens => {
    const metric = this.CONSUME(Identifier);
    const operator = this.CONSUME(Operator);
    const value = this.CONSUME(NumberLiteral);
    return { metric, operator, value };
  });
}
