// Installed size of a package: the bytes on disk of it and every package it pulls in (runtime and
// installed optional dependencies, not optional peers), measured in a real npm installation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

function directoryBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += entry.name === 'node_modules' ? 0 : directoryBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Where `name` resolves from the package in `from` (nested node_modules first, then the root). */
function locate(project, from, name) {
  const nested = join(from, 'node_modules', name);
  return existsSync(nested) ? nested : join(project, 'node_modules', name);
}

/** Bytes of `name` and its dependency closure in `project`'s node_modules. */
export function installedBytes(project, name) {
  const seen = new Set();
  const visit = (dir) => {
    if (seen.has(dir) || !existsSync(join(dir, 'package.json'))) return;
    seen.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const deps = { ...manifest.dependencies, ...manifest.optionalDependencies };
    for (const dep of Object.keys(deps)) visit(locate(project, dir, dep));
  };
  visit(join(project, 'node_modules', name));
  let total = 0;
  for (const dir of seen) total += directoryBytes(dir);
  return { bytes: total, packages: seen.size };
}
