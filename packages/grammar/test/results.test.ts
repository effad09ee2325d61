// Whole parse results compared with toStrictEqual (no stray or `undefined` keys), spans of
// conditions and clauses that do not start at offset 0, and non-string input to every parser.
import { describe, expect, it } from 'vitest';
import { parseFilter, parsePeriod, parseQoeFilter } from '../src/index';

const span = (offset: number, length: number) => ({ offset, length });

describe('whole parse results', () => {
  it('qoefilter: values and spans of a condition after the first', () => {
    expect(parseQoeFilter('a>1 AND  BB >= -2.50')).toStrictEqual({
      ok: true,
      value: {
        type: 'qoefilter',
        conditions: [
          { type: 'condition', metric: 'a', operator: '>', value: 1 },
          { type: 'condition', metric: 'bb', operator: '>=', value: -2.5 },
        ],
      },
      warnings: [],
      spans: {
        conditions: [
          { condition: span(0, 3), metric: span(0, 1), operator: span(1, 1), value: span(2, 1) },
          { condition: span(9, 11), metric: span(9, 2), operator: span(12, 2), value: span(15, 5) },
        ],
      },
    });
  });

  it('filter: decoded values, and spans of clauses after leading whitespace and a line break', () => {
    const r = parseFilter(' [a=x|"y\\"z"]\n[Bc=  q ]');
    expect(r.ok && { ...r, spans: r.spans }).toStrictEqual({
      ok: true,
      value: {
        type: 'filter',
        clauses: [
          { type: 'clause', dimension: 'a', values: ['x', 'y"z'] },
          { type: 'clause', dimension: 'bc', values: ['  q '] },
        ],
      },
      warnings: [],
      spans: {
        clauses: [
          { clause: span(1, 12), dimension: span(2, 1), values: [span(4, 1), span(6, 6)] },
          { clause: span(14, 9), dimension: span(15, 2), values: [span(18, 4)] },
        ],
      },
    });
  });

  it('filter: a repeated value is a positioned warning, and the repetition is dropped', () => {
    const r = parseFilter('[a=b|b][a=c]');
    expect(r.ok && { ...r, spans: r.spans }).toStrictEqual({
      ok: true,
      value: {
        type: 'filter',
        clauses: [
          { type: 'clause', dimension: 'a', values: ['b'] },
          { type: 'clause', dimension: 'a', values: ['c'] },
        ],
      },
      warnings: [
        {
          code: 'duplicate_value',
          message: "the value 'b' is repeated in the clause on 'a'; the repetition is ignored",
          severity: 'warning',
          offset: 5,
          length: 1,
          line: 1,
          column: 6,
        },
      ],
      spans: {
        clauses: [
          { clause: span(0, 7), dimension: span(1, 1), values: [span(3, 1)] },
          { clause: span(7, 5), dimension: span(8, 1), values: [span(10, 1)] },
        ],
      },
    });
  });

  it('period: spans follow the text whatever the key order and spacing', () => {
    expect(parsePeriod(' end = 20 , START=10 ')).toStrictEqual({
      ok: true,
      value: { type: 'period', start: 10, end: 20 },
      warnings: [],
      spans: { start: span(18, 2), end: span(7, 2) },
    });
  });
});

describe('non-string input', () => {
  const cases: [unknown, string][] = [
    [null, 'null'],
    [5, 'number'],
    [undefined, 'undefined'],
    [{}, 'object'],
    [['[a=b]'], 'object'],
  ];
  for (const [name, parse] of [
    ['parseFilter', parseFilter],
    ['parseQoeFilter', parseQoeFilter],
    ['parsePeriod', parsePeriod],
  ] as const) {
    it.each(cases)(`${name}(%j) answers with a diagnostic naming the type`, (input, type) => {
      expect((parse as (x: unknown) => unknown)(input)).toStrictEqual({
        ok: false,
        errors: [
          {
            code: 'empty_input',
            message: `expected a string, found ${type}`,
            severity: 'error',
            offset: 0,
            length: 0,
            line: 1,
            column: 1,
          },
        ],
      });
    });
  }
});
