// What a command may touch of the outside world, passed in rather than reached for, so `run()`
// can be driven by tests and embedded in other programs without spawning a process.
import { type Colors, createColors, shouldColor } from './format/colors';
import { guardTerminal } from './format/terminal-text';

export interface OutputStream {
  write(text: string): unknown;
  readonly isTTY?: boolean | undefined;
  /** Terminal width, when known. */
  readonly columns?: number | undefined;
}

export interface CliIo {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Environment variables (`PLAYQ_*`, `NO_COLOR`, `FORCE_COLOR`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** What `--api-key-file -` (and the other secret files) read; default none when embedded. */
  readonly stdin?: AsyncIterable<string | Uint8Array> | undefined;
  /** Aborted on Ctrl-C / SIGTERM; long-running commands stop cleanly when it fires. */
  readonly signal?: AbortSignal | undefined;
  /** Directory relative paths are resolved against (default `process.cwd()`). */
  readonly cwd?: string | undefined;
}

/**
 * The process's stdin, opened only when a command reads it (`--api-key-file -`): merely touching
 * `process.stdin` would open a handle on every run.
 */
export const processStdin: AsyncIterable<string | Uint8Array> = {
  [Symbol.asyncIterator]: () => process.stdin[Symbol.asyncIterator](),
};

/** The per-invocation context every command receives. */
export interface Context {
  readonly io: CliIo;
  readonly signal: AbortSignal;
  readonly color: Colors;
  readonly errColor: Colors;
  out(text: string): void;
  err(text: string): void;
}

// A terminal gets only the CLI's own colour codes and line breaks; see guardTerminal.
const writerFor =
  (stream: OutputStream) =>
  (text: string): void => {
    stream.write(stream.isTTY === true ? guardTerminal(text) : text);
  };

/** @internal */
export function createContext(io: CliIo): Context {
  const signal = io.signal ?? new AbortController().signal;
  return {
    io,
    signal,
    color: createColors(shouldColor(io.stdout, io.env)),
    errColor: createColors(shouldColor(io.stderr, io.env)),
    out: writerFor(io.stdout),
    err: writerFor(io.stderr),
  };
}
