// Builds what the binary tests spawn, once per run: the CLI's own dist/ when any source is newer
// than it, and sibling packages' dist/ only when missing (turbo's `^build` normally provides them;
// this makes `pnpm --filter @playq/cli test` work from a clean clone too).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = join(cliDir, '..', '..');
const SIBLINGS = ['grammar', 'query', 'client', 'server', 'testing'];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function pnpm(args: string[], cwd: string): void {
  execFileSync('pnpm', args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 });
}

export default async function setup(): Promise<void> {
  const missing = SIBLINGS.filter((name) => !existsSync(join(repoDir, 'packages', name, 'dist', 'index.js')));
  if (missing.length > 0) {
    pnpm(['exec', 'turbo', 'run', 'build', '--filter=@playq/cli^...', '--output-logs=errors-only'], repoDir);
  }
  const bin = join(cliDir, 'dist', 'bin.js');
  const sources = Math.max(newestMtime(join(cliDir, 'src')), statSync(join(cliDir, 'package.json')).mtimeMs);
  if (!existsSync(bin) || statSync(bin).mtimeMs < sources) {
    // The JavaScript only: declaration files take a minute and the spawned binary does not need them.
    // Old chunks would pile up beside the new ones (their names are content hashes).
    const dist = join(cliDir, 'dist');
    if (existsSync(dist)) {
      for (const name of readdirSync(dist)) if (/\.js(\.map)?$/.test(name)) rmSync(join(dist, name));
    }
    const { build } = await import('tsup');
    const config = (await import('../tsup.config')).default;
    await build({ ...(config as object), dts: false, clean: false, silent: true, config: false });
  }
}
