// Applies the packaging conventions to every package under packages/ (a new one included): the
// metadata npm shows, README and LICENSE in the tarball, exports ending in a `default` condition
// (so require(esm) works). `--check` lists what differs and exits 1; without it, files are fixed.
// The consumer-install stage (scripts/consumer) is what proves the result; this only saves typing.
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const REPO = 'https://github.com/playq/playq';
const BASE_KEYWORDS = ['playq', 'playback-analytics', 'video', 'qoe'];

/** `import` → `default` in one exports map, keeping every other condition and its order. */
function withDefault(exports) {
  if (!exports || typeof exports !== 'object') return exports;
  return Object.fromEntries(
    Object.entries(exports).map(([key, value]) => {
      if (typeof value !== 'object' || value === null || !('import' in value) || 'default' in value)
        return [key, value];
      return [
        key,
        Object.fromEntries(Object.entries(value).map(([k, v]) => [k === 'import' ? 'default' : k, v])),
      ];
    }),
  );
}

function conventional(dir, manifest) {
  const short = dir.split('/').pop();
  const docs = existsSync(join(root, 'docs', `${short}.md`))
    ? `docs/${short}.md`
    : `packages/${short}/README.md`;
  const next = {
    ...manifest,
    keywords: manifest.keywords ?? BASE_KEYWORDS,
    homepage: manifest.homepage ?? `${REPO}/blob/main/${docs}`,
    bugs: manifest.bugs ?? { url: `${REPO}/issues` },
    repository: manifest.repository ?? {
      type: 'git',
      url: `git+${REPO}.git`,
      directory: `packages/${short}`,
    },
    license: manifest.license ?? 'MIT',
    files: [...new Set([...(manifest.files ?? ['dist']), 'README.md', 'LICENSE'])],
    exports: withDefault(manifest.exports),
  };
  if (manifest.publishConfig?.exports) {
    next.publishConfig = { ...manifest.publishConfig, exports: withDefault(manifest.publishConfig.exports) };
  }
  return next;
}

let differences = 0;
for (const name of readdirSync(join(root, 'packages'))) {
  const dir = join(root, 'packages', name);
  const file = join(dir, 'package.json');
  if (!existsSync(file)) continue;
  const before = readFileSync(file, 'utf8');
  const manifest = JSON.parse(before);
  if (manifest.private) continue;
  const after = `${JSON.stringify(conventional(dir, manifest), null, 2)}\n`;
  const problems = [];
  if (after !== before) problems.push('package.json metadata, files or exports');
  if (!existsSync(join(dir, 'LICENSE'))) problems.push('LICENSE');
  if (!existsSync(join(dir, 'README.md')))
    problems.push('README.md (write one: what it is, install, main example, docs link)');
  if (manifest.version === '0.0.0')
    problems.push('version 0.0.0 (add a changeset, then `pnpm version-packages`)');
  if (problems.length === 0) continue;
  differences += problems.length;
  console.log(`${manifest.name}: ${problems.join('; ')}`);
  if (check) continue;
  writeFileSync(file, after);
  if (!existsSync(join(dir, 'LICENSE'))) copyFileSync(join(root, 'LICENSE'), join(dir, 'LICENSE'));
}
if (check && differences > 0) process.exit(1);
