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

/** The slots with the cursor at the end of the text. */
const slotsAtEnd = (kind: TextKind, text: string) => slotsAt(kind, text, text.length);
const spans = (kind: TextKind, text: string) => tokenSpans(kind, text).map((s) => [s.from, s.to, s.role]);

describe('filter spans after a finished value', () => {
  it('a "|" after a quoted value starts the next value', () => {
    expect(spans('filter', '[a="ab"|"cd"]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 7, 'string'],
      [7, 8, 'separator'],
      [8, 12, 'string'],
      [12, 13, 'bracket'],
    ]);
  });

  it('text after a quoted value is invalid one character at a time, up to the "]"', () => {
    expect(spans('filter', '[a="x" y]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 6, 'string'],
      [6, 7, 'invalid'],
      [7, 8, 'invalid'],
      [8, 9, 'bracket'],
    ]);
    expect(slotsAtEnd('filter', '[a="x" y')).toStrictEqual([
      { slot: { type: 'alternative' }, from: 8, to: 8 },
    ]);
  });

  it('a "[" after a quoted value starts a new clause (missing "]")', () => {
    expect(spans('filter', '[a="x"[b=c]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 6, 'string'],
      [6, 7, 'bracket'],
      [7, 8, 'dimension'],
      [8, 9, 'operator'],
      [9, 10, 'value'],
      [10, 11, 'bracket'],
    ]);
    expect(slotsAtEnd('filter', '[a="x"[')).toStrictEqual([
      { slot: { type: 'dimension', partial: '', equalsFollows: false }, from: 7, to: 7 },
    ]);
    expect(slotsAtEnd('filter', '[a="x"]')).toStrictEqual([{ slot: { type: 'clause' }, from: 7, to: 7 }]);
  });

  it('a plain value stops at "[", a quote and a backslash', () => {
    expect(spans('filter', '[a=b[c=d]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 4, 'value'],
      [4, 5, 'bracket'],
      [5, 6, 'dimension'],
      [6, 7, 'operator'],
      [7, 8, 'value'],
      [8, 9, 'bracket'],
    ]);
    expect(spans('filter', '[a=b"c"]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 4, 'value'],
      [4, 5, 'invalid'],
      [5, 6, 'invalid'],
      [6, 7, 'invalid'],
      [7, 8, 'bracket'],
    ]);
    expect(spans('filter', '[a=b\\c]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 4, 'value'],
      [4, 5, 'invalid'],
      [5, 6, 'invalid'],
      [6, 7, 'bracket'],
    ]);
    expect(slotsAtEnd('filter', '[a=b[')).toStrictEqual([
      { slot: { type: 'dimension', partial: '', equalsFollows: false }, from: 5, to: 5 },
    ]);
  });

  it('a plain value at the end of the text is still being typed, so it is not listed yet', () => {
    expect(spans('filter', '[a=b')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 4, 'value'],
    ]);
    expect(slotsAtEnd('filter', '[a=b')).toStrictEqual([
      { slot: { type: 'value', dimension: 'a', partial: 'b', listed: [], closable: true }, from: 3, to: 4 },
      { slot: { type: 'alternative' }, from: 4, to: 4 },
    ]);
    expect(slotsAtEnd('filter', '[a=b|c')).toStrictEqual([
      {
        slot: { type: 'value', dimension: 'a', partial: 'c', listed: ['b'], closable: true },
        from: 5,
        to: 6,
      },
      { slot: { type: 'alternative' }, from: 6, to: 6 },
    ]);
  });
});

