// Node helpers to keep fixtures on disk; the transports themselves need no file system.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Fixture, parseFixture } from './fixture';

/**
 * Write a fixture as pretty JSON, creating the folder if needed.
 *
 * @example
 * await saveFixture('test/fixtures/demo.json', recorder.fixture());
 */
export async function saveFixture(path: string, fixture: Fixture): Promise<void> {
  const checked = parseFixture(fixture);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(checked, null, 2)}\n`, 'utf8');
}

/**
 * Read and check a fixture written by `saveFixture` (or by hand).
 *
 * @example
 * const transport = replayTransport(await loadFixture('test/fixtures/demo.json'));
 */
export async function loadFixture(path: string): Promise<Fixture> {
  const text = await readFile(path, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`@playq/testing: ${path} is not JSON: ${(error as Error).message}`);
  }
  try {
    return parseFixture(value);
  } catch (error) {
    throw new TypeError(`${(error as Error).message} (in ${path})`);
  }
}
