// Parts of the CLI that need an optional package (the reference service, and with it DuckDB) load
// it on use, so the offline commands run without it; a missing one is one line saying what to install.
import { CliError } from './errors';

function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(error).includes(name);
}

/**
 * Runs `load` (a dynamic import of a module that needs `@playq/server`) and turns a missing
 * package into a CliError naming the command and the install line.
 *
 * @example
 * const { runServe } = await needsServer('serve', () => import('./serve/run-serve'));
 */
export async function needsServer<T>(command: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isMissing(error, '@playq/server')) throw error;
    throw new CliError(
      `playq ${command} needs the optional package @playq/server (the reference service on DuckDB), which is not installed: npm install @playq/server (add --global if @playq/cli is installed globally)`,
      undefined,
      { cause: error },
    );
  }
}
