// Small tables derived from the sessions each time a DuckDB data set opens, kept beside them in an
// in-memory database of their own (never written to a user's file, never read from one): a sample
// of the sessions a deep list page estimates its threshold from, the sessions without an end, and
// the ended sessions counted by their hours of start and end, the open ones by their hour of start.
import { SAMPLE_EVERY } from './list-threshold';

/**
 * The attached in-memory database holding the derived tables (compressed, as the encoded tables);
 * they are named with their schema, so that a schema of the same name in a user's file is no other.
 */
export const DERIVED_CATALOG = 'playq_derived';

/**
 * One session in `SAMPLE_EVERY` (by its tie-break), every column: a deep session-list page reads
 * it, not the sessions, to estimate its key threshold (docs/server.md, "The session list").
 */
export const SAMPLE_SESSIONS = `${DERIVED_CATALOG}.main.session_sample`;

/**
 * The sessions without an end (running or loaded, every column): the plans of sessions active in
 * a window read them here, since open sessions lie in every row group of the sessions and no
 * row group's statistics can skip them there.
 */
export const OPEN_SESSIONS = `${DERIVED_CATALOG}.main.open_sessions`;

/**
 * The sessions with an end counted by customer, hour of start and hour of the last second
 * (`start_ts // 3600`, `(end_ts - 1) // 3600`): `concurviewavg` by whole hours (or days) over a
 * window of whole hours, with no filter and no session-level condition, groups these rows (a few
 * thousand a month) instead of every session active in the window (sql/group-rows.ts).
 */
export const ACTIVE_HOURS = `${DERIVED_CATALOG}.main.active_hours`;

/**
 * The sessions without an end counted by customer and hour of start (`start_ts // 3600`): the
 * open sessions' side of the same `concurviewavg` plan (about 700 rows a month instead of 1.5 %
 * of the sessions, one by one).
 */
export const OPEN_HOURS = `${DERIVED_CATALOG}.main.open_hours`;

/**
 * SQL true for the sessions of the sample, given the layout: in the encoded tables the session id's
 * integer rank among its customer's sessions (`sid_rank`), in files a hash of the id.
 */
export function sampledSession(layout: 'coded' | 'raw'): string {
  return layout === 'coded' ? `sid_rank % ${SAMPLE_EVERY} = 0` : `hash(session_id) % ${SAMPLE_EVERY} = 0`;
}

/** What building the tables needs of a data set: running a statement on it. */
export interface DerivedHost {
  exec(sql: string): Promise<void>;
}

/** Where both tables' rows are gathered first, so that the sessions are read once. */
const GATHERED = `${DERIVED_CATALOG}.main.gathered`;

/**
 * (Re)builds the derived tables from the data set's `sessions` (the encoded table, or the view of
 * Parquet files in place), in the sessions' own order, then compresses them. The sessions are read
 * once: both tables' rows lie in every row group, so in Parquet files each read decodes nearly
 * all of the file.
 *
 * @example
 * ```ts
 * await deriveTables(dataset, 'coded'); // SELECT count(*) FROM playq_derived.main.open_sessions
 * ```
 */
export async function deriveTables(host: DerivedHost, layout: 'coded' | 'raw'): Promise<void> {
  const sampled = sampledSession(layout);
  await host.exec(`ATTACH IF NOT EXISTS ':memory:' AS ${DERIVED_CATALOG} (COMPRESS)`);
  await host.exec(
    `CREATE OR REPLACE TABLE ${GATHERED} AS SELECT * FROM sessions WHERE end_ts IS NULL OR ${sampled}`,
  );
  // Compressed before it is split: at 100M sessions in place the peak RSS of opening was 2.1 GB
  // with the gathered rows held uncompressed beside both tables, 1.35 GB this way.
  await host.exec(`CHECKPOINT ${DERIVED_CATALOG}`);
  await host.exec(`CREATE OR REPLACE TABLE ${SAMPLE_SESSIONS} AS SELECT * FROM ${GATHERED} WHERE ${sampled}`);
  await host.exec(
    `CREATE OR REPLACE TABLE ${OPEN_SESSIONS} AS SELECT * FROM ${GATHERED} WHERE end_ts IS NULL`,
  );
  await host.exec(`DROP TABLE ${GATHERED}`);
  await host.exec(
    `CREATE OR REPLACE TABLE ${OPEN_HOURS} AS SELECT cust, start_ts // 3600 AS first_h, count(*)::BIGINT AS n
       FROM ${OPEN_SESSIONS} GROUP BY ALL ORDER BY ALL`,
  );
  await host.exec(
    `CREATE OR REPLACE TABLE ${ACTIVE_HOURS} AS SELECT cust, start_ts // 3600 AS first_h, (end_ts - 1) // 3600 AS last_h,
       count(*)::BIGINT AS n FROM sessions WHERE end_ts IS NOT NULL GROUP BY ALL ORDER BY ALL`,
  );
  await host.exec(`CHECKPOINT ${DERIVED_CATALOG}`);
}
