// Time windows of a query: the SQL of a UTC bucket start. Bucket lengths (with `auto` resolved from
// the period) are a wire fact owned by @playq/query (`bucketSeconds`).

/**
 * The UTC start of the bucket holding `col`, for a time that is never negative: a period starts at
 * epoch 0 or later (validation refuses less) and every time bucketed is at least the period's
 * start. One modulo per row (a floor for negative times too would take a second).
 */
export function bucketSql(col: string, g: string): string {
  return `((${col}) - (${col}) % ${g})`;
}
