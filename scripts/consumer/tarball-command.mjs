// The README's way to try the SDK before it is published: `pnpm tarballs` in the checkout, then
// the `npm install …` line it prints, in a fresh project. This check runs the README's command
// as written (its package arguments), installs what it printed with npm and uses the SDK there.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { npmEnv } from './install.mjs';

/** The arguments of the README's `pnpm tarballs` command (the first in a ```sh block). */
export function readmeTarballArgs(readme) {
  for (const block of readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    const line = block[1].split('\n').find((l) => /^pnpm tarballs\b/.test(l.trim()));
    if (line !== undefined) return line.replace(/#.*$/, '').trim().split(/\s+/).slice(2);
  }
  throw new Error('README.md shows no `pnpm tarballs` command in a ```sh block');
}

/** Runs the README's command into `work`, installs its printed npm command in a new project. */
export function tarballCommandProblems({ root, work, cache }) {
  const args = readmeTarballArgs(readFileSync(join(root, 'README.md'), 'utf8'));
  const out = join(work, 'readme-tarballs');
  const printed = execFileSync(process.execPath, ['scripts/pack-tarballs.mjs', ...args, '--out', out], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
  const install = printed.split('\n').find((l) => l.startsWith('npm install '));
  if (install === undefined) return [`pnpm tarballs printed no npm install line:\n${printed}`];
  const project = join(work, 'readme-app');
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    '{ "name": "readme-app", "private": true, "type": "module" }\n',
  );
  const npmArgs = [
    ...install.split(/\s+/).slice(1),
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    '--cache',
    cache,
  ];
  execFileSync('npm', npmArgs, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'], env: npmEnv() });
  const use = `
    import { apiKeyAuth, createClient } from '@playq/client';
    import { metricQuery } from '@playq/query';
    const client = createClient({ baseUrl: 'http://127.0.0.1:9/api/v1', auth: apiKeyAuth('k') });
    console.log(client.url(metricQuery('demo').between(0, 3600).metrics('errors').aggBy('country')));`;
  const url = execFileSync(process.execPath, ['--input-type=module', '-e', use], {
    cwd: project,
    encoding: 'utf8',
  });
  const expected =
    'http://127.0.0.1:9/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors&aggby=country';
  return url.trim() === expected
    ? []
    : [`the SDK installed from the tarballs printed ${url.trim()}, not ${expected}`];
}
