// How the playground shows a result: which columns and in what order (the time or the dimensions
// first, then the metrics, as the CLI's tables do), each cell's text (dates for time-series
// timestamps), the status line, and which buckets of a time series do not cover a whole bucket.

/** Page metadata some records carry; the status line shows it instead of a column. */
const NOT_DATA = new Set(['totalpages']);

type Row = Readonly<Record<string, unknown>>;

/**
 * The table's columns: `timestamp` first, then text fields (dimensions), then numbers, each group
 * in record order.
 *
 * @example
 * resultColumns([{ errors: 3, viewercount: 9, country: 'US' }]); // ['country', 'errors', 'viewercount']
 */
export function resultColumns(records: readonly Row[]): string[] {
  const seen: string[] = [];
  for (const r of records)
    for (const k of Object.keys(r)) if (!NOT_DATA.has(k) && !seen.includes(k)) seen.push(k);
  const rank = (c: string) => (c === 'timestamp' ? 0 : records.some((r) => typeof r[c] === 'string') ? 1 : 2);
  return seen
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
}

/**
 * A bucket's start as a UTC date: the day for daily buckets, else the day and the minute.
 *
 * @example
 * bucketLabel(1767225600, 86_400); // '2026-01-01'
 * bucketLabel(1767229200, 3600); // '2026-01-01 01:00'
 */
export function bucketLabel(epochSeconds: number, bucketSeconds: number): string {
  const iso = new Date(epochSeconds * 1000).toISOString();
  return bucketSeconds >= 86_400 ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** What an empty text field (a session without a subscriber, say) shows. */
export const EMPTY_CELL = '(none)';

/**
 * A cell's text: a time-series timestamp as a date, other numbers with at most three decimals,
 * an empty text as {@link EMPTY_CELL}.
 *
 * @example
 * cellText('timestamp', 1767225600, 86_400); // '2026-01-01'
 * cellText('latency', 1.23456); // '1.235'
 */
export function cellText(column: string, value: unknown, bucketSeconds?: number): string {
  if (value === '') return EMPTY_CELL;
  if (column === 'timestamp' && typeof value === 'number') return bucketLabel(value, bucketSeconds ?? 60);
  if (typeof value === 'number' && !Number.isInteger(value)) return String(Math.round(value * 1000) / 1000);
  return String(value);
}

/**
 * The line above the table.
 *
 * @example
 * statusText(1, 1); // '1 record shown, totalrecords 1'
 */
export function statusText(shown: number, totalrecords: number): string {
  return `${shown} record${shown === 1 ? '' : 's'} shown, totalrecords ${totalrecords}`;
}

/**
 * The buckets of a time series that hold less than a whole bucket of data: those reaching before
 * the period's start, or past its end or past now (still filling). Timestamps are bucket starts.
 *
 * @example
 * incompleteBuckets([0, 3600, 7200], { period: { start: 1800, end: 10_800 }, bucketSeconds: 3600, now: 9000 });
 * // Set { 0, 7200 }
 */
export function incompleteBuckets(
  timestamps: readonly number[],
  at: {
    readonly period: { start: number; end: number };
    readonly bucketSeconds: number;
    readonly now: number;
  },
): Set<number> {
  const until = Math.min(at.period.end, at.now);
  return new Set(timestamps.filter((t) => t < at.period.start || t + at.bucketSeconds > until));
}
