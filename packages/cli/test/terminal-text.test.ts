// The escaping that keeps a service's strings from acting on the reader's terminal: every control
// character and bidirectional override is shown, never sent; JSON stays the same value.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { guardTerminal, safeJson, sameWidthText, terminalText } from '../src/format/terminal-text';

// What a terminal could act on: C0, DEL, C1, bidi marks/embeddings/overrides/isolates, U+2028/9.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const UNSAFE_CHARS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x61c,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
].map((c) => String.fromCharCode(c));

// Strings rich in the characters that matter: controls, escapes' pieces and ordinary text.
const hostile = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...UNSAFE_CHARS, '[', ']', ';', 'm', '\\'),
    fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme-ascii' }),
    fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
  ),
});

describe('terminalText', () => {
  it('shows OSC 52, OSC 8, cursor moves, C1 CSI, bidi overrides and line breaks as escapes', () => {
    expect(terminalText('US\u001b]52;c;aGk=\u0007')).toBe('US\\x1b]52;c;aGk=\\x07');
    expect(terminalText('\u001b]8;;http://evil\u001b\\x')).toBe('\\x1b]8;;http://evil\\x1b\\x');
    expect(terminalText('\u001b[2A\u001b[2K')).toBe('\\x1b[2A\\x1b[2K');
    expect(terminalText('\u009b2J')).toBe('\\x9b2J');
    expect(terminalText('\u202eSU\u2066')).toBe('\\u202eSU\\u2066');
    expect(terminalText('refused\nerror: forged\r\t')).toBe('refused\\nerror: forged\\r\\t');
    expect(terminalText('Zürich, 東京 😀')).toBe('Zürich, 東京 😀');
  });

  test.prop([hostile])('never lets an unsafe character through, and is a fixed point', (s) => {
    const shown = terminalText(s);
    expect(shown).not.toMatch(UNSAFE);
    expect(terminalText(shown)).toBe(shown);
  });

  test.prop([fc.string().filter((s) => !UNSAFE.test(s))])('leaves safe text alone', (s) => {
    expect(terminalText(s)).toBe(s);
  });
});

describe('sameWidthText', () => {
  test.prop([hostile])('keeps the length, line breaks and tabs, and nothing else unsafe', (s) => {
    const shown = sameWidthText(s);
    expect(shown).toHaveLength(s.length);
    expect(shown.replace(/[\n\r\t]/g, '')).not.toMatch(UNSAFE);
    expect([...shown].filter((c) => c === '\n').length).toBe([...s].filter((c) => c === '\n').length);
  });
});

describe('safeJson', () => {
  test.prop([fc.jsonValue(), fc.constantFrom(undefined, 2)])(
    'is the same JSON value with nothing unsafe but its own line breaks',
    (value, space) => {
      const text = safeJson(value, space);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      expect(text.replace(/\n/g, '')).not.toMatch(UNSAFE);
    },
  );

  test.prop([fc.dictionary(fc.string(), hostile)])('escapes hostile strings in keys and values', (record) => {
    const text = safeJson(record);
    expect(JSON.parse(text)).toEqual(record);
    expect(text).not.toMatch(UNSAFE);
  });
});

describe('guardTerminal', () => {
  it("keeps the CLI's own colours, line breaks and tabs, escapes everything else", () => {
    const own = '\u001b[1mcountry\u001b[22m\tUS\r\n\u001b[2m(no records)\u001b[22m\n';
    expect(guardTerminal(own)).toBe(own);
    expect(guardTerminal('a\u001b]52;c;aGk=\u0007b')).toBe('a\\x1b]52;c;aGk=\\x07b');
    expect(guardTerminal('safe\rerror: forged')).toBe('safe\\rerror: forged');
    expect(guardTerminal('\u001b[2J\u009b1;1H\u202e')).toBe('\\x1b[2J\\x9b1;1H\\u202e');
  });

  test.prop([hostile])('lets through no escape sequence but colour, and no lone carriage return', (s) => {
    const shown = guardTerminal(s);
    const rest = shown.replace(/\u001b\[[0-9;]*m|\r\n|[\n\t]/g, '');
    expect(rest).not.toMatch(UNSAFE);
  });
});
