// The filter grammar as a chevrotain embedded-actions parser. The actions only collect tokens;
// building the AST (lower-casing, de-duplicating, spans) happens in parse.ts, outside the
// recording phase chevrotain runs during self-analysis.

import { EmbeddedActionsParser, type IToken } from 'chevrotain';
import { errorMessageProvider } from '../internal/parser-errors';
import { Equals, filterTokens, Identifier, LBracket, Pipe, RBracket, Value } from './tokens';

/** @internal The tokens of one clause, as the parser matched them. */
export interface ClauseTokens {
  readonly open: IToken;
  readonly dimension: IToken;
  readonly values: IToken[];
  readonly close: IToken;
}

/** @internal */
export class FilterParser extends EmbeddedActionsParser {
  constructor(validate = false) {
    super(filterTokens, {
      recoveryEnabled: false,
      maxLookahead: 1,
      skipValidations: !validate,
      errorMessageProvider,
    });
    this.performSelfAnalysis();
  }

  readonly filter = this.RULE('filter', (): ClauseTokens[] => {
    const clauses: ClauseTokens[] = [];
    this.AT_LEAST_ONE(() => {
      clauses.push(this.SUBRULE(this.clause));
    });
    return clauses;
  });

  readonly clause = this.RULE('clause', (): ClauseTokens => {
    const open = this.CONSUME(LBracket);
    const dimension = this.CONSUME(Identifier);
    this.CONSUME(Equals);
    const values = [this.CONSUME(Value)];
    this.MANY(() => {
      this.CONSUME(Pipe);
      values.push(this.CONSUME2(Value));
    });
    const close = this.CONSUME(RBracket);
    return { open, dimension, values, close };
  });
}
