// Building, positioning and rendering diagnostics. Every parser funnels its problems through
// `diagnostic()` so that line/column are always consistent with the offset.

import type { Diagnostic, PositionedProblem, Severity } from './diagnostic';
import type { DiagnosticCode } from './diagnostic-codes';

/**
 * The 1-based line and column of a 0-based UTF-16 `offset` in `text`. `\n`, `\r\n` and a lone
 * `\r` each end a line; an offset past the end is clamped to the end.
 *
 * @example
 * ```ts
 * offsetToLineColumn('[a=b]\n[c=d', 10); // { line: 2, column: 5 }
 * ```
 */
export function offsetToLineColumn(text: string, offset: number): { line: number; column: number } {
  const end = Math.max(0, Math.min(offset, text.length));
  const starts = lineStarts(text);
  // The last line that starts at or before `end`.
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= end) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: end - starts[lo]! + 1 };
}

// The offsets at which lines start, for the last text asked about: a parse that reports many
// diagnostics (a duplicate warning per repeated value) positions them all in one pass over the
// text instead of one pass each, which made such parses quadratic.
let cachedText: string | undefined;
let cachedStarts: number[] = [0];

function lineStarts(text: string): number[] {
  if (text === cachedText) return cachedStarts;
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  cachedText = text;
  cachedStarts = starts;
  return starts;
}

/** @internal */
export interface DiagnosticInit {
  code: DiagnosticCode;
  message: string;
  offset: number;
  length: number;
  severity?: Severity;
  expected?: readonly string[];
  hint?: string;
}

/** @internal */
export function diagnostic(text: string, init: DiagnosticInit): Diagnostic {
  const { line, column } = offsetToLineColumn(text, init.offset);
  const d: {
    -readonly [K in keyof Diagnostic]: Diagnostic[K];
  } = {
    code: init.code,
    message: init.message,
    severity: init.severity ?? 'error',
    offset: init.offset,
    length: init.length,
    line,
    column,
  };
  if (init.expected !== undefined) d.expected = init.expected;
  if (init.hint !== undefined) d.hint = init.hint;
  return d;
}

const MAX_SHOWN = 100;

/**
 * Render a diagnostic for a terminal or a log: the message, the position, the offending line and a
 * caret under the offending characters. Only the line that holds the offset is shown, so
 * multi-line input renders well; long lines are cut to a window around the position. Takes any
 * positioned problem: a grammar `Diagnostic`, a `QueryDiagnostic` from `@playq/query`'s
 * `checkText` or `validate` (line and column follow from the offset; without one, the whole text
 * is marked; a `param` is named on the position's line). The hint is printed when it adds to the message (a message that already quotes it,
 * `did you mean "country"?`, says it once).
 *
 * @example
 * ```ts
 * const r = parseFilter('[country]');
 * if (!r.ok) console.log(formatDiagnostic('[country]', r.errors[0]));
 * // error[missing_equals]: found ']', expected '=' after the dimension 'country'
 * //  --> line 1, column 9
 * //   |
 * // 1 | [country]
 * //   |         ^
 * ```
 */
export function formatDiagnostic(text: string, d: PositionedProblem): string {
  const offset = Math.max(0, Math.min(d.offset ?? 0, text.length));
  const length = d.offset === undefined ? text.length : (d.length ?? 1);
  const position = d.line !== undefined && d.column !== undefined ? d : offsetToLineColumn(text, offset);
  let lineStart = offset;
  while (lineStart > 0 && !isBreak(text.charCodeAt(lineStart - 1))) lineStart--;
  let lineEnd = offset;
  while (lineEnd < text.length && !isBreak(text.charCodeAt(lineEnd))) lineEnd++;
  let from = lineStart;
  let to = lineEnd;
  if (to - from > MAX_SHOWN) {
    from = Math.max(lineStart, offset - MAX_SHOWN / 2);
    to = Math.min(lineEnd, from + MAX_SHOWN);
  }
  const prefix = from > lineStart ? '…' : '';
  const suffix = to < lineEnd ? '…' : '';
  const shown = prefix + printable(text.slice(from, to)) + suffix;
  const before = prefix + printable(text.slice(from, offset)).replace(/[^\t]/g, ' ');
  const width = Math.max(1, Math.min(length, to - offset));
  const gutter = String(position.line);
  const pad = ' '.repeat(gutter.length);
  const lines = [
    `${d.severity}[${d.code}]: ${d.message}`,
    `${pad}--> ${d.param === undefined ? '' : `${d.param}, `}line ${position.line}, column ${position.column}`,
    `${pad} |`,
    `${gutter} | ${shown}`,
    `${pad} | ${before}${'^'.repeat(width)}`,
  ];
  if (hintAdds(d)) lines.push(`${pad} = hint: ${d.hint}`);
  return lines.join('\n');
}

/**
 * Whether a problem's hint says more than its message: false without a hint, or when the message
 * already quotes it (`Unknown dimension "contry"; did you mean "country"?` with hint `country`).
 * Every layer that prints a hint asks this, so a suggestion is said once.
 *
 * @example
 * ```ts
 * hintAdds({ code: 'x', severity: 'error', message: 'did you mean "country"?', hint: 'country' }); // false
 * ```
 */
export function hintAdds(d: Pick<PositionedProblem, 'message' | 'hint'>): boolean {
  return d.hint !== undefined && d.hint !== '' && !d.message.includes(`"${d.hint}"`);
}

function isBreak(c: number): boolean {
  return c === 10 || c === 13;
}

// Control characters would garble a terminal; show each as one visible character so the caret
// stays aligned.
function printable(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\u2423');
}

/**
 * Thrown by the `parse…OrThrow` functions. Carries every diagnostic and the text that was parsed;
 * its message is the first diagnostic, rendered by {@link formatDiagnostic}.
 *
 * @example
 * ```ts
 * try {
 *   parseFilterOrThrow('[country=]');
 * } catch (e) {
 *   if (e instanceof GrammarError) console.log(e.diagnostics[0].code); // 'empty_value'
 * }
 * ```
 */
export class GrammarError extends Error {
  override readonly name = 'GrammarError';
  readonly diagnostics: readonly Diagnostic[];
  readonly text: string;
  readonly language: 'filter' | 'qoefilter' | 'period';

  constructor(language: 'filter' | 'qoefilter' | 'period', text: string, diagnostics: readonly Diagnostic[]) {
    const first = diagnostics[0];
    super(
      first === undefined
        ? `invalid ${language}`
        : `invalid ${language}: ${first.message}\n${formatDiagnostic(text, first)}`,
    );
    this.language = language;
    this.text = text;
    this.diagnostics = diagnostics;
  }
}
