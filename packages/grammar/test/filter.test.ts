import { describe, expect, it } from 'vitest';
import { parseFilter, serializeFilter, serializeFilterValue } from '../src/index';
import { checkInvalid, checkValid } from './check';
import { filterInvalid, filterValid } from './tables';

describe('parseFilter examples', () => {
  it.each(filterValid)('accepts: $rule ($input)', (c) => checkValid(c, parseFilter, serializeFilter));
  it.each(filterInvalid)('rejects: $rule ($input) with $code at $offset', (c) =>
    checkInvalid(c, parseFilter),
  );
});

describe('parseFilter values and spans', () => {
  it('builds the AST with decoded values and lower-case dimensions', () => {
    const r = parseFilter('[Country=United States|"a|b"][key="q\\"\\\\"]');
    expect(r.ok && r.value).toEqual({
      type: 'filter',
      clauses: [
        { type: 'clause', dimension: 'country', values: ['United States', 'a|b'] },
        { type: 'clause', dimension: 'key', values: ['q"\\'] },
      ],
    });
  });

  it('gives spans of clauses, dimensions and values (quotes included)', () => {
    const text = ' [Country=US|"a|b"] [k=v]';
    const r = parseFilter(text);
    if (!r.ok) throw new Error('should parse');
    const c0 = r.spans.clauses[0]!;
    expect(text.substr(c0.clause.offset, c0.clause.length)).toBe('[Country=US|"a|b"]');
    expect(text.substr(c0.dimension.offset, c0.dimension.length)).toBe('Country');
    expect(c0.values.map((s) => text.substr(s.offset, s.length))).toEqual(['US', '"a|b"']);
    expect(r.spans.clauses[1]!.clause).toEqual({ offset: 20, length: 5 });
  });

  it('computes spans once, and includes them in JSON', () => {
    const r = parseFilter('[a=1|2]');
    if (!r.ok) throw new Error('should parse');
    expect(r.spans).toBe(r.spans);
    expect(JSON.parse(JSON.stringify(r))).toEqual({
      ok: true,
      value: r.value,
      warnings: [],
      spans: {
        clauses: [
          {
            clause: { offset: 0, length: 7 },
            dimension: { offset: 1, length: 1 },
            values: [
              { offset: 3, length: 1 },
              { offset: 5, length: 1 },
            ],
          },
        ],
      },
    });
  });

  it('points the duplicate_value warning at the repetition and names the value', () => {
    const r = parseFilter('[country=US|FR|US]');
    if (!r.ok) throw new Error('should parse');
    expect(r.warnings[0]).toMatchObject({
      code: 'duplicate_value',
      offset: 15,
      length: 2,
      severity: 'warning',
    });
    expect(r.warnings[0]!.message).toContain("'US'");
    expect(r.spans.clauses[0]!.values).toHaveLength(2);
  });

  it('says what was found and what was expected', () => {
    const r = parseFilter('[country=US');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]!.message).toMatch(/end of input.*'\|' or '\]'/);
    expect(r.errors[0]!.expected).toEqual(['|', ']']);
  });

  it('answers non-string input with a diagnostic instead of throwing', () => {
    const r = parseFilter(undefined as unknown as string);
    expect(r.ok).toBe(false);
  });
});

describe('serializeFilter', () => {
  it('quotes only values that need it', () => {
    expect(serializeFilterValue('United States')).toBe('United States');
    expect(serializeFilterValue('a=b')).toBe('a=b');
    for (const v of ['a|b', 'a]', '[a', 'say "hi"', 'back\\slash']) {
      const text = serializeFilterValue(v);
      expect(text.startsWith('"')).toBe(true);
      const r = parseFilter(`[k=${text}]`);
      expect(r.ok && r.value.clauses[0]!.values).toEqual([v]);
    }
    expect(serializeFilterValue('say "hi" \\')).toBe('"say \\"hi\\" \\\\"');
  });

  it('refuses ASTs no text can express', () => {
    expect(() => serializeFilter({ type: 'filter', clauses: [] })).toThrow(RangeError);
    expect(() =>
      serializeFilter({ type: 'filter', clauses: [{ type: 'clause', dimension: 'a b', values: ['x'] }] }),
    ).toThrow(/not an identifier/);
    expect(() =>
      serializeFilter({ type: 'filter', clauses: [{ type: 'clause', dimension: 'a', values: [] }] }),
    ).toThrow(/no values/);
    expect(() => serializeFilterValue('')).toThrow(/empty/);
    expect(() => serializeFilterValue('a\nb')).toThrow(/U\+000A/);
    expect(() => serializeFilterValue('a\ud800')).toThrow(/U\+D800/);
  });

  it('lower-cases dimensions', () => {
    expect(
      serializeFilter({
        type: 'filter',
        clauses: [{ type: 'clause', dimension: 'Country', values: ['US'] }],
      }),
    ).toBe('[country=US]');
  });
});
