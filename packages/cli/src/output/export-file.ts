// Writing an export so that the named file either holds every record or does not change at all:
// data goes to a hidden temporary file beside it, which is renamed over the target only once the
// caller has confirmed the count; any failure or interruption removes the temporary file.
import { randomBytes } from 'node:crypto';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface ExportFile {
  /** The temporary path being written (beside the target, so the rename is atomic). */
  readonly tempPath: string;
  write(text: string): Promise<void>;
  /** Flushes, closes and renames the temporary file to the target. */
  commit(): Promise<void>;
  /** Closes and removes the temporary file; safe to call more than once, and after commit. */
  discard(): Promise<void>;
}

/**
 * Opens a temporary file for an export to `target`.
 *
 * @example
 * const file = await openExportFile('out/errors.csv');
 * try {
 *   await file.write('a,b\r\n');
 *   await file.commit();
 * } finally {
 *   await file.discard();
 * }
 */
export async function openExportFile(target: string): Promise<ExportFile> {
  const tempPath = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.partial`,
  );
  let handle: FileHandle | undefined = await open(tempPath, 'wx', 0o644);
  let committed = false;
  return {
    tempPath,
    async write(text) {
      if (!handle) throw new Error('playq: export file is closed');
      await handle.write(text);
    },
    async commit() {
      if (!handle) throw new Error('playq: export file is closed');
      await handle.datasync();
      await handle.close();
      handle = undefined;
      await rename(tempPath, target);
      committed = true;
    },
    async discard() {
      if (committed) return;
      const h = handle;
      handle = undefined;
      await h?.close().catch(() => {});
      await rm(tempPath, { force: true });
    },
  };
}
