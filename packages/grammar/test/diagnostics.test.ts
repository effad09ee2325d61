import { describe, expect, it } from 'vitest';
import { FilterParser } from '../src/filter/parser';
import {
  DIAGNOSTIC_CODES,
  formatDiagnostic,
  formatNumber,
  GrammarError,
  isIdentifier,
  offsetToLineColumn,
  parseFilter,
  parseFilterOrThrow,
  parsePeriodOrThrow,
  parseQoeFilterOrThrow,
} from '../src/index';
import { PeriodParser } from '../src/period/parser';
import { QoeFilterParser } from '../src/qoefilter/parser';
import { filterInvalid, filterValid, periodInvalid, qoeInvalid } from './tables';

describe('DIAGNOSTIC_CODES', () => {
  it('every code has an example in the tables, and every example uses a listed code', () => {
    const used = new Set([
      ...[...filterInvalid, ...qoeInvalid, ...periodInvalid].map((c) => c.code),
      ...filterValid.flatMap((c) => c.warnings ?? []),
    ]);
    expect([...used].sort()).toEqual(Object.keys(DIAGNOSTIC_CODES).sort());
  });
  it('describes each code in one line', () => {
    for (const d of Object.values(DIAGNOSTIC_CODES)) {
      expect(d).not.toContain('\n');
      expect(d.length).toBeGreaterThan(10);
    }
  });
});

describe('chevrotain grammars', () => {
  it('pass chevrotain self-analysis validations', () => {
    expect(() => new FilterParser(true)).not.toThrow();
    expect(() => new QoeFilterParser(true)).not.toThrow();
    expect(() => new PeriodParser(true)).not.toThrow();
  });
});

describe('offsetToLineColumn', () => {
  it.each([
    ['abc', 0, 1, 1],
    ['abc', 3, 1, 4],
    ['a\nbc', 2, 2, 1],
    ['a\r\nbc', 3, 2, 1],
    ['a\r\nbc', 2, 1, 3],
    ['a\rb', 2, 2, 1],
    ['a\n\nb', 3, 3, 1],
    ['ab', 99, 1, 3],
  ])('%j at %i is line %i column %i', (text, offset, line, column) => {
    expect(offsetToLineColumn(text, offset)).toEqual({ line, column });
  });
});

describe('formatDiagnostic', () => {
  it('shows the offending line of multi-line input with a caret', () => {
    const text = '[a=1]\n[country]\n[b=2]';
    const r = parseFilter(text);
    if (r.ok) throw new Error('should fail');
    const out = formatDiagnostic(text, r.errors[0]!);
    expect(out.split('\n')).toEqual([
      "error[missing_equals]: found ']', expected '=' after the dimension 'country'",
      ' --> line 2, column 9',
      '  |',
      '2 | [country]',
      '  |         ^',
    ]);
  });

  it('puts the caret after the last character at the end of input', () => {
    const r = parseFilter('[k=v');
    if (r.ok) throw new Error('should fail');
    const lines = formatDiagnostic('[k=v', r.errors[0]!).split('\n');
    expect(lines[4]).toBe('  |     ^');
  });

  it('underlines the whole offending token and shows the hint', () => {
    const text = 'start=1700000000000,end=1700086400000';
    try {
      parsePeriodOrThrow(text);
    } catch (e) {
      const out = formatDiagnostic(text, (e as GrammarError).diagnostics[0]!);
      expect(out).toContain(`  |       ${'^'.repeat(13)}`);
      expect(out).toMatch(/= hint: .*milliseconds/);
    }
  });

  it('keeps the caret aligned past tabs and control characters, and cuts long lines', () => {
    const text = '\t[k=a\u0001]';
    const r = parseFilter(text);
    if (r.ok) throw new Error('should fail');
    const lines = formatDiagnostic(text, r.errors[0]!).split('\n');
    expect(lines[3]).toBe('1 | \t[k=a\u2423]');
    expect(lines[4]).toBe('  | \t    ^');
    const long = `[k=${'x'.repeat(300)}`;
    const rl = parseFilter(long);
    if (rl.ok) throw new Error('should fail');
    const out = formatDiagnostic(long, rl.errors[0]!).split('\n');
    expect(out[3]!.length).toBeLessThan(120);
    expect(out[3]!.startsWith('1 | …')).toBe(true);
    expect(out[4]!.endsWith('^')).toBe(true);
    expect(out[4]!.length).toBe(out[3]!.length + 1);
  });
});

describe('parse…OrThrow', () => {
  it('return the AST of valid text', () => {
    expect(parseFilterOrThrow('[a=b]').clauses).toHaveLength(1);
    expect(parseQoeFilterOrThrow('a>1').conditions).toHaveLength(1);
    expect(parsePeriodOrThrow('start=1,end=2')).toEqual({ type: 'period', start: 1, end: 2 });
  });

  it('throw a GrammarError carrying the diagnostics, the text and a formatted message', () => {
    const run = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e;
      }
      throw new Error('did not throw');
    };
    const e = run(() => parseQoeFilterOrThrow('a>1 OR b<2')) as GrammarError;
    expect(e).toBeInstanceOf(GrammarError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('GrammarError');
    expect(e.language).toBe('qoefilter');
    expect(e.text).toBe('a>1 OR b<2');
    expect(e.diagnostics[0]!.code).toBe('expected_and');
    expect(e.message).toContain('error[expected_and]');
    expect(e.message).toContain('1 | a>1 OR b<2');
    expect((run(() => parseFilterOrThrow('[]')) as GrammarError).diagnostics[0]!.code).toBe('empty_clause');
  });
});

describe('helpers', () => {
  it('isIdentifier', () => {
    for (const s of ['a', '_', 'A_1', 'country']) expect(isIdentifier(s)).toBe(true);
    for (const s of ['', '1a', 'a-b', 'a b', 'é']) expect(isIdentifier(s)).toBe(false);
  });
  it('formatNumber prints the shortest round-tripping text', () => {
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(formatNumber(1e21)).toBe('1e+21');
    expect(formatNumber(5e-324)).toBe('5e-324');
    expect(() => formatNumber(Number.NaN)).toThrow(RangeError);
  });
});
