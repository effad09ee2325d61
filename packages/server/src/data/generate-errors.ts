// The generator's `errors` statement, drawn from the generated sessions: one fatal event per
// failed start (a business one for a business failure) and per abnormal end, non-fatal errors
// during about 4% of plays, and bursts of one category/key in about 2.5% of hours.
import { errorSelect } from './encode';
import { numList } from './generate-draws';
import type { GenContext } from './generate-sessions';
import {
  BUSINESS_STARTUP_KEYS,
  ERROR_KINDS,
  FATAL_KINDS,
  STARTUP_CATEGORY,
  STARTUP_KEYS,
} from './generate-shapes';

/** The draws shared by the candidate sessions and their events. */
function errorDraws(g: GenContext) {
  const { d } = g;
  const cat = (name: string) => g.code('category', name);
  const keys = (list: readonly string[]) => numList(list.map((k) => g.code('key', k)));
  const kindKeys = `[${ERROR_KINDS.map((k) => keys(k[2])).join(', ')}]`;
  return {
    d,
    cat,
    keys,
    kindKeys,
    allKinds: ERROR_KINDS.map((k) => k[1]),
    g0: (part: number) => d.u16('g0', part),
    g1: (part: number) => d.u16('g1', part),
  };
}

/**
 * The sessions of `sessions` (a table or a view) that have error events, about one in seven, with
 * the draws their events take.
 */
export function errorSessionsSql(g: GenContext): string {
  const { d, allKinds, g0 } = errorDraws(g);
  return `SELECT *, hash(g0) AS g1, ${d.pick(d.u16('hh', 1), allKinds)} AS burst_kind, ${d.u16('hh', 2)} AS burst_key_u
    FROM (
      SELECT *, hash(session_id, ${d.hash('0', 7)}) AS g0, ${d.hash('start_ts // 3600', 8)} AS hh FROM sessions
    ) s0
    -- Only about one session in ten has an error: filter on the cheap draws before the rest.
    WHERE status = 'DROPPED' OR (startup_ms IS NOT NULL AND ${g0(0)} < 0.04) OR ${d.u16('hh', 0)} < 0.025`;
}

/**
 * The coded error events of the sessions in `sessions`, unordered: each with its session's columns,
 * `category`, `key`, `ts`, `fatal` and `business`. `candidates` names a relation already holding
 * `errorSessionsSql`'s rows (read once per kind of event instead of kept in memory).
 */
export function errorEventsSql(g: GenContext, candidates?: string): string {
  const { d, cat, keys, kindKeys, allKinds, g0, g1 } = errorDraws(g);
  const kindCats = numList(ERROR_KINDS.map((k) => cat(k[0])));
  const kindBusiness = numList(ERROR_KINDS.map((k) => (k[3] ? 1 : 0)));
  const fatalKinds = ERROR_KINDS.slice(0, FATAL_KINDS).map((k) => k[1]);
  const keyOf = (kind: string, u: string) =>
    `list_extract(list_extract(${kindKeys}, ${kind}), 1 + floor(${u} * len(list_extract(${kindKeys}, ${kind})))::INTEGER)`;
  const last = `coalesce(end_ts, ${g.end - 1})`;
  const during = (u: string) => `start_ts + floor(${u} * (${last} - start_ts + 1))::BIGINT`;
  const event = (category: string, key: string, ts: string, fatal: string, business: string) =>
    `${category} AS category, ${key} AS "key", ${ts} AS ts, ${fatal} AS fatal, ${business} AS business`;
  const s =
    candidates === undefined
      ? `s AS (${errorSessionsSql(g)})`
      : `s AS NOT MATERIALIZED (SELECT * FROM ${candidates})`;
  return `WITH ${s}, e AS (
      SELECT s.*, ${event(
        `CASE WHEN business_failure THEN ${cat('entitlement')} ELSE ${cat(STARTUP_CATEGORY)} END`,
        `CASE WHEN business_failure THEN list_extract(${keys(BUSINESS_STARTUP_KEYS)}, 1 + floor(${g0(1)} * ${BUSINESS_STARTUP_KEYS.length})::INTEGER)
              ELSE list_extract(${keys(STARTUP_KEYS)}, 1 + floor(${g0(1)} * ${STARTUP_KEYS.length})::INTEGER) END`,
        `least(end_ts, start_ts + floor(${g0(2)} * 5)::BIGINT)`,
        'true',
        'business_failure',
      )}
      FROM s WHERE status = 'DROPPED' AND startup_ms IS NULL
      UNION ALL BY NAME
      SELECT s.*, ${event(`list_extract(${kindCats}, k)`, keyOf('k', g0(3)), 'end_ts', 'true', 'false')}
      FROM (SELECT *, ${d.pick(g1(0), fatalKinds)} AS k FROM s WHERE status = 'DROPPED' AND startup_ms IS NOT NULL) s
      UNION ALL BY NAME
      SELECT s.*, ${event(`list_extract(${kindCats}, k)`, keyOf('k', g1(1)), during(g1(2)), 'false', `list_extract(${kindBusiness}, k) = 1`)}
      FROM (SELECT *, ${d.pick(g1(3), allKinds)} AS k FROM s WHERE startup_ms IS NOT NULL AND ${g0(0)} < 0.04) s
      UNION ALL BY NAME
      SELECT s.*, ${event(
        `list_extract(${kindCats}, burst_kind)`,
        keyOf('burst_kind', 'burst_key_u'),
        during(d.u16('hash(g1, j)', 0)),
        'false',
        `list_extract(${kindBusiness}, burst_kind) = 1`,
      )}
      FROM (SELECT *, unnest(range(1 + floor(${d.u16('hash(g0, 1)', 0)} * 3)::BIGINT)) AS j
            FROM s WHERE ${d.u16('hh', 0)} < 0.025 AND startup_ms IS NOT NULL AND ${d.u16('hash(g0, 1)', 1)} < 0.6) s
    )
    SELECT * FROM ${g.plantEvents(`(SELECT * REPLACE (least(ts, ${g.end - 1}) AS ts) FROM e)`)} planted`;
}

/** The statement creating the encoded `errors` table from the `sessions` table. */
export function errorsSql(g: GenContext): string {
  return `CREATE OR REPLACE TABLE errors AS
    SELECT ${errorSelect('x', 'x')} FROM (${errorEventsSql(g)}) x ORDER BY eid`;
}
