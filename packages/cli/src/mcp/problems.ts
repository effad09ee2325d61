// What a tool says about bad input: the library's own problem codes, the parameter, the message
// with its did-you-mean, and where inside the parameter's text, so an agent can fix the one thing
// that is wrong instead of guessing.
import type { QueryDiagnostic } from '@playq/query';
import { z } from 'zod';
import { diagnosticJson } from '../format/diagnostics';

/** One problem, as every tool reports it: the CLI's `--json` shape (`DiagnosticJson`). */
export const problemSchema = z.object({
  code: z.string().describe('the problem code the service and @playq/query use, e.g. unknown_metric'),
  severity: z.enum(['error', 'warning']),
  param: z.string().nullable().describe('the query parameter concerned, e.g. metrics or filter'),
  message: z.string(),
  offset: z.number().int().nullable().describe("position inside the parameter's text, 0-based"),
  length: z.number().int().nullable(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  expected: z.array(z.string()).nullable().describe('what would have been valid at the offset'),
  hint: z.string().nullable().describe('a suggestion, such as the name that was probably meant'),
  cause: z
    .string()
    .nullable()
    .describe("the grammar's own code for a text it could not read, e.g. missing_bracket"),
});

export type Problem = z.infer<typeof problemSchema>;

/**
 * A query diagnostic as a tool reports it: the library's code, message, position and hint.
 *
 * @example
 * problemOf({ code: 'unknown_metric', param: 'metrics', message: '…', severity: 'error', hint: 'errors' });
 */
export function problemOf(d: QueryDiagnostic): Problem {
  const json = diagnosticJson(d);
  return { ...json, expected: json.expected === null ? null : [...json.expected] };
}

/**
 * A problem the tool finds itself (a missing field, a period it cannot read), with a library code.
 *
 * @example
 * problem('missing_parameter', 'metrics', 'metrics is required');
 */
export function problem(
  code: string,
  param: string | null,
  message: string,
  hint: string | null = null,
): Problem {
  return {
    code,
    severity: 'error',
    param,
    message,
    offset: null,
    length: null,
    line: null,
    column: null,
    expected: null,
    hint,
    cause: null,
  };
}
