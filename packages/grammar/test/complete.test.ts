import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { filterText, grammarNoise, mutatedText, periodText, qoeFilterText } from '../src/arbitraries/index';
import { type Slot, slotsAt, type TextKind, tokenSpans } from '../src/index';
import { numRuns } from './properties/runs';

const slotTypes = (kind: TextKind, text: string, offset = text.length) =>
  slotsAt(kind, text, offset).map((s) => [s.slot.type, s.from, s.to]);

const first = (kind: TextKind, text: string, offset = text.length): Slot | undefined =>
  slotsAt(kind, text, offset)[0]?.slot;

describe('slotsAt on unfinished filters', () => {
  it('expects a clause at the start and after one', () => {
    expect(slotTypes('filter', '')).toEqual([['clause', 0, 0]]);
    expect(slotTypes('filter', '[a=b] ')).toEqual([['clause', 6, 6]]);
  });

  it('expects a dimension after "[" and replaces the whole word under the cursor', () => {
    expect(first('filter', '[cou')).toEqual({ type: 'dimension', partial: 'cou', equalsFollows: false });
    expect(slotsAt('filter', '[cou', 4)[0]).toMatchObject({ from: 1, to: 4 });
    expect(slotsAt('filter', '[country=US]', 3)[0]).toMatchObject({
      from: 1,
      to: 8,
      slot: { type: 'dimension', partial: 'co', equalsFollows: true },
    });
  });

  it('expects a value, then "|" or "]", with the clause dimension and listed values', () => {
    expect(slotsAt('filter', '[country=U', 10)).toEqual([
      {
        slot: { type: 'value', dimension: 'country', partial: 'U', listed: [], closable: true },
        from: 9,
        to: 10,
      },
      { slot: { type: 'alternative' }, from: 10, to: 10 },
    ]);
    expect(first('filter', '[country=US|"F')).toMatchObject({
      type: 'value',
      partial: '"F',
      listed: ['US'],
      closable: false,
    });
    expect(slotTypes('filter', '[k="a|b"')).toEqual([['alternative', 8, 8]]);
  });

  it('recovers after a problem at the next "["', () => {
    expect(first('filter', '[a=b]junk[pla')).toMatchObject({ type: 'dimension', partial: 'pla' });
    expect(first('filter', '[a b=c][x=')).toMatchObject({ type: 'value', dimension: 'x' });
  });
});

describe('slotsAt on unfinished qoefilters', () => {
  it('walks metric, operator, number, AND', () => {
    expect(slotTypes('qoefilter', '')).toEqual([['metric', 0, 0]]);
    expect(slotTypes('qoefilter', 'lat')).toEqual([
      ['metric', 0, 3],
      ['operator', 3, 3],
    ]);
    expect(slotTypes('qoefilter', 'latency ')).toEqual([['operator', 8, 8]]);
    expect(slotTypes('qoefilter', 'latency >')).toEqual([
      ['operator', 8, 9],
      ['number', 9, 9],
    ]);
    expect(slotTypes('qoefilter', 'latency > 2')).toEqual([['number', 10, 11]]);
    expect(slotTypes('qoefilter', 'latency > 2 ')).toEqual([['and', 12, 12]]);
    expect(first('qoefilter', 'latency > 2 an')).toEqual({ type: 'and', partial: 'an' });
    expect(slotTypes('qoefilter', 'latency > 2 and ')).toEqual([['metric', 16, 16]]);
  });
});

describe('slotsAt on unfinished periods', () => {
  it('offers the unused key, then "=", a number and ","', () => {
    expect(first('period', '')).toEqual({ type: 'period-key', partial: '', used: [] });
    expect(first('period', 'start')).toEqual({ type: 'period-key', partial: 'start', used: [] });
    expect(first('period', 'start')).toBeDefined();
    expect(slotTypes('period', 'start ')).toEqual([['period-equals', 6, 6]]);
    expect(first('period', 'start=')).toEqual({ type: 'period-number', key: 'start', partial: '' });
    expect(slotTypes('period', 'start=1 ')).toEqual([['period-comma', 8, 8]]);
    expect(first('period', 'start=1,')).toEqual({ type: 'period-key', partial: '', used: ['start'] });
  });
});

describe('tokenSpans', () => {
  it('gives every token of a filter its role, and goes on after a problem', () => {
    expect(tokenSpans('filter', '[country=US|"a b"][x y=1][p=q]')).toEqual([
      { from: 0, to: 1, role: 'bracket' },
      { from: 1, to: 8, role: 'dimension' },
      { from: 8, to: 9, role: 'operator' },
      { from: 9, to: 11, role: 'value' },
      { from: 11, to: 12, role: 'separator' },
      { from: 12, to: 17, role: 'string' },
      { from: 17, to: 18, role: 'bracket' },
      { from: 18, to: 19, role: 'bracket' },
      { from: 19, to: 20, role: 'dimension' },
      { from: 20, to: 25, role: 'invalid' },
      { from: 25, to: 26, role: 'bracket' },
      { from: 26, to: 27, role: 'dimension' },
      { from: 27, to: 28, role: 'operator' },
      { from: 28, to: 29, role: 'value' },
      { from: 29, to: 30, role: 'bracket' },
    ]);
  });

  it('marks a token in the wrong place in a qoefilter as invalid', () => {
    expect(tokenSpans('qoefilter', 'latency > 2 and x < 0x1').map((s) => s.role)).toEqual([
      'metric',
      'operator',
      'number',
      'keyword',
      'metric',
      'operator',
      'invalid',
    ]);
    expect(tokenSpans('period', 'start=1,end=2').map((s) => s.role)).toEqual([
      'key',
      'operator',
      'number',
      'separator',
      'key',
      'operator',
      'number',
    ]);
  });
});

const kinds = fc.constantFrom<TextKind>('filter', 'qoefilter', 'period');
const validText = (kind: TextKind) =>
  kind === 'filter' ? filterText() : kind === 'qoefilter' ? qoeFilterText() : periodText();
const anyText = fc.oneof(
  filterText(),
  qoeFilterText(),
  periodText(),
  mutatedText(filterText()),
  mutatedText(qoeFilterText()),
  grammarNoise(),
  fc.string({ unit: 'binary' }),
);
const anyOffset = fc.oneof(
  fc.integer({ min: -5, max: 400 }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 0.5),
);

describe('editor support properties', () => {
  test.prop([kinds, anyText, anyOffset], { numRuns })(
    'slotsAt never throws and ranges lie in the text',
    (kind, text, offset) => {
      for (const { from, to } of slotsAt(kind, text, offset)) {
        expect(0 <= from && from <= to && to <= text.length).toBe(true);
      }
    },
  );

  test.prop([kinds, anyText], { numRuns })(
    'token spans are ordered, disjoint and inside the text',
    (kind, text) => {
      let last = 0;
      for (const s of tokenSpans(kind, text)) {
        expect(s.from).toBeGreaterThanOrEqual(last);
        expect(s.to).toBeGreaterThan(s.from);
        last = s.to;
      }
      expect(last).toBeLessThanOrEqual(text.length);
    },
  );

  test.prop([kinds.chain((k) => fc.tuple(fc.constant(k), validText(k)))], { numRuns })(
    'valid text has no invalid span',
    ([kind, text]) => {
      expect(tokenSpans(kind, text).filter((s) => s.role === 'invalid')).toEqual([]);
    },
  );
});
