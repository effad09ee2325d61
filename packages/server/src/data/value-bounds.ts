// The range each numeric column of the data files may take, and the length of a text value. A value
// outside them is refused at load with its file, row and column: a negative duration, or one near
// the 64-bit limit, would make sums overflow on one engine and not on another, and no engine could
// then promise the same digits. The bounds are generous for real playback data: a session of more
// than 31 days, or a text of more than 1,024 characters, is a broken export, not a viewer.
import { MAX_EPOCH_SECONDS } from '@playq/query';

/** A numeric column's bounds (inclusive), and what the column holds, for messages and docs. */
export interface ValueRange {
  readonly min: number;
  readonly max: number;
  readonly unit: string;
}

/** The longest duration: 31 days, in milliseconds. */
export const MAX_DURATION_MS = 31 * 24 * 3600 * 1000;
/** The most rebuffering events or CDN changes in one session. */
export const MAX_EVENT_COUNT = 1_000_000;
/** The most bytes one session downloads: 10^12 (a terabyte). */
export const MAX_SESSION_BYTES = 1e12;
/** The longest text value, in characters. */
export const MAX_TEXT_LENGTH = 1024;

const timestamp: ValueRange = { min: 0, max: MAX_EPOCH_SECONDS, unit: 'epoch seconds' };
const duration: ValueRange = { min: 0, max: MAX_DURATION_MS, unit: 'milliseconds (at most 31 days)' };
const count: ValueRange = { min: 0, max: MAX_EVENT_COUNT, unit: 'a count' };

/** The bounds of every integer column of both tables, by column name. */
export const VALUE_RANGES: Readonly<Record<string, ValueRange>> = {
  start_ts: timestamp,
  end_ts: timestamp,
  ts: timestamp,
  startup_ms: duration,
  watch_ms: duration,
  rebuffer_ms: duration,
  rebuffer_count: count,
  cdn_changes: count,
  bytes_downloaded: { min: 0, max: MAX_SESSION_BYTES, unit: 'bytes (at most 10^12)' },
};

/** A bound as people read it: `1,000,000`, `2,678,400,000`. */
export function formatBound(value: number): string {
  return value.toLocaleString('en-US');
}
