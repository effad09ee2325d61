// Waiting for Ctrl-C / SIGTERM: the long-running commands park here until the signal that `bin`
// wires to the process signals is aborted.

/**
 * Resolves when `signal` aborts (at once if it already has).
 *
 * @example
 * await waitForAbort(ctx.signal);
 */
export function waitForAbort(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
