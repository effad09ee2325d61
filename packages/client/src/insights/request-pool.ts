// Runs the requests of one insights or compare call a few at a time, each through the client's
// own executor (its retries, timeouts and rate-limit answers), and stops the rest at the first
// failure or when the caller's signal aborts.
import { linkedController } from '../transport/abort';

/**
 * The results of `tasks` in their order, at most `concurrency` running at once; the first
 * failure aborts the others' signal and is what the call rejects with. @internal
 */
export async function runBounded<T>(
  tasks: readonly ((signal: AbortSignal) => Promise<T>)[],
  concurrency: number,
  signal: AbortSignal | undefined,
): Promise<T[]> {
  const { controller, dispose } = linkedController(signal);
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      controller.signal.throwIfAborted();
      const i = next++;
      results[i] = await tasks[i]!(controller.signal);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, tasks.length) }, () =>
        worker().catch((error: unknown) => {
          if (!controller.signal.aborted) controller.abort(error);
          throw error;
        }),
      ),
    );
    return results;
  } catch (error) {
    // The first failure, not the abort it caused in the others.
    throw controller.signal.reason ?? error;
  } finally {
    dispose();
  }
}
