// Which data the reference service serves and on which engine: a directory of files (loaded into
// DuckDB, queried in place, or loaded into chdb), a DuckDB database file, a ClickHouse server, or a
// seeded synthetic data set. Shared by `serve` and `demo`, which differ only in their defaults.
import type { EffectSpec } from '../effect-flag';
import { usageError } from '../errors';
import type { RowsFile } from './rows-file';

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
  readonly effect?: readonly EffectSpec[];
  /** `--rows FILE`: the path as given. */
  readonly rows?: string;
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
  | { readonly chdb: { readonly dir: string } | { readonly rows: RowsFile } }
  | { readonly rows: RowsFile }
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
        readonly effects?: readonly EffectSpec[];
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
  rows?: RowsFile,
): DataSource {
  const engine = flags.engine ?? 'duckdb';
  if (rows !== undefined) return rowsSource(flags, rows);
  if (
    flags.effect !== undefined &&
    (flags.data !== undefined || flags.db !== undefined || engine === 'clickhouse')
  )
    throw usageError(
      '--effect plants effects in generated data: leave out --data, --db and --engine clickhouse',
    );
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
      ...(flags.effect === undefined ? {} : { effects: flags.effect }),
    },
  };
}

/** A scenario's exact rows, on DuckDB in memory or chdb: nothing to generate, nothing to load. */
function rowsSource(flags: DataFlags, rows: RowsFile): DataSource {
  const generated = (['sessions', 'seed', 'days', 'end', 'effect'] as const).filter(
    (f) => flags[f] !== undefined,
  );
  if (generated.length > 0)
    throw usageError(
      `--rows gives exact rows: leave out --${generated.map((f) => f).join(', --')} (they shape generated data)`,
    );
  if (flags.data !== undefined || flags.db !== undefined || flags.inPlace)
    throw usageError('--rows is the data: leave out --data, --db and --in-place');
  if (flags.engine === 'clickhouse')
    throw usageError('--rows serves from DuckDB or chdb: leave out --engine clickhouse');
  return flags.engine === 'chdb' ? { chdb: { rows } } : { rows };
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
  if ('rows' in data) return `${data.rows.sessions.length} sessions of exact rows`;
  if ('chdb' in data)
    return 'rows' in data.chdb
      ? `${data.chdb.rows.sessions.length} sessions of exact rows on chdb`
      : `files in ${data.chdb.dir} on chdb`;
  if ('clickhouse' in data)
    return `ClickHouse at ${data.clickhouse.url} (database ${data.clickhouse.database ?? 'playq'})`;
  const g = data.generate;
  const end = g.end === undefined ? '' : ` ending ${new Date(g.end * 1000).toISOString()}`;
  const effects =
    g.effects === undefined ? '' : `, ${g.effects.length} planted effect${g.effects.length === 1 ? '' : 's'}`;
  return `${g.sessions} generated sessions (seed ${g.seed}, ${g.days} days${end}${effects})`;
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
