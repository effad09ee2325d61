// Time windows of a query: the SQL of a UTC bucket start. Bucket lengths (with `auto` resolved from
// the period) are a wire fact owned by @playq/query (`bucketSeconds`).

/** The UTC start of the bucket holding `col` (floor division, also right for negative times). */
export function bucketSql(col: string, g: string): string {
  return `(${col} - ((${col} % ${g}) + ${g}) % ${g})`;
}
