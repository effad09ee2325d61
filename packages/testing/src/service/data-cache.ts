// Generated data sets cached on disk, so that a test service after the first is ready in a blink:
// generating 100,000 sessions takes seconds, opening a copy of the database file a tenth of one.
// Each service opens its own copy (DuckDB locks a file per process), deleted when it closes.
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PlantedEffect } from '@playq/server';
import { loadServer } from './load-server';

export interface GenerateKey {
  readonly seed: number;
  readonly sessions: number;
  readonly days: number;
  readonly end: number;
  readonly customers: readonly string[];
  readonly effects?: readonly PlantedEffect[];
}

const STALE_COPY_MS = 24 * 3600 * 1000;
/** Cached data sets unused this long are deleted (each is a few megabytes per 100,000 sessions). */
const STALE_MASTER_MS = 7 * 24 * 3600 * 1000;

/** The default cache folder: `PLAYQ_TESTING_CACHE_DIR`, else `<tmp>/playq-testing-cache`. */
export function defaultCacheDir(): string {
  return process.env.PLAYQ_TESTING_CACHE_DIR || join(tmpdir(), 'playq-testing-cache');
}

let fingerprint: Promise<string> | undefined;

/**
 * What identifies the generator: the server's version and, in a workspace where its sources are
 * present, the size and time of each file that makes data — so an edited generator never serves
 * a stale cache.
 */
function generatorFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const manifest = createRequire(import.meta.url).resolve('@playq/server/package.json');
    const root = dirname(manifest);
    const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
    const parts = [version];
    for (const folder of ['dist', 'src/data']) {
      const names = await readdir(join(root, folder)).catch(() => [] as string[]);
      for (const name of names.sort()) {
        const info = await stat(join(root, folder, name)).catch(() => undefined);
        if (info?.isFile()) parts.push(`${folder}/${name}:${info.size}:${info.mtimeMs}`);
      }
    }
    return parts.join('|');
  })();
  return fingerprint;
}

async function removeDatabase(path: string): Promise<void> {
  await Promise.all([rm(path, { force: true }), rm(`${path}.wal`, { force: true })]);
}

async function generateMaster(master: string, key: GenerateKey): Promise<void> {
  const temporary = `${master}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const { generateDataset } = await loadServer();
    const dataset = await generateDataset({ ...key, database: temporary });
    await dataset.close();
    // Another process may have won the race; its file has the same content, so either is fine.
    await rename(temporary, master);
  } finally {
    await removeDatabase(temporary);
  }
}

async function pruneOlderThan(folder: string, ageMs: number, suffix: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    if (!name.endsWith(suffix)) continue;
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > ageMs) await rm(path, { force: true });
  }
}

/**
 * A private copy of the cached database for these generator options, generating it first if
 * needed. Returns the copy's path and a function that deletes it.
 *
 * @internal
 */
export async function cachedDatabaseCopy(
  key: GenerateKey,
  cacheDir: string,
): Promise<{ readonly path: string; readonly master: string; readonly release: () => Promise<void> }> {
  const id = createHash('sha256')
    .update(JSON.stringify({ format: 1, generator: await generatorFingerprint(), ...key }))
    .digest('hex')
    .slice(0, 24);
  const copies = join(cacheDir, 'open');
  await mkdir(copies, { recursive: true });
  const master = join(cacheDir, `${id}.duckdb`);
  const exists = await stat(master).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await generateMaster(master, key);
    await pruneOlderThan(cacheDir, STALE_MASTER_MS, '.duckdb');
  } else {
    // Mark it used, so that pruning keeps what tests still need.
    const now = new Date();
    await utimes(master, now, now).catch(() => undefined);
    await pruneOlderThan(copies, STALE_COPY_MS, '');
  }
  const path = join(copies, `${id}-${process.pid}-${randomUUID()}.duckdb`);
  await copyFile(master, path);
  return { path, master, release: () => removeDatabase(path) };
}

/** Forget a cached master that failed to open (a crash mid-write, a foreign file). @internal */
export async function discardCached(path: string): Promise<void> {
  await removeDatabase(path);
}
