// Parts of the CLI that need an optional package (the reference service and with it DuckDB, or the
// MCP SDK) load it on use, so the other commands run without it; a missing one is one line saying
// what to install.
import { CliError } from './errors';

function isMissing(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(error).includes(name);
}

/**
 * Runs `load` (a dynamic import of a module that needs the optional `packages`) and turns a
 * missing one into a CliError naming the command, what the package is, and the install line.
 *
 * @example
 * const { runMcp } = await needsOptional('mcp', MCP_PACKAGES, () => import('./mcp/run-mcp'));
 */
export async function needsOptional<T>(
  command: string,
  packages: { readonly names: readonly string[]; readonly what: string },
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = packages.names.find((name) => isMissing(error, name));
    if (missing === undefined) throw error;
    throw new CliError(
      `playq ${command} needs the optional package ${missing} (${packages.what}), which is not installed: npm install ${packages.names.join(' ')} (add --global if @playq/cli is installed globally)`,
      undefined,
      { cause: error },
    );
  }
}

const SERVER = { names: ['@playq/server'], what: 'the reference service on DuckDB' };

/**
 * `needsOptional` for the commands that run the reference service.
 *
 * @example
 * const { runServe } = await needsServer('serve', () => import('./serve/run-serve'));
 */
export function needsServer<T>(command: string, load: () => Promise<T>): Promise<T> {
  return needsOptional(command, SERVER, load);
}

/** What `playq mcp` needs beside @playq/cli. */
export const MCP_PACKAGES = {
  names: ['@modelcontextprotocol/sdk', 'zod'],
  what: 'the Model Context Protocol SDK',
};
