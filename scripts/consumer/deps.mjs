// Compares what an installed package's built code imports (static, dynamic and require, found by
// esbuild's resolver) with what its manifest declares: every import must be declared, and every
// runtime dependency must be imported — bundled code is not a dependency.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The bare package names the given files import, static or dynamic. */
export async function importedPackages(files) {
  const seen = new Set();
  const record = {
    name: 'record-bare-imports',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (!builtins.has(path) && !path.startsWith('node:')) seen.add(packageOf(path));
        return { path, external: true };
      });
    },
  };
  await build({
    entryPoints: files,
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    outdir: 'out',
    plugins: [record],
  });
  return seen;
}

/**
 * The bare package names the given declaration files refer to (`from '…'`, `import('…')`), read
 * by TypeScript's own pre-processor, so an example inside a doc comment imports nothing.
 */
export function typeImportedPackages(files) {
  const seen = new Set();
  for (const file of files) {
    for (const { fileName: path } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles) {
      if (!/^[./]/.test(path) && !builtins.has(path) && !path.startsWith('node:')) seen.add(packageOf(path));
    }
  }
  return seen;
}

/**
 * Problems with one installed package's dependency lists; empty when they match its code. A
 * package its declarations name counts as used: a consumer's compiler needs it too.
 */
export async function dependencyProblems(dir, manifest, files) {
  const js = files.filter((f) => f.endsWith('.js')).map((file) => join(dir, file));
  const dts = files.filter((f) => f.endsWith('.d.ts')).map((file) => join(dir, file));
  const imported = new Set([...(await importedPackages(js)), ...typeImportedPackages(dts)]);
  imported.delete(manifest.name);
  const runtime = Object.keys(manifest.dependencies ?? {});
  const peers = Object.keys(manifest.peerDependencies ?? {});
  const problems = [];
  for (const name of imported) {
    if (!runtime.includes(name) && !peers.includes(name))
      problems.push(`imports ${name} but does not declare it`);
  }
  for (const name of runtime) {
    if (!imported.has(name)) problems.push(`declares dependency ${name} but its code never imports it`);
  }
  return problems;
}
