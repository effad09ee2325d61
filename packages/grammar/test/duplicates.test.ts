// Repeated filter values across several clauses: every repetition warned about at its own position
// (quoted spellings included), dropped from the AST and from the spans; clean clauses untouched.
import { describe, expect, it } from 'vitest';
import { parseFilter } from '../src/index';

const span = (offset: number, length: number) => ({ offset, length });
const repeated = (value: string, dimension: string, offset: number, length = 1) => ({
  code: 'duplicate_value',
  message: `the value '${value}' is repeated in the clause on '${dimension}'; the repetition is ignored`,
  severity: 'warning',
  offset,
  length,
  line: 1,
  column: offset + 1,
});

describe('repeated values', () => {
  it('are warned about in every clause that has them, and dropped from the AST and the spans', () => {
    const r = parseFilter('[a=x][b=y|"y"|z|y][c=q|q]');
    expect(r.ok && { ...r, spans: r.spans }).toStrictEqual({
      ok: true,
      value: {
        type: 'filter',
        clauses: [
          { type: 'clause', dimension: 'a', values: ['x'] },
          { type: 'clause', dimension: 'b', values: ['y', 'z'] },
          { type: 'clause', dimension: 'c', values: ['q'] },
        ],
      },
      warnings: [repeated('y', 'b', 10, 3), repeated('y', 'b', 16), repeated('q', 'c', 23)],
      spans: {
        clauses: [
          { clause: span(0, 5), dimension: span(1, 1), values: [span(3, 1)] },
          { clause: span(5, 13), dimension: span(6, 1), values: [span(8, 1), span(14, 1)] },
          { clause: span(18, 7), dimension: span(19, 1), values: [span(21, 1)] },
        ],
      },
    });
  });

  it('in the last clause only leave the earlier clauses as they were', () => {
    const r = parseFilter('[a=1][b=2][c=3|3]');
    expect(r.ok && r.value.clauses.map((c) => c.values)).toStrictEqual([['1'], ['2'], ['3']]);
    expect(r.ok && r.warnings).toStrictEqual([repeated('3', 'c', 15)]);
  });

  it('are each warned about when a value comes three times', () => {
    const r = parseFilter('[a=x|x|x]');
    expect(r.ok && r.warnings).toStrictEqual([repeated('x', 'a', 5), repeated('x', 'a', 7)]);
    expect(r.ok && r.spans).toStrictEqual({
      clauses: [{ clause: span(0, 9), dimension: span(1, 1), values: [span(3, 1)] }],
    });
  });

  it('do not stop JSON from carrying the spans', () => {
    expect(JSON.parse(JSON.stringify(parseFilter('[a=x|x]')))).toStrictEqual({
      ok: true,
      value: { type: 'filter', clauses: [{ type: 'clause', dimension: 'a', values: ['x'] }] },
      warnings: [{ ...repeated('x', 'a', 5) }],
      spans: { clauses: [{ clause: span(0, 7), dimension: span(1, 1), values: [span(3, 1)] }] },
    });
  });
});