describe('filter text outside a clause and in the dimension', () => {
  it('text before the first "[" is invalid up to the "["', () => {
    expect(spans('filter', 'x[a')).toStrictEqual([
      [0, 1, 'invalid'],
      [1, 2, 'bracket'],
      [2, 3, 'dimension'],
    ]);
    expect(slotsAtEnd('filter', 'x[a')).toStrictEqual([
      { slot: { type: 'dimension', partial: 'a', equalsFollows: false }, from: 2, to: 3 },
    ]);
  });

  it('a dimension must start with a letter or "_"', () => {
    expect(spans('filter', '[1a=b]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 6, 'invalid'],
    ]);
  });

  it('a "]" right after the dimension closes the clause', () => {
    expect(spans('filter', '[a]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'bracket'],
    ]);
    expect(spans('filter', '[ab]x[c')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 3, 'dimension'],
      [3, 4, 'bracket'],
      [4, 5, 'invalid'],
      [5, 6, 'bracket'],
      [6, 7, 'dimension'],
    ]);
    expect(slotsAtEnd('filter', '[ab]')).toStrictEqual([{ slot: { type: 'clause' }, from: 4, to: 4 }]);
  });

  it('right after "=" an empty value is expected there, not closable', () => {
    expect(slotsAtEnd('filter', '[a=')).toStrictEqual([
      { slot: { type: 'value', dimension: 'a', partial: '', listed: [], closable: false }, from: 3, to: 3 },
    ]);
  });
});

describe('filter empty and invalid values', () => {
  it('a "|" where a value is expected is a separator and the next value starts after it', () => {
    expect(spans('filter', '[a=|b]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 4, 'separator'],
      [4, 5, 'value'],
      [5, 6, 'bracket'],
    ]);
    expect(slotsAtEnd('filter', '[a=|')).toStrictEqual([
      { slot: { type: 'value', dimension: 'a', partial: '', listed: [], closable: false }, from: 4, to: 4 },
    ]);
    expect(slotsAtEnd('filter', '[a=b|')).toStrictEqual([
      {
        slot: { type: 'value', dimension: 'a', partial: '', listed: ['b'], closable: false },
        from: 5,
        to: 5,
      },
    ]);
  });

  it('a "]" where a value is expected closes the clause', () => {
    expect(spans('filter', '[a=]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 4, 'bracket'],
    ]);
  });

  it('a "[" where a value is expected starts a new clause', () => {
    expect(spans('filter', '[a=[b=c]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 4, 'bracket'],
      [4, 5, 'dimension'],
      [5, 6, 'operator'],
      [6, 7, 'value'],
      [7, 8, 'bracket'],
    ]);
  });

  it('a control character where a value is expected is invalid and skipped', () => {
    expect(spans('filter', '[a=\u0001b]')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 4, 'invalid'],
      [4, 5, 'value'],
      [5, 6, 'bracket'],
    ]);
    expect(slotsAtEnd('filter', '[a=\u0001')).toStrictEqual([
      { slot: { type: 'value', dimension: 'a', partial: '', listed: [], closable: false }, from: 4, to: 4 },
    ]);
  });
});

describe('filter quoted values', () => {
  it('lists quoted values decoded, with escapes resolved', () => {
    expect(slotsAtEnd('filter', '[a="ab"|')).toStrictEqual([
      {
        slot: { type: 'value', dimension: 'a', partial: '', listed: ['ab'], closable: false },
        from: 8,
        to: 8,
      },
    ]);
    expect(slotsAtEnd('filter', '[a="x\\"y"|')).toStrictEqual([
      {
        slot: { type: 'value', dimension: 'a', partial: '', listed: ['x"y'], closable: false },
        from: 10,
        to: 10,
      },
    ]);
    expect(spans('filter', '[a="x\\"y"|')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 9, 'string'],
      [9, 10, 'separator'],
    ]);
  });

  it('an unclosed quote runs to the end and is not closable', () => {
    expect(spans('filter', '[a="x\\')).toStrictEqual([
      [0, 1, 'bracket'],
      [1, 2, 'dimension'],
      [2, 3, 'operator'],
      [3, 6, 'string'],
    ]);
    expect(slotsAtEnd('filter', '[a="x\\')).toStrictEqual([
      {
        slot: { type: 'value', dimension: 'a', partial: '"x\\', listed: [], closable: false },
        from: 3,
        to: 6,
      },
    ]);
    expect(slotsAt('filter', '[a="xy"', 5)).toStrictEqual([
      { slot: { type: 'value', dimension: 'a', partial: '"x', listed: [], closable: false }, from: 3, to: 5 },
    ]);
  });
});

