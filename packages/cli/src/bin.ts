#!/usr/bin/env node
// The `playq` executable: wires process signals to an AbortSignal (first Ctrl-C/SIGTERM stops the
// running command cleanly, a second one exits at once) and turns run()'s result into the exit code.
import { EXIT } from './errors';
import { processStdin } from './io';
import { run } from './program';

const controller = new AbortController();
let stopping = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (stopping) process.exit(signal === 'SIGINT' ? EXIT.interrupted : 143);
  stopping = true;
  controller.abort(new DOMException(`received ${signal}`, 'AbortError'));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

// A closed pipe (`playq query … | head`) is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
});

// Run through a package-manager script, relative paths (--out, --data) should still mean the
// directory the user typed the command in, which npm and pnpm pass as INIT_CWD. (`pnpm playq` in
// the repository runs the linked binary directly, from the directory it was typed in.)
function invocationDir(): string {
  const fromScript = process.env.npm_lifecycle_event === 'playq' ? process.env.INIT_CWD : undefined;
  return fromScript && fromScript !== '' ? fromScript : process.cwd();
}

const code = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: processStdin,
  env: process.env,
  signal: controller.signal,
  cwd: invocationDir(),
});
process.exitCode = code;
process.off('SIGINT', onSignal);
process.off('SIGTERM', onSignal);
// Output to pipes, files and terminals is synchronous on POSIX, so nothing is lost by exiting
// shortly after; a stray handle (a keep-alive socket, a database thread) must not hold the exit.
setTimeout(() => process.exit(code), 250).unref();
