import { fc, test } from '@fast-check/vitest';
import { parseFilter, parseFilterOrThrow, parsePeriod, parseQoeFilter } from '@playq/grammar';
import {
  filterText,
  grammarNoise,
  malformedFilterText,
  malformedPeriodText,
  malformedQoeFilterText,
  periodText,
  qoeFilterText,
} from '@playq/grammar/arbitraries';
import { describe, expect, it } from 'vitest';
import { canonicalQueryURL } from '../src/arbitraries/index';
import { checkText, DEFAULT_CATALOGUE, extendCatalogue, fromURL, PROBLEM_CODES } from '../src/index';
import {
  type PlayqIssue,
  queryURLSchema,
  type TextSchemaKind,
  textSchema,
} from '../src/standard-schema/index';

/** The value of a success, `undefined` for a failure. */
const successValue = <T>(r: { readonly value: T } | { readonly issues: unknown }) =>
  'value' in r ? r.value : undefined;

const KINDS: readonly TextSchemaKind[] = ['filter', 'qoefilter', 'period'];
const PARSE = { filter: parseFilter, qoefilter: parseQoeFilter, period: parsePeriod } as const;
const { dimensionNames: dimensions, metricNames: metrics } = DEFAULT_CATALOGUE;

/** Texts of every kind: valid ones over the catalogue's names, malformed ones, noise and words. */
const textOf = {
  filter: fc.oneof(
    filterText({ dimensions }),
    malformedFilterText({ dimensions }),
    filterText(),
    grammarNoise(),
  ),
  qoefilter: fc.oneof(
    qoeFilterText({ metrics }),
    malformedQoeFilterText({ metrics }),
    qoeFilterText(),
    fc.string(),
  ),
  period: fc.oneof(periodText(), malformedPeriodText(), grammarNoise(), fc.string()),
} as const;

const kindAndText = fc.constantFrom(...KINDS).chain((kind) => textOf[kind].map((text) => ({ kind, text })));

/** What every issue promises: a message, a known code, no path, a range inside `text`. */
function expectWellFormed(issue: PlayqIssue, text: string) {
  expect(issue.message).toMatch(/\S/);
  expect(PROBLEM_CODES).toContain(issue.code);
  expect(issue.path).toBeUndefined();
  expect(issue.offset).toBeGreaterThanOrEqual(0);
  expect(issue.length).toBeGreaterThanOrEqual(0);
  expect(issue.offset + issue.length).toBeLessThanOrEqual(text.length);
}

describe('textSchema', () => {
  it('is a Standard Schema v1 of vendor playq', () => {
    const schema = textSchema('filter');
    expect(schema['~standard']).toMatchObject({ version: 1, vendor: 'playq' });
    expect(schema.kind).toBe('filter');
    expect(Object.isFrozen(schema['~standard'])).toBe(true);
  });

  it('gives the AST of a valid text', () => {
    expect(textSchema('filter')['~standard'].validate('[Country=US|FR]')).toEqual({
      value: { type: 'filter', clauses: [{ type: 'clause', dimension: 'country', values: ['US', 'FR'] }] },
    });
    expect(textSchema('period')['~standard'].validate('end=10, start=0')).toEqual({
      value: { type: 'period', start: 0, end: 10 },
    });
  });

  it('fails a misspelled name with the library message and its did-you-mean, positioned on the name', () => {
    const r = textSchema('filter')['~standard'].validate('[contry=US]');
    expect(r.issues).toEqual([
      {
        message: 'filter: Unknown dimension "contry"; did you mean "country"?',
        code: 'unknown_dimension',
        offset: 1,
        length: 6,
        param: 'filter',
        hint: 'country',
      },
    ]);
    const q = textSchema('qoefilter')['~standard'].validate('latncy > 5');
    expect(q.issues?.[0]).toMatchObject({ code: 'unknown_metric', offset: 0, length: 6, hint: 'latency' });
    expect(q.issues?.[0]?.message).toContain('did you mean "latency"?');
  });

  it('fails a grammar error with the grammar message and its place', () => {
    const r = textSchema('period')['~standard'].validate('start=5,end=1');
    expect(r.issues).toEqual([
      expect.objectContaining({
        code: 'invalid_period',
        offset: 12,
        length: 1,
        message:
          'period: the end 1 (1970-01-01T00:00:01Z) is not after the start 5 (1970-01-01T00:00:05Z); a period is the half-open interval [start, end)',
      }),
    ]);
  });

  it('lets warnings pass: a repeated value is dropped, as the parser does', () => {
    expect(textSchema('filter')['~standard'].validate('[country=US|US]')).toEqual({
      value: parseFilterOrThrow('[country=US]'),
    });
  });

  it('checks names against the catalogue it is given', () => {
    const shop = extendCatalogue(DEFAULT_CATALOGUE, { dimensions: { store: { description: 'Store.' } } });
    expect(textSchema('filter')['~standard'].validate('[store=1]').issues?.[0]?.code).toBe(
      'unknown_dimension',
    );
    expect(
      textSchema('filter', { catalogue: shop })['~standard'].validate('[store=1]').issues,
    ).toBeUndefined();
  });

  it('fails a value that is not text, saying what it got', () => {
    expect(textSchema('qoefilter')['~standard'].validate(null).issues).toEqual([
      {
        message: 'qoefilter: expected the text of a qoefilter, got null',
        code: 'invalid_qoefilter',
        offset: 0,
        length: 0,
        param: 'qoefilter',
      },
    ]);
    expect(textSchema('filter')['~standard'].validate(['[a=1]']).issues?.[0]?.message).toContain(
      'got an array',
    );
  });

  it('refuses an unknown kind when made', () => {
    expect(() => textSchema('aggby' as never)).toThrow(
      "@playq/query: textSchema takes 'filter', 'qoefilter' or 'period', got aggby",
    );
  });

  test.prop([fc.constantFrom(...KINDS), fc.anything()])('never throws, whatever the value', (kind, value) => {
    const r = textSchema(kind)['~standard'].validate(value);
    expect('value' in r !== 'issues' in r).toBe(true);
  });

  test.prop([kindAndText])(
    'fails exactly when checkText finds an error, with one issue per error',
    ({ kind, text }) => {
      const r = textSchema(kind)['~standard'].validate(text);
      const errors = checkText(kind, text).filter((d) => d.severity === 'error');
      if (errors.length === 0) {
        expect(r.issues).toBeUndefined();
        return;
      }
      expect(r.issues?.map((i) => [i.message, i.code, i.offset, i.length])).toEqual(
        errors.map((d) => [d.message, d.code, d.offset ?? 0, d.length ?? 0]),
      );
      for (const issue of r.issues ?? []) expectWellFormed(issue, text);
    },
  );

  test.prop([kindAndText])("succeeds with the grammar's own parse", ({ kind, text }) => {
    const r = textSchema(kind)['~standard'].validate(text);
    if (r.issues !== undefined) return;
    const parsed = PARSE[kind](text);
    expect(parsed.ok).toBe(true);
    expect(successValue(r)).toEqual(parsed.ok ? parsed.value : undefined);
  });

  const validText = {
    filter: filterText({ dimensions }),
    qoefilter: qoeFilterText({ metrics }),
    period: periodText(),
  } as const;
  test.prop([fc.constantFrom(...KINDS).chain((kind) => validText[kind].map((text) => ({ kind, text })))])(
    'succeeds on every valid text over the catalogue names',
    ({ kind, text }) => {
      expect(textSchema(kind)['~standard'].validate(text)).toHaveProperty('value');
    },
  );
});

