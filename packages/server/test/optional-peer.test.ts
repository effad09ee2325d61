// An engine whose package is not installed is refused with the one line that installs it; any
// other failure while loading it is not disguised as a missing package.
import { describe, expect, it } from 'vitest';
import { importPeer, MissingEngineError } from '../src/engine/optional-peer';

describe('importPeer', () => {
  it('names the engine and the install line when the package is absent', async () => {
    const error = await importPeer('playq-engine-that-is-not-installed', 'chdb').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingEngineError);
    expect((error as Error).message).toBe(
      '@playq/server: the chdb engine needs the package playq-engine-that-is-not-installed; install it with: npm install playq-engine-that-is-not-installed',
    );
  });

  it('returns the module when it is installed', async () => {
    const path = await importPeer<typeof import('node:path')>('node:path', 'x');
    expect(path.join('a', 'b')).toBe('a/b');
  });

  it('passes on any other error', async () => {
    const error = await importPeer('data:text/javascript,throw new Error("broken engine")', 'x').catch(
      (e: unknown) => e,
    );
    expect(error).not.toBeInstanceOf(MissingEngineError);
    expect(String(error)).toContain('broken engine');
  });
});
