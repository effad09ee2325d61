// `playq validate` is @playq/query's `checkText` in the grammar's printed shape: the same verdict,
// the same problems at the same places, a canonical form that is a fixed point, and the names of
// --metrics/--dimensions as a catalogue of their own.
import { fc, test } from '@fast-check/vitest';
import { checkText, DEFAULT_CATALOGUE } from '@playq/query';
import {
  filterText,
  malformedFilterText,
  malformedQoeFilterText,
  periodText,
  qoeFilterText,
} from '@playq/testing/arbitraries';
import { describe, expect, it } from 'vitest';
import { namesCatalogue } from '../src/names-catalogue';
import { validateText } from '../src/validate-text';

const DIMENSIONS = [...DEFAULT_CATALOGUE.dimensionNames, 'contry', 'latency'];
const METRICS = [...DEFAULT_CATALOGUE.metricNames, 'latncy', 'country'];

const texts = {
  filter: fc.oneof(filterText({ dimensions: DIMENSIONS }), malformedFilterText(), fc.string()),
  qoefilter: fc.oneof(qoeFilterText({ metrics: METRICS }), malformedQoeFilterText(), fc.string()),
  period: fc.oneof(periodText(), fc.string()),
};

describe('validateText', () => {
  for (const kind of ['filter', 'qoefilter', 'period'] as const) {
    test.prop([texts[kind]])(
      `${kind}: checkText's verdict and places, and a canonical fixed point`,
      (text) => {
        const expected = checkText(kind, text);
        const outcome = validateText(kind, text, DEFAULT_CATALOGUE);
        const errors = expected.filter((d) => d.severity === 'error');
        expect(outcome.ok).toBe(errors.length === 0);
        expect(outcome.errors.map((d) => d.offset)).toEqual(
          errors.map((d) => d.cause?.offset ?? d.offset ?? 0),
        );
        expect(outcome.warnings).toHaveLength(expected.length - errors.length);
        if (outcome.ok) {
          expect(outcome.canonical).not.toBeNull();
          expect(validateText(kind, outcome.canonical!, DEFAULT_CATALOGUE).canonical).toBe(outcome.canonical);
        } else {
          expect(outcome.canonical).toBeNull();
        }
      },
    );
  }

  it('says a metric in a filter belongs in qoefilter, and a dimension in qoefilter belongs in filter', () => {
    const filter = validateText('filter', '[latency=1]', DEFAULT_CATALOGUE);
    expect(filter.errors[0]).toMatchObject({
      code: 'unknown_dimension',
      message: 'filter: latency is a metric: conditions on metrics go in qoefilter.',
      hint: 'qoefilter=latency>…',
      offset: 1,
      length: 7,
    });
    const qoe = validateText('qoefilter', 'country>1', DEFAULT_CATALOGUE);
    expect(qoe.errors[0]).toMatchObject({ code: 'unknown_metric', hint: 'filter=[country=…]', offset: 0 });
  });

  it('names a misspelling written before the text stops parsing, with the grammar error after it', () => {
    const r = validateText('filter', '[contry=US', DEFAULT_CATALOGUE);
    expect(r.errors.map((d) => d.code)).toEqual(['unknown_dimension', 'invalid_filter']);
    expect(r.errors[0]).toMatchObject({
      offset: 1,
      length: 6,
      message: expect.stringContaining('"country"'),
      hint: 'country',
    });
    expect(r.errors[1]!.cause?.code).toBe('missing_bracket');
  });

  it('gives the diagnostics checkText gives, as they are: code, message, position and hint', () => {
    for (const [kind, text] of [
      ['filter', '[contry=US]'],
      ['filter', '[country=US|FR'],
      ['qoefilter', 'latncy>2'],
      ['period', 'start=5'],
    ] as const) {
      const r = validateText(kind, text, DEFAULT_CATALOGUE);
      expect([...r.errors, ...r.warnings]).toEqual(
        expect.arrayContaining(checkText(kind, text, { catalogue: DEFAULT_CATALOGUE })),
      );
    }
  });

  it('warns about a dimension repeated across clauses', () => {
    const r = validateText('filter', '[country=US][country=FR]', DEFAULT_CATALOGUE);
    expect(r.ok).toBe(true);
    expect(r.warnings[0]).toMatchObject({
      offset: 12,
      hint: 'merge the values into one clause: [country=a|b]',
    });
  });
});

describe('namesCatalogue', () => {
  it('is the catalogue itself when no names are given', () => {
    expect(namesCatalogue(DEFAULT_CATALOGUE, {})).toBe(DEFAULT_CATALOGUE);
  });

  it('holds exactly the given names of one kind and the catalogue names of the other', () => {
    const c = namesCatalogue(DEFAULT_CATALOGUE, { dimensions: ['region', 'site'] });
    expect(c.dimensionNames).toEqual(['region', 'site']);
    expect(c.metricNames).toEqual(DEFAULT_CATALOGUE.metricNames);
    const m = namesCatalogue(DEFAULT_CATALOGUE, { metrics: ['latency'] });
    expect(m.metricNames).toEqual(['latency']);
    expect(m.dimensionNames).toEqual(DEFAULT_CATALOGUE.dimensionNames);
    expect(validateText('qoefilter', 'latncy>1', m).errors[0]?.message).toContain('did you mean "latency"?');
  });

  it('refuses a name that cannot be a catalogue name, as bad usage', () => {
    expect(() => namesCatalogue(DEFAULT_CATALOGUE, { metrics: ['country'] })).toThrow(
      /--metrics\/--dimensions: dimension "country": a metric has the same name/,
    );
  });
});
