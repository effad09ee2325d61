// The CLI's exit codes and the errors that carry them. Every failure a user can cause ends as one
// of these, printed as one clear line on stderr; anything else is a bug and says so.

export const EXIT = {
  ok: 0,
  /** The input was understood but is not valid, or the query/export/contract failed. */
  failure: 1,
  /** Bad usage: an unknown flag, a missing argument, a value of the wrong kind. */
  usage: 2,
  /** Stopped by Ctrl-C (128 + SIGINT). */
  interrupted: 130,
} as const;

/**
 * An error the CLI expected and can explain; its message is printed as is, and the process exits
 * with `exitCode`.
 *
 * @example
 * throw new CliError('--limit must be an integer from 1 to 10000', EXIT.usage);
 */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT.failure, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/**
 * Bad usage, exit code 2.
 *
 * @example
 * throw usageError('--end goes with --last');
 */
export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

/**
 * True when `error` is the rejection of an aborted operation (Ctrl-C).
 *
 * @example
 * if (isAbort(error, ctx.signal)) return EXIT.interrupted;
 */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}
