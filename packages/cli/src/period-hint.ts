// `--period` takes epoch seconds, the wire form; a date typed there is a common first try. Rather
// than a grammar error about one character, say how to write it: `--last <span> --end <time>`.
import { parseTime } from './args';
import { usageError } from './errors';

const ISO_DATE = /\d{4}-\d{2}-\d{2}/;
const UNITS: readonly [string, number][] = [
  ['w', 604_800],
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

// The largest unit that divides the span, so the suggestion reads as a person would write it.
function spanText(seconds: number): string {
  const [unit, size] = UNITS.find(([, size]) => seconds % size === 0) ?? ['s', 1];
  return `${seconds / size}${unit}`;
}

function timeOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  try {
    return parseTime(text);
  } catch {
    return undefined;
  }
}

/**
 * Refuses a `--period` written with dates, pointing to `--last … --end …` (the exact flags when
 * both ends are dates). Any other text is left for the query package to check.
 *
 * @example
 * checkPeriodFlag('start=2026-01-01,end=2026-01-02');
 * // throws: --period takes epoch seconds …; for dates use --last 1d --end 2026-01-02
 */
export function checkPeriodFlag(period: string | undefined): void {
  if (period === undefined || !ISO_DATE.test(period)) return;
  const match = /^\s*start=([^,]+),\s*end=(.+?)\s*$/.exec(period);
  const start = timeOf(match?.[1]);
  const end = timeOf(match?.[2]);
  const day = /^\s*(\d{4}-\d{2}-\d{2})\s*$/.exec(period)?.[1];
  const dayStart = timeOf(day);
  const suggestion =
    start !== undefined && end !== undefined && end > start
      ? `--last ${spanText(end - start)} --end ${match![2]!.trim()}`
      : dayStart !== undefined
        ? `--last 1d --end ${new Date((dayStart + 86_400) * 1000).toISOString().slice(0, 10)} (the day ${day})`
        : `--last 24h --end ${ISO_DATE.exec(period)![0]}T00:00:00Z`;
  throw usageError(
    `--period takes epoch seconds ('start=<epoch_s>,end=<epoch_s>'); for dates use ${suggestion}`,
  );
}
