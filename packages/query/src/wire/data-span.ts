// The span of the data a service holds for a customer, as the reference service advertises it in a
// response header written as a period is: `Playq-Data-Span: start=1795305600,end=1795910400`
// (epoch seconds, the end exclusive). The vendor's service does not send it; clients treat it as a
// hint.
import { parsePeriod, serializePeriod } from '@playq/grammar';

/** The name of the response header that carries a customer's data span. */
export const DATA_SPAN_HEADER = 'Playq-Data-Span';

/** Epoch seconds a customer's sessions start in: from `start`, before `end`. */
export interface DataSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The header's value for a span: the span written as a `period` parameter.
 *
 * @example
 * formatDataSpan({ start: 1795305600, end: 1795910400 }); // 'start=1795305600,end=1795910400'
 */
export function formatDataSpan(span: DataSpan): string {
  return serializePeriod({ type: 'period', start: span.start, end: span.end });
}

/**
 * The span a header value names, or `undefined` for anything that is not a valid period (an
 * absent header, another service's value, an end not after its start): a hint is dropped, never
 * trusted half-read.
 *
 * @example
 * parseDataSpan('start=10,end=20'); // { start: 10, end: 20 }
 * parseDataSpan('start=20,end=10'); // undefined
 */
export function parseDataSpan(value: string | null | undefined): DataSpan | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = parsePeriod(value);
  return parsed.ok ? { start: parsed.value.start, end: parsed.value.end } : undefined;
}

/**
 * Whether a period `[start, end)` shares no second with the span: an empty answer for such a
 * period says nothing about the metric, only that the data lies elsewhere.
 *
 * @example
 * missesSpan({ start: 0, end: 10 }, { start: 10, end: 20 }); // true
 */
export function missesSpan(period: DataSpan, span: DataSpan): boolean {
  return period.end <= span.start || period.start >= span.end;
}

/**
 * What to tell a user whose answer is empty because its period misses the data, or `undefined`
 * when the period overlaps it (the empty answer is then the metric's). One sentence for the CLI,
 * the playground and the client's users, in the UTC date-times they type.
 *
 * @example
 * outsideTheData({ start: 0, end: 60 }, { start: 86400, end: 172800 });
 * // 'the period 1970-01-01T00:00:00Z to 1970-01-01T00:01:00Z lies outside the data, whose sessions start from 1970-01-02T00:00:00Z to 1970-01-02T23:59:59Z'
 */
export function outsideTheData(period: DataSpan, span: DataSpan): string | undefined {
  if (!missesSpan(period, span)) return undefined;
  return `the period ${iso(period.start)} to ${iso(period.end)} lies outside the data, whose sessions start from ${iso(span.start)} to ${iso(span.end - 1)}`;
}

function iso(seconds: number): string {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString().replace('.000Z', 'Z');
}
