// `--memory-limit SIZE` of `playq serve` and `playq data load`: @playq/server checks the value's
// form (the one owner of it); here its refusal becomes a usage error naming the flag.
import { type CliError, usageError } from './errors';

const SERVER_PREFIX = '@playq/server: memoryLimit ';

/**
 * The usage error for a memory limit @playq/server refused, or undefined for any other error.
 *
 * @example
 * memoryLimitUsage(new RangeError(`@playq/server: memoryLimit must look like '512MB', got "x"`));
 * // CliError(`--memory-limit must look like '512MB', got "x"`, exit 2)
 */
export function memoryLimitUsage(error: unknown): CliError | undefined {
  if (error instanceof RangeError && error.message.startsWith(SERVER_PREFIX))
    return usageError(`--memory-limit ${error.message.slice(SERVER_PREFIX.length)}`);
  return undefined;
}
