// `pnpm start`'s build, so a newcomer can tell progress from a hang: turbo's build with the output
// of every package it builds (packages already built are cache hits and skipped), and, whenever
// nothing has been printed for a while, a line saying which package is still building and for how
// long (a package's type declarations take half a minute with no output of their own).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs `command` with its output passed through, adding a "still building" line after each
 * `quietMs` of silence. Resolves with the command's exit code.
 *
 * @param {{ command: string, args?: string[], quietMs?: number, out?: { write(text: string): unknown }, cwd?: string }} options
 * @returns {Promise<number>}
 * @example
 * await withProgress({ command: 'pnpm', args: ['exec', 'turbo', 'run', 'build'] }); // 0
 */
export function withProgress({ command, args = [], quietMs = 8000, out = process.stdout, cwd }) {
  const started = Date.now();
  let last = Date.now();
  let task = '';
  const seconds = () => Math.round((Date.now() - started) / 1000);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const pass = (chunk) => {
      const text = String(chunk);
      out.write(text);
      last = Date.now();
      // turbo prefixes each line with its task: `@playq/server:build: …`.
      const named = [...text.matchAll(/^(\S+):build: /gm)].at(-1);
      if (named) task = named[1];
    };
    child.stdout.on('data', pass);
    child.stderr.on('data', pass);
    const timer = setInterval(
      () => {
        if (Date.now() - last < quietMs) return;
        out.write(`  … still building${task ? ` ${task}` : ''} (${seconds()} s so far)\n`);
        last = Date.now();
      },
      Math.min(1000, quietMs),
    );
    child.on('error', (error) => {
      clearInterval(timer);
      out.write(`cannot run ${command}: ${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => {
      clearInterval(timer);
      if (code === 0) out.write(`built in ${seconds()} s (packages already built were skipped)\n`);
      resolve(code ?? 1);
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write('building the packages (about 90 s the first time; nothing to do once built)\n');
  const code = await withProgress({
    command: 'pnpm',
    args: ['exec', 'turbo', 'run', 'build', '--output-logs=new-only'],
  });
  process.exit(code);
}
