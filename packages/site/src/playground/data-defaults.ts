// What the playground's period follows: the data the service holds for the customer, as its
// answers advertise it (the `Playq-Data-Span` header, read by the client as `page.dataSpan`).
// The period ends where the data ends (at the next whole hour) when that is in the past, or the
// data lies wholly in the future, and reaches back over the shortest choice that covers the data.
import type { DataSpan } from '@playq/query';

/** The choices of "Period: last", in hours, with their labels. */
export const LAST_CHOICES: readonly (readonly [hours: number, label: string])[] = [
  [1, '1 hour'],
  [24, '24 hours'],
  [168, '7 days'],
  [720, '30 days'],
];

/** The choice before the service has said what it holds. */
export const DEFAULT_LAST_HOURS = 720;

export interface DataDefaults {
  /** The clock the form's period ends by, in milliseconds: now, or the whole hour the data ends by. */
  readonly nowMs: number;
  /** The shortest "last" choice that covers the data up to that clock (the longest if none does). */
  readonly lastHours: number;
  /** Whether the period ends at the end of the data rather than now. */
  readonly atDataEnd: boolean;
}

/**
 * The form's clock and period length for a customer's data span.
 *
 * @example
 * // Seven days of data that ended a month before now:
 * followData({ start: 1779667200, end: 1780272000 }, Date.UTC(2026, 6, 1));
 * // { nowMs: 1780272000000, lastHours: 168, atDataEnd: true }
 */
export function followData(span: DataSpan, nowMs: number): DataDefaults {
  const now = Math.floor(nowMs / 1000);
  const atDataEnd = now >= span.end || now <= span.start;
  // The data's end rounded up to a whole hour, so that its last hour is a whole bucket.
  const end = atDataEnd ? Math.ceil(span.end / 3600) * 3600 : now;
  const hours = Math.ceil((end - span.start) / 3600);
  const longest = LAST_CHOICES.at(-1)?.[0] ?? DEFAULT_LAST_HOURS;
  const lastHours = LAST_CHOICES.find(([h]) => h >= hours)?.[0] ?? longest;
  return { nowMs: atDataEnd ? end * 1000 : nowMs, lastHours, atDataEnd };
}

const minute = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The line under the period: what the service holds, and where the period ends.
 *
 * @example
 * spanText({ start: 1779667200, end: 1780272000 }, true);
 * // 'The served data: 2026-05-25 00:00 to 2026-06-01 00:00 UTC; the period ends where the data ends.'
 */
export function spanText(span: DataSpan, atDataEnd: boolean): string {
  const held = `The served data: ${minute(span.start)} to ${minute(span.end)} UTC`;
  return atDataEnd ? `${held}; the period ends where the data ends.` : `${held}; the period ends now.`;
}
