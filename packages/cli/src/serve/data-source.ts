// Which data the reference service serves and on which engine: a directory of files (loaded into
// DuckDB, queried in place, or loaded into chdb), a DuckDB database file, a ClickHouse server, or a
// seeded synthetic data set. Shared by `serve` and `demo`, which differ only in their defaults.
import { usageError } from '../errors';

export interface DataFlags {
  readonly data?: string;
  readonly inPlace?: boolean;
  readonly db?: string;
  readonly engine?: 'duckdb' | 'chdb' | 'clickhouse';
  readonly clickhouseUrl?: string;
  readonly clickhouseDatabase?: string;
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
  | { readonly dir: string; readonly inPlace?: boolean }
  | { readonly database: string }
  | { readonly chdb: { readonly dir: string } }
  | {
      readonly clickhouse: {
        readonly url: string;
        readonly database?: string;
        readonly username?: string;
        readonly password?: string;
      };
    }
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
  env: Readonly<Record<string, string | undefined>> = {},
): DataSource {
  const engine = flags.engine ?? 'duckdb';
  if (engine === 'clickhouse') return clickHouseSource(flags, env);
  if (flags.clickhouseUrl !== undefined || flags.clickhouseDatabase !== undefined) {
    throw usageError('--clickhouse-url and --clickhouse-database go with --engine clickhouse');
  }
  if (flags.db !== undefined) {
    if (flags.db.trim() === '') throw usageError('--db needs a file');
    if (engine !== 'duckdb') throw usageError('--db is a DuckDB database file: it goes with --engine duckdb');
    return { database: resolvePath(cwd, flags.db) };
  }
  if (flags.inPlace && flags.data === undefined)
    throw usageError('--in-place needs --data DIR (Parquet files)');
  if (flags.data !== undefined) {
    if (flags.data.trim() === '') throw usageError('--data needs a directory');
    const dir = resolvePath(cwd, flags.data);
    if (engine === 'chdb') {
      if (flags.inPlace) throw usageError('--in-place queries Parquet with DuckDB: leave out --engine chdb');
      return { chdb: { dir } };
    }
    return flags.inPlace ? { dir, inPlace: true } : { dir };
  }
  if (engine === 'chdb') throw usageError('--engine chdb needs --data DIR (the files it loads)');
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
  if ('dir' in data) return data.inPlace ? `Parquet files in place in ${data.dir}` : `files in ${data.dir}`;
  if ('database' in data) return `the DuckDB database ${data.database}`;
  if ('chdb' in data) return `files in ${data.chdb.dir} on chdb`;
  if ('clickhouse' in data)
    return `ClickHouse at ${data.clickhouse.url} (database ${data.clickhouse.database ?? 'playq'})`;
  const g = data.generate;
  const end = g.end === undefined ? '' : ` ending ${new Date(g.end * 1000).toISOString()}`;
  return `${g.sessions} generated sessions (seed ${g.seed}, ${g.days} days${end})`;
}

/**
 * A ClickHouse server from `--clickhouse-url` and `--clickhouse-database`; the user and password
 * come from PLAYQ_CLICKHOUSE_USER and PLAYQ_CLICKHOUSE_PASSWORD, never from the command line.
 */
function clickHouseSource(flags: DataFlags, env: Readonly<Record<string, string | undefined>>): DataSource {
  if (flags.clickhouseUrl === undefined) throw usageError('--engine clickhouse needs --clickhouse-url URL');
  if (flags.data !== undefined || flags.db !== undefined || flags.inPlace) {
    throw usageError(
      '--engine clickhouse serves the tables on the server: load files with `playq data load --engine clickhouse`',
    );
  }
  const username = env.PLAYQ_CLICKHOUSE_USER;
  const password = env.PLAYQ_CLICKHOUSE_PASSWORD;
  return {
    clickhouse: {
      url: flags.clickhouseUrl,
      ...(flags.clickhouseDatabase === undefined ? {} : { database: flags.clickhouseDatabase }),
      ...(username ? { username } : {}),
      ...(password ? { password } : {}),
    },
  };
}
