// Diagnostics as the CLI (and the MCP server) print them: the grammar's rendering (the input line
// with a caret under the offending span, the hint when it adds to the message), or the one JSON
// shape `--json` and every MCP tool promise. Both take the library's diagnostics as they are: its
// code, its message (labelled once, by the library) and its position.
import { formatDiagnostic, hintAdds, type PositionedProblem } from '@playq/grammar';
import { labelledMessage, type QueryDiagnostic } from '@playq/query';
import type { Colors } from './colors';
import { sameWidthText, terminalText } from './terminal-text';

/** The JSON form of one diagnostic, with every documented key present. */
export interface DiagnosticJson {
  /** The problem code the library, the service and every tool use (`invalid_filter`). */
  readonly code: string;
  readonly severity: 'error' | 'warning';
  /** The query parameter concerned (`filter`, `metrics`), or null. */
  readonly param: string | null;
  readonly message: string;
  /** 0-based offset inside the parameter's text, or null when the problem is with the whole of it. */
  readonly offset: number | null;
  readonly length: number | null;
  readonly line: number | null;
  readonly column: number | null;
  /** What the grammar would have accepted at the offset, where it knows. */
  readonly expected: readonly string[] | null;
  /** A suggestion, such as the name that was probably meant. */
  readonly hint: string | null;
  /** The grammar's own code for a text it could not read (`missing_bracket`), or null. */
  readonly cause: string | null;
}

/**
 * The JSON form of a diagnostic: every key present, absent ones as `null`.
 *
 * @example
 * diagnosticJson(checkText('filter', '[contry=US]')[0]);
 * // { code: 'unknown_dimension', param: 'filter', offset: 1, ..., hint: 'country', cause: null }
 */
export function diagnosticJson(d: QueryDiagnostic): DiagnosticJson {
  return {
    code: d.code,
    severity: d.severity,
    param: d.param ?? null,
    message: d.message,
    offset: d.offset ?? null,
    length: d.length ?? null,
    line: d.line ?? null,
    column: d.column ?? null,
    expected: d.cause?.expected ? [...d.cause.expected] : null,
    hint: d.hint ?? null,
    cause: d.cause?.code ?? null,
  };
}

/**
 * A diagnostic rendered for a terminal: `error[code]: message`, the input line, a caret line, the
 * hint when it adds to the message. Colours apply only to the label; control characters in the
 * input, message and hint are shown, never sent to the terminal.
 *
 * @example
 * renderDiagnostic('[contry=US]', checkText('filter', '[contry=US]')[0], colors);
 */
export function renderDiagnostic(text: string, d: PositionedProblem, colors: Colors): string {
  const safe: PositionedProblem = {
    ...d,
    code: terminalText(d.code),
    message: terminalText(d.message),
    ...(d.hint === undefined ? {} : { hint: terminalText(d.hint) }),
  };
  const body = formatDiagnostic(sameWidthText(text), safe).replace(/\n+$/, '');
  return `${colorLabel(body, d.severity, colors)}\n`;
}

/**
 * A diagnostic without a text to point into: `error[code]: param: message` (the library's
 * `labelledMessage`, the words the client's errors use), then the hint when it adds.
 *
 * @example
 * renderUnplaced({ code: 'missing_parameter', param: 'agg', severity: 'error', message: 'The session endpoint requires agg' }, colors);
 * // error[missing_parameter]: agg: The session endpoint requires agg
 */
export function renderUnplaced(d: QueryDiagnostic, colors: Colors): string {
  const hint = hintAdds(d) ? `\n  = hint: ${terminalText(d.hint ?? '')}` : '';
  const head = `${d.severity}[${terminalText(d.code)}]: ${terminalText(labelledMessage(d))}`;
  return `${colorLabel(head, d.severity, colors)}${hint}\n`;
}

// The rendering starts with its own "error"/"warning" label; keep one, coloured.
function colorLabel(body: string, severity: 'error' | 'warning', colors: Colors): string {
  const label = severity === 'warning' ? colors.yellow('warning') : colors.red('error');
  return body.replace(/^(error|warning)\b/, label);
}
