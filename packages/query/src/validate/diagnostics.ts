// Small constructors for query diagnostics, and the bridge from the grammar's positioned
// diagnostics to the service's problem codes.
import type { Diagnostic, Span } from '@playq/grammar';
import type { InvalidText } from '../model';
import type { ProblemCode, QueryDiagnostic } from '../problem-code';

/** @internal */
export function problem(
  code: ProblemCode,
  param: string | undefined,
  message: string,
  extra: Partial<Omit<QueryDiagnostic, 'code' | 'message'>> = {},
): QueryDiagnostic {
  const d: { -readonly [K in keyof QueryDiagnostic]: QueryDiagnostic[K] } = {
    code,
    message,
    severity: 'error',
  };
  if (param !== undefined) d.param = param;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) (d as Record<string, unknown>)[k] = v;
  return Object.freeze(d);
}

/** A grammar diagnostic re-coded with the problem code of the parameter it was found in. @internal */
export function fromGrammar(code: ProblemCode, param: string, d: Diagnostic): QueryDiagnostic {
  return problem(code, param, `${param}: ${d.message}`, {
    severity: d.severity,
    offset: d.offset,
    length: d.length,
    line: d.line,
    column: d.column,
    hint: d.hint,
    cause: d,
  });
}

/** The position fields of a span inside a single-line text. @internal */
export function at(span: Span | undefined): Partial<QueryDiagnostic> {
  if (span === undefined) return {};
  return { offset: span.offset, length: span.length, line: 1, column: span.offset + 1 };
}

/**
 * An `InvalidText` for input the builder could not turn into an AST (an empty value list, a
 * non-finite number, a date that does not parse), so the problem surfaces through `validate`.
 * @internal
 */
export function invalidText(text: string, message: string, code = 'invalid_value'): InvalidText {
  const error: Diagnostic = Object.freeze({
    code,
    message,
    severity: 'error',
    offset: 0,
    length: text.length,
    line: 1,
    column: 1,
  });
  return Object.freeze({ type: 'invalid', text, errors: Object.freeze([error]) });
}

/**
 * Whether a diagnostic is an error (as opposed to a warning).
 *
 * @example
 * const errors = validate(query).filter(isError);
 */
export function isError(d: QueryDiagnostic): boolean {
  return d.severity === 'error';
}

/**
 * A diagnostic's message labelled with its parameter once: as it is when it already starts with
 * the parameter's name (`filter: found end of input…`, `limit must be…`), else with the label
 * added (`metrics: Unknown metric "x".`). What the client's errors and the CLI say for a problem
 * they cannot point into.
 *
 * @example
 * labelledMessage({ param: 'limit', message: 'Bad limit.' }); // 'limit: Bad limit.'
 * labelledMessage({ param: 'limit', message: 'limit must be at least 1.' }); // as it is
 */
export function labelledMessage(d: Pick<QueryDiagnostic, 'param' | 'message'>): string {
  const { param, message } = d;
  if (param === undefined || param === '') return message;
  const named = message.startsWith(param) && !/[\w-]/.test(message.charAt(param.length));
  return named ? message : `${param}: ${message}`;
}
