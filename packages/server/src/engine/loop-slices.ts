// Long synchronous work in slices: writing a large result's records is many short steps, and done
// in one go it holds the event loop, so that another customer's query or `/healthz` waits for all
// of it. Between steps the engines await a pause that lets other callbacks run once the loop has
// been held for a slice.

/** Milliseconds a run of steps may hold the event loop before it lets other callbacks run. */
export const SLICE_MS = 4;

/**
 * A pause to await between steps: it lets the event loop run (one `setImmediate`) when the steps
 * since the last pause took `sliceMs` or more, and is over at once otherwise.
 *
 * @example
 * ```ts
 * const pause = loopSlices();
 * for (const chunk of chunks) {
 *   await pause();
 *   write(chunk);
 * }
 * ```
 */
export function loopSlices(sliceMs = SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
