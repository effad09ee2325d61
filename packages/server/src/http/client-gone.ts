// The signal that a client over HTTP went away, taken from Node's response rather than from the
// request: the HTTP adapter builds a whole `Request` (headers copied, a body stream) the first time
// its `signal` is read, a tenth of a millisecond or more of every query that reaches the database.
import type { ServerResponse } from 'node:http';

/** Why the signal aborted, as the adapter's own signal says it. */
const GONE = 'Client connection prematurely closed.';

/**
 * A function that returns, made on first call, a signal that aborts when `response` closes before
 * its answer was fully written (the client went away); one that already did returns it aborted.
 *
 * @example
 * ```ts
 * const gone = clientGone(outgoing);
 * await engine.run(sql, parameters, { signal: gone() }, visit);
 * ```
 */
export function clientGone(response: ServerResponse): () => AbortSignal {
  let controller: AbortController | undefined;
  return () => {
    if (controller) return controller.signal;
    const made = new AbortController();
    controller = made;
    const check = () => {
      if (!response.writableFinished) made.abort(new Error(GONE));
    };
    if (response.closed) check();
    else response.once('close', check);
    return made.signal;
  };
}
