// What a tool says about bad input: the library's own problem codes, the parameter, the message
// with its did-you-mean, and where inside the parameter's text, so an agent can fix the one thing
// that is wrong instead of guessing.
import type { QueryDiagnostic } from '@playq/query';
import { z } from 'zod';

/** One problem, as every tool reports it. */
export const problemSchema = z.object({
  code: z.string().describe('the problem code the service and @playq/query use, e.g. unknown_metric'),
  severity: z.enum(['error', 'warning']),
  param: z.string().nullable().describe('the query parameter concerned, e.g. metrics or filter'),
  message: z.string(),
  offset: z.number().int().nullable().describe("position inside the parameter's text, 0-based"),
  length: z.number().int().nullable(),
  hint: z.string().nullable().describe('a suggestion, such as the name that was probably meant'),
});

export type Problem = z.infer<typeof problemSchema>;

/**
 * A query diagnostic as a tool reports it; a grammar error keeps its own position.
 *
 * @example
 * problemOf({ code: 'unknown_metric', param: 'metrics', message: '…', severity: 'error', hint: 'errors' });
 */
export function problemOf(d: QueryDiagnostic): Problem {
  return {
    code: d.code,
    severity: d.severity,
    param: d.param ?? null,
    message: d.message,
    offset: d.cause?.offset ?? d.offset ?? null,
    length: d.cause?.length ?? d.length ?? null,
    hint: d.hint ?? d.cause?.hint ?? null,
  };
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
  return { code, severity: 'error', param, message, offset: null, length: null, hint };
}
