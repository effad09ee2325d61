// Turns a non-200 answer into the matching typed error, reading the RFC 9457 problem body when
// there is one and tolerating bodies that are not (a proxy's HTML page, an empty 502).

import { httpErrorFor, type PlayqHttpError, type ProblemDetails } from '../errors/http-errors';
import { redactDeep, redactText, secretForms } from './redact';
import { parseRetryAfter } from './retry-policy';

const EXCERPT_LENGTH = 160;

/** The first characters of a body, secrets removed, for error messages. @internal */
export function excerpt(body: string, secrets: Iterable<string>): string {
  const forms = secretForms(secrets);
  if (body.length <= EXCERPT_LENGTH) return redactText(body, forms);
  // Redact before cutting, with room for the longest secret: a cut must not leave half of one.
  const room = EXCERPT_LENGTH + (forms[0]?.length ?? 0);
  return `${redactText(body.slice(0, room), forms).slice(0, EXCERPT_LENGTH)}…`;
}

/** Parses a problem body, or makes a minimal one from a non-problem body. @internal */
export function parseProblem(
  status: number,
  body: string,
  secrets: readonly string[],
): ProblemDetails | undefined {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        // Every member at any depth: servers echo input in `errors[0].message` as well as `detail`.
        return redactDeep(parsed as ProblemDetails, secrets);
      }
    } catch {
      // Not JSON after all: fall through and describe the body by its excerpt.
    }
  }
  if (trimmed === '') return undefined;
  return { status, detail: `non-problem body: ${JSON.stringify(excerpt(trimmed, secrets))}` };
}

/** The typed error for an answer with a non-200 status. @internal */
export function errorFromResponse(init: {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
  readonly method: string;
  readonly url: string;
  readonly secrets: readonly string[];
  readonly retryStatuses: ReadonlySet<number>;
}): PlayqHttpError {
  const problem = parseProblem(init.status, init.body, init.secrets);
  const retryAfter = parseRetryAfter(init.headers.get('retry-after'));
  return httpErrorFor({
    status: init.status,
    method: init.method,
    url: init.url,
    retryable: init.retryStatuses.has(init.status),
    ...(problem === undefined ? {} : { problem }),
    ...(retryAfter === undefined ? {} : { retryAfter }),
  });
}
