// Exact behaviour of the character helpers, the diagnostic renderer, the filter lexer and the
// token buffer at the boundaries (surrogate ranges, line windows, token images) that the broader
// suites only cross in passing.
import { describe, expect, it } from 'vitest';
import { lexFilter } from '../src/filter/lexer';
import { Invalid } from '../src/filter/tokens';
import {
  type Diagnostic,
  formatDiagnostic,
  parsePeriod,
  serializeFilter,
  serializeFilterValue,
  serializePeriod,
} from '../src/index';
import { TokenBuffer } from '../src/internal/token';
import { lexPeriod } from '../src/period/lexer';
import { charAt, isPairedSurrogate, quoteForMessage } from '../src/text';

describe('quoteForMessage', () => {
  it('keeps a 24-character text whole and cuts a 25-character one', () => {
    expect(quoteForMessage('x'.repeat(24))).toBe(`'${'x'.repeat(24)}'`);
    expect(quoteForMessage('x'.repeat(25))).toBe(`'${'x'.repeat(24)}…'`);
  });

  it('escapes lone surrogates up to U+DFFF and nothing above', () => {
    expect(quoteForMessage('\udfff')).toBe("'\\udfff'");
    expect(quoteForMessage('\ud800')).toBe("'\\ud800'");
    expect(quoteForMessage('\ue000')).toBe("'\ue000'");
    expect(quoteForMessage('a\ud83d\ude00b')).toBe("'a\ud83d\ude00b'");
  });
});

describe('isPairedSurrogate', () => {
  it('pairs a high surrogate only with a following low surrogate', () => {
    expect(isPairedSurrogate('\ud800\udc00', 0)).toBe(true);
    expect(isPairedSurrogate('\ud800\udfff', 0)).toBe(true);
    expect(isPairedSurrogate('\udbff\udc00', 0)).toBe(true);
    expect(isPairedSurrogate('\ud800\ue000', 0)).toBe(false);
    expect(isPairedSurrogate('\ud800a', 0)).toBe(false);
  });

  it('pairs a low surrogate only with a preceding high surrogate', () => {
    expect(isPairedSurrogate('\ud800\udc00', 1)).toBe(true);
    expect(isPairedSurrogate('\ud800\udfff', 1)).toBe(true);
    expect(isPairedSurrogate('\udc00\udc00', 1)).toBe(false);
    expect(isPairedSurrogate('\ud800\ue000', 1)).toBe(false);
  });

  it('is false for characters outside the surrogate range, whatever surrounds them', () => {
    expect(isPairedSurrogate('a', 0)).toBe(false);
    expect(isPairedSurrogate('a\udc00', 0)).toBe(false);
    expect(isPairedSurrogate('\ud800a', 1)).toBe(false);
  });
});

