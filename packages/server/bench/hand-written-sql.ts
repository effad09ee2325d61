// The bench's baseline: each query's answer as an expert would write it by hand in DuckDB SQL over
// the service's own tables, run on a connection of the same database. What a user would otherwise
// do, so the ratio service / hand-written is what the service's plans, paging and envelope cost.
// Customer `demo` is code 0 in the generated data; the default population is the sessions that
// ended in the period with status ENDED or DROPPED.
import { BIGINT, type DuckDBConnection } from '@duckdb/node-api';
import type { Window } from './v2-queries';

/** One hand-written statement: its text and its `$n` values (bound as BIGINT). */
export interface HandWritten {
  readonly sql: string;
  readonly params: readonly number[];
}

const S = `cust = 0 AND status IN ('ENDED', 'DROPPED')`;
const ended = `end_ts >= $1 AND end_ts < $2`;
const ratio = `100.0 * rebuffer_ms / nullif(watch_ms + rebuffer_ms, 0)`;

/** (a)-(h) and the session lists (i)-(iii), over the 7-day window `p7` and the 1-day `p1`. */
export function handWrittenSql(p7: Window, p1: Window): Record<string, HandWritten> {
  const w7 = [p7.start, p7.end];
  return {
    a: {
      sql: `SELECT c.value AS country, avg(startup_ms) / 1000 AS latency, count(startup_ms) AS viewercount,
              coalesce(100.0 * sum(rebuffer_ms) / nullif(sum(watch_ms + rebuffer_ms), 0), 0) AS bufferingratio
            FROM sessions s JOIN dict_country c ON c.code = s.country JOIN dict_platform p ON p.code = s.platform
            WHERE ${S} AND ${ended} AND p.value IN ('web', 'android') AND c.value IN ('US', 'GB', 'DE', 'FR', 'BR', 'IN')
            GROUP BY c.value ORDER BY latency DESC NULLS LAST, country`,
      params: w7,
    },
    b: {
      sql: `SELECT d.value AS subscriberid, count(*) AS errors
            FROM errors e LEFT JOIN dict_subscriberid d ON d.code = e.subscriberid
            WHERE e.cust = 0 AND e.ts >= $1 AND e.ts < $2 AND NOT e.business
            GROUP BY d.value ORDER BY errors DESC, subscriberid NULLS FIRST LIMIT 1000`,
      params: w7,
    },
    c: {
      sql: `WITH s AS (SELECT end_ts - end_ts % 3600 AS ts, count(startup_ms) AS viewercount, avg(startup_ms) / 1000 AS latency
                       FROM sessions WHERE ${S} AND ${ended} GROUP BY 1),
                 e AS (SELECT ts - ts % 3600 AS ts, count(*) AS errors
                       FROM errors WHERE cust = 0 AND ts >= $1 AND ts < $2 AND NOT business GROUP BY 1)
            SELECT coalesce(s.ts, e.ts) AS timestamp, coalesce(viewercount, 0) AS viewercount,
                   coalesce(latency, 0) AS latency, coalesce(errors, 0) AS errors
            FROM s FULL JOIN e ON s.ts = e.ts ORDER BY timestamp LIMIT 1000`,
      params: w7,
    },
    d: {
      sql: `SELECT c.value AS country, p.value AS platform, count(startup_ms) AS viewercount,
              coalesce(100.0 * sum(rebuffer_ms) / nullif(sum(watch_ms + rebuffer_ms), 0), 0) AS bufferingratio
            FROM sessions s JOIN dict_country c ON c.code = s.country JOIN dict_platform p ON p.code = s.platform
            WHERE ${S} AND ${ended} AND ${ratio} > 0.5
            GROUP BY c.value, p.value HAVING count(startup_ms) > 50
            ORDER BY viewercount DESC, country, platform LIMIT 1000`,
      params: w7,
    },
    e: {
      sql: `SELECT d.value AS cdn, coalesce(quantile_cont(startup_ms / 1000, 0.95), 0) AS p95_latency,
              coalesce(quantile_cont(startup_ms / 1000, 0.5), 0) AS median_latency
            FROM sessions s LEFT JOIN dict_cdn d ON d.code = s.cdn
            WHERE ${S} AND ${ended} GROUP BY d.value ORDER BY p95_latency DESC, cdn NULLS FIRST`,
      params: w7,
    },
    f: {
      sql: `SELECT b.ts AS timestamp, count(*) AS concurviewavg
            FROM range($1, $2, 3600) b(ts)
            JOIN (SELECT start_ts, end_ts FROM sessions
                  WHERE cust = 0 AND start_ts < $2 AND (end_ts IS NULL OR end_ts > $1)) s
              ON s.start_ts < b.ts + 3600 AND (s.end_ts IS NULL OR s.end_ts > b.ts)
            GROUP BY b.ts ORDER BY timestamp LIMIT 1000`,
      params: w7,
    },
    g: {
      // Watch time pro rata: the share of the session inside the window, in whole milliseconds.
      sql: `SELECT d.value AS device, sum(floor(watch_ms * CASE WHEN coalesce(end_ts, $2) <= start_ts THEN 1.0
                ELSE (least(coalesce(end_ts, $2), $2) - greatest(start_ts, $1))::DOUBLE / (coalesce(end_ts, $2) - start_ts) END
                + 0.5)) / 60000 AS playdur
            FROM sessions s LEFT JOIN dict_device d ON d.code = s.device
            WHERE cust = 0 AND start_ts < $2 AND (end_ts IS NULL OR end_ts > $1)
            GROUP BY d.value ORDER BY playdur DESC, device NULLS FIRST`,
      params: [p1.start, p1.end],
    },
    h: {
      sql: `SELECT c.value AS country, count(startup_ms) AS viewercount, sum(watch_ms) / 60000 AS playdur
            FROM sessions s JOIN dict_country c ON c.code = s.country
            WHERE ${S} AND ${ended} AND ${ratio} > 2 AND startup_ms > 1000
            GROUP BY c.value ORDER BY viewercount DESC, country`,
      params: w7,
    },
    i: list(`country = (SELECT code FROM dict_country WHERE value = 'BR')`, 'bufferingratio', 100, 0, w7),
    j: list('TRUE', 'latency', 1000, 49_000, w7),
    k: list(`${ratio} > 1 AND startup_ms > 2000`, 'bufferingratio', 100, 0, w7),
  };
}

/** A session list's page: the fields, ordered by `key` descending then session id, and the total. */
function list(where: string, key: string, limit: number, offset: number, w: number[]): HandWritten {
  return {
    sql: `SELECT session_id, coalesce(${ratio}, 0) AS bufferingratio, coalesce(startup_ms / 1000, 0) AS latency,
            watch_ms / 60000 AS playdur, count(*) OVER () AS total
          FROM sessions WHERE ${S} AND ${ended} AND ${where}
          ORDER BY ${key} DESC, session_id LIMIT ${limit} OFFSET ${offset}`,
    params: w,
  };
}

/** Runs a hand-written statement on `connection` and returns its rows as JS values. */
export async function runHandWritten(connection: DuckDBConnection, q: HandWritten): Promise<unknown[][]> {
  const reader = await connection.runAndReadAll(
    q.sql,
    q.params.map(BigInt),
    q.params.map(() => BIGINT),
  );
  return reader.getRowsJS() as unknown[][];
}
