import { fc, test } from '@fast-check/vitest';
import { parseFilter, parseQoeFilter } from '@playq/grammar';
import { filterText, grammarNoise, mutatedText, qoeFilterText } from '@playq/grammar/arbitraries';
import { describe, expect, it } from 'vitest';
import {
  type CompletionResult,
  checkText,
  complete,
  completeSync,
  DEFAULT_CATALOGUE,
  describeName,
  extendCatalogue,
  type Suggestion,
  type ValueProvider,
} from '../src/index';

const labels = (r: CompletionResult) => r.suggestions.map((s) => s.label);
const apply = (text: string, s: Suggestion) => text.slice(0, s.from) + s.insert + text.slice(s.to);

describe('completeSync', () => {
  it('completes a dimension name with its description and the "="', () => {
    const [first] = completeSync('filter', '[cou', 4).suggestions;
    expect(first).toMatchObject({ label: 'country', insert: 'country=', from: 1, to: 4, type: 'dimension' });
    expect(first?.description).toMatch(/country/i);
    expect(apply('[cou', first!)).toBe('[country=');
  });

  it('does not add a second "=" when one follows the word', () => {
    const r = completeSync('filter', '[pl=US]', 3);
    expect(r.suggestions[0]).toMatchObject({ label: 'platform', insert: 'platform', from: 1, to: 3 });
  });

  it('offers whole clauses where a clause may start', () => {
    const r = completeSync('filter', '[country=US]', 12);
    expect(r.suggestions.map((s) => s.insert)).toContain('[platform=');
  });

  it('offers "|" and "]" after a value, and says which dimension wants values', () => {
    const r = completeSync('filter', '[country=U', 10);
    expect(r.valuesFor).toBe('country');
    expect(labels(r)).toEqual(['|', ']']);
    expect(r.suggestions[0]).toMatchObject({ from: 10, to: 10 });
  });

  it('completes metrics with units, then operators, then AND', () => {
    const metrics = completeSync('qoefilter', 'buf', 3).suggestions;
    expect(metrics[0]).toMatchObject({
      label: 'bufferingratio',
      type: 'metric',
      detail: 'percent',
      from: 0,
      to: 3,
    });
    const names = {
      metrics: [
        { name: 'latency', description: 'Startup time.', unit: 'seconds' },
        { name: 'p95_latency', description: 'Startup time, 95th percentile.', unit: 'seconds' },
      ],
      dimensions: [],
    };
    expect(labels(completeSync('qoefilter', 'latency', 7, { names }))).toEqual([
      'latency',
      'p95_latency',
      '>',
      '>=',
      '<',
      '<=',
      '=',
      '!=',
    ]);
    expect(labels(completeSync('qoefilter', 'latenc', 6, { names }))).toEqual(['latency', 'p95_latency']);
    expect(labels(completeSync('qoefilter', 'latency >', 9))).toEqual(['>', '>=']);
    const and = completeSync('qoefilter', 'latency > 2 an', 14).suggestions;
    expect(and).toEqual([expect.objectContaining({ label: 'AND', insert: 'AND ', from: 12, to: 14 })]);
  });

  it('offers names containing the typed text after those starting with it', () => {
    const found = labels(completeSync('qoefilter', 'count', 5));
    expect(found).toContain('viewercount');
    for (const name of found) expect(name).toContain('count');
    const names = {
      metrics: ['errorcount', 'count_a', 'count_b'].map((name) => ({ name, description: '' })),
      dimensions: [],
    };
    expect(labels(completeSync('qoefilter', 'count', 5, { names }))).toEqual([
      'count_a',
      'count_b',
      'errorcount',
    ]);
  });

  it('offers period keys not yet used and timestamps around now', () => {
    const now = () => Date.UTC(2026, 0, 1, 12, 30);
    expect(labels(completeSync('period', '', 0))).toEqual(['start', 'end']);
    expect(labels(completeSync('period', 'start=1,', 8))).toEqual(['end']);
    const start = completeSync('period', 'start=', 6, { now }).suggestions;
    expect(start[0]).toMatchObject({
      insert: String(Date.UTC(2025, 11, 31, 12) / 1000),
      detail: '24 hours ago',
    });
  });

  it('reads names from a catalogue made with defineCatalogue', () => {
    const catalogue = extendCatalogue(DEFAULT_CATALOGUE, {
      metrics: { rebuffers: { unit: 'count', level: 'session', description: 'Rebuffer events.' } },
    });
    expect(completeSync('qoefilter', 'rebu', 4, { catalogue }).suggestions[0]).toMatchObject({
      label: 'rebuffers',
      detail: 'count',
      description: 'Rebuffer events.',
    });
    expect(checkText('qoefilter', 'rebuffers > 1', { catalogue })).toEqual([]);
    expect(checkText('qoefilter', 'rebuffers > 1')[0]).toMatchObject({ code: 'unknown_metric' });
  });

  it('reads names from any list given', () => {
    const names = {
      metrics: [{ name: 'rebuffers', description: 'Rebuffer events.', unit: 'count' }],
      dimensions: [],
    };
    expect(labels(completeSync('qoefilter', 're', 2, { names }))).toEqual(['rebuffers']);
    expect(describeName('metric', 'LATENCY')?.unit).toBe('seconds');
  });
});

