// RFC 4180 CSV: comma separated, CRLF line ends, a field quoted only when it holds a comma, a
// quote or a line break, with quotes doubled. Numbers keep their full JSON precision.

/**
 * One CSV field.
 *
 * @example
 * csvField('a,b'); // '"a,b"'
 * csvField(1.5); // '1.5'
 */
export function csvField(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text =
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One CSV row (with its CRLF), the fields taken from `record` in the order of `columns`.
 *
 * @example
 * csvRow(['country', 'errors'], { country: 'US', errors: 3 }); // 'US,3\r\n'
 */
export function csvRow(columns: readonly string[], record: Readonly<Record<string, unknown>>): string {
  return `${columns.map((c) => csvField(record[c])).join(',')}\r\n`;
}

/**
 * The header row of `columns`.
 *
 * @example
 * csvHeader(['country', 'errors']); // 'country,errors\r\n'
 */
export function csvHeader(columns: readonly string[]): string {
  return `${columns.map(csvField).join(',')}\r\n`;
}
