// The CLI run in process against a real reference service on 127.0.0.1: a small generated service
// per test file (started before its tests, closed after them), and streams that capture what a
// command writes, as a terminal (isTTY, columns) or as a pipe.
import { createService } from '@playq/server';
import { afterAll, beforeAll } from 'vitest';
import type { CliIo } from '../src/index';

/** A service for this file's tests: `baseUrl` is set once `beforeAll` has run. */
export interface LiveService {
  readonly baseUrl: string;
}

/**
 * Starts a 2,000-session, 3-day service on 127.0.0.1 for the calling file's tests.
 *
 * @example
 * const live = liveService(4);
 * it('…', () => fetch(`${live.baseUrl}/…`));
 */
export function liveService(seed: number): LiveService {
  let service: Awaited<ReturnType<typeof createService>> | undefined;
  const live = { baseUrl: '' };
  beforeAll(async () => {
    service = await createService({ data: { generate: { sessions: 2000, seed, days: 3 } } });
    live.baseUrl = (await service.listen({ port: 0, host: '127.0.0.1' })).baseUrl;
  });
  afterAll(() => service?.close());
  return live;
}

/** Streams for `run(args, io)` and what the command wrote to each. */
export interface Captured {
  readonly io: CliIo;
  out(): string;
  err(): string;
}

/** Output captured from both streams, as a terminal (`tty`) of `columns` or as a pipe. */
export function captured(options: { tty: boolean; columns: number; env: Record<string, string> }): Captured {
  const out: string[] = [];
  const err: string[] = [];
  const { tty, columns, env } = options;
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t), isTTY: tty, columns },
    stderr: { write: (t: string) => err.push(t), isTTY: tty, columns },
    env,
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}
