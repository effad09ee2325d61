// Loads the optional peer @playq/server on first use, so the contract suite, transports and MSW
// handlers work from an install without it (and without DuckDB); only the test service needs it.

/** The reference service's module, as its public entry exports it. */
export type ServerModule = typeof import('@playq/server');

let loading: Promise<ServerModule> | undefined;

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    String(error).includes('@playq/server')
  );
}

/** `@playq/server`, or an error that says which package to install. */
export function loadServer(): Promise<ServerModule> {
  loading ??= import('@playq/server').catch((error: unknown) => {
    loading = undefined;
    if (!isMissing(error)) throw error;
    throw new Error(
      '@playq/testing: the test service needs the optional peer @playq/server; install it: npm install --save-dev @playq/server',
      { cause: error },
    );
  });
  return loading;
}
