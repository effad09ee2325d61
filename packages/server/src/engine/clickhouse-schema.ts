// The ClickHouse tables plans run on (`playq data schema --engine clickhouse`): `sessions` and
// `errors` with the plans' column names, MergeTree ordered by customer then time (every plan filters
// on both), and on a cluster a local table per shard under a Distributed table, both tables sharded
// by session so that a session's events live on its shard (docs/server.md, "ClickHouse").
import { SESSION_STATUSES } from '../data/schema';

export interface ClickHouseSchemaOptions {
  /** Database the tables live in; default `playq`. */
  readonly database?: string;
  /** Cluster name: local tables `ON CLUSTER` plus Distributed tables over them. */
  readonly cluster?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The session columns in the order inserts use. */
export const CLICKHOUSE_SESSION_COLUMNS: readonly (readonly [name: string, type: string])[] = [
  ['cust', 'LowCardinality(String)'],
  ['session_id', 'String'],
  ['subscriberid', 'Nullable(String)'],
  ['device_id', 'String'],
  ['country', 'LowCardinality(String)'],
  ['platform', 'LowCardinality(String)'],
  ['device', 'LowCardinality(Nullable(String))'],
  ['player', 'LowCardinality(String)'],
  ['cdn', 'LowCardinality(Nullable(String))'],
  ['assetid', 'Nullable(String)'],
  ['assetname', 'Nullable(String)'],
  ['subscribertag', 'LowCardinality(Nullable(String))'],
  ['status', `Enum8(${SESSION_STATUSES.map((s, i) => `'${s}' = ${i + 1}`).join(', ')})`],
  ['start_ts', 'Int64'],
  ['end_ts', 'Nullable(Int64)'],
  ['startup_ms', 'Nullable(Int64)'],
  ['watch_ms', 'Int64'],
  ['rebuffer_ms', 'Int64'],
  ['rebuffer_count', 'Int32'],
  ['cdn_changes', 'Int32'],
  ['business_failure', 'Bool'],
  ['bytes_downloaded', 'Int64'],
];

/** The error event columns, with the session's dimensions an event carries. */
export const CLICKHOUSE_ERROR_COLUMNS: readonly (readonly [name: string, type: string])[] = [
  ['cust', 'LowCardinality(String)'],
  ['ts', 'Int64'],
  ['session_id', 'Nullable(String)'],
  ['subscriberid', 'Nullable(String)'],
  ['country', 'LowCardinality(String)'],
  ['platform', 'LowCardinality(String)'],
  ['player', 'LowCardinality(String)'],
  ['category', 'LowCardinality(String)'],
  ['key', 'LowCardinality(String)'],
  ['fatal', 'Bool'],
  ['business', 'Bool'],
  ['device', 'LowCardinality(Nullable(String))'],
  ['cdn', 'LowCardinality(Nullable(String))'],
  ['assetid', 'Nullable(String)'],
  ['assetname', 'Nullable(String)'],
  ['subscribertag', 'LowCardinality(Nullable(String))'],
];

const ORDER: Readonly<Record<'sessions' | 'errors', string>> = {
  sessions: 'ORDER BY (cust, start_ts, session_id)',
  errors: 'ORDER BY (cust, ts)',
};

/** A session and its events go to the same shard. */
const SHARDING = "cityHash64(cust, coalesce(session_id, ''))";

/** Checks a database or cluster name: a plain identifier, since DDL cannot bind it. */
export function checkIdentifier(value: string, what: string): string {
  if (!IDENTIFIER.test(value)) {
    throw new RangeError(
      `@playq/server: ${what} must be a plain identifier ([A-Za-z_][A-Za-z0-9_]*), got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/**
 * The DDL statements, in order: the database, then per table its MergeTree table (on a cluster,
 * `<table>_local` on every node and a Distributed `<table>` over them).
 *
 * @example
 * ```ts
 * clickHouseSchema({ database: 'playq', cluster: 'prod' }).join(';\n');
 * ```
 */
export function clickHouseSchema(options: ClickHouseSchemaOptions = {}): string[] {
  const db = checkIdentifier(options.database ?? 'playq', 'the ClickHouse database');
  const cluster =
    options.cluster === undefined ? undefined : checkIdentifier(options.cluster, 'the cluster name');
  const on = cluster ? ` ON CLUSTER ${cluster}` : '';
  const statements = [`CREATE DATABASE IF NOT EXISTS ${db}${on}`];
  for (const [table, columns] of [
    ['sessions', CLICKHOUSE_SESSION_COLUMNS],
    ['errors', CLICKHOUSE_ERROR_COLUMNS],
  ] as const) {
    const local = cluster ? `${table}_local` : table;
    const cols = columns.map(([name, type]) => `  ${name} ${type}`).join(',\n');
    statements.push(
      `CREATE TABLE IF NOT EXISTS ${db}.${local}${on} (\n${cols}\n) ENGINE = MergeTree\nPARTITION BY toYYYYMM(toDateTime(${table === 'sessions' ? 'start_ts' : 'ts'}))\n${ORDER[table]}`,
    );
    if (cluster) {
      statements.push(
        `CREATE TABLE IF NOT EXISTS ${db}.${table}${on} AS ${db}.${local}\nENGINE = Distributed(${cluster}, ${db}, ${local}, ${SHARDING})`,
      );
    }
  }
  return statements;
}

/**
 * Settings every plan runs with on ClickHouse: subqueries over the other table read each shard's
 * local table (sessions and their events share a shard), and the time budget.
 */
export function clickHouseSettings(timeoutMs: number | undefined): Record<string, string | number> {
  return {
    distributed_product_mode: 'local',
    ...(timeoutMs !== undefined && timeoutMs > 0
      ? { max_execution_time: Math.max(1, Math.ceil(timeoutMs / 1000)) }
      : {}),
  };
}
