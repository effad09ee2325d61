// RFC 4180 CSV: comma separated, CRLF line ends, a field quoted only when it holds a comma, a
// quote or a line break, with quotes doubled. Numbers are written with at most 15 significant
// digits, so arithmetic noise does not show. Text that a spreadsheet would run as a formula gets a
// leading `'` unless the caller asks for raw cells.

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
 * A number as CSV writes it: integers exactly; other numbers with at most 15 significant digits
 * (every decimal of up to 15 digits survives a double exactly, so only the noise of arithmetic on
 * the service, such as 2.676449999999999 for 2.67645, is dropped), in the shortest form.
 *
 * @example
 * csvNumber(2.676449999999999); // '2.67645'
 * csvNumber(0.1 + 0.2); // '0.3'
 * csvNumber(9007199254740991); // '9007199254740991'
 */
export function csvNumber(value: number): string {
  return Number.isInteger(value) || !Number.isFinite(value)
    ? String(value)
    : String(Number(value.toPrecision(15)));
}

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
    typeof value === 'string' ? value : typeof value === 'number' ? csvNumber(value) : JSON.stringify(value);
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
