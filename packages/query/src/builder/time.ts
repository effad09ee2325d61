// Turns the ways people write instants (a Date, an ISO-8601 string, epoch seconds) and relative
// spans (`last(24, 'hours')`) into the integer epoch seconds the service speaks.

/** An instant: a `Date`, an ISO-8601 string, or integer epoch seconds (number or digit string). */
export type TimeInput = Date | string | number;

export type TimeUnit =
  | 'second'
  | 'seconds'
  | 'minute'
  | 'minutes'
  | 'hour'
  | 'hours'
  | 'day'
  | 'days'
  | 'week'
  | 'weeks';

const UNIT_SECONDS: { readonly [U in TimeUnit]: number } = {
  second: 1,
  seconds: 1,
  minute: 60,
  minutes: 60,
  hour: 3600,
  hours: 3600,
  day: 86_400,
  days: 86_400,
  week: 604_800,
  weeks: 604_800,
};

/** Values above this look like epoch milliseconds, a common slip (the year 5138 in seconds). */
const MILLISECONDS_THRESHOLD = 1e11;

// A date-time without an offset would be read in the machine's local zone; queries must mean the
// same thing everywhere, so such strings are taken as UTC.
const ISO_WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

export type TimeResult = { ok: true; seconds: number } | { ok: false; message: string };

/**
 * Epoch seconds of an instant, or why it cannot be one.
 *
 * @example
 * toEpochSeconds(new Date('2024-01-01T00:00:00Z')); // { ok: true, seconds: 1704067200 }
 * toEpochSeconds('2024-01-01'); // { ok: true, seconds: 1704067200 }
 * toEpochSeconds(1704067200000); // { ok: false, message: '... looks like milliseconds ...' }
 */
export function toEpochSeconds(input: TimeInput): TimeResult {
  if (input instanceof Date) {
    const ms = input.getTime();
    if (Number.isNaN(ms)) return { ok: false, message: 'The Date is invalid.' };
    return { ok: true, seconds: Math.floor(ms / 1000) };
  }
  if (typeof input === 'number') return fromSeconds(input, String(input));
  if (typeof input === 'string') {
    const text = input.trim();
    if (/^-?\d+$/.test(text)) return fromSeconds(Number(text), text);
    const ms = Date.parse(ISO_WITHOUT_OFFSET.test(text) ? `${text}Z` : text);
    if (Number.isNaN(ms) || !/^\d{4}-\d{2}/.test(text)) {
      return { ok: false, message: `"${input}" is not an ISO-8601 date, a Date or epoch seconds.` };
    }
    return { ok: true, seconds: Math.floor(ms / 1000) };
  }
  return { ok: false, message: `${String(input)} is not a Date, an ISO-8601 string or epoch seconds.` };
}

function fromSeconds(n: number, text: string): TimeResult {
  if (!Number.isSafeInteger(n))
    return { ok: false, message: `${text} is not an integer number of epoch seconds.` };
  if (Math.abs(n) > MILLISECONDS_THRESHOLD) {
    return {
      ok: false,
      message: `${text} looks like epoch milliseconds; the service wants seconds (${Math.floor(n / 1000)}).`,
    };
  }
  return { ok: true, seconds: n };
}

/**
 * The length of `n` units in seconds, or `undefined` for an unknown unit.
 *
 * @example
 * spanSeconds(24, 'hours'); // 86400
 */
export function spanSeconds(n: number, unit: TimeUnit): number | undefined {
  const size = UNIT_SECONDS[unit];
  return size === undefined ? undefined : n * size;
}
