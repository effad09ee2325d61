// Reading `playq serve --credentials FILE`: a JSON array of customers and their credentials. Any
// problem is reported with the file and the position of the entry, never with a secret's value.
import { readFile, stat } from 'node:fs/promises';
import { CliError, EXIT } from '../errors';
import { requirePrivate } from '../private-file';

export interface CredentialsEntry {
  readonly customerId: string;
  readonly apiKey: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly planLevel: string;
}

const FIELDS = ['customerId', 'apiKey', 'clientId', 'clientSecret', 'planLevel'] as const;
/** The secrets, which must be long enough that guessing them is hopeless (the service's failure limits assume it). */
const SECRETS = ['apiKey', 'clientSecret'] as const;
export const MIN_SECRET_LENGTH = 16;

/**
 * Reads and checks a credentials file.
 *
 * @example
 * await readCredentials('/abs/customers.json', 'customers.json');
 * // [{ customerId: 'acme', apiKey: '…', clientId: 'acme', clientSecret: '…', planLevel: '3' }]
 */
export async function readCredentials(path: string, shown: string): Promise<CredentialsEntry[]> {
  let text: string;
  try {
    const stats = await stat(path);
    if (!stats.isFile()) throw Object.assign(new Error('not a file'), { code: 'not a regular file' });
    requirePrivate(`--credentials ${shown}`, shown, stats);
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(
      `cannot read --credentials ${shown}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      EXIT.usage,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliError(`--credentials ${shown} is not valid JSON`, EXIT.usage);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) {
    throw new CliError(`--credentials ${shown} must hold a non-empty JSON array of customers`, EXIT.usage);
  }
  return parsed.map((entry: unknown, i) => {
    if (typeof entry !== 'object' || entry === null)
      throw new CliError(`--credentials ${shown}: entry ${i} is not an object`, EXIT.usage);
    const record = entry as Record<string, unknown>;
    for (const field of FIELDS) {
      const value = record[field];
      // planLevel may be written as a number; the plan host answers it as a string either way.
      if (field === 'planLevel' && typeof value === 'number' && Number.isInteger(value)) continue;
      if (typeof value !== 'string' || value === '') {
        throw new CliError(
          `--credentials ${shown}: entry ${i} needs "${field}" as a non-empty string`,
          EXIT.usage,
        );
      }
    }
    for (const field of SECRETS) {
      if ((record[field] as string).length < MIN_SECRET_LENGTH) {
        throw new CliError(
          `--credentials ${shown}: entry ${i} has a "${field}" shorter than ${MIN_SECRET_LENGTH} characters; use a random one (e.g. \`openssl rand -hex 24\`)`,
          EXIT.usage,
        );
      }
    }
    return {
      customerId: record.customerId as string,
      apiKey: record.apiKey as string,
      clientId: record.clientId as string,
      clientSecret: record.clientSecret as string,
      planLevel: String(record.planLevel),
    };
  });
}
