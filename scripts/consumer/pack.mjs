// Packs every package under packages/ once with pnpm (which applies publishConfig and turns
// `workspace:` ranges into versions) and measures each tarball: packed bytes and unpacked bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Every publishable package under `packages/`, with its directory and manifest. */
export function workspacePackages(root) {
  return readdirSync(join(root, 'packages'))
    .map((dir) => join(root, 'packages', dir))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private);
}

/** Files (path → contents) in a .tgz, read with the ustar header layout; no tar binary needed. */
export function tarballFiles(file) {
  const tar = gunzipSync(readFileSync(file));
  const files = new Map();
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (from, length) =>
      header
        .subarray(from, from + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(text(124, 12).trim() || '0', 8);
    const prefix = text(345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(0, 100);
    if (text(156, 1) === '0' || text(156, 1) === '')
      files.set(name.replace(/^package\//, ''), tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Packs each package into `dest`; returns name, version, tarball path, manifest and sizes. */
export function packAll(packages, dest) {
  return packages.map(({ dir, manifest }) => {
    const out = execFileSync('pnpm', ['pack', '--pack-destination', dest], { cwd: dir, encoding: 'utf8' });
    const tarball = out
      .trim()
      .split('\n')
      .filter((line) => line.endsWith('.tgz'))
      .pop();
    if (!tarball || !existsSync(tarball)) throw new Error(`pnpm pack in ${dir} printed no tarball:\n${out}`);
    const files = tarballFiles(tarball);
    const packed = JSON.parse(files.get('package.json').toString('utf8'));
    return {
      name: manifest.name,
      version: manifest.version,
      tarball,
      manifest: packed,
      files,
      packedBytes: statSync(tarball).size,
      unpackedBytes: [...files.values()].reduce((sum, body) => sum + body.length, 0),
    };
  });
}