describe('qoefilter operators', () => {
  it('">", "<", "=" and "!=" are operators; "!" alone and other characters are not', () => {
    expect(spans('qoefilter', 'a!=1')).toStrictEqual([
      [0, 1, 'metric'],
      [1, 3, 'operator'],
      [3, 4, 'number'],
    ]);
    expect(spans('qoefilter', 'a!1')).toStrictEqual([
      [0, 1, 'metric'],
      [1, 2, 'invalid'],
      [2, 3, 'invalid'],
    ]);
    expect(spans('qoefilter', 'a @= 1')).toStrictEqual([
      [0, 1, 'metric'],
      [2, 3, 'invalid'],
      [3, 4, 'operator'],
      [5, 6, 'number'],
    ]);
  });

  it('an operator where none is expected is invalid', () => {
    expect(spans('qoefilter', 'a >> 1')).toStrictEqual([
      [0, 1, 'metric'],
      [2, 3, 'operator'],
      [3, 4, 'invalid'],
      [5, 6, 'number'],
    ]);
  });

  it('an operator being typed is replaced, and a number may follow it', () => {
    expect(slotsAtEnd('qoefilter', 'a>')).toStrictEqual([
      { slot: { type: 'operator', partial: '>' }, from: 1, to: 2 },
      { slot: { type: 'number', partial: '' }, from: 2, to: 2 },
    ]);
    expect(slotsAtEnd('qoefilter', 'a!=')).toStrictEqual([
      { slot: { type: 'operator', partial: '!=' }, from: 1, to: 3 },
      { slot: { type: 'number', partial: '' }, from: 3, to: 3 },
    ]);
  });

  it('after an operator and a space a number is expected', () => {
    expect(slotsAtEnd('qoefilter', 'a = ')).toStrictEqual([
      { slot: { type: 'number', partial: '' }, from: 4, to: 4 },
    ]);
  });
});

describe('qoefilter keyword AND', () => {
  it('only the word "and" (any case) after a condition is the keyword', () => {
    expect(spans('qoefilter', 'a>1 AND b')).toStrictEqual([
      [0, 1, 'metric'],
      [1, 2, 'operator'],
      [2, 3, 'number'],
      [4, 7, 'keyword'],
      [8, 9, 'metric'],
    ]);
    expect(spans('qoefilter', 'a>1 andx')).toStrictEqual([
      [0, 1, 'metric'],
      [1, 2, 'operator'],
      [2, 3, 'number'],
      [4, 8, 'invalid'],
    ]);
    expect(spans('qoefilter', 'a>1 or b')).toStrictEqual([
      [0, 1, 'metric'],
      [1, 2, 'operator'],
      [2, 3, 'number'],
      [4, 6, 'invalid'],
      [7, 8, 'invalid'],
    ]);
  });

  it('another three-letter word after a condition is invalid', () => {
    expect(spans('qoefilter', 'a>1 xyz')).toStrictEqual([
      [0, 1, 'metric'],
      [1, 2, 'operator'],
      [2, 3, 'number'],
      [4, 7, 'invalid'],
    ]);
  });

  it('"and" where an operator is expected is invalid', () => {
    expect(spans('qoefilter', 'a and')).toStrictEqual([
      [0, 1, 'metric'],
      [2, 5, 'invalid'],
    ]);
  });

  it('a word being typed after a condition is an AND slot covering the whole word', () => {
    expect(slotsAt('qoefilter', 'a>1 and', 5)).toStrictEqual([
      { slot: { type: 'and', partial: 'a' }, from: 4, to: 7 },
    ]);
    expect(slotsAtEnd('qoefilter', 'a>1 ')).toStrictEqual([
      { slot: { type: 'and', partial: '' }, from: 4, to: 4 },
    ]);
  });

  it('after AND an empty metric is expected', () => {
    expect(slotsAtEnd('qoefilter', 'a>1 and ')).toStrictEqual([
      { slot: { type: 'metric', partial: '', isComplete: false }, from: 8, to: 8 },
    ]);
  });
});

