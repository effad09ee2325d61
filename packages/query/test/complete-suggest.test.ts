import { describe, expect, it } from 'vitest';
import { type CompletionResult, complete, completeSync, describeName, type ValueRequest } from '../src/index';

const labels = (r: CompletionResult) => r.suggestions.map((s) => s.label);
// 2026-01-01T12:30Z: the hour starts at 12:00Z.
const now = () => Date.UTC(2026, 0, 1, 12, 30);
const HOUR_START = Date.UTC(2026, 0, 1, 12) / 1000;

describe('completion suggestions in detail', () => {
  it('offers "|" and "]" after a value, each with its note', () => {
    expect(completeSync('filter', '[country=U', 10)).toStrictEqual({
      suggestions: [
        { label: '|', insert: '|', type: 'punctuation', detail: 'or another value', from: 10, to: 10 },
        { label: ']', insert: ']', type: 'punctuation', detail: 'end of the clause', from: 10, to: 10 },
      ],
      valuesFor: 'country',
    });
  });

  it('offers AND with its note after a condition', () => {
    expect(completeSync('qoefilter', 'latency > 2 an', 14).suggestions).toStrictEqual([
      { label: 'AND', insert: 'AND ', type: 'keyword', detail: 'and another condition', from: 12, to: 14 },
    ]);
  });

  it('asks the value provider for the typed value as it stands, unquoted', async () => {
    const asked: string[] = [];
    const values = async (r: ValueRequest) => {
      asked.push(r.prefix);
      return [];
    };
    await complete('filter', '[country=Us', 11, { values });
    await complete('filter', '[country="a\\"b', 14, { values });
    expect(asked).toStrictEqual(['Us', 'a"b']);
  });

  it('offers only the provided values starting with the typed text, case-insensitively', async () => {
    const r = await complete('filter', '[country=u', 10, {
      values: async () => [{ value: 'US', count: 1200 }, { value: 'FR' }, { value: 'uk' }, { value: 'AU' }],
    });
    expect(r).toStrictEqual({
      suggestions: [
        { label: 'US', insert: 'US', type: 'value', detail: '1,200 sessions', from: 9, to: 10 },
        { label: 'uk', insert: 'uk', type: 'value', from: 9, to: 10 },
        { label: '|', insert: '|', type: 'punctuation', detail: 'or another value', from: 10, to: 10 },
        { label: ']', insert: ']', type: 'punctuation', detail: 'end of the clause', from: 10, to: 10 },
      ],
      valuesFor: 'country',
    });
  });

  it('leaves out empty and non-text values from the provider', async () => {
    const r = await complete('filter', '[country=', 9, {
      values: async () => [{ value: '' }, { value: 5 as unknown as string }, { value: 'US' }],
    });
    expect(r).toStrictEqual({
      suggestions: [{ label: 'US', insert: 'US', type: 'value', from: 9, to: 9 }],
      valuesFor: 'country',
    });
  });

  it('offers period keys matching the typed start, in any case, with their note', () => {
    expect(completeSync('period', 'St', 2).suggestions).toStrictEqual([
      { label: 'start', insert: 'start=', type: 'key', detail: 'epoch seconds', from: 0, to: 2 },
    ]);
    expect(labels(completeSync('period', 'e', 1))).toStrictEqual(['end']);
    expect(labels(completeSync('period', 'rt', 2))).toStrictEqual([]);
  });

  it('offers "=" after a period key and "," after a timestamp', () => {
    expect(completeSync('period', 'start ', 6).suggestions).toStrictEqual([
      { label: '=', insert: '=', type: 'punctuation', from: 6, to: 6 },
    ]);
    expect(completeSync('period', 'start=1 ', 8).suggestions).toStrictEqual([
      { label: ',', insert: ',', type: 'punctuation', from: 8, to: 8 },
    ]);
  });

  it('offers 24 hours and 7 days ago for the start', () => {
    expect(completeSync('period', 'start=', 6, { now }).suggestions).toStrictEqual([
      {
        label: String(HOUR_START - 24 * 3600),
        insert: String(HOUR_START - 24 * 3600),
        type: 'number',
        detail: '24 hours ago',
        from: 6,
        to: 6,
      },
      {
        label: String(HOUR_START - 7 * 24 * 3600),
        insert: String(HOUR_START - 7 * 24 * 3600),
        type: 'number',
        detail: '7 days ago',
        from: 6,
        to: 6,
      },
    ]);
  });

  it('offers the end and the start of this hour for the end', () => {
    expect(completeSync('period', 'start=1,end=', 12, { now }).suggestions).toStrictEqual([
      {
        label: String(HOUR_START + 3600),
        insert: String(HOUR_START + 3600),
        type: 'number',
        detail: 'the end of this hour',
        from: 12,
        to: 12,
      },
      {
        label: String(HOUR_START),
        insert: String(HOUR_START),
        type: 'number',
        detail: 'the start of this hour',
        from: 12,
        to: 12,
      },
    ]);
  });

  it('offers only timestamps starting with the typed digits', () => {
    const weekAgo = String(HOUR_START - 7 * 24 * 3600);
    const dayAgo = String(HOUR_START - 24 * 3600);
    // The two differ within their first six digits, so a six-digit prefix picks one.
    expect(weekAgo.slice(0, 6)).not.toBe(dayAgo.slice(0, 6));
    const typed = `start=${weekAgo.slice(0, 6)}`;
    expect(labels(completeSync('period', typed, typed.length, { now }))).toStrictEqual([weekAgo]);
    expect(labels(completeSync('period', 'start=9', 7, { now }))).toStrictEqual([]);
  });

  it('describes a dimension from the dimension list, not the metric list', () => {
    expect(describeName('dimension', 'Country')).toStrictEqual(
      completeSync('filter', '[countr', 7).suggestions[0] && {
        name: 'country',
        description: completeSync('filter', '[countr', 7).suggestions[0]!.description,
      },
    );
    expect(describeName('metric', 'country')).toBe(undefined);
  });
});