describe('queryURLSchema', () => {
  const BASE = 'https://example.com/api/v1';

  it('gives the query node of a valid URL', () => {
    const url = `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors&aggby=country`;
    const r = queryURLSchema()['~standard'].validate(url);
    const read = fromURL(url);
    expect(r).toEqual({ value: read.ok ? read.query : 'not read' });
    expect(successValue(r)).toMatchObject({
      endpoint: 'metricquery',
      customerId: 'demo',
      metrics: ['errors'],
    });
    expect(successValue(queryURLSchema()['~standard'].validate(new URL(url)))).toEqual(successValue(r));
  });

  it('fails with every error of the URL, each naming its parameter', () => {
    const r = queryURLSchema()['~standard'].validate(
      '/api/v1/metricquery/demo?period=start%3D0%2Cend%3D9&metricz=errors',
    );
    expect(r.issues).toEqual([
      expect.objectContaining({
        message: 'Unknown query parameter "metricz"; did you mean "metrics"?',
        code: 'unknown_parameter',
        param: 'metricz',
        hint: 'metrics',
      }),
      expect.objectContaining({ code: 'missing_parameter', param: 'metrics' }),
    ]);
  });

  it('positions a problem inside the text of its parameter', () => {
    const r = queryURLSchema()['~standard'].validate(
      `${BASE}/metricquery/demo?period=start%3D0%2Cend%3D9&metrics=errors&filter=${encodeURIComponent('[contry=US]')}`,
    );
    expect(r.issues).toEqual([
      expect.objectContaining({ code: 'unknown_dimension', param: 'filter', offset: 1, length: 6 }),
    ]);
  });

  test.prop([canonicalQueryURL()])('succeeds on every canonical URL, with what fromURL reads', (url) => {
    const r = queryURLSchema()['~standard'].validate(url);
    const read = fromURL(url);
    expect(read.ok).toBe(true);
    expect(r).toEqual({ value: read.ok ? read.query : undefined });
  });

  test.prop([fc.oneof(fc.anything(), fc.string(), fc.webUrl({ withQueryParameters: true }))])(
    'never throws, and a failure has at least one issue with a known code',
    (value) => {
      const r = queryURLSchema()['~standard'].validate(value);
      if (r.issues === undefined) return;
      expect(r.issues.length).toBeGreaterThan(0);
      for (const issue of r.issues) {
        expect(PROBLEM_CODES).toContain(issue.code);
        expect(issue.path).toBeUndefined();
        expect(issue.offset).toBeGreaterThanOrEqual(0);
      }
    },
  );
});
