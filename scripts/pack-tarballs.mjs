// `pnpm tarballs [--out <dir>] [package ...]`: packs the named @playq packages (default: the SDK,
// @playq/query and @playq/client) with every @playq package they depend on, so the tarballs
// install with npm before the packages are published, and prints the one `npm install` command
// that installs them. Run `pnpm build` first (or let `pnpm tarballs` do it).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packAll, workspacePackages } from './consumer/pack.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_PACKAGES = ['@playq/query', '@playq/client'];

/**
 * The named packages and the @playq packages they need (dependencies and peers, transitively),
 * in dependency order. Throws for a name that is not a published workspace package.
 *
 * @example
 * withDependencies(['@playq/client'], packages).map((p) => p.manifest.name);
 * // ['@playq/grammar', '@playq/query', '@playq/client']
 */
export function withDependencies(names, packages) {
  const byName = new Map(packages.map((p) => [p.manifest.name, p]));
  const ordered = [];
  const visit = (name, from) => {
    const pkg = byName.get(name);
    if (pkg === undefined) {
      const known = [...byName.keys()].join(', ');
      throw new Error(
        `${from ? `${from} needs ` : ''}${name}, which is not a package of this checkout (${known})`,
      );
    }
    if (ordered.includes(pkg)) return;
    const { dependencies = {}, peerDependencies = {} } = pkg.manifest;
    for (const dep of Object.keys({ ...dependencies, ...peerDependencies }))
      if (byName.has(dep)) visit(dep, name);
    ordered.push(pkg);
  };
  for (const name of names) visit(name);
  return ordered;
}

/** Packs `names` (and what they need) into `out`; returns the tarballs' absolute paths. */
export function packTarballs({ names = DEFAULT_PACKAGES, out = resolve(root, 'tarballs') } = {}) {
  mkdirSync(out, { recursive: true });
  return packAll(withDependencies(names, workspacePackages(root)), out).map((p) => p.tarball);
}

function parseArgs(argv) {
  const names = [];
  let out;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = argv[++i];
    else if (argv[i] === '--help') return { help: true };
    else if (argv[i].startsWith('-')) throw new Error(`unknown option ${argv[i]} (options: --out <dir>)`);
    else names.push(argv[i].startsWith('@') ? argv[i] : `@playq/${argv[i]}`);
  }
  if (out === '' || (argv.includes('--out') && out === undefined)) throw new Error('--out needs a directory');
  return { names: names.length > 0 ? names : DEFAULT_PACKAGES, out: out && resolve(out) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const args = parseArgs(process.argv.slice(2));
    if (args.help) {
      console.log('usage: pnpm tarballs [--out <dir>] [package ...]   (default: @playq/query @playq/client)');
    } else {
      const tarballs = packTarballs(args);
      console.error(`packed ${tarballs.length} packages; in your project run:`);
      console.log(`npm install ${tarballs.join(' ')}`);
    }
  } catch (error) {
    console.error(`pnpm tarballs: ${error.message}`);
    process.exitCode = 2;
  }
}
