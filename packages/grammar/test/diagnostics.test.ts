import { describe, expect, it } from 'vitest';
import { FilterParser } from '../src/filter/parser';
import {
  DIAGNOSTIC_CODES,
  type Diagnostic,
  formatDiagnostic,
  formatNumber,
  GrammarError,
  isIdentifier,
  offsetToLineColumn,
  parseFilter,
  parseFilterOrThrow,
  parsePeriod,
  parsePeriodOrThrow,
  parseQoeFilter,
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
  it('describes each code in one line of its own: a phrase, not the code again, shared with no other code', () => {
    const descriptions = Object.entries(DIAGNOSTIC_CODES);
    for (const [code, d] of descriptions) {
      expect(d).not.toContain('\n');
      expect(d.trim().split(/\s+/).length, `${code}: ${d}`).toBeGreaterThanOrEqual(3);
      expect(d.toLowerCase()).not.toBe(code.replaceAll('_', ' '));
    }
    expect(new Set(descriptions.map(([, d]) => d)).size).toBe(descriptions.length);
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

/** `[input, code, [offset, length, line, column], expected, message, hint?]` */
type Row = readonly [
  string,
  string,
  readonly [number, number, number, number],
  readonly string[] | null,
  string,
  string?,
];

function error([, code, [offset, length, line, column], expected, message, hint]: Row): Diagnostic {
  const d: Record<string, unknown> = { code, message, severity: 'error', offset, length, line, column };
  if (expected !== null) d.expected = expected;
  if (hint !== undefined) d.hint = hint;
  return d as unknown as Diagnostic;
}

const filterRows: readonly Row[] = [
  ['', 'empty_input', [0, 0, 1, 1], ['['], "the filter is empty, expected a clause such as '[country=US]'"],
  [
    '  \n ',
    'empty_input',
    [4, 0, 2, 2],
    ['['],
    "the filter is empty, expected a clause such as '[country=US]'",
  ],
  ['country=US', 'expected_clause', [0, 1, 1, 1], ['['], "found 'c', expected '[' to start a clause"],
  ['[a=1] x', 'expected_clause', [6, 1, 1, 7], ['['], "found 'x', expected '[' to start a clause"],
  [
    '[a=1][]',
    'empty_clause',
    [5, 2, 1, 6],
    ['dimension'],
    "found an empty clause '[]', expected '[dimension=value]'",
  ],
  [
    '[1a=x]',
    'invalid_dimension',
    [1, 1, 1, 2],
    ['dimension'],
    "found '1', expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)",
  ],
  [
    '[=x]',
    'invalid_dimension',
    [1, 1, 1, 2],
    ['dimension'],
    "found '=', expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)",
  ],
  [
    '[ a=x]',
    'invalid_dimension',
    [1, 1, 1, 2],
    ['dimension'],
    "found ' ', expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)",
  ],
  [
    '[',
    'invalid_dimension',
    [1, 0, 1, 2],
    ['dimension'],
    'found end of input, expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)',
  ],
  [
    '[country]',
    'missing_equals',
    [8, 1, 1, 9],
    ['='],
    "found ']', expected '=' after the dimension 'country'",
  ],
  [
    '[coun-try=x]',
    'missing_equals',
    [5, 1, 1, 6],
    ['='],
    "found '-', expected '=' after the dimension 'coun'",
  ],
  [
    '[country',
    'missing_equals',
    [8, 0, 1, 9],
    ['='],
    "found end of input, expected '=' after the dimension 'country'",
  ],
  [
    '[country=]',
    'empty_value',
    [9, 1, 1, 10],
    ['value'],
    "found ']', expected a value in the clause on 'country'",
  ],
  [
    '[country=US|]',
    'empty_value',
    [12, 1, 1, 13],
    ['value'],
    "found ']', expected a value in the clause on 'country'",
  ],
  [
    '[country=|US]',
    'empty_value',
    [9, 1, 1, 10],
    ['value'],
    "found '|', expected a value in the clause on 'country'",
  ],
  [
    '[country=US||FR]',
    'empty_value',
    [12, 1, 1, 13],
    ['value'],
    "found '|', expected a value in the clause on 'country'",
  ],
  [
    '[k=""]',
    'empty_value',
    [3, 2, 1, 4],
    null,
    'found an empty quoted value "", expected at least one character',
  ],
  [
    '[k=',
    'empty_value',
    [3, 0, 1, 4],
    ['value'],
    "found end of input, expected a value in the clause on 'k'",
  ],
  [
    '[country=US',
    'missing_bracket',
    [11, 0, 1, 12],
    ['|', ']'],
    "found end of input, expected '|' or ']' in the clause on 'country'",
  ],
  [
    '[country=US|',
    'empty_value',
    [12, 0, 1, 13],
    ['value'],
    "found end of input, expected a value in the clause on 'country'",
  ],
  [
    '[k="a"b]',
    'missing_bracket',
    [6, 1, 1, 7],
    ['|', ']'],
    "found 'b', expected '|' or ']' in the clause on 'k'",
  ],
  [
    '[k=US[b=1]',
    'reserved_character',
    [5, 1, 1, 6],
    ['|', ']'],
    "found '[' in a value; a value that contains '[', '\"' or '\\' must be written in double quotes",
  ],
  [
    '[k=a"b"]',
    'reserved_character',
    [4, 1, 1, 5],
    ['|', ']'],
    "found '\"' in a value; a value that contains '[', '\"' or '\\' must be written in double quotes",
  ],
  [
    '[k=a\\b]',
    'reserved_character',
    [4, 1, 1, 5],
    ['|', ']'],
    "found '\\' in a value; a value that contains '[', '\"' or '\\' must be written in double quotes",
  ],
  [
    '[k=\\b]',
    'reserved_character',
    [3, 1, 1, 4],
    ['|', ']'],
    "found '\\' in a value; a value that contains '[', '\"' or '\\' must be written in double quotes",
  ],
  [
    '[k="abc]',
    'unterminated_quote',
    [8, 0, 1, 9],
    ['"'],
    "found end of input inside the quoted value that starts at offset 3, expected '\"'",
  ],
  [
    '[k="a\\nb"]',
    'invalid_escape',
    [5, 2, 1, 6],
    ['\\"', '\\\\'],
    "found the escape '\\n', expected '\\\"' or '\\\\'",
  ],
  [
    '[k="a\\',
    'invalid_escape',
    [5, 1, 1, 6],
    ['\\"', '\\\\'],
    "found '\\' at the end of input, expected '\\\"' or '\\\\'",
  ],
  [
    '[k=a\u0007b]',
    'invalid_character',
    [4, 1, 1, 5],
    null,
    "found the control character '\\u0007', which no value may contain",
  ],
  [
    '[k=a\tb]',
    'invalid_character',
    [4, 1, 1, 5],
    null,
    "found the control character '\\u0009', which no value may contain",
  ],
  [
    '[k="a\nb"]',
    'invalid_character',
    [5, 1, 1, 6],
    null,
    "found the control character '\\u000a', which no value may contain",
  ],
  [
    '[k=a\ud800b]',
    'invalid_character',
    [4, 1, 1, 5],
    null,
    "found the unpaired surrogate '\\ud800', which no value may contain",
  ],
  [
    '[=x][k="a',
    'invalid_dimension',
    [1, 1, 1, 2],
    ['dimension'],
    "found '=', expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)",
  ],
  [
    '[a=x\u007fy]',
    'invalid_character',
    [4, 1, 1, 5],
    null,
    "found the control character '\\u007f', which no value may contain",
  ],
  [
    '[a=x\u0080y]',
    'invalid_character',
    [4, 1, 1, 5],
    null,
    "found the control character '\\u0080', which no value may contain",
  ],
  [
    '[a=x\u009fy]',
    'invalid_character',
    [4, 1, 1, 5],
    null,
    "found the control character '\\u009f', which no value may contain",
  ],
  [
    '[a=\u0085]',
    'invalid_character',
    [3, 1, 1, 4],
    null,
    "found the control character '\\u0085', which no value may contain",
  ],
  ['[a=x]\u007f', 'expected_clause', [5, 1, 1, 6], ['['], "found '\\u007f', expected '[' to start a clause"],
  [
    '[a=b] [c',
    'missing_equals',
    [8, 0, 1, 9],
    ['='],
    "found end of input, expected '=' after the dimension 'c'",
  ],
  [
    '[a=b]\n[c=d|]',
    'empty_value',
    [11, 1, 2, 6],
    ['value'],
    "found ']', expected a value in the clause on 'c'",
  ],
  [
    '[a="x\\"y\\\\z"q]',
    'missing_bracket',
    [12, 1, 1, 13],
    ['|', ']'],
    "found 'q', expected '|' or ']' in the clause on 'a'",
  ],
  [
    '[k="\ud800"]',
    'invalid_character',
    [4, 1, 1, 5],
    null,
    "found the unpaired surrogate '\\ud800', which no value may contain",
  ],
  [
    '[k=a\udc00]',
    'invalid_character',
    [4, 1, 1, 5],
    null,
    "found the unpaired surrogate '\\udc00', which no value may contain",
  ],
  [
    '[k=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"]',
    'reserved_character',
    [33, 1, 1, 34],
    ['|', ']'],
    "found '\"' in a value; a value that contains '[', '\"' or '\\' must be written in double quotes",
  ],
  [
    '[a=b|c',
    'missing_bracket',
    [6, 0, 1, 7],
    ['|', ']'],
    "found end of input, expected '|' or ']' in the clause on 'a'",
  ],
  ['[a=b]]', 'expected_clause', [5, 1, 1, 6], ['['], "found ']', expected '[' to start a clause"],
  ['[a=b][c]', 'missing_equals', [7, 1, 1, 8], ['='], "found ']', expected '=' after the dimension 'c'"],
  ['[a=b][c=d]x', 'expected_clause', [10, 1, 1, 11], ['['], "found 'x', expected '[' to start a clause"],
  ['[a=b|"c"|]', 'empty_value', [9, 1, 1, 10], ['value'], "found ']', expected a value in the clause on 'a'"],
  [
    '[\u00e9=x]',
    'invalid_dimension',
    [1, 1, 1, 2],
    ['dimension'],
    "found '\u00e9', expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)",
  ],
  [
    '[a1_b=x][',
    'invalid_dimension',
    [9, 0, 1, 10],
    ['dimension'],
    'found end of input, expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)',
  ],
  [
    '[A=b][',
    'invalid_dimension',
    [6, 0, 1, 7],
    ['dimension'],
    'found end of input, expected a dimension name ([A-Za-z_][A-Za-z0-9_]*)',
  ],
  [
    '[a=b]\r\n[c',
    'missing_equals',
    [9, 0, 2, 3],
    ['='],
    "found end of input, expected '=' after the dimension 'c'",
  ],
  ['[a=b]\r[c]', 'missing_equals', [8, 1, 2, 3], ['='], "found ']', expected '=' after the dimension 'c'"],
  [
    '[k="a\u0001"]',
    'invalid_character',
    [5, 1, 1, 6],
    null,
    "found the control character '\\u0001', which no value may contain",
  ],
  [
    '[k="\ud83d\ude00',
    'unterminated_quote',
    [6, 0, 1, 7],
    ['"'],
    "found end of input inside the quoted value that starts at offset 3, expected '\"'",
  ],
  [
    '[k=a]\ud83d\ude00',
    'expected_clause',
    [5, 2, 1, 6],
    ['['],
    "found '\ud83d\ude00', expected '[' to start a clause",
  ],
  [
    '[k=\ud83d\ude00\u0085]',
    'invalid_character',
    [5, 1, 1, 6],
    null,
    "found the control character '\\u0085', which no value may contain",
  ],
];

const qoefilterRows: readonly Row[] = [
  [
    '',
    'empty_input',
    [0, 0, 1, 1],
    ['metric'],
    "the qoefilter is empty, expected a condition such as 'bufferingratio>5'",
  ],
  [
    '   ',
    'empty_input',
    [3, 0, 1, 4],
    ['metric'],
    "the qoefilter is empty, expected a condition such as 'bufferingratio>5'",
  ],
  ['5>a', 'invalid_metric', [0, 1, 1, 1], ['metric'], "found '5', expected a metric name"],
  ['>5', 'invalid_metric', [0, 1, 1, 1], ['metric'], "found '>', expected a metric name"],
  ['a>1 AND', 'invalid_metric', [7, 0, 1, 8], ['metric'], 'found end of input, expected a metric name'],
  [
    'latency 5',
    'missing_operator',
    [8, 1, 1, 9],
    ['>', '>=', '<', '<=', '=', '!='],
    "found '5', expected a comparison operator after the metric",
  ],
  [
    'latency~5',
    'missing_operator',
    [7, 1, 1, 8],
    ['>', '>=', '<', '<=', '=', '!='],
    "found '~', expected a comparison operator after the metric",
  ],
  [
    'latency!5',
    'missing_operator',
    [7, 1, 1, 8],
    ['>', '>=', '<', '<=', '=', '!='],
    "found '!', expected a comparison operator after the metric",
  ],
  [
    'latency>',
    'invalid_number',
    [8, 0, 1, 9],
    ['number'],
    'found end of input, expected a number such as 5, -2.5 or 1e3',
  ],
  [
    'latency>NaN',
    'invalid_number',
    [8, 3, 1, 9],
    ['number'],
    "found 'NaN', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'latency>Infinity',
    'invalid_number',
    [8, 8, 1, 9],
    ['number'],
    "found 'Infinity', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'latency>-Infinity',
    'invalid_number',
    [8, 9, 1, 9],
    ['number'],
    "found '-Infinity', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'latency>0x1F',
    'invalid_number',
    [8, 4, 1, 9],
    ['number'],
    "found '0x1F', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'latency>1.',
    'invalid_number',
    [8, 2, 1, 9],
    ['number'],
    "found '1.', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'latency>.5',
    'invalid_number',
    [8, 1, 1, 9],
    ['number'],
    "found '.', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'latency>+5',
    'invalid_number',
    [8, 1, 1, 9],
    ['number'],
    "found '+', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'latency>1e',
    'invalid_number',
    [8, 2, 1, 9],
    ['number'],
    "found '1e', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'a>5AND b<2',
    'invalid_number',
    [2, 4, 1, 3],
    ['number'],
    "found '5AND', expected a number such as 5, -2.5 or 1e3",
  ],
  ['a==1', 'invalid_number', [2, 1, 1, 3], ['number'], "found '=', expected a number such as 5, -2.5 or 1e3"],
  [
    'a>1e309',
    'number_out_of_range',
    [2, 5, 1, 3],
    ['number'],
    "found '1e309', which is too large for a finite number",
  ],
  ['a>5 OR b<2', 'expected_and', [4, 2, 1, 5], ['AND'], "found 'OR'; conditions can only be joined by 'AND'"],
  ['a>5 b<2', 'expected_and', [4, 1, 1, 5], ['AND'], "found 'b', expected 'AND' or the end of the qoefilter"],
  [
    'a>5, b<2',
    'expected_and',
    [3, 1, 1, 4],
    ['AND'],
    "found ',', expected 'AND' or the end of the qoefilter",
  ],
  [
    'a>5 xor b<2',
    'expected_and',
    [4, 3, 1, 5],
    ['AND'],
    "found 'xor', expected 'AND' or the end of the qoefilter",
  ],
  [
    'a>5 ANDY b<2',
    'expected_and',
    [4, 4, 1, 5],
    ['AND'],
    "found 'ANDY', expected 'AND' or the end of the qoefilter",
  ],
  [
    'a>5 an b<2',
    'expected_and',
    [4, 2, 1, 5],
    ['AND'],
    "found 'an', expected 'AND' or the end of the qoefilter",
  ],
  [
    'a~=5',
    'missing_operator',
    [1, 1, 1, 2],
    ['>', '>=', '<', '<=', '=', '!='],
    "found '~', expected a comparison operator after the metric",
  ],
  [
    'a!5',
    'missing_operator',
    [1, 1, 1, 2],
    ['>', '>=', '<', '<=', '=', '!='],
    "found '!', expected a comparison operator after the metric",
  ],
  [
    'a!',
    'missing_operator',
    [1, 1, 1, 2],
    ['>', '>=', '<', '<=', '=', '!='],
    "found '!', expected a comparison operator after the metric",
  ],
  ['a<>5', 'invalid_number', [2, 1, 1, 3], ['number'], "found '>', expected a number such as 5, -2.5 or 1e3"],
  ['a=>5', 'invalid_number', [2, 1, 1, 3], ['number'], "found '>', expected a number such as 5, -2.5 or 1e3"],
  ['a>5 AND', 'invalid_metric', [7, 0, 1, 8], ['metric'], 'found end of input, expected a metric name'],
  ['a>5 AND 5', 'invalid_metric', [8, 1, 1, 9], ['metric'], "found '5', expected a metric name"],
  [
    'a>5 and b',
    'missing_operator',
    [9, 0, 1, 10],
    ['>', '>=', '<', '<=', '=', '!='],
    'found end of input, expected a comparison operator after the metric',
  ],
  [
    'a>5 and b<',
    'invalid_number',
    [10, 0, 1, 11],
    ['number'],
    'found end of input, expected a number such as 5, -2.5 or 1e3',
  ],
  [
    'x>1 AND y<-',
    'invalid_number',
    [10, 1, 1, 11],
    ['number'],
    "found '-', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'a>--1',
    'invalid_number',
    [2, 3, 1, 3],
    ['number'],
    "found '--1', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'a>1e999 AND b<2',
    'number_out_of_range',
    [2, 5, 1, 3],
    ['number'],
    "found '1e999', which is too large for a finite number",
  ],
  [
    'a>1 AND b<1e-999x',
    'invalid_number',
    [10, 7, 1, 11],
    ['number'],
    "found '1e-999x', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'a > 5 or b < 2',
    'expected_and',
    [6, 2, 1, 7],
    ['AND'],
    "found 'or'; conditions can only be joined by 'AND'",
  ],
  ['a>5 ||', 'expected_and', [4, 1, 1, 5], ['AND'], "found '|', expected 'AND' or the end of the qoefilter"],
  [
    'a>5\n AND b',
    'missing_operator',
    [10, 0, 2, 7],
    ['>', '>=', '<', '<=', '=', '!='],
    'found end of input, expected a comparison operator after the metric',
  ],
  ['\u00e9>1', 'invalid_metric', [0, 1, 1, 1], ['metric'], "found '\u00e9', expected a metric name"],
  [
    'a>1.5.2',
    'invalid_number',
    [2, 5, 1, 3],
    ['number'],
    "found '1.5.2', expected a number such as 5, -2.5 or 1e3",
  ],
  ['a>-', 'invalid_number', [2, 1, 1, 3], ['number'], "found '-', expected a number such as 5, -2.5 or 1e3"],
  [
    'a>1E+',
    'invalid_number',
    [2, 3, 1, 3],
    ['number'],
    "found '1E+', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'a> 1e-3 and b >= 0x1',
    'invalid_number',
    [17, 3, 1, 18],
    ['number'],
    "found '0x1', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'a>1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'invalid_number',
    [2, 31, 1, 3],
    ['number'],
    "found '1xxxxxxxxxxxxxxxxxxxxxxx\u2026', expected a number such as 5, -2.5 or 1e3",
  ],
  [
    'a>1 AND\r\nb',
    'missing_operator',
    [10, 0, 2, 2],
    ['>', '>=', '<', '<=', '=', '!='],
    'found end of input, expected a comparison operator after the metric',
  ],
  [
    'a>1 AND \ud83d\ude00',
    'invalid_metric',
    [8, 2, 1, 9],
    ['metric'],
    "found '\ud83d\ude00', expected a metric name",
  ],
  [
    'a>1 AND b<2 AND',
    'invalid_metric',
    [15, 0, 1, 16],
    ['metric'],
    'found end of input, expected a metric name',
  ],
  [
    'a >= 1e21 AND b != -0.5 AND c<=',
    'invalid_number',
    [31, 0, 1, 32],
    ['number'],
    'found end of input, expected a number such as 5, -2.5 or 1e3',
  ],
];

const periodRows: readonly Row[] = [
  [
    '',
    'empty_input',
    [0, 0, 1, 1],
    ['start', 'end'],
    "the period is empty, expected 'start=<epoch seconds>,end=<epoch seconds>'",
  ],
  [
    ' ',
    'empty_input',
    [1, 0, 1, 2],
    ['start', 'end'],
    "the period is empty, expected 'start=<epoch seconds>,end=<epoch seconds>'",
  ],
  [
    'begin=1,end=2',
    'invalid_key',
    [0, 5, 1, 1],
    ['start', 'end'],
    "found the key 'begin', expected 'start' or 'end'",
  ],
  ['start=1,stop=2', 'invalid_key', [8, 4, 1, 9], ['end'], "found the key 'stop', expected 'start' or 'end'"],
  ['1,2', 'invalid_key', [0, 1, 1, 1], ['start', 'end'], "found '1', expected 'start' or 'end'"],
  ['start=1,start=2', 'duplicate_key', [8, 5, 1, 9], ['end'], "found 'start' a second time, expected 'end'"],
  ['start=1', 'missing_key', [7, 0, 1, 8], [','], "found end of input, expected ',end=<epoch seconds>'"],
  ['start=1 end=2', 'missing_comma', [8, 3, 1, 9], [','], "found 'end', expected ','"],
  ['start=1;end=2', 'missing_comma', [7, 1, 1, 8], [','], "found ';', expected ','"],
  ['start:1,end=2', 'missing_equals', [5, 1, 1, 6], ['='], "found ':', expected '=' after the key"],
  [
    'start=1.5,end=2',
    'invalid_timestamp',
    [6, 3, 1, 7],
    ['integer'],
    "found '1.5', expected a whole non-negative number of epoch seconds",
  ],
  [
    'start=-1,end=2',
    'invalid_timestamp',
    [6, 2, 1, 7],
    ['integer'],
    "found '-1', expected a whole non-negative number of epoch seconds",
  ],
  [
    'start=1e3,end=2000',
    'invalid_timestamp',
    [6, 3, 1, 7],
    ['integer'],
    "found '1e3', expected a whole non-negative number of epoch seconds",
  ],
  [
    'start=2024-01-01,end=2',
    'invalid_timestamp',
    [6, 10, 1, 7],
    ['integer'],
    "found '2024-01-01', expected a whole non-negative number of epoch seconds",
  ],
  [
    'start=,end=2',
    'invalid_timestamp',
    [6, 1, 1, 7],
    ['integer'],
    "found ',', expected a whole non-negative number of epoch seconds",
  ],
  [
    'start=1700000000000,end=1700086400000',
    'timestamp_too_large',
    [6, 13, 1, 7],
    null,
    'found 1700000000000, which is above 10^11 seconds (the year 5138); timestamps are in seconds',
    'this looks like milliseconds; in seconds it is 1700000000',
  ],
  [
    'start=1,end=100000000001',
    'timestamp_too_large',
    [12, 12, 1, 13],
    null,
    'found 100000000001, which is above 10^11 seconds (the year 5138); timestamps are in seconds',
    'this looks like milliseconds; in seconds it is 100000000',
  ],
  [
    'start=2,end=1',
    'invalid_range',
    [12, 1, 1, 13],
    null,
    'the end 1 is not after the start 2; a period is the half-open interval [start, end)',
  ],
  [
    'end=5,start=5',
    'invalid_range',
    [4, 1, 1, 5],
    null,
    'the end 5 is not after the start 5; a period is the half-open interval [start, end)',
  ],
  [
    'start=1,end=2,',
    'trailing_input',
    [13, 1, 1, 14],
    null,
    "found ',' after the period, expected the end of input",
  ],
  [
    'begin=1;end=2',
    'invalid_key',
    [0, 5, 1, 1],
    ['start', 'end'],
    "found the key 'begin', expected 'start' or 'end'",
  ],
  [
    'start=1,end=2 x',
    'trailing_input',
    [14, 1, 1, 15],
    null,
    "found 'x' after the period, expected the end of input",
  ],
  ['start=1,end', 'missing_equals', [11, 0, 1, 12], ['='], "found end of input, expected '=' after the key"],
  [
    'start=1,end=',
    'invalid_timestamp',
    [12, 0, 1, 13],
    ['integer'],
    'found end of input, expected a whole non-negative number of epoch seconds',
  ],
  ['start', 'missing_equals', [5, 0, 1, 6], ['='], "found end of input, expected '=' after the key"],
  [
    'start=',
    'invalid_timestamp',
    [6, 0, 1, 7],
    ['integer'],
    'found end of input, expected a whole non-negative number of epoch seconds',
  ],
  [
    'start=1,',
    'invalid_key',
    [8, 0, 1, 9],
    ['start', 'end'],
    "found end of input, expected 'start' or 'end'",
  ],
  [
    'start=1,end=2,start=3',
    'trailing_input',
    [13, 1, 1, 14],
    null,
    "found ',' after the period, expected the end of input",
  ],
  ['end=1,end=2', 'duplicate_key', [6, 3, 1, 7], ['start'], "found 'end' a second time, expected 'start'"],
  [
    'start=abc,end=2',
    'invalid_timestamp',
    [6, 3, 1, 7],
    ['integer'],
    "found 'abc', expected a whole non-negative number of epoch seconds",
  ],
  [
    'START=5,END=4',
    'invalid_range',
    [12, 1, 1, 13],
    null,
    'the end 4 is not after the start 5; a period is the half-open interval [start, end)',
  ],
  [
    'start=100000000001,end=100000000002',
    'timestamp_too_large',
    [6, 12, 1, 7],
    null,
    'found 100000000001, which is above 10^11 seconds (the year 5138); timestamps are in seconds',
    'this looks like milliseconds; in seconds it is 100000000',
  ],
  [
    'start=1\n,end=a',
    'invalid_timestamp',
    [13, 1, 2, 6],
    ['integer'],
    "found 'a', expected a whole non-negative number of epoch seconds",
  ],
  [
    'start=1,end=99999999999999999999999',
    'timestamp_too_large',
    [12, 23, 1, 13],
    null,
    'found 99999999999999999999999, which is above 10^11 seconds (the year 5138); timestamps are in seconds',
  ],
  [
    'start=1,\nend=x',
    'invalid_timestamp',
    [13, 1, 2, 5],
    ['integer'],
    "found 'x', expected a whole non-negative number of epoch seconds",
  ],
  [
    'start=1,end=2\r\n\ud83d\ude00',
    'trailing_input',
    [15, 2, 2, 1],
    null,
    "found '\ud83d\ude00' after the period, expected the end of input",
  ],
];

describe('exact diagnostics', () => {
  it.each(filterRows)('parseFilter(%j) reports %s', (...row) => {
    expect(parseFilter(row[0] as string)).toStrictEqual({
      ok: false,
      errors: [error(row as unknown as Row)],
    });
  });
  it.each(qoefilterRows)('parseQoeFilter(%j) reports %s', (...row) => {
    expect(parseQoeFilter(row[0] as string)).toStrictEqual({
      ok: false,
      errors: [error(row as unknown as Row)],
    });
  });
  it.each(periodRows)('parsePeriod(%j) reports %s', (...row) => {
    expect(parsePeriod(row[0] as string)).toStrictEqual({
      ok: false,
      errors: [error(row as unknown as Row)],
    });
  });
});
