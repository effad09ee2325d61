// Time windows of a query: the granularity of a time series in seconds (with `auto` resolved from the
// period's length) and the SQL of a UTC bucket start. DESIGN section 4, "Granularity".

const SECONDS: Readonly<Record<string, number>> = Object.freeze({
  minute: 60,
  '5minute': 300,
  '10minute': 600,
  hour: 3600,
  day: 86_400,
});

/** `auto`: minute up to 90 minutes, 10minute up to 6 hours, hour up to 15 days, day beyond. */
export function autoGranularitySeconds(periodSeconds: number): number {
  if (periodSeconds <= 90 * 60) return 60;
  if (periodSeconds <= 6 * 3600) return 600;
  if (periodSeconds <= 15 * 86_400) return 3600;
  return 86_400;
}

/** Bucket length in seconds of a granularity name (absent or `auto`: resolved from the period). */
export function granularitySeconds(granularity: string | undefined, periodSeconds: number): number {
  if (granularity === undefined || granularity === 'auto') return autoGranularitySeconds(periodSeconds);
  const s = SECONDS[granularity];
  if (s === undefined) throw new Error(`unknown granularity ${JSON.stringify(granularity)}`);
  return s;
}

/** The UTC start of the bucket holding `col` (floor division, also right for negative times). */
export function bucketSql(col: string, g: string): string {
  return `(${col} - ((${col} % ${g}) + ${g}) % ${g})`;
}
