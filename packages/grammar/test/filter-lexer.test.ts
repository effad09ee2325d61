// The filter lexer's tokens and images, and the token buffer's invalid token, at the boundaries.
import { describe, expect, it } from 'vitest';
import { lexFilter } from '../src/filter/lexer';
import { Invalid } from '../src/filter/tokens';
import { TokenBuffer } from '../src/internal/token';

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
