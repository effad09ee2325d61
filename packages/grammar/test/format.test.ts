// formatDiagnostic rendered exactly: gutter width, the window cut around the caret on long lines
// (with an ellipsis on the cut side only), warnings, CRLF input, and GrammarError's message.
import { describe, expect, it } from 'vitest';
import {
  type Diagnostic,
  formatDiagnostic,
  GrammarError,
  parseFilter,
  parsePeriod,
  parsePeriodOrThrow,
  parseQoeFilter,
} from '../src/index';

type Parse = (text: string) => {
  ok: boolean;
  errors?: readonly Diagnostic[];
  warnings?: readonly Diagnostic[];
};

function render(text: string, parse: Parse): string[] {
  const r = parse(text);
  const d = r.ok ? r.warnings![0]! : r.errors![0]!;
  return formatDiagnostic(text, d).split('\n');
}

describe('formatDiagnostic', () => {
  it('a two-digit line number widens the gutter', () => {
    expect(
      render('[a=b]\n[a=b]\n[a=b]\n[a=b]\n[a=b]\n[a=b]\n[a=b]\n[a=b]\n[a=b]\n[a=b]\n[a=b]\n[c]', parseFilter),
    ).toStrictEqual([
      "error[missing_equals]: found ']', expected '=' after the dimension 'c'",
      '  --> line 12, column 3',
      '   |',
      '12 | [c]',
      '   |   ^',
    ]);
  });
  it('a long line is cut to a window on both sides of the caret', () => {
    expect(
      render(
        '[k=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\u0001yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy]',
        parseFilter,
      ),
    ).toStrictEqual([
      "error[invalid_character]: found the control character '\\u0001', which no value may contain",
      ' --> line 1, column 64',
      '  |',
      '1 | \u2026xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\u2423yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\u2026',
      '  | \u2026                                                  ^',
    ]);
  });
  it('a window that reaches the end of the line has no trailing ellipsis', () => {
    expect(
      render(
        '[k=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\u0001]',
        parseFilter,
      ),
    ).toStrictEqual([
      "error[invalid_character]: found the control character '\\u0001', which no value may contain",
      ' --> line 1, column 204',
      '  |',
      '1 | \u2026xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\u2423]',
      '  | \u2026                                                  ^',
    ]);
  });
  it('a window that starts the line has no leading ellipsis', () => {
    expect(
      render(
        '[k=\u0001yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy]',
        parseFilter,
      ),
    ).toStrictEqual([
      "error[invalid_character]: found the control character '\\u0001', which no value may contain",
      ' --> line 1, column 4',
      '  |',
      '1 | [k=\u2423yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\u2026',
      '  |    ^',
    ]);
  });
  it('a warning is rendered as a warning', () => {
    expect(render('[a=x|x]', parseFilter)).toStrictEqual([
      "warning[duplicate_value]: the value 'x' is repeated in the clause on 'a'; the repetition is ignored",
      ' --> line 1, column 6',
      '  |',
      '1 | [a=x|x]',
      '  |      ^',
    ]);
  });
  it('the caret at the end of input sits on an empty last line', () => {
    expect(render('a>1\r\nAND b<\r\n', parseQoeFilter)).toStrictEqual([
      'error[invalid_number]: found end of input, expected a number such as 5, -2.5 or 1e3',
      ' --> line 3, column 1',
      '  |',
      '3 | ',
      '  | ^',
    ]);
  });
  it('a window cut only at the end', () => {
    expect(
      render(
        'start=1,end=2,zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
        parsePeriod,
      ),
    ).toStrictEqual([
      "error[trailing_input]: found ',' after the period, expected the end of input",
      ' --> line 1, column 14',
      '  |',
      '1 | start=1,end=2,zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz\u2026',
      '  |              ^',
    ]);
  });
});

describe('GrammarError', () => {
  it('carries the language, the text and the first diagnostic rendered', () => {
    let error: unknown;
    try {
      parsePeriodOrThrow('start=2,end=1');
    } catch (e) {
      error = e;
    }
    const e = error as GrammarError;
    expect([e.name, e.language, e.text, e.message]).toStrictEqual([
      'GrammarError',
      'period',
      'start=2,end=1',
      'invalid period: the end 1 (1970-01-01T00:00:01Z) is not after the start 2 (1970-01-01T00:00:02Z); a period is the half-open interval [start, end)\nerror[invalid_range]: the end 1 (1970-01-01T00:00:01Z) is not after the start 2 (1970-01-01T00:00:02Z); a period is the half-open interval [start, end)\n --> line 1, column 13\n  |\n1 | start=2,end=1\n  |             ^',
    ]);
    expect(e.diagnostics).toStrictEqual(
      (parsePeriod('start=2,end=1') as unknown as { errors: Diagnostic[] }).errors,
    );
  });

  it('without diagnostics says only which language was invalid', () => {
    expect(new GrammarError('filter', 'x', []).message).toBe('invalid filter');
  });
});

function diag(offset: number, length: number): Diagnostic {
  return {
    code: 'x',
    message: 'm',
    severity: 'error',
    offset,
    length,
    line: 1,
    column: 1,
  } as unknown as Diagnostic;
}

describe('formatDiagnostic', () => {
  const head = 'error[x]: m\n --> line 1, column 1\n  |\n';

  it('limits the caret to the end of the last line', () => {
    expect(formatDiagnostic('abc', diag(1, 5))).toBe(`${head}1 | abc\n  |  ^^`);
  });

  it('treats a lone carriage return as a line break', () => {
    expect(formatDiagnostic('ab\rcd', diag(4, 1))).toBe(`${head}1 | cd\n  |  ^`);
  });

  it('shows a line of exactly 100 characters whole', () => {
    expect(formatDiagnostic('x'.repeat(100), diag(90, 1))).toBe(
      `${head}1 | ${'x'.repeat(100)}\n  | ${' '.repeat(90)}^`,
    );
  });

  it('shows a short line whole even when the offset is far into it', () => {
    expect(formatDiagnostic('x'.repeat(80), diag(70, 1))).toBe(
      `${head}1 | ${'x'.repeat(80)}\n  | ${' '.repeat(70)}^`,
    );
  });

  it('measures the window on the offending line only', () => {
    const text = `${'y'.repeat(59)}\n${'x'.repeat(70)}`;
    expect(formatDiagnostic(text, diag(125, 1))).toBe(`${head}1 | ${'x'.repeat(70)}\n  | ${' '.repeat(65)}^`);
  });

  it('cuts a line longer than 100 characters to a window around the offset', () => {
    expect(formatDiagnostic('x'.repeat(101), diag(90, 1))).toBe(
      `${head}1 | …${'x'.repeat(61)}\n  | …${' '.repeat(50)}^`,
    );
  });
});
