// How one record value reads in a terminal table: numbers rounded for the eye (the JSON, NDJSON
// and CSV formats keep full precision), time-series bucket starts shown as UTC times, text with
// its control characters escaped.
import { terminalText } from './terminal-text';

/** How a table shows the subscriber of an anonymous viewer (JSON, NDJSON and CSV keep `""`). */
export const ANONYMOUS = '(anonymous)';

/** Record fields that describe the result rather than hold data. */
export const NOT_DATA: ReadonlySet<string> = new Set(['totalpages']);

/**
 * The data columns of a result in reading order: the time bucket, then the dimensions (string
 * values), then the metrics; within each group the first-seen order is kept. `totalpages`, which
 * the session endpoint repeats on every record, is a fact about the result, not data: tables and
 * CSV leave it out (the summary line gives the page count), JSON and NDJSON keep raw records.
 *
 * @example
 * columnsOf([{ errors: 3, country: 'US' }]); // ['country', 'errors']
 */
export function columnsOf(records: readonly Readonly<Record<string, unknown>>[]): string[] {
  const seen = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) if (!NOT_DATA.has(key)) seen.add(key);
  const rank = (column: string): number => {
    if (column === 'timestamp') return 0;
    return records.some((r) => typeof r[column] === 'string') ? 1 : 2;
  };
  return [...seen]
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
}

/**
 * The display text of one value: integers as they are, other numbers with at most three
 * decimals, `timestamp` epoch seconds as `YYYY-MM-DD HH:MM` UTC, text on one line with control
 * characters and bidirectional overrides shown as escapes.
 *
 * @example
 * displayCell('latency', 1.23456); // '1.235'
 * displayCell('timestamp', 0); // '1970-01-01 00:00'
 * displayCell('country', 'US\u001b[2J'); // 'US\\x1b[2J'
 * displayCell('subscriberid', ''); // '(anonymous)'
 */
export function displayCell(column: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  // An anonymous viewer has no subscriber id: said in words, where an empty cell says nothing.
  if (column === 'subscriberid' && value === '') return ANONYMOUS;
  if (typeof value === 'number') {
    if (column === 'timestamp' && Number.isInteger(value)) {
      return new Date(value * 1000).toISOString().slice(0, 16).replace('T', ' ');
    }
    if (Number.isInteger(value)) return String(value);
    return String(Math.round(value * 1000) / 1000);
  }
  return terminalText(typeof value === 'string' ? value : JSON.stringify(value));
}
