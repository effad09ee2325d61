// What validation's checks share about one query: the node, its catalogue and limits, where the
// diagnostics go, and the names sorted out so far; plus where a name sits in a list parameter.
// Its own module, so that the checks import it without importing the module that runs them.
import type { FilterSpans, QoeFilterSpans } from '@playq/grammar';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import type { QueryLimits } from '../limits';
import type { QueryNode } from '../model';
import type { QueryDiagnostic } from '../problem-code';
import { problem } from './diagnostics';

/** What the checks share: the query, its catalogue, and the names sorted out so far. @internal */
export interface Context {
  readonly q: QueryNode;
  readonly catalogue: AnyCatalogue;
  readonly limits: QueryLimits;
  readonly out: QueryDiagnostic[];
  readonly session: boolean;
  readonly timeseries: boolean;
  /** Requested numeric metrics of the catalogue. */
  readonly numeric: string[];
  /** Dimensions listed in `metrics` on the session endpoint (string fields). */
  readonly fields: string[];
  /** Known `aggby` names, `timestamp` included. */
  readonly dims: string[];
  /** Where the texts of a parsed URL put each clause (see `SourceSpans`). */
  readonly spans: SourceSpans;
}

/**
 * Where the texts of a parsed URL put each clause, so problems point into the user's own text.
 * Functions, because computing spans costs a second lex: only a positioned diagnostic calls them.
 * @internal
 */
export interface SourceSpans {
  readonly filter?: () => FilterSpans;
  readonly qoefilter?: () => QoeFilterSpans;
}

/** The position of the i-th name inside a comma-joined list (the `metrics`/`aggby` text). @internal */
export function listPosition(names: readonly string[], i: number): Partial<QueryDiagnostic> {
  let offset = 0;
  for (let j = 0; j < i; j++) offset += names[j]!.length + 1;
  return { offset, length: names[i]!.length, line: 1, column: offset + 1 };
}

/**
 * The warning for a name listed again in `metrics` or `aggby` (at its second place), or undefined
 * when `names[i]` is its first appearance. @internal
 */
export function repeatedName(
  param: 'metrics' | 'aggby',
  names: readonly string[],
  i: number,
): QueryDiagnostic | undefined {
  const name = names[i]!;
  if (names.indexOf(name) === i) return undefined;
  const code = param === 'metrics' ? 'unknown_metric' : 'unknown_dimension';
  return problem(code, param, `${param} lists "${name}" twice.`, {
    ...listPosition(names, i),
    severity: 'warning',
  });
}
