// Secrets read from a file or stdin (`--api-key-file -`), so they stay out of the process list that
// every user of the machine can read. A file holds the secret alone; surrounding blanks and the
// final line break are dropped; every problem names the flag and path, never the content.
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option } from 'commander';
import { usageError } from './errors';
import { requirePrivate } from './private-file';

/** Where a secret file may be read from: the CLI's stdin and working directory. */
export interface SecretSource {
  /** What `-` reads. */
  readonly stdin?: AsyncIterable<string | Uint8Array> | undefined;
  /** Directory relative paths are resolved against. */
  readonly cwd?: string | undefined;
}

/** No secret is this long; a bigger file is a wrong path (or a device that never ends). */
const MAX_BYTES = 64 * 1024;

/**
 * The option `--<name>-file <path|->` that reads the secret of `--<name>`.
 *
 * @example
 * command.addOption(secretFileOption('api-key', 'the X-API-Key'));
 */
export function secretFileOption(name: string, what: string): Option {
  return new Option(
    `--${name}-file <path|->`,
    `read ${what} from a file, or from stdin with - (unlike --${name}, not visible in the process list)`,
  );
}

// Streams already read to the end for one secret: a second `-` would silently get nothing.
const consumed = new WeakSet<object>();

async function readBounded(flag: string, path: string, source: SecretSource): Promise<Uint8Array> {
  if (path === '-') {
    if (source.stdin === undefined) throw usageError(`${flag} -: there is no stdin to read`);
    if (consumed.has(source.stdin)) {
      throw usageError(`${flag} -: stdin was already read for another secret; only one can come from it`);
    }
    consumed.add(source.stdin);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of source.stdin) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      size += bytes.length;
      if (size > MAX_BYTES) break;
    }
    return Buffer.concat(chunks);
  }
  const file = await open(resolve(source.cwd ?? process.cwd(), path), 'r').catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    throw usageError(`${flag} ${path}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code})`}`);
  });
  try {
    requirePrivate(`${flag} ${path}`, path, await file.stat());
    const buffer = Buffer.alloc(MAX_BYTES + 1);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0).catch((error: unknown) => {
      throw usageError(`${flag} ${path}: cannot read it (${(error as NodeJS.ErrnoException).code})`);
    });
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The secret in `path` (`-` for stdin) for `flag`: its text without surrounding blanks. An empty
 * file, one of more than one line or larger than 64 KiB, or a file that users other than its owner
 * can read or change, is a usage error naming the flag and path.
 *
 * @example
 * await readSecretFile('--api-key-file', 'key.txt', { cwd: '/home/me' }); // 'demo-key'
 */
export async function readSecretFile(flag: string, path: string, source: SecretSource): Promise<string> {
  const bytes = await readBounded(flag, path, source);
  const where = path === '-' ? `${flag} - (stdin)` : `${flag} ${path}`;
  if (bytes.length > MAX_BYTES) throw usageError(`${where}: larger than 64 KiB, not a secret`);
  const text = new TextDecoder().decode(bytes).trim();
  if (text === '') throw usageError(`${where}: empty; it should hold the secret alone`);
  if (/[\u0000-\u001f\u007f]/.test(text)) {
    throw usageError(
      `${where}: holds more than one line or a control character; it should hold the secret alone`,
    );
  }
  return text;
}

/** A secret flag and the flag that reads it from a file. */
export interface SecretFlagPair {
  /** The value of `--<name>`. */
  readonly value: string | undefined;
  /** The value of `--<name>-file`. */
  readonly file: string | undefined;
  /** The flag name without dashes, e.g. `api-key`. */
  readonly name: string;
}

/**
 * Each secret from its flag or its file, in order. Both for one secret, or stdin for two, are
 * usage errors.
 *
 * @example
 * await readSecretPairs([{ name: 'api-key', value: undefined, file: '-' }], { stdin: process.stdin });
 * // ['demo-key']
 */
export async function readSecretPairs(
  pairs: readonly SecretFlagPair[],
  source: SecretSource,
): Promise<(string | undefined)[]> {
  const fromStdin = pairs.filter((p) => p.file === '-');
  if (fromStdin.length > 1) {
    throw usageError(
      `only one secret can come from stdin; ${fromStdin.map((p) => `--${p.name}-file`).join(' and ')} both say -`,
    );
  }
  const values: (string | undefined)[] = [];
  for (const pair of pairs) {
    if (pair.file === undefined) {
      values.push(pair.value);
      continue;
    }
    if (pair.value !== undefined) throw usageError(`give --${pair.name} or --${pair.name}-file, not both`);
    values.push(await readSecretFile(`--${pair.name}-file`, pair.file, source));
  }
  return values;
}
