// The filter grammar as a chevrotain embedded-actions parser that builds the AST clauses as it
// matches. The clause is inlined into the top rule rather than a sub-rule: a rule invocation
// costs about as much as three token matches. Spans and duplicate warnings are computed
// afterwards from the token list (see parse.ts), off the hot path.

import { EmbeddedActionsParser } from 'chevrotain';
import type { FilterClause } from '../ast';
import { errorMessageProvider } from '../internal/parser-errors';
import type { Token } from '../internal/token';
import { Equals, filterTokens, Identifier, LBracket, Pipe, RBracket, Value } from './tokens';

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

  /** filter := clause+ ; clause := '[' Identifier '=' Value ('|' Value)* ']' */
  readonly filter = this.RULE('filter', (): FilterClause[] => {
    const clauses: FilterClause[] = [];
    this.AT_LEAST_ONE(() => {
      this.CONSUME(LBracket);
      // During chevrotain's recording phase CONSUME returns a placeholder token whose payload is
      // undefined; the clause built then is discarded.
      const dimension = this.CONSUME(Identifier).image.toLowerCase();
      this.CONSUME(Equals);
      const values = [(this.CONSUME(Value) as Token).payload as string];
      this.MANY(() => {
        this.CONSUME(Pipe);
        values.push((this.CONSUME2(Value) as Token).payload as string);
      });
      this.CONSUME(RBracket);
      clauses.push({ type: 'clause', dimension, values });
    });
    return clauses;
  });
}
