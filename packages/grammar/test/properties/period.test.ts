import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  grammarNoise,
  malformedPeriodText,
  mutatedText,
  periodAst,
  periodSpelling,
  periodText,
} from '../../src/arbitraries/index';
import { parseFilter, parsePeriod, parseQoeFilter, serializePeriod } from '../../src/index';
import { checkDiagnostics, numRuns } from './runs';

const anyText = fc.oneof(periodText(), mutatedText(periodText()), grammarNoise());

describe('period properties', () => {
  test.prop([periodAst()], { numRuns })('parse(serialize(ast)) deep-equals ast', (ast) => {
    expect(parsePeriod(serializePeriod(ast))).toMatchObject({ ok: true, value: ast, warnings: [] });
    expect(ast.start).toBeLessThan(ast.end);
    expect(ast.end).toBeLessThanOrEqual(1e11);
  });

  test.prop([periodAst({ min: 1_700_000_000, max: 1_800_000_000, maxSpan: 3600 })], { numRuns })(
    'respects constraints',
    (ast) => {
      expect(ast.start).toBeGreaterThanOrEqual(1_700_000_000);
      expect(ast.end).toBeLessThanOrEqual(1_800_000_000);
      expect(ast.end - ast.start).toBeLessThanOrEqual(3600);
    },
  );

  test.prop([periodSpelling()], { numRuns })(
    'non-canonical spellings parse to their AST',
    ({ text, ast }) => {
      expect(parsePeriod(text)).toMatchObject({ ok: true, value: ast });
    },
  );

  test.prop([anyText], { numRuns })('the canonical form of any text that parses is a fixed point', (text) => {
    const r = parsePeriod(text);
    if (!r.ok) return;
    const canonical = serializePeriod(r.value);
    expect(parsePeriod(canonical)).toMatchObject({ ok: true, value: r.value });
  });

  test.prop([anyText], { numRuns })('never throws, and every diagnostic lies within the input', (text) => {
    const r = parsePeriod(text);
    checkDiagnostics(text, r.ok ? r.warnings : r.errors);
  });

  test.prop([malformedPeriodText()], { numRuns })('malformed texts fail with one error', (text) => {
    const r = parsePeriod(text);
    expect(!r.ok && r.errors.length).toBe(1);
  });
});

describe('all parsers on noise', () => {
  test.prop([grammarNoise()], { numRuns })('never throw on any language', (text) => {
    for (const r of [parseFilter(text), parseQoeFilter(text), parsePeriod(text)])
      checkDiagnostics(text, r.ok ? r.warnings : r.errors);
  });
});
