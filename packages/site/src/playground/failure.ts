// What the playground says when a run fails: for a service it cannot reach, where it tried and how
// to start one (as the CLI does); for an answer with a problem, the status, code and detail; for
// anything else, the error's own message.
import { PlayqHttpError, PlayqNetworkError } from '@playq/client';

/** How to get a local reference service for the playground. */
export const START_A_SERVICE =
  'Start one with `pnpm playq serve` in a playq checkout (or `pnpm docs:dev`, which serves this site with a service), ' +
  'or enter the address of a running service under Service.';

/**
 * The message for a failed run.
 *
 * @example
 * failureMessage(networkError); // 'The service at http://127.0.0.1:8080 is not reachable (Failed to fetch). Start one with …'
 */
export function failureMessage(error: unknown): string {
  if (PlayqNetworkError.isInstance(error)) {
    const where = URL.canParse(error.url) ? new URL(error.url).origin : error.url;
    const why = error.message.slice(error.message.indexOf(' failed: ') + ' failed: '.length);
    return `The service at ${where} is not reachable (${why}). ${START_A_SERVICE}`;
  }
  if (PlayqHttpError.isInstance(error)) {
    const detail = error.problem?.detail ?? error.problem?.title ?? error.message;
    const param = error.param === undefined ? '' : ` (parameter ${error.param})`;
    return `The service answered ${error.status}${error.code ? ` ${error.code}` : ''}${param}: ${detail}`;
  }
  return error instanceof Error ? error.message : String(error);
}
