// Reading `--rows FILE.json`: a scenario's exact rows, `{ sessions, errors? }` keyed by the data
// files' column names. The file's shape is checked here; each row's columns and values are checked
// by the library, which names the row and the column (`sessions[2].startup_ms: …`).
import { readFile } from 'node:fs/promises';
import { CliError, EXIT } from '../errors';

/** The rows of a scenario file, as the service's `{ rows }` data source takes them. */
export interface RowsFile {
  readonly sessions: readonly Record<string, unknown>[];
  readonly errors?: readonly Record<string, unknown>[];
}

/**
 * Reads a rows file; `shown` is the path as the user gave it.
 *
 * @example
 * await readRowsFile('/abs/scenario.json', 'scenario.json');
 * // { sessions: [{ country: 'BR', startup_ms: 2000 }], errors: [] }
 */
export async function readRowsFile(path: string, shown: string): Promise<RowsFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read --rows ${shown}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      EXIT.usage,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--rows ${shown} is not valid JSON: ${(error as Error).message}`, EXIT.usage);
  }
  const shape = `--rows ${shown} must hold a JSON object { "sessions": [...], "errors": [...] }`;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new CliError(shape, EXIT.usage);
  const { sessions, errors, ...rest } = parsed as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) throw new CliError(`${shape}; "${extra}" is neither`, EXIT.usage);
  if (!Array.isArray(sessions))
    throw new CliError(`${shape}; "sessions" is missing or not an array`, EXIT.usage);
  if (errors !== undefined && !Array.isArray(errors))
    throw new CliError(`${shape}; "errors" is not an array`, EXIT.usage);
  return errors === undefined ? { sessions } : { sessions, errors };
}

/** A refusal of the rows by the library (a bad column or value), as a usage error naming the file. */
export function rowsRefusal(shown: string, error: unknown): CliError {
  const message = (error as Error).message.replace(/^@playq\/server: /, '');
  return new CliError(`--rows ${shown}: ${message}`, EXIT.usage, { cause: error });
}
