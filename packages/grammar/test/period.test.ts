import { describe, expect, it } from 'vitest';
import { parsePeriod, serializePeriod } from '../src/index';
import { lexPeriod } from '../src/period/lexer';
import { checkInvalid, checkValid } from './check';
import { periodInvalid, periodValid } from './tables';

describe('parsePeriod examples', () => {
  it.each(periodValid)('accepts: $rule ($input)', (c) => checkValid(c, parsePeriod, serializePeriod));
  it.each(periodInvalid)('rejects: $rule ($input) with $code at $offset', (c) =>
    checkInvalid(c, parsePeriod),
  );
});

describe('parsePeriod details', () => {
  it('builds the AST and spans whatever the key order', () => {
    const text = 'end=20, start=10';
    const r = parsePeriod(text);
    if (!r.ok) throw new Error('should parse');
    expect(r.value).toEqual({ type: 'period', start: 10, end: 20 });
    expect(r.spans).toEqual({ start: { offset: 14, length: 2 }, end: { offset: 4, length: 2 } });
  });

  it('suggests seconds for millisecond timestamps', () => {
    const r = parsePeriod('start=1700000000000,end=1700086400000');
    expect(!r.ok && r.errors[0]!.hint).toMatch(/milliseconds.*1700000000/);
  });

  it('gives no millisecond hint where dividing by 1000 does not help', () => {
    const r = parsePeriod('start=1,end=100000000000000000');
    expect(!r.ok && r.errors[0]).toMatchObject({ code: 'timestamp_too_large' });
    expect(!r.ok && r.errors[0]!.hint).toBeUndefined();
  });

  it('names the missing key', () => {
    const r = parsePeriod('end=5');
    expect(!r.ok && r.errors[0]!.message).toMatch(/,start=/);
  });
});

describe('serializePeriod', () => {
  it('prints start first', () => {
    expect(serializePeriod({ type: 'period', start: 1, end: 2 })).toBe('start=1,end=2');
  });
  it('refuses ASTs no text can express', () => {
    expect(() => serializePeriod({ type: 'period', start: 2, end: 1 })).toThrow(/not before/);
    expect(() => serializePeriod({ type: 'period', start: 1.5, end: 2 })).toThrow(RangeError);
    expect(() => serializePeriod({ type: 'period', start: -1, end: 2 })).toThrow(RangeError);
    expect(() => serializePeriod({ type: 'period', start: 1, end: 1e11 + 1 })).toThrow(RangeError);
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
