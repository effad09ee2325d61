// The `--effect` text: the printer's output parses back to the same effect, no input makes the
// parser throw, and every refusal points inside the text with a sentence saying what was expected.
import { fc } from '@fast-check/vitest';
import { serializeFilter } from '@playq/grammar';
import { filterAst, mutatedText } from '@playq/grammar/arbitraries';
import { DEFAULT_CATALOGUE } from '@playq/query';
import { describe, expect, it } from 'vitest';
import { type EffectSpec, formatEffectProblem, parseEffect, printEffect } from '../src/effect-flag';

const DIMENSIONS = Object.keys(DEFAULT_CATALOGUE.dimensions);
const where = filterAst({ dimensions: DIMENSIONS, maxClauses: 3, maxValues: 3 }).map((ast) => ({
  ...ast,
  // A dimension appears in one clause only (the catalogue's rule).
  clauses: ast.clauses.filter((c, i) => ast.clauses.findIndex((d) => d.dimension === c.dimension) === i),
}));
const time = fc.oneof(
  fc.integer({ min: 0, max: 4_102_444_800 }).map(String),
  fc
    .date({ min: new Date('1971-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc
    .date({ min: new Date('1971-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);
const effect: fc.Arbitrary<EffectSpec> = fc.record(
  {
    where: where.map(serializeFilter),
    metric: fc.constantFrom(...Object.keys(DEFAULT_CATALOGUE.metrics)),
    factor: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 1e-9, max: 1e9, noNaN: true })),
    from: time,
    to: time,
  },
  { requiredKeys: ['where', 'metric', 'factor'] },
);

const refusal = (text: string) => {
  const r = parseEffect(text);
  if (r.ok) throw new Error(`expected a refusal of ${text}`);
  return r;
};

describe('parseEffect and printEffect', () => {
  it('parse the printed text of any effect back to it', () => {
    fc.assert(
      fc.property(effect, (e) => {
        expect(parseEffect(printEffect(e))).toEqual({ ok: true, value: e });
      }),
    );
  });

  it('never throw, and point inside the text when they refuse it', () => {
    const texts = fc.oneof(fc.string({ unit: 'grapheme' }), mutatedText(effect.map(printEffect)));
    fc.assert(
      fc.property(texts, (text) => {
        const r = parseEffect(text);
        if (r.ok) {
          expect(parseEffect(printEffect(r.value))).toEqual(r);
          return;
        }
        expect(r.offset).toBeGreaterThanOrEqual(0);
        expect(r.offset).toBeLessThanOrEqual(text.length);
        expect(r.message.length).toBeGreaterThan(10);
        expect(formatEffectProblem(text, r)).toContain(r.message);
      }),
    );
    expect(parseEffect(undefined).ok).toBe(false);
  });

  it('reads the filter, the metric, the factor and a span', () => {
    expect(parseEffect('[cdn=akamai][country=BR]:bufferingratio*5')).toEqual({
      ok: true,
      value: { where: '[cdn=akamai][country=BR]', metric: 'bufferingratio', factor: 5 },
    });
    expect(parseEffect('[assetname="a:b"]:latency*0.5@2026-01-01..1767312000')).toEqual({
      ok: true,
      value: {
        where: '[assetname=a:b]',
        metric: 'latency',
        factor: 0.5,
        from: '2026-01-01',
        to: '1767312000',
      },
    });
    expect(parseEffect('[country=BR]:latency*2@..2026-01-02').ok).toBe(true);
  });

  it('says what is wrong and where', () => {
    expect(refusal('[country=BR]')).toMatchObject({
      offset: 12,
      message: expect.stringContaining('<filter>:<metric>*<factor>'),
    });
    expect(refusal('[contry=BR]:latency*2')).toMatchObject({
      offset: 1,
      message: expect.stringContaining('country'),
    });
    expect(refusal('[country=BR]:latency')).toMatchObject({
      offset: 20,
      message: expect.stringContaining('"*"'),
    });
    expect(refusal('[country=BR]:latency*x')).toMatchObject({
      offset: 21,
      message: expect.stringContaining('factor'),
    });
    expect(refusal('[country=BR]:latency*2@yesterday..')).toMatchObject({
      offset: 23,
      message: expect.stringContaining('from: "yesterday" is not an ISO-8601 date'),
    });
    expect(refusal('[country=BR]:latency*2@2026-01-01')).toMatchObject({
      message: expect.stringContaining('..'),
    });
    expect(formatEffectProblem('[country=BR]:latency*x', refusal('[country=BR]:latency*x'))).toContain(
      'line 1, column 22',
    );
  });
});
