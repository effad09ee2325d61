// Completion of parameter names in a query string, from the parameter table.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { completeParameterName, PARAMETER_ORDER } from '../src/index';

const labels = (text: string, offset = text.length, endpoint?: 'metricquery' | 'session') =>
  completeParameterName(text, offset, endpoint === undefined ? {} : { endpoint }).suggestions.map(
    (s) => s.label,
  );

describe('completeParameterName', () => {
  it('offers every parameter on an empty query string, in canonical order', () => {
    expect(labels('')).toEqual([...PARAMETER_ORDER]);
  });

  it("offers the names starting with what is typed, leaving out those given and other endpoints' own", () => {
    expect(labels('period=start%3D0%2Cend%3D60&met')).toEqual(['metrics']);
    expect(labels('metrics=errors&', undefined, 'metricquery')).not.toContain('metrics');
    expect(labels('', 0, 'metricquery')).not.toContain('planlevel');
    expect(labels('', 0, 'session')).toContain('planlevel');
    expect(labels('https://h/api/v1/metricquery/d?ag')).toEqual(['aggby', 'agg']);
  });

  it('replaces the whole name under the cursor with name=, and offers nothing in a value', () => {
    const r = completeParameterName('metrics=errors&lim=5', 17);
    expect(r.suggestions).toEqual([
      expect.objectContaining({ label: 'limit', insert: 'limit=', from: 15, to: 18, type: 'key' }),
    ]);
    expect(r.suggestions[0]!.description).toMatch(/page size/);
    expect(labels('metrics=err')).toEqual([]);
  });

  test.prop([fc.string(), fc.integer({ min: -5, max: 200 })])(
    'never throws, and suggestions lie in the text',
    (text, offset) => {
      for (const s of completeParameterName(text, offset).suggestions) {
        expect(s.from).toBeGreaterThanOrEqual(0);
        expect(s.to).toBeLessThanOrEqual(text.length);
        expect(s.from).toBeLessThanOrEqual(s.to);
      }
    },
  );
});
