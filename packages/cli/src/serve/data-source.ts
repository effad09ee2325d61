// Which data the reference service serves: a directory of files, or a seeded synthetic data set.
// Shared by `serve` and `demo`, which differ only in their defaults.
import { usageError } from '../errors';

export interface DataFlags {
  readonly data?: string;
  readonly sessions?: number;
  readonly seed?: number;
  readonly days?: number;
  readonly end?: number;
}

export const DEFAULT_SESSIONS = 200_000;
export const DEFAULT_DAYS = 7;

/**
 * The end of generated data when none is given: the next full UTC hour, so that `playq serve`
 * and `playq demo` serve the same window and "the last 24 hours" always holds data.
 *
 * @example
 * defaultDataEnd(Date.parse('2026-01-01T10:20:00Z')); // 1767265200 (11:00Z)
 */
export function defaultDataEnd(nowMs: number = Date.now()): number {
  return Math.ceil(nowMs / 3_600_000) * 3600;
}
export const DEFAULT_SEED = 1;

export type DataSource =
  | { readonly dir: string }
  | {
      readonly generate: {
        readonly sessions: number;
        readonly seed: number;
        readonly days: number;
        readonly end?: number;
      };
    };

/**
 * The service's `data` option for the flags.
 *
 * @example
 * dataSourceOf({ sessions: 1000 }, '/tmp', path.resolve);
 * // { generate: { sessions: 1000, seed: 1, days: 7 } }
 */
export function dataSourceOf(
  flags: DataFlags,
  cwd: string,
  resolvePath: (...p: string[]) => string,
): DataSource {
  if (flags.data !== undefined) {
    if (flags.data.trim() === '') throw usageError('--data needs a directory');
    return { dir: resolvePath(cwd, flags.data) };
  }
  return {
    generate: {
      sessions: flags.sessions ?? DEFAULT_SESSIONS,
      seed: flags.seed ?? DEFAULT_SEED,
      days: flags.days ?? DEFAULT_DAYS,
      end: flags.end ?? defaultDataEnd(),
    },
  };
}

/**
 * A one-line description of the data source, for the start-up banner.
 *
 * @example
 * describeData({ generate: { sessions: 1000, seed: 1, days: 7 } }); // '1000 generated sessions (seed 1, 7 days)'
 */
export function describeData(data: DataSource): string {
  if ('dir' in data) return `files in ${data.dir}`;
  const g = data.generate;
  const end = g.end === undefined ? '' : ` ending ${new Date(g.end * 1000).toISOString()}`;
  return `${g.sessions} generated sessions (seed ${g.seed}, ${g.days} days${end})`;
}
