// A transport that forwards to `fetch` and reports each exchange (method, path, status, time), so
// the demo can show the token grant and the plan lookup happening, not just claim they do.
// Query strings are left out: they are shown separately as the shareable URL.

export type Transport = (request: Request) => Promise<Response>;

/**
 * Wraps `fetch` to call `log` after every exchange with one line.
 *
 * @example
 * const transport = loggingFetch((line) => console.error(line));
 * // POST /api/v1/oauth/token → 200 (14 ms)
 */
export function loggingFetch(log: (line: string) => void, inner: Transport = (r) => fetch(r)): Transport {
  return async (request) => {
    const started = performance.now();
    const path = new URL(request.url).pathname;
    try {
      const response = await inner(request);
      log(`${request.method} ${path} → ${response.status} (${Math.round(performance.now() - started)} ms)`);
      return response;
    } catch (error) {
      log(`${request.method} ${path} → failed (${(error as Error).name})`);
      throw error;
    }
  };
}
