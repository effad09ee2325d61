// Diagnostics as the CLI prints them: the grammar's rendering (the input line with a caret under
// the offending span) plus the did-you-mean hint, or the JSON shape `--json` promises.
import { type Diagnostic, formatDiagnostic } from '@playq/grammar';
import type { Colors } from './colors';
import { sameWidthText, terminalText } from './terminal-text';

/** The JSON form of one diagnostic, with every documented key present. */
export interface DiagnosticJson {
  readonly code: string;
  readonly message: string;
  readonly offset: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
  readonly expected: readonly string[] | null;
  readonly hint: string | null;
}

/**
 * The JSON form of a diagnostic: every key present, absent ones as `null`.
 *
 * @example
 * diagnosticJson(diagnostic); // { code: 'unknown_dimension', ..., hint: 'did you mean "country"?' }
 */
export function diagnosticJson(d: Diagnostic): DiagnosticJson {
  return {
    code: d.code,
    message: d.message,
    offset: d.offset,
    length: d.length,
    line: d.line,
    column: d.column,
    expected: d.expected ? [...d.expected] : null,
    hint: d.hint ?? null,
  };
}

/**
 * A diagnostic rendered for a terminal: `error[code]: message`, the input line, a caret line, the
 * hint. Colours apply only to the label; control characters in the input, message and hint are
 * shown, never sent to the terminal.
 *
 * @example
 * renderDiagnostic('[contry=US]', diagnostic, colors);
 */
export function renderDiagnostic(text: string, d: Diagnostic, colors: Colors): string {
  const safe: Diagnostic = {
    ...d,
    code: terminalText(d.code),
    message: terminalText(d.message),
    ...(d.hint === undefined ? {} : { hint: terminalText(d.hint) }),
  };
  const body = formatDiagnostic(sameWidthText(text), safe).replace(/\n+$/, '');
  const label = d.severity === 'warning' ? colors.yellow('warning') : colors.red('error');
  // The grammar's rendering starts with its own "error:"/"warning:" label; keep one, coloured.
  const recoloured = body.replace(/^(error|warning)\b/, label);
  return `${recoloured}\n`;
}

/**
 * The 1-based line and column of `offset` in `text`, counting UTF-16 code units like the grammar.
 *
 * @example
 * lineColumn('a\nbc', 3); // { line: 2, column: 2 }
 */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
