import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  grammarNoise,
  malformedQoeFilterText,
  mutatedText,
  qoeFilterAst,
  qoeFilterSpelling,
  qoeFilterText,
} from '../../src/arbitraries/index';
import { parseQoeFilter, serializeQoeFilter } from '../../src/index';
import { checkDiagnostics, numRuns } from './runs';

const anyText = fc.oneof(qoeFilterText(), mutatedText(qoeFilterText()), grammarNoise());

describe('qoefilter properties', () => {
  test.prop([qoeFilterAst()], { numRuns })('parse(serialize(ast)) deep-equals ast', (ast) => {
    expect(parseQoeFilter(serializeQoeFilter(ast))).toMatchObject({ ok: true, value: ast, warnings: [] });
    for (const c of ast.conditions) {
      expect(Number.isFinite(c.value)).toBe(true);
      expect(Object.is(c.value, -0)).toBe(false);
    }
  });

  test.prop([qoeFilterAst({ metrics: ['latency'], operators: ['>'] })], { numRuns })(
    'respects constraints',
    (ast) => {
      for (const c of ast.conditions) expect([c.metric, c.operator]).toEqual(['latency', '>']);
    },
  );

  test.prop([qoeFilterSpelling()], { numRuns })(
    'non-canonical spellings parse to their AST',
    ({ text, ast }) => {
      expect(parseQoeFilter(text)).toMatchObject({ ok: true, value: ast });
    },
  );

  test.prop([anyText], { numRuns })('the canonical form of any text that parses is a fixed point', (text) => {
    const r = parseQoeFilter(text);
    if (!r.ok) return;
    const canonical = serializeQoeFilter(r.value);
    const again = parseQoeFilter(canonical);
    expect(again).toMatchObject({ ok: true, value: r.value });
    expect(again.ok && serializeQoeFilter(again.value)).toBe(canonical);
  });

  test.prop([anyText], { numRuns })('never throws, and every diagnostic lies within the input', (text) => {
    const r = parseQoeFilter(text);
    checkDiagnostics(text, r.ok ? r.warnings : r.errors);
  });

  test.prop([malformedQoeFilterText()], { numRuns })('malformed texts fail with one error', (text) => {
    const r = parseQoeFilter(text);
    expect(!r.ok && r.errors.length).toBe(1);
  });
});
