// The library's diagnostics as Standard Schema issues: the message as the library words it (with
// its did-you-mean), and the code, position and hint kept on each issue as extra fields.
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ProblemCode, QueryDiagnostic } from '../problem-code';
import { isError } from '../validate/diagnostics';

/** A Standard Schema issue carrying the diagnostic it came from. */
export interface PlayqIssue extends StandardSchemaV1.Issue {
  /** The library's message, did-you-mean included (`filter: Unknown dimension "contry"; did you mean "country"?`). */
  readonly message: string;
  /** The problem code, as the service answers it (`unknown_dimension`, `invalid_filter`, …). */
  readonly code: ProblemCode;
  /** 0-based UTF-16 offset of the problem in the text it concerns (0 when the problem has no place). */
  readonly offset: number;
  /** UTF-16 length of the offending text (0 at the end of input, or when it has no place). */
  readonly length: number;
  /** The parameter the problem concerns (`filter`, `metrics`, `customerId`, `path`, …). */
  readonly param?: string;
  /** The closest known name for a misspelled one, or how to fix the text. */
  readonly hint?: string;
}

/** A Standard Schema failure with playq's issues. */
export interface PlayqFailure extends StandardSchemaV1.FailureResult {
  readonly issues: readonly PlayqIssue[];
}

/** The issue of one diagnostic. Its `path` stays absent: the problem is in the value itself. */
export function issueOf(d: QueryDiagnostic): PlayqIssue {
  const issue: { -readonly [K in keyof PlayqIssue]: PlayqIssue[K] } = {
    message: d.message,
    code: d.code,
    offset: d.offset ?? 0,
    length: d.length ?? 0,
  };
  if (d.param !== undefined) issue.param = d.param;
  if (d.hint !== undefined) issue.hint = d.hint;
  return Object.freeze(issue);
}

/** The failure of the errors among `diagnostics`, or `undefined` when there is none (warnings do not fail). */
export function failureOf(diagnostics: readonly QueryDiagnostic[]): PlayqFailure | undefined {
  const errors = diagnostics.filter(isError);
  if (errors.length === 0) return undefined;
  return Object.freeze({ issues: Object.freeze(errors.map(issueOf)) });
}
