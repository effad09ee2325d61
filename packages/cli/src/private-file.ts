// Files that hold secrets (an API key, a client secret, a token, the service's credentials) must be
// readable by their owner alone, as ssh asks of its keys: a secret other users can read is already
// shared. The check reads the mode bits, so it applies where they mean something (not on Windows).
import type { Stats } from 'node:fs';
import { usageError } from './errors';

/** Mode bits that let the file's group or other users read, write or run it. */
const SHARED_BITS = 0o077;

/**
 * Throws a usage error when the regular file `stats` describes can be read or written by users other
 * than its owner, naming where it was given and the fix. Pipes (`<(pass show key)`) and devices are
 * not checked: nothing is stored in them.
 *
 * @example
 * requirePrivate('--api-key-file key.txt', 'key.txt', await stat('key.txt'));
 * // UsageError: --api-key-file key.txt: other users can read it (mode 644); run `chmod 600 key.txt`
 */
export function requirePrivate(where: string, path: string, stats: Stats, platform = process.platform): void {
  if (platform === 'win32' || !stats.isFile()) return;
  const shared = stats.mode & SHARED_BITS;
  if (shared === 0) return;
  const mode = (stats.mode & 0o777).toString(8).padStart(3, '0');
  const who = (shared & 0o044) !== 0 ? 'other users can read it' : 'other users can change it';
  throw usageError(
    `${where}: ${who} (mode ${mode}); run \`chmod 600 ${path}\` so that only you can, as ssh asks of its keys`,
  );
}
