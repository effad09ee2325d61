// A compact aligned-column table for terminals: a header, a rule, numbers right-aligned, long
// cells cut with an ellipsis so one wild value cannot push every other column off screen.

import { columnsOf, displayCell } from './cell';
import { type Colors, createColors, stripAnsi } from './colors';
import { terminalText } from './terminal-text';

export interface TableOptions {
  /** Columns in order; by default every key seen in the records. */
  readonly columns?: readonly string[];
  /** Widest a cell may be before it is cut (default 48). */
  readonly maxCellWidth?: number;
  readonly colors?: Colors;
}

const ASTRAL = /[\uD800-\uDFFF]/;

// Visible width in code points; the common case (no escapes, no astral characters) is just length.
function width(text: string): number {
  const plain = text.includes('\u001b') ? stripAnsi(text) : text;
  return ASTRAL.test(plain) ? [...plain].length : plain.length;
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, Math.max(1, max - 1)).join('')}…`;
}

/**
 * Renders records as an aligned text table, one line per record plus a header and a rule; every
 * line ends with a newline. An empty result renders as `(no records)`.
 *
 * @example
 * renderTable([{ country: 'US', errors: 12 }, { country: 'FR', errors: 3 }]);
 * // country  errors
 * // -------  ------
 * // US           12
 * // FR            3
 */
export function renderTable(
  records: readonly Readonly<Record<string, unknown>>[],
  options: TableOptions = {},
): string {
  const colors = options.colors ?? createColors(false);
  if (records.length === 0) return `${colors.dim('(no records)')}\n`;
  const columns = options.columns ?? columnsOf(records);
  const max = options.maxCellWidth ?? 48;
  const cells = records.map((record) =>
    columns.map((column) => cut(displayCell(column, record[column]), max)),
  );
  // A column is numeric, and right-aligned, when every present value in it is a number.
  // Time-series buckets are shown as dates, which read better left-aligned like other labels.
  const numeric = columns.map(
    (column) =>
      column !== 'timestamp' &&
      records.every((record) => record[column] === undefined || typeof record[column] === 'number'),
  );
  const names = columns.map(terminalText);
  const widths = names.map((name, i) => Math.max(width(name), ...cells.map((row) => width(row[i] ?? ''))));
  const pad = (text: string, i: number): string => {
    const gap = ' '.repeat(Math.max(0, (widths[i] ?? 0) - width(text)));
    return numeric[i] ? gap + text : text + gap;
  };
  const line = (row: readonly string[]): string => row.map(pad).join('  ').trimEnd();
  const header = line(names.map((name) => colors.bold(name)));
  const rule = colors.dim(widths.map((w) => '-'.repeat(w)).join('  '));
  return [header, rule, ...cells.map(line)].map((l) => `${l}\n`).join('');
}
