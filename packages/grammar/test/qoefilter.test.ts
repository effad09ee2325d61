import { describe, expect, it } from 'vitest';
import { parseQoeFilter, serializeQoeFilter } from '../src/index';
import { checkInvalid, checkValid } from './check';
import { qoeInvalid, qoeValid } from './tables';

describe('parseQoeFilter examples', () => {
  it.each(qoeValid)('accepts: $rule ($input)', (c) => checkValid(c, parseQoeFilter, serializeQoeFilter));
  it.each(qoeInvalid)('rejects: $rule ($input) with $code at $offset', (c) =>
    checkInvalid(c, parseQoeFilter),
  );
});

describe('parseQoeFilter AST and spans', () => {
  it('builds conditions with numbers, -0 normalised', () => {
    const r = parseQoeFilter('BufferingRatio > 5 and latency<=-0');
    expect(r.ok && r.value).toEqual({
      type: 'qoefilter',
      conditions: [
        { type: 'condition', metric: 'bufferingratio', operator: '>', value: 5 },
        { type: 'condition', metric: 'latency', operator: '<=', value: 0 },
      ],
    });
    expect(r.ok && Object.is((r.value.conditions[1] as { value: number }).value, -0)).toBe(false);
  });

  it('gives spans of conditions, metrics, operators and values', () => {
    const text = 'a >= 1.50 AND bb!=2';
    const r = parseQoeFilter(text);
    if (!r.ok) throw new Error('should parse');
    const [c0, c1] = r.spans.conditions;
    expect(text.substr(c0!.condition.offset, c0!.condition.length)).toBe('a >= 1.50');
    expect(text.substr(c0!.operator.offset, c0!.operator.length)).toBe('>=');
    expect(text.substr(c0!.value.offset, c0!.value.length)).toBe('1.50');
    expect(text.substr(c1!.metric.offset, c1!.metric.length)).toBe('bb');
  });

  it('lists the operators it expected', () => {
    const r = parseQoeFilter('latency 5');
    expect(!r.ok && r.errors[0]!.expected).toEqual(['>', '>=', '<', '<=', '=', '!=']);
  });
});

describe('serializeQoeFilter', () => {
  it('refuses ASTs no text can express', () => {
    const cond = (value: number, metric = 'a', operator = '>') =>
      ({ type: 'qoefilter', conditions: [{ type: 'condition', metric, operator, value }] }) as never;
    expect(() => serializeQoeFilter({ type: 'qoefilter', conditions: [] })).toThrow(RangeError);
    expect(() => serializeQoeFilter(cond(Number.NaN))).toThrow(/NaN/);
    expect(() => serializeQoeFilter(cond(Number.POSITIVE_INFINITY))).toThrow(/Infinity/);
    expect(() => serializeQoeFilter(cond(1, 'a-b'))).toThrow(/identifier/);
    expect(() => serializeQoeFilter(cond(1, 'a', '=>'))).toThrow(/operator/);
  });
});