describe('qoefilter metrics and numbers', () => {
  it('a metric being typed covers the whole word under the cursor, and no further', () => {
    expect(slotsAt('qoefilter', 'latency', 3)).toStrictEqual([
      { slot: { type: 'metric', partial: 'lat', isComplete: false }, from: 0, to: 7 },
      { slot: { type: 'operator', partial: '' }, from: 3, to: 3 },
    ]);
    expect(slotsAt('qoefilter', 'lat>1', 3)).toStrictEqual([
      { slot: { type: 'metric', partial: 'lat', isComplete: false }, from: 0, to: 3 },
      { slot: { type: 'operator', partial: '' }, from: 3, to: 3 },
    ]);
    expect(slotsAtEnd('qoefilter', 'a>1 and b')).toStrictEqual([
      { slot: { type: 'metric', partial: 'b', isComplete: false }, from: 8, to: 9 },
      { slot: { type: 'operator', partial: '' }, from: 9, to: 9 },
    ]);
  });

  it('after a metric and a space an operator is expected', () => {
    expect(slotsAtEnd('qoefilter', 'a ')).toStrictEqual([
      { slot: { type: 'operator', partial: '' }, from: 2, to: 2 },
    ]);
  });

  it('a word where a number is expected opens no slot', () => {
    expect(slotsAtEnd('qoefilter', 'a x')).toStrictEqual([]);
    expect(spans('qoefilter', 'a > x')).toStrictEqual([
      [0, 1, 'metric'],
      [2, 3, 'operator'],
      [4, 5, 'invalid'],
    ]);
  });

  it('a number being typed is replaced from its start', () => {
    expect(slotsAtEnd('qoefilter', 'a>1')).toStrictEqual([
      { slot: { type: 'number', partial: '1' }, from: 2, to: 3 },
    ]);
  });

  it('a number where an operator is expected is invalid', () => {
    expect(spans('qoefilter', 'a 1')).toStrictEqual([
      [0, 1, 'metric'],
      [2, 3, 'invalid'],
    ]);
    // What completion offers at the end of 'a 1' (today a number slot, where an operator is due)
    // is an open question, so it is not pinned here.
  });
});

describe('period tokens', () => {
  it('a negative number is one number token', () => {
    expect(spans('period', 'start=-1')).toStrictEqual([
      [0, 5, 'key'],
      [5, 6, 'operator'],
      [6, 8, 'number'],
    ]);
  });

  it('a number glued to letters is one invalid token covering the whole word', () => {
    expect(spans('period', 'start=1x,end=2')).toStrictEqual([
      [0, 5, 'key'],
      [5, 6, 'operator'],
      [6, 8, 'invalid'],
      [8, 9, 'invalid'],
      [9, 12, 'invalid'],
      [12, 13, 'invalid'],
      [13, 14, 'number'],
    ]);
  });

  it('only "," is a separator', () => {
    expect(spans('period', 'start=1@')).toStrictEqual([
      [0, 5, 'key'],
      [5, 6, 'operator'],
      [6, 7, 'number'],
      [7, 8, 'invalid'],
    ]);
  });
});

describe('period slots at a token under the cursor', () => {
  it('a key being typed covers the whole word and leaves out its own use', () => {
    expect(slotsAt('period', 'st', 1)).toStrictEqual([
      { slot: { type: 'period-key', partial: 's', used: [] }, from: 0, to: 2 },
    ]);
    expect(slotsAt('period', 'start=1', 5)).toStrictEqual([
      { slot: { type: 'period-key', partial: 'start', used: [] }, from: 0, to: 5 },
    ]);
    expect(slotsAtEnd('period', 'start=1,en')).toStrictEqual([
      { slot: { type: 'period-key', partial: 'en', used: ['start'] }, from: 8, to: 10 },
    ]);
  });

  it('a number being typed is replaced from its start, with the key it belongs to', () => {
    expect(slotsAtEnd('period', 'start=1')).toStrictEqual([
      { slot: { type: 'period-number', key: 'start', partial: '1' }, from: 6, to: 7 },
    ]);
    expect(slotsAtEnd('period', 'start=1,end=2')).toStrictEqual([
      { slot: { type: 'period-number', key: 'end', partial: '2' }, from: 12, to: 13 },
    ]);
  });

  it('a word or number in the wrong place opens no slot', () => {
    expect(slotsAtEnd('period', 'start=x')).toStrictEqual([]);
    expect(slotsAtEnd('period', '1')).toStrictEqual([]);
    expect(slotsAtEnd('period', 'start=1 2')).toStrictEqual([]);
  });
});