describe('charAt', () => {
  it('returns one UTF-16 unit for ordinary characters', () => {
    expect(charAt('ab', 0)).toBe('a');
    expect(charAt('ab', 1)).toBe('b');
  });

  it('returns both halves of a pair when starting on the high half', () => {
    expect(charAt('\ud800\udc00x', 0)).toBe('\ud800\udc00');
    expect(charAt('\udbff\udfffx', 0)).toBe('\udbff\udfff');
    expect(charAt('a\ud83d\ude00b', 1)).toBe('\ud83d\ude00');
  });

  it('returns only the low half when starting inside a pair', () => {
    expect(charAt('\ud800\udc00x', 1)).toBe('\udc00');
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

function lex(text: string): unknown[] {
  return lexFilter(text).map((t) => [t.tokenType.name, t.image, t.startOffset, t.payload]);
}

describe('lexFilter', () => {
  it('gives every punctuation token its character as image', () => {
    expect(lex('[a="x"|b]')).toStrictEqual([
      ['LBracket', '[', 0, '['],
      ['Identifier', 'a', 1, 'a'],
      ['Equals', '=', 2, '='],
      ['Value', '"x"', 3, 'x'],
      ['Pipe', '|', 6, '|'],
      ['Value', 'b', 7, 'b'],
      ['RBracket', ']', 8, ']'],
    ]);
    expect(lex('[]')).toStrictEqual([
      ['LBracket', '[', 0, '['],
      ['RBracket', ']', 1, ']'],
    ]);
  });

  it('reads a bracket right after the dimension as the end of the clause', () => {
    expect(lex('[a]')).toStrictEqual([
      ['LBracket', '[', 0, '['],
      ['Identifier', 'a', 1, 'a'],
      ['RBracket', ']', 2, ']'],
    ]);
  });

  it('reads a pipe or bracket in place of a value as punctuation', () => {
    expect(lex('[a=|')).toStrictEqual([
      ['LBracket', '[', 0, '['],
      ['Identifier', 'a', 1, 'a'],
      ['Equals', '=', 2, '='],
      ['Pipe', '|', 3, '|'],
    ]);
    expect(lex('[a=]')).toStrictEqual([
      ['LBracket', '[', 0, '['],
      ['Identifier', 'a', 1, 'a'],
      ['Equals', '=', 2, '='],
      ['RBracket', ']', 3, ']'],
    ]);
  });

  const prefix = [
    ['LBracket', '[', 0, '['],
    ['Identifier', 'a', 1, 'a'],
    ['Equals', '=', 2, '='],
  ];

  it('stops right after a quoted value it cannot read', () => {
    expect(lex('[a="')).toStrictEqual([
      ...prefix,
      [
        'Invalid',
        '',
        3,
        {
          code: 'unterminated_quote',
          message: `found end of input inside the quoted value that starts at offset 3, expected '"'`,
          offset: 4,
          length: 0,
          expected: ['"'],
        },
      ],
    ]);
    expect(lex('[a=""]x')).toStrictEqual([
      ...prefix,
      [
        'Invalid',
        '""',
        3,
        {
          code: 'empty_value',
          message: 'found an empty quoted value "", expected at least one character',
          offset: 3,
          length: 2,
        },
      ],
    ]);
    expect(lex('[a="\\q"]x')).toStrictEqual([
      ...prefix,
      [
        'Invalid',
        '\\q',
        4,
        {
          code: 'invalid_escape',
          message: "found the escape '\\q', expected '\\\"' or '\\\\'",
          offset: 4,
          length: 2,
          expected: ['\\"', '\\\\'],
        },
      ],
    ]);
    expect(lex('[a="\u0001"]x')).toStrictEqual([
      ...prefix,
      [
        'Invalid',
        '\u0001',
        4,
        {
          code: 'invalid_character',
          message: "found the control character '\\u0001', which no value may contain",
          offset: 4,
          length: 1,
        },
      ],
    ]);
  });

  it('rejects a lone U+DFFF inside quotes, after a plain value and after a quoted value', () => {
    const problem = (offset: number) => ({
      code: 'invalid_character',
      message: "found the unpaired surrogate '\\udfff', which no value may contain",
      offset,
      length: 1,
    });
    expect(lex('[a="\udfff"]x')).toStrictEqual([...prefix, ['Invalid', '\udfff', 4, problem(4)]]);
    expect(lex('[a=b\udfff]')).toStrictEqual([
      ...prefix,
      ['Value', 'b', 3, 'b'],
      ['Invalid', '\udfff', 4, problem(4)],
    ]);
    expect(lex('[a="x"\udfff]')).toStrictEqual([
      ...prefix,
      ['Value', '"x"', 3, 'x'],
      ['Invalid', '\udfff', 6, problem(6)],
    ]);
  });

  it('treats U+E000 as an ordinary character', () => {
    expect(lex('[a=b\ue000]')).toStrictEqual([
      ...prefix,
      ['Value', 'b\ue000', 3, 'b\ue000'],
      ['RBracket', ']', 5, ']'],
    ]);
    expect(lex('[a="x"\ue000]')).toStrictEqual([
      ...prefix,
      ['Value', '"x"', 3, 'x'],
      ['Invalid', '\ue000', 6, '\ue000'],
    ]);
  });
});

describe('TokenBuffer.invalid', () => {
  function image(text: string, start: number): string {
    const buf = new TokenBuffer();
    buf.invalid(Invalid, text, start);
    return buf.finish()[0]!.image;
  }

  it('takes the image of a problem from its span', () => {
    const buf = new TokenBuffer();
    buf.invalid(Invalid, 'abcdef', 1, { code: 'invalid_character', message: 'm', offset: 2, length: 3 });
    expect(buf.finish()[0]!.image).toBe('cde');
  });

  it('takes a whole surrogate pair, and nothing more, as the image of an unknown character', () => {
    expect(image('ab', 0)).toBe('a');
    expect(image('a\udc00', 0)).toBe('a');
    expect(image('\ud800\udc00x', 0)).toBe('\ud800\udc00');
    expect(image('\udbff\udfffx', 0)).toBe('\udbff\udfff');
    expect(image('\ud800\udfffx', 0)).toBe('\ud800\udfff');
    expect(image('\udc00\udc00', 0)).toBe('\udc00');
    expect(image('\ud800a', 0)).toBe('\ud800');
    expect(image('\ud800\ue000', 0)).toBe('\ud800');
  });
});

describe('period', () => {
  it('gives the equals sign its character as image', () => {
    expect(
      lexPeriod('start=1').map((t) => [t.tokenType.name, t.image, t.startOffset, t.payload]),
    ).toStrictEqual([
      ['Identifier', 'start', 0, 'start'],
      ['Equals', '=', 5, '='],
      ['Number', '1', 6, 1],
    ]);
  });

  it('expects the other key once the first entry is complete', () => {
    expect(parsePeriod('start=1,=2')).toStrictEqual({
      ok: false,
      errors: [
        {
          code: 'invalid_key',
          message: "found '=', expected 'start' or 'end'",
          severity: 'error',
          offset: 8,
          length: 1,
          line: 1,
          column: 9,
          expected: ['end'],
        },
      ],
    });
    expect(parsePeriod('end=1,=2')).toStrictEqual({
      ok: false,
      errors: [
        {
          code: 'invalid_key',
          message: "found '=', expected 'start' or 'end'",
          severity: 'error',
          offset: 6,
          length: 1,
          line: 1,
          column: 7,
          expected: ['start'],
        },
      ],
    });
  });

  it('hints at milliseconds up to exactly 10^11 seconds', () => {
    const tooLarge = (image: string) => ({
      code: 'timestamp_too_large',
      message: `found ${image}, which is above 10^11 seconds (the year 5138); timestamps are in seconds`,
      severity: 'error',
      offset: 6,
      length: 15,
      line: 1,
      column: 7,
    });
    expect(parsePeriod('start=100000000000999,end=1')).toStrictEqual({
      ok: false,
      errors: [
        {
          ...tooLarge('100000000000999'),
          hint: 'this looks like milliseconds; in seconds it is 100000000000',
        },
      ],
    });
    expect(parsePeriod('start=100000000001000,end=1')).toStrictEqual({
      ok: false,
      errors: [tooLarge('100000000001000')],
    });
  });

  it('refuses to serialize an empty or invalid period, naming the key', () => {
    expect(() => serializePeriod({ type: 'period', start: 5, end: 5 })).toThrow(
      new RangeError('@playq/grammar: the period start 5 is not before its end 5'),
    );
    expect(() => serializePeriod({ type: 'period', start: 1.5, end: 5 })).toThrow(
      new RangeError('@playq/grammar: the period start 1.5 is not an integer number of seconds in [0, 1e11]'),
    );
    expect(() => serializePeriod({ type: 'period', start: 1, end: -1 })).toThrow(
      new RangeError('@playq/grammar: the period end -1 is not an integer number of seconds in [0, 1e11]'),
    );
  });
});

describe('filter serialization', () => {
  it('refuses a lone U+DFFF and an empty clause list with exact messages', () => {
    expect(() => serializeFilterValue('\udfff')).toThrow(
      new RangeError(
        '@playq/grammar: the filter value "\\udfff" contains U+DFFF, which no filter can express',
      ),
    );
    expect(() => serializeFilter({ type: 'filter', clauses: [] })).toThrow(
      new RangeError('@playq/grammar: a filter needs at least one clause'),
    );
  });
});
