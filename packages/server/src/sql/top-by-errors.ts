// A faster plan, with the same answer, for "subscribers ordered by errors, most first" (the session
// endpoint's classic top-k). The general plan groups every subscriber with a session in the period,
// because a subscriber with sessions and no errors is a group (with 0 errors) and counts in
// `totalrecords`: at 10M sessions that is a million-group hash aggregate, most of it thrown away.
// Here:
//   - only error events are grouped (about a tenth of the rows); the page's rows with errors > 0 are
//     the top `offset + limit` of those groups;
//   - the group set is counted without grouping: subscriber codes are dense integers, so the
//     subscribers of S and of the error events are two bitmaps (DuckDB `bitstring_agg`), and
//     `totalrecords` is the popcount of their union;
//   - zero-error groups (in S, not among the error groups) are needed only when the page reaches past
//     the error groups; they come from the bitmap difference in code order, which is value order.
//   - anonymous viewers (NULL subscriber) are one more group, outside the bitmaps (NULLS LAST).
// Ties are broken by subscriber ascending exactly as in the general plan, so every page is identical.

export interface TopByErrorsParts {
  /** Conditions (cust, period, filter) on `sessions`, with bound-parameter references. */
  readonly sessionConditions: readonly string[];
  /** Conditions (cust, period, filter) on `errors`. */
  readonly errorConditions: readonly string[];
  /** Smallest and largest subscriber code of the dictionary (all codes in the tables are within). */
  readonly codes: { readonly min: number; readonly max: number };
  /** The output expressions over the page rows `p` (`p.subscriberid`, `p.m_errors`), in record order. */
  readonly select: readonly string[];
}

/**
 * The page statement (same contract as `CompiledQuery.page`): rows ordered by errors descending,
 * then subscriber ascending, with the number of groups as the last column.
 */
export function topByErrorsPage(parts: TopByErrorsParts, limit: string, offset: string): string {
  const { min, max } = parts.codes;
  // Integers computed from the dictionary, not request input.
  const lo = Math.trunc(min);
  const hi = Math.trunc(max);
  const zero = `bitstring('0', ${hi - lo + 1})`;
  const want = `(${limit} + ${offset})`;
  const order = (q: string) => `${q}m_errors DESC, ${q}subscriberid ASC`;
  return `WITH e AS (
      SELECT subscriberid, count(*) AS errors FROM errors
      WHERE ${parts.errorConditions.join(' AND ')} GROUP BY subscriberid),
    sb AS (SELECT bitstring_agg(subscriberid, ${lo}, ${hi}) AS b, coalesce(bool_or(subscriberid IS NULL), false) AS anon
      FROM sessions WHERE ${parts.sessionConditions.join(' AND ')}),
    eb AS (SELECT bitstring_agg(subscriberid, ${lo}, ${hi}) AS b, coalesce(bool_or(subscriberid IS NULL), false) AS anon FROM e),
    bits AS (SELECT coalesce(sb.b, ${zero}) AS s, coalesce(eb.b, ${zero}) AS e, sb.anon AS sa, eb.anon AS ea FROM sb, eb),
    meta AS (SELECT (bit_count(s | e) + CASE WHEN sa OR ea THEN 1 ELSE 0 END)::DOUBLE AS total,
      bit_count(e) + CASE WHEN ea THEN 1 ELSE 0 END AS ne, s & ~e AS z, sa AND NOT ea AS zanon FROM bits),
    top AS (SELECT subscriberid, errors::DOUBLE AS m_errors FROM e
      ORDER BY errors DESC, subscriberid ASC LIMIT ${want}),
    zeros AS (
      (SELECT (${lo} + i)::INTEGER AS subscriberid, 0::DOUBLE AS m_errors FROM range(${hi - lo + 1}) r(i), meta
      WHERE meta.ne < ${want} AND get_bit(meta.z, i::INTEGER) = 1 ORDER BY i LIMIT ${want})
      UNION ALL SELECT NULL::INTEGER, 0::DOUBLE FROM meta WHERE meta.ne < ${want} AND meta.zanon)
    SELECT ${parts.select.join(', ')}, p.__total FROM (
      SELECT r.*, (SELECT total FROM meta) AS __total FROM (SELECT * FROM top UNION ALL SELECT * FROM zeros) r
      ORDER BY ${order('r.')} LIMIT ${limit} OFFSET ${offset}) p
    ORDER BY ${order('p.')}`;
}
