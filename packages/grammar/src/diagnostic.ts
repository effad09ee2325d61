// The one shape every problem with a text takes, from the grammar up to the CLI. Positions are
// 0-based UTF-16 offsets plus 1-based line and column, pointing at the first offending character
// (or at the end of input when input ended early).

export type Severity = 'error' | 'warning';

/**
 * The shape every positioned problem in playq shares: a grammar `Diagnostic`, `@playq/query`'s
 * `QueryDiagnostic` (from `checkText`, `validate`, the client's errors) and the service's problem
 * entries all have it. The position is optional (a problem with a whole parameter has none); when
 * it is given, line and column follow from the offset.
 */
export interface PositionedProblem {
  readonly code: string;
  readonly message: string;
  readonly severity: Severity;
  readonly offset?: number;
  readonly length?: number;
  readonly line?: number;
  readonly column?: number;
  readonly expected?: readonly string[];
  readonly hint?: string;
  /** The name of the text the problem is in (a query parameter: `filter`, `metrics`), when known. */
  readonly param?: string;
}

export interface Diagnostic {
  /** Stable machine-readable code; the list is documented in docs/grammar.md. */
  readonly code: string;
  /** What was found and what was expected, in one sentence. */
  readonly message: string;
  readonly severity: Severity;
  readonly offset: number;
  readonly length: number;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
  /** What the parser would have accepted at `offset`, where it knows. */
  readonly expected?: readonly string[];
  /** A did-you-mean suggestion, added by a caller that knows the catalogue. */
  readonly hint?: string;
}

export type ParseResult<T, S> =
  | { readonly ok: true; readonly value: T; readonly warnings: readonly Diagnostic[]; readonly spans: S }
  | { readonly ok: false; readonly errors: readonly Diagnostic[] };
