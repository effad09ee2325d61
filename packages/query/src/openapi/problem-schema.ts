// The problem answers of a document: the RFC 9457 body every non-200 answer carries, its `code`
// enum (the codes this package owns), and one reusable response per status, `Retry-After` on the
// statuses a client retries (always on 429, on 503 unless shutting down) and `WWW-Authenticate` on 401.
import { PROBLEM_CODES, SERVICE_PROBLEM_CODES } from '../problem-code';
import { ref } from './openapi-names';
import type { Json, JsonSchema } from './openapi-types';

/** The media type of a problem answer. */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** The statuses a query endpoint may answer with a problem, and what each means. */
export const QUERY_PROBLEM_STATUSES: Readonly<Record<string, string>> = Object.freeze({
  '400': 'A missing, malformed or out-of-range parameter (`param` names it, `offset` points into its text).',
  '401': 'A missing, malformed, expired or unknown credential.',
  '403': 'A valid credential for another customer.',
  '404': 'An unknown path or customer.',
  '414': 'The request URL is longer than the service accepts.',
  '429': 'Rate limited: retry after `Retry-After` seconds.',
  '500': 'An unexpected error; the body never carries internals.',
  '503':
    'The service is overloaded, shutting down, or the query ran over its time budget: retry after `Retry-After` seconds.',
});

/** The RFC 9457 problem body, `code` one of the service's codes. */
export function problemSchema(): JsonSchema {
  return {
    type: 'object',
    description:
      'An RFC 9457 problem: every non-200 answer has this shape. `code` is stable; `detail` is for people.',
    required: ['type', 'title', 'status', 'detail', 'code'],
    properties: {
      type: { type: 'string', description: 'A URI naming the problem type.' },
      title: { type: 'string', description: 'The HTTP status in words.' },
      status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status.' },
      detail: { type: 'string', description: 'What went wrong, and where.' },
      code: {
        type: 'string',
        enum: [...PROBLEM_CODES, ...SERVICE_PROBLEM_CODES],
        description: 'The stable problem code (docs/decisions.md#errors).',
      },
      param: { type: 'string', description: 'The query parameter concerned, or `customerId` / `path`.' },
      offset: {
        type: 'integer',
        minimum: 0,
        description: "Where the problem sits inside the parameter's text, when known.",
      },
    },
  };
}

const RETRY_AFTER = 'RetryAfter';
const RETRY_AFTER_503 = 'RetryAfterUnavailable';
const WWW_AUTHENTICATE = 'WwwAuthenticate';

/** The reusable headers of problem answers. */
export function problemHeaders(): Record<string, Json> {
  const seconds = { type: 'integer', minimum: 0 };
  return {
    [RETRY_AFTER]: { description: 'Seconds to wait before retrying.', required: true, schema: seconds },
    [RETRY_AFTER_503]: {
      description: 'Seconds to wait before retrying; absent when the service is shutting down.',
      schema: seconds,
    },
    [WWW_AUTHENTICATE]: {
      description: 'The bearer challenge, on the endpoints that take a bearer token.',
      schema: { type: 'string' },
    },
  };
}

/** The component name of the problem response for a status: `Problem429`. */
export function problemResponseName(status: string): string {
  return `Problem${status}`;
}

/** One reusable response per problem status, each with its headers. */
export function problemResponses(): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [status, description] of Object.entries(QUERY_PROBLEM_STATUSES)) {
    const headers: Record<string, Json> = {};
    if (status === '429') headers['Retry-After'] = ref('headers', RETRY_AFTER);
    if (status === '503') headers['Retry-After'] = ref('headers', RETRY_AFTER_503);
    if (status === '401') headers['WWW-Authenticate'] = ref('headers', WWW_AUTHENTICATE);
    out[problemResponseName(status)] = {
      description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { [PROBLEM_MEDIA_TYPE]: { schema: ref('schemas', 'Problem') } },
    };
  }
  return out;
}

/** The `responses` entries of every problem status of a query endpoint. */
export function problemResponseRefs(statuses: readonly string[]): Record<string, Json> {
  return Object.fromEntries(statuses.map((s) => [s, ref('responses', problemResponseName(s))]));
}
