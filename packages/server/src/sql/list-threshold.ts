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
  /** Rows with the tie-break `__sid` and the ordering key only (the counting pass reads these). */
  readonly narrow: string;
  /** Rows with `__sid` and every requested field. */
  readonly wide: string;
  /** The key's column in both row sets. */
  readonly key: string;
  readonly dir: 'asc' | 'desc';
  /** SQL true for about one session in `SAMPLE_EVERY`, given the tie-break column's reference. */
  readonly sample: (sid: string) => string;
  /** SQL for how many rows are needed from the top: the page's limit plus its offset. */
  readonly wanted: string;
}

/**
 * Every row of `wide` that can be among the first `wanted` rows of the list, with `__total` (the
 * number of rows of the whole list); DuckDB SQL. Two passes, none a sort of the whole list:
 * 1. the list's total and the keys of the sample, from which the threshold: the sample's key at
 *    the rank where the `wanted`th row is expected (scaled by the sample's share, with a margin);
 * 2. the rows whose key reaches the threshold; when fewer than `wanted` do (a short list, a sample
 *    too small, a key with many ties), the other rows too (read only then).
 * Either way the rows kept hold the first `wanted` rows in the list's order (the key, then the
 * tie-break), so any page within them is exact: the sample only decides how few rows are sorted.
 * Descending, nulls come last: rows with a key at or above the threshold. Ascending, nulls come
 * first: rows without a key or with one at or below it.
 */
export function thresholdRows(s: ThresholdSpec): string {
  const k = s.key;
  const reaches = (row: string) =>
    s.dir === 'desc' ? `${row}.${k} >= e.t` : `(${row}.${k} IS NULL OR ${row}.${k} <= e.t)`;
  // A 1-based rank in the sorted sample: beyond its end, no threshold.
  const rank = `least((${s.wanted})::DOUBLE * len(l) / greatest(n, 1) * 1.15, len(l) + 1.0)::BIGINT + 16`;
  const sampled = `SELECT count(*) AS n,
      list(x.${k}) FILTER (WHERE ${s.sample('x.__sid')} AND x.${k} IS NOT NULL) AS l FROM (${s.narrow}) x`;
  return `WITH e AS (SELECT n, list_sort(l, '${s.dir.toUpperCase()}')[${rank}] AS t FROM (${sampled}) z),
    kept AS MATERIALIZED (SELECT w.* FROM (${s.wide}) w, e WHERE ${reaches('w')}),
    short AS (SELECT 1 FROM (SELECT count(*) AS c FROM kept) c WHERE c < (${s.wanted}))
    SELECT r.*, e.n::DOUBLE AS __total FROM (SELECT * FROM kept
      UNION ALL SELECT w.* FROM (${s.wide}) w, e, short WHERE (${reaches('w')}) IS NOT TRUE) r, e`;
}
