// A session list's rows narrowed to those its first rows can come from, before they are sorted:
// DuckDB keeps only the top rows of `ORDER BY … LIMIT n` while n is small, but sorts every row once
// n passes a few thousand (a deep page), so such a list first finds a key threshold that at least
// n rows reach and sorts only those (docs/server.md, "The session list").

/** Up to this many rows from the top (limit plus offset), DuckDB's `ORDER BY … LIMIT` keeps a heap of them. */
export const TOP_N_ROWS = 5000;

/** One session in this many (by its tie-break) is in the sample the threshold is estimated from. */
export const SAMPLE_EVERY = 64;

/** The parts of a list statement the threshold narrows. */
export interface ThresholdSpec {
  /** The sample's rows of the list (sql/derived-tables.ts) with the ordering key only: the estimate reads these. */
  readonly sampled: string;
  /** The list's rows, no field computed: the list's total counts these. */
  readonly counted: string;
  /**
   * Rows with `__sid` and every requested field, of the sessions meeting `where` (over the
   * row's columns), with the one-row relation `join` (`… AS alias`) beside them for it.
   */
  readonly wide: (join: string, where: string) => string;
  /** The key's column in the sampled rows. */
  readonly key: string;
  /** The key's SQL over a row's columns (what `wide` computes it from). */
  readonly keySql: string;
  readonly dir: 'asc' | 'desc';
  /** SQL for how many rows are needed from the top: the page's limit plus its offset. */
  readonly wanted: string;
}

/**
 * Every row of the list that can be among its first `wanted` rows, with `__total` (the number of
 * rows of the whole list); DuckDB SQL. One pass over the sessions keeps rows (beside it, a count of
 * the list that reads only its conditions' columns), none a sort of the whole list:
 * 1. from the sample's rows of the list alone, the threshold: the sample's key at the rank where
 *    the `wanted`th row is expected (the sample holds one session in `SAMPLE_EVERY`; with a margin);
 * 2. the rows whose key reaches the threshold (their fields computed for them only); when fewer
 *    than `wanted` rows reach it (a short list, a sample too small, a key with many ties), the
 *    other rows too (read only then).
 * Either way the rows kept hold the first `wanted` rows in the list's order (the key, then the
 * tie-break), so any page within them is exact: the sample only decides how few rows are sorted.
 * Descending, nulls come last: rows with a key at or above the threshold. Ascending, nulls come
 * first: rows without a key or with one at or below it.
 */
export function thresholdRows(s: ThresholdSpec): string {
  const k = `(${s.keySql})`;
  const reaches = s.dir === 'desc' ? `${k} >= th.__t` : `(${k} IS NULL OR ${k} <= th.__t)`;
  // A 1-based rank in the sorted sample (the list is about SAMPLE_EVERY times the sample's rows):
  // beyond its end, no threshold.
  const rank = `least((${s.wanted})::DOUBLE * len(l) / greatest(n * ${SAMPLE_EVERY}, 1) * 1.15, len(l) + 1.0)::BIGINT + 16`;
  const sampled = `SELECT count(*) AS n, list(x.${s.key}) FILTER (WHERE x.${s.key} IS NOT NULL) AS l FROM (${s.sampled}) x`;
  return `WITH th AS (SELECT list_sort(l, '${s.dir.toUpperCase()}')[${rank}] AS __t FROM (${sampled}) z),
    kept AS MATERIALIZED (${s.wide('th', reaches)}),
    short AS (SELECT 1 FROM (SELECT count(*) AS c FROM kept) c WHERE c < (${s.wanted})),
    total AS (SELECT count(*)::DOUBLE AS __total FROM (${s.counted}) t)
    SELECT r.*, total.__total FROM (SELECT * FROM kept
      UNION ALL ${s.wide('th, short', `(${reaches}) IS NOT TRUE`)}) r, total`;
}
