// The abstract syntax trees of the three mini-languages. Plain readonly data with a `type` tag and
// no source positions, so that two ASTs of the same meaning are deep-equal whatever the spelling
// of their source text. Positions live beside the AST, in each parse result's `spans`.

/** `[dim=v1|v2][dim2=v3]`: clauses are ANDed, the values of one clause are ORed. */
export interface FilterAst {
  readonly type: 'filter';
  readonly clauses: readonly FilterClause[];
}

export interface FilterClause {
  readonly type: 'clause';
  /** Canonical (lower-case) dimension identifier. */
  readonly dimension: string;
  /** Non-empty, distinct, in source order; the text of each value, unquoted and unescaped. */
  readonly values: readonly string[];
}

export type ComparisonOperator = '>' | '>=' | '<' | '<=' | '=' | '!=';

/** `bufferingratio>5 AND latency<=2.5`: conditions are ANDed. */
export interface QoeFilterAst {
  readonly type: 'qoefilter';
  readonly conditions: readonly QoeCondition[];
}

export interface QoeCondition {
  readonly type: 'condition';
  /** Canonical (lower-case) metric identifier. */
  readonly metric: string;
  readonly operator: ComparisonOperator;
  /** A finite number; `-0` is normalised to `0`. */
  readonly value: number;
}

/** `start=<epoch_seconds>,end=<epoch_seconds>`: the half-open interval `[start, end)`. */
export interface PeriodAst {
  readonly type: 'period';
  /** Integer epoch seconds. */
  readonly start: number;
  /** Integer epoch seconds, greater than `start`. */
  readonly end: number;
}

/** Where a piece of the AST came from in the source text (0-based UTF-16 offsets). */
export interface Span {
  readonly offset: number;
  readonly length: number;
}

export interface FilterSpans {
  readonly clauses: readonly {
    readonly clause: Span;
    readonly dimension: Span;
    readonly values: readonly Span[];
  }[];
}

export interface QoeFilterSpans {
  readonly conditions: readonly {
    readonly condition: Span;
    readonly metric: Span;
    readonly operator: Span;
    readonly value: Span;
  }[];
}

export interface PeriodSpans {
  readonly start: Span;
  readonly end: Span;
}
