import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  filterAst,
  filterSpelling,
  filterText,
  grammarNoise,
  malformedFilterText,
  mutatedText,
} from '../../src/arbitraries/index';
import { parseFilter, serializeFilter } from '../../src/index';
import { checkDiagnostics, numRuns } from './runs';

const anyText = fc.oneof(filterText(), mutatedText(filterText()), grammarNoise());

describe('filter properties', () => {
  test.prop([filterAst()], { numRuns })('parse(serialize(ast)) deep-equals ast, without warnings', (ast) => {
    const r = parseFilter(serializeFilter(ast));
    expect(r).toMatchObject({ ok: true, value: ast, warnings: [] });
  });

  test.prop([filterAst({ dimensions: ['country', 'platform'], maxClauses: 2, maxValues: 1 })], { numRuns })(
    'respects constraints',
    (ast) => {
      expect(ast.clauses.length).toBeLessThanOrEqual(2);
      for (const c of ast.clauses) {
        expect(['country', 'platform']).toContain(c.dimension);
        expect(c.values).toHaveLength(1);
      }
    },
  );

  test.prop([filterSpelling()], { numRuns })(
    'non-canonical spellings parse to their AST',
    ({ text, ast }) => {
      const r = parseFilter(text);
      expect(r).toMatchObject({ ok: true, value: ast, warnings: [] });
      if (!r.ok) return;
      r.spans.clauses.forEach((s, i) => {
        expect(text.substr(s.dimension.offset, s.dimension.length).toLowerCase()).toBe(
          ast.clauses[i]!.dimension,
        );
        expect(text[s.clause.offset]).toBe('[');
        expect(text[s.clause.offset + s.clause.length - 1]).toBe(']');
      });
    },
  );

  test.prop([anyText], { numRuns })('the canonical form of any text that parses is a fixed point', (text) => {
    const r = parseFilter(text);
    if (!r.ok) return;
    const canonical = serializeFilter(r.value);
    const again = parseFilter(canonical);
    expect(again).toMatchObject({ ok: true, value: r.value, warnings: [] });
    expect(again.ok && serializeFilter(again.value)).toBe(canonical);
  });

  test.prop([anyText], { numRuns })('never throws, and every diagnostic lies within the input', (text) => {
    const r = parseFilter(text);
    checkDiagnostics(text, r.ok ? r.warnings : r.errors);
    if (!r.ok) expect(r.errors.length).toBeGreaterThan(0);
  });

  test.prop([malformedFilterText()], { numRuns })('malformed texts fail with one error', (text) => {
    const r = parseFilter(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toHaveLength(1);
  });
});
