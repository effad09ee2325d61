// Spawning the built `playq` binary the way a user would: real process, real exit code, real
// stdout/stderr, plain text (NO_COLOR), bounded in time.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'bin.js');

export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface SpawnOptions {
  readonly env?: Record<string, string | undefined>;
  readonly cwd?: string;
  readonly timeoutMs?: number;
  /** Written to the process's stdin, which is then closed (default: no stdin at all). */
  readonly input?: string;
}

function baseEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** A running `playq` process with its output so far. */
export interface CliProcess {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves when stdout matches `pattern`; rejects if the process ends or time runs out first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  readonly done: Promise<CliResult>;
}

/**
 * Starts `playq args…` and returns at once.
 *
 * @example
 * const p = startCli(['serve', '--port', '0']);
 * const [, url] = await p.waitFor(/base URL\s+(\S+)/);
 */
export function startCli(args: readonly string[], options: SpawnOptions = {}): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? tmpdir(),
    env: baseEnv(options.env),
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (options.input !== undefined) child.stdin!.end(options.input);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const timeoutMs = options.timeoutMs ?? 45_000;
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const done = new Promise<CliResult>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: out, stderr: err });
    });
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    done,
    waitFor(pattern, waitMs = 30_000) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const poll = setInterval(() => {
          const match = out.match(pattern);
          if (match) {
            clearInterval(poll);
            resolve(match);
          } else if (child.exitCode !== null || child.signalCode !== null || Date.now() - started > waitMs) {
            clearInterval(poll);
            reject(
              new Error(
                `playq ${args.join(' ')}: ${pattern} never appeared.\nstdout: ${out}\nstderr: ${err}`,
              ),
            );
          }
        }, 25);
      });
    },
  };
}

/**
 * Runs `playq args…` to completion.
 *
 * @example
 * const { code, stdout } = await runCli(['validate', 'filter', '[country=US]']);
 */
export function runCli(args: readonly string[], options: SpawnOptions = {}): Promise<CliResult> {
  return startCli(args, options).done;
}

/** A fresh temporary directory. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'playq-cli-test-'));
}
