// Makes consumer projects outside the workspace and installs the tarballs into them with npm, as a
// user would from the registry: `overrides` point every @playq/* range at its tarball, and every
// registry package comes through a local npm cache so repeated runs stay fast.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes `package.json` for a project depending on `direct` (names of packed packages, plus
 * `extra` registry packages) and runs one `npm install`.
 */
export function installProject({ dir, packs, direct, extra = {}, cache }) {
  mkdirSync(dir, { recursive: true });
  const tarballOf = new Map(packs.map((p) => [p.name, `file:${p.tarball}`]));
  const dependencies = Object.fromEntries(direct.map((name) => [name, tarballOf.get(name)]));
  const manifest = {
    name: 'playq-consumer',
    private: true,
    type: 'module',
    dependencies: { ...dependencies, ...extra },
    overrides: Object.fromEntries(tarballOf),
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const args = [
    'install',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    '--prefer-offline',
    '--cache',
    cache,
  ];
  execFileSync('npm', args, { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'], env: npmEnv() });
}

/** The environment for npm: no pnpm-specific settings leaking in from `pnpm run`. */
export function npmEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('npm_') || key.startsWith('PNPM_')) delete env[key];
  return env;
}
