// The public entries the API reference documents: every entry in the `exports` map of each
// published package under packages/, named by the specifier a user imports (`@playq/query/builder`).
// The package manifests own this list; nothing here repeats it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packagesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Each public entry: its import specifier, its source file (the `@playq/source` condition) and a
 * description: the package's for its main entry, the entry file's role comment for a subpath.
 *
 * @example
 * apiEntries().map((e) => e.specifier); // ['@playq/cli', '@playq/client', …, '@playq/testing/msw']
 */
export function apiEntries(root = packagesDir) {
  const entries = [];
  for (const dir of readdirSync(root).sort()) {
    const manifestFile = join(root, dir, 'package.json');
    if (!existsSync(manifestFile)) continue;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.private) continue;
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = typeof target === 'object' ? target['@playq/source'] : undefined;
      if (source === undefined) continue;
      entries.push({
        specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`,
        file: join(root, dir, source),
        description:
          subpath === '.'
            ? manifest.description
            : (roleComment(join(root, dir, source)) ?? manifest.description),
      });
    }
  }
  return entries;
}

/** The `//` comment atop an entry file as one paragraph, without its leading `@playq/x:` label. */
function roleComment(file) {
  const lines = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/\s?/, ''));
  }
  const text = lines
    .join(' ')
    .replace(/^@playq\/[\w/-]+:\s*/, '')
    .trim();
  if (text === '') return undefined;
  // A sentence starts with a capital, unless it starts with a name such as fast-check.
  return /^[a-z]+\b(?!-)/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