describe('complete with a value provider', () => {
  const countries: ValueProvider = async ({ dimension }) =>
    dimension === 'country'
      ? [{ value: 'US', count: 1200 }, { value: 'FR', count: 900 }, { value: 'United States' }]
      : [];

  it('lists the values matching what was typed, leaving out those already in the clause', async () => {
    const r = await complete('filter', '[country=FR|U', 13, { values: countries });
    expect(r.suggestions.filter((s) => s.type === 'value').map((s) => [s.label, s.from, s.to])).toEqual([
      ['US', 12, 13],
      ['United States', 12, 13],
    ]);
    expect(r.suggestions[0]?.detail).toBe('1,200 sessions');
    const again = await complete('filter', '[country=US|', 12, { values: countries });
    expect(labels(again)).toEqual(['FR', 'United States']);
  });

  it('quotes values that need it and passes the decoded prefix', async () => {
    const seen: string[] = [];
    const r = await complete('filter', '[key="a', 7, {
      values: async ({ prefix }) => {
        seen.push(prefix);
        return [{ value: 'a|b' }];
      },
    });
    expect(seen).toEqual(['a']);
    expect(r.suggestions[0]).toMatchObject({ insert: '"a|b"', from: 5, to: 7 });
  });

  it('reports a failing provider without rejecting', async () => {
    const r = await complete('filter', '[country=', 9, {
      values: async () => {
        throw new Error('service down');
      },
    });
    expect(r).toEqual({ suggestions: [], valuesFor: 'country', valuesError: 'service down' });
  });
});

describe('checkText', () => {
  it('marks a misspelled dimension at its characters with a did-you-mean', () => {
    const [d] = checkText('filter', '[contry=US]');
    expect(d).toMatchObject({
      code: 'unknown_dimension',
      offset: 1,
      length: 6,
      hint: 'country',
      severity: 'error',
    });
  });

  it('checks the names written before a grammar error, so a typo shows while typing', () => {
    expect(checkText('filter', '[contry=US').map((d) => [d.code, d.offset, d.length, d.hint])).toEqual([
      ['unknown_dimension', 1, 6, 'country'],
      ['invalid_filter', 10, 0, undefined],
    ]);
    expect(checkText('qoefilter', 'latncy > ').map((d) => d.code)).toEqual([
      'unknown_metric',
      'invalid_qoefilter',
    ]);
    expect(checkText('filter', '[country=US').map((d) => d.code)).toEqual(['invalid_filter']);
  });

  it('passes grammar errors through with their positions', () => {
    expect(checkText('filter', '[country=US')[0]).toMatchObject({ code: 'invalid_filter', offset: 11 });
    expect(checkText('qoefilter', 'latency > x')[0]).toMatchObject({ code: 'invalid_qoefilter', offset: 10 });
    expect(checkText('qoefilter', 'latncy > 1')[0]).toMatchObject({
      code: 'unknown_metric',
      hint: 'latency',
    });
    expect(checkText('period', 'start=2,end=1')[0]).toMatchObject({ code: 'invalid_period' });
  });

  it('is empty for valid text', () => {
    expect(checkText('filter', '[country=US|FR][platform=ios]')).toEqual([]);
    expect(checkText('qoefilter', 'latency > 2 AND bufferingratio <= 5')).toEqual([]);
    expect(checkText('period', 'start=1,end=2')).toEqual([]);
  });
});

// A prefix is valid when some short suffix makes the whole text parse.
const FILTER_ENDS = ['', ']', 'x]', '=x]', 'x=x]', '"]', 'x"]', '""]'];
const QOE_ENDS = ['', '1', '5', '=1', ' =1', 'x=1', ' x=1', 'D x=1', 'ND x=1', ' AND x=1'];
const validPrefix = (kind: 'filter' | 'qoefilter', p: string) =>
  kind === 'filter'
    ? FILTER_ENDS.some((e) => parseFilter(p + e).ok)
    : QOE_ENDS.some((e) => parseQoeFilter(p + e).ok);

const prefixes = (kind: 'filter' | 'qoefilter') =>
  (kind === 'filter' ? filterText() : qoeFilterText()).chain((t) =>
    fc.integer({ min: 0, max: t.length }).map((k) => t.slice(0, k)),
  );
const values = fc.array(
  fc.record({
    value: fc.string({
      minLength: 1,
      maxLength: 6,
      unit: fc.constantFrom('a', 'B', ' ', '|', ']', '"', '\\', '[', '='),
    }),
  }),
  { maxLength: 4 },
);
const anyText = fc.oneof(
  filterText(),
  qoeFilterText(),
  mutatedText(filterText()),
  grammarNoise(),
  fc.string(),
);
const anyOffset = fc.oneof(fc.integer({ min: -3, max: 300 }), fc.constant(Number.NaN));

describe('completion properties', () => {
  for (const kind of ['filter', 'qoefilter'] as const) {
    test.prop([prefixes(kind), values])(
      `${kind}: accepting any suggestion keeps a valid prefix valid`,
      async (p, vs) => {
        fc.pre(validPrefix(kind, p));
        const r = await complete(kind, p, p.length, { values: async () => vs });
        for (const s of r.suggestions) expect(validPrefix(kind, apply(p, s)), `${p} + ${s.label}`).toBe(true);
      },
    );
  }

  test.prop([fc.constantFrom('filter', 'qoefilter', 'period' as const), anyText, anyOffset])(
    'never throws, and every range lies within the text',
    (kind, text, offset) => {
      for (const s of completeSync(kind, text, offset).suggestions) {
        expect(0 <= s.from && s.from <= s.to && s.to <= text.length).toBe(true);
      }
      expect(Array.isArray(checkText(kind, text))).toBe(true);
    },
  );
});
