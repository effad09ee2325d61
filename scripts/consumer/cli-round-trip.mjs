// Runs the installed `playq` binary as a user would: a service started with `playq serve` on a
// free loopback port, queried and contract-checked by the same (or another) installation.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';

/** Runs `playq args…` from `project`; resolves to { code, stdout, stderr } and never rejects. */
export function playq(project, args, env = {}) {
  return new Promise((resolve) => {
    const bin = join(project, 'node_modules', '.bin', 'playq');
    execFile(
      bin,
      args,
      { cwd: project, env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 180_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs a command line as printed, with a shell, the project's binaries first on PATH. */
export function shell(project, line) {
  return new Promise((resolve) => {
    const PATH = `${join(project, 'node_modules', '.bin')}:${process.env.PATH}`;
    execFile(
      'sh',
      ['-c', line],
      { cwd: project, env: { ...process.env, PATH, NO_COLOR: '1' }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** Starts `playq serve --port 0` in `project`; resolves once it prints its base URL. */
export function startServe(project, args) {
  const bin = join(project, 'node_modules', '.bin', 'playq');
  const child = spawn(bin, ['serve', '--port', '0', ...args], {
    cwd: project,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`playq serve printed no base URL in 120 s:\n${stdout}${stderr}`)),
      120_000,
    );
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /base URL\s+(\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`playq serve exited with ${code}:\n${stdout}${stderr}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
  return { ready, stop };
}
