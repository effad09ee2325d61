import { describe, expect, it } from 'vitest';
import { catalogueProblems, DEFAULT_CATALOGUE, defineCatalogue, extendCatalogue } from '../src/index';

// The exact sentences of catalogueProblems and the errors defineCatalogue and extendCatalogue
// throw, for the definitions the first mutation run of catalogue/define-catalogue.ts left unchecked.

const metric = { unit: 'count', level: 'group', description: 'Carts opened.' } as const;
const dimension = { description: 'Store id.' } as const;

const problemsOf = (metrics: object, dimensions: object = {}) => catalogueProblems({ metrics, dimensions });

describe('catalogueProblems: metric definitions', () => {
  it('wants an object with unit, level and description', () => {
    expect(problemsOf({ carts: 'count' })).toStrictEqual([
      'metric "carts": its definition is an object with unit, level and description or expression.',
    ]);
  });

  it('names every unit when the unit is unknown', () => {
    expect(problemsOf({ carts: { ...metric, unit: 'bytes' } })).toStrictEqual([
      'metric "carts": unit is one of seconds, minutes, percent, count, sessions, score, ratio, megabytes, epoch_seconds.',
    ]);
  });

  it('wants a text description and a boolean concurrency', () => {
    expect(problemsOf({ carts: { ...metric, description: 3, concurrency: 'yes' } })).toStrictEqual([
      'metric "carts": description is a string.',
      'metric "carts": concurrency is true or false.',
    ]);
    expect(problemsOf({ carts: { ...metric, concurrency: false } })).toStrictEqual([]);
  });

  it('wants better to be lower or higher, or left out', () => {
    expect(problemsOf({ carts: { ...metric, better: 'up' } })).toStrictEqual([
      'metric "carts": better is "lower" or "higher" (or left out when neither is).',
    ]);
    expect(problemsOf({ carts: { ...metric, better: 'lower' } })).toStrictEqual([]);
    expect(problemsOf({ carts: { ...metric, better: 'higher' } })).toStrictEqual([]);
  });

  it('wants a non-empty list of known endpoints', () => {
    const sentence =
      'metric "carts": endpoints is a non-empty list of metricquery, session and listsessions.';
    expect(problemsOf({ carts: { ...metric, endpoints: [] } })).toStrictEqual([sentence]);
    expect(problemsOf({ carts: { ...metric, endpoints: ['session', 'export'] } })).toStrictEqual([sentence]);
    expect(problemsOf({ carts: { ...metric, endpoints: 'session' } })).toStrictEqual([sentence]);
    expect(problemsOf({ carts: { ...metric, endpoints: ['metricquery', 'session'] } })).toStrictEqual([]);
  });
});

describe('catalogueProblems: dimension definitions', () => {
  it('wants an object with a text description', () => {
    expect(problemsOf({}, { store: null })).toStrictEqual([
      'dimension "store": its definition is an object with a description.',
    ]);
    expect(problemsOf({}, { store: { description: ['Store id.'] } })).toStrictEqual([
      'dimension "store": description is a string.',
    ]);
  });

  it('wants a boolean sessionField', () => {
    expect(problemsOf({}, { store: { ...dimension, sessionField: 1 } })).toStrictEqual([
      'dimension "store": sessionField is true or false.',
    ]);
    expect(problemsOf({}, { store: { ...dimension, sessionField: true } })).toStrictEqual([]);
  });

  it('wants combinesWith to be a non-empty list of the catalogue’s metrics', () => {
    const sentence = 'dimension "store": combinesWith is a non-empty list of metric names.';
    expect(problemsOf({ carts: metric }, { store: { ...dimension, combinesWith: [] } })).toStrictEqual([
      sentence,
    ]);
    expect(problemsOf({ carts: metric }, { store: { ...dimension, combinesWith: 'carts' } })).toStrictEqual([
      sentence,
    ]);
    expect(problemsOf({ carts: metric }, { store: { ...dimension, combinesWith: ['carts'] } })).toStrictEqual(
      [],
    );
  });
});

describe('defineCatalogue and extendCatalogue: the errors they throw', () => {
  it('defineCatalogue lists every problem in one TypeError', () => {
    const bad = { metrics: { Carts: metric }, dimensions: { store: { description: 1 } } };
    expect(() => defineCatalogue(bad as never)).toThrow(
      new TypeError(
        '@playq/query: defineCatalogue: metric "Carts": a name is a lower-case identifier ([a-z_][a-z0-9_]*). ' +
          'dimension "store": description is a string.',
      ),
    );
  });

  it('extendCatalogue names every name the base already has', () => {
    expect(() =>
      extendCatalogue(DEFAULT_CATALOGUE, {
        metrics: { errors: metric, carts: metric },
        dimensions: { country: dimension },
      } as never),
    ).toThrow(new TypeError('@playq/query: extendCatalogue: the base already defines errors, country.'));
  });
});
