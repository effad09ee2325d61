// The text helpers at their boundaries: where a quoted text is cut, which code units pair as a
// surrogate, and the character read at an index.
import { describe, expect, it } from 'vitest';
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
