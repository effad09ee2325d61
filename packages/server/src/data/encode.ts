// Turns the raw, file-shaped tables into what queries read: every dimension as an integer code
// (codes follow the ascending order of the values, so ordering by code is ordering by value), and
// rows sorted by customer then time, so that a period prunes most row groups by their min/max.
import type { Dataset } from './dataset';

const DIMENSIONS = [
  { dim: 'customer', column: 'customer_id', tables: ['raw_sessions', 'raw_errors'] },
  { dim: 'subscriberid', column: 'subscriber_id', tables: ['raw_sessions', 'raw_errors'] },
  { dim: 'country', column: 'country', tables: ['raw_sessions', 'raw_errors'] },
  { dim: 'platform', column: 'platform', tables: ['raw_sessions', 'raw_errors'] },
  { dim: 'player', column: 'player', tables: ['raw_sessions', 'raw_errors'] },
  { dim: 'category', column: 'category', tables: ['raw_errors'] },
  { dim: 'key', column: 'key', tables: ['raw_errors'] },
] as const;

/** @internal Builds the dictionaries and the encoded `sessions` and `errors` tables, then drops the raw ones. */
export async function encodeRawTables(db: Dataset): Promise<void> {
  await db.transaction(async (run) => {
    for (const { dim, column, tables } of DIMENSIONS) {
      const union = tables.map((t) => `SELECT DISTINCT "${column}" AS value FROM ${t}`).join(' UNION ');
      await run(
        `CREATE OR REPLACE TABLE dict_${dim} AS
         SELECT (row_number() OVER (ORDER BY value) - 1)::INTEGER AS code, value
         FROM (${union}) ORDER BY value`,
      );
    }
    const join = (alias: string, dims: readonly string[]) =>
      dims
        .map((d) => {
          const column = DIMENSIONS.find((x) => x.dim === d)!.column;
          return `JOIN dict_${d} d_${d} ON d_${d}.value = ${alias}."${column}"`;
        })
        .join(' ');
    await run(
      `CREATE OR REPLACE TABLE sessions AS
       SELECT d_customer.code AS cust, s.session_id, d_subscriberid.code AS subscriberid,
              d_country.code AS country, d_platform.code AS platform, d_player.code AS player,
              s.start_ts, s.end_ts, s.startup_ms, s.watch_ms, s.rebuffer_ms
       FROM raw_sessions s ${join('s', ['customer', 'subscriberid', 'country', 'platform', 'player'])}
       ORDER BY cust, start_ts, session_id`,
    );
    await run(
      `CREATE OR REPLACE TABLE errors AS
       SELECT *, (row_number() OVER (ORDER BY cust, ts, session_id, subscriberid, category, "key",
                                    country, platform, player) - 1)::BIGINT AS eid
       FROM (
         SELECT d_customer.code AS cust, e.ts, e.session_id, d_subscriberid.code AS subscriberid,
                d_country.code AS country, d_platform.code AS platform, d_player.code AS player,
                d_category.code AS category, d_key.code AS "key"
         FROM raw_errors e ${join('e', ['customer', 'subscriberid', 'country', 'platform', 'player', 'category', 'key'])}
       ) ORDER BY eid`,
    );
    await run('DROP TABLE raw_sessions');
    await run('DROP TABLE raw_errors');
    await addV2Defaults(run);
  });
  await db.refresh();
}

// Stand-in until the v2 data layer lands (server-data): the v2 columns the query compiler reads,
// with the documented defaults of v1 data (status ENDED, no anonymous viewers, no business or fatal
// errors, the v2-only dimensions null).
const V2_ONLY_DIMENSIONS = ['device', 'cdn', 'assetid', 'assetname', 'subscribertag'] as const;

/** @internal Adds the v2 columns with their v1 defaults to encoded tables that lack them. */
export async function addV2Defaults(run: (sql: string) => Promise<void>): Promise<void> {
  const nullDims = V2_ONLY_DIMENSIONS.map((d) => `NULL::INTEGER AS ${d}`).join(', ');
  await run(`CREATE OR REPLACE TABLE sessions AS SELECT *, subscriberid::VARCHAR AS device_id, 'ENDED' AS status,
    0::BIGINT AS rebuffer_count, 0::BIGINT AS cdn_changes, false AS business_failure, ${nullDims} FROM sessions`);
  await run(
    `CREATE OR REPLACE TABLE errors AS SELECT *, false AS fatal, false AS business, ${nullDims} FROM errors`,
  );
  for (const dim of V2_ONLY_DIMENSIONS)
    await run(`CREATE OR REPLACE TABLE dict_${dim} (code INTEGER, value VARCHAR)`);
}
