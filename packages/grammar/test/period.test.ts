import { describe, expect, it } from 'vitest';
import { parsePeriod, serializePeriod } from '../src/index';
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
