// RFC 4180 CSV: comma separated, CRLF line ends, a field quoted only when it holds a comma, a
// quote or a line break, with quotes doubled. Numbers keep their full JSON precision. Text that a
// spreadsheet would run as a formula gets a leading `'` unless the caller asks for raw cells.

export interface CsvOptions {
  /**
   * Write text cells exactly as they are. By default a text cell starting with `=`, `+`, `-`, `@`,
   * a tab or a carriage return gets a leading `'`, so that a spreadsheet shows it as text instead
   * of evaluating it (OWASP's advice against CSV injection). Numbers are never changed.
   */
  readonly raw?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field.
 *
 * @example
 * csvField('a,b'); // '"a,b"'
 * csvField(1.5); // '1.5'
 * csvField(-2); // '-2'
 * csvField('=HYPERLINK("http://x")'); // '"\'=HYPERLINK(""http://x"")"'
 * csvField('=1+1', { raw: true }); // '=1+1'
 */
export function csvField(value: unknown, options: CsvOptions = {}): string {
  if (value === undefined || value === null) return '';
  let text =
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
  if (typeof value !== 'number' && options.raw !== true && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One CSV row (with its CRLF), the fields taken from `record` in the order of `columns`.
 *
 * @example
 * csvRow(['country', 'errors'], { country: 'US', errors: 3 }); // 'US,3\r\n'
 */
export function csvRow(
  columns: readonly string[],
  record: Readonly<Record<string, unknown>>,
  options: CsvOptions = {},
): string {
  return `${columns.map((c) => csvField(record[c], options)).join(',')}\r\n`;
}

/**
 * The header row of `columns`.
 *
 * @example
 * csvHeader(['country', 'errors']); // 'country,errors\r\n'
 */
export function csvHeader(columns: readonly string[], options: CsvOptions = {}): string {
  return `${columns.map((c) => csvField(c, options)).join(',')}\r\n`;
}
