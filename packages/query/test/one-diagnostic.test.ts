// One positioned diagnostic shape: `formatDiagnostic` of @playq/grammar takes what `checkText` and
// `validate` give, as they are, and renders the same caret as for the grammar's own diagnostic;
// a message is labelled with its parameter once.
import { fc, test } from '@fast-check/vitest';
import { type Diagnostic, formatDiagnostic, type PositionedProblem, parseFilter } from '@playq/grammar';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { checkText, labelledMessage, type QueryDiagnostic } from '../src/index';

describe('formatDiagnostic with a QueryDiagnostic', () => {
  it('is typed to take one, with no field filled in by hand', () => {
    expectTypeOf<QueryDiagnostic>().toMatchTypeOf<PositionedProblem>();
    expectTypeOf<Diagnostic>().toMatchTypeOf<PositionedProblem>();
  });

  it('points at the misspelt name and says the suggestion once', () => {
    const [d] = checkText('filter', '[contry=US]');
    expect(formatDiagnostic('[contry=US]', d!)).toBe(
      [
        'error[unknown_dimension]: filter: Unknown dimension "contry"; did you mean "country"?',
        ' --> filter, line 1, column 2',
        '  |',
        '1 | [contry=US]',
        '  |  ^^^^^^',
      ].join('\n'),
    );
  });

  it('draws the caret the grammar draws for the same text', () => {
    const text = '[country=US|FR';
    const grammar = parseFilter(text);
    const [d] = checkText('filter', text);
    const caret = (s: string) => s.split('\n').slice(-2).join('\n');
    expect(grammar.ok).toBe(false);
    if (!grammar.ok)
      expect(caret(formatDiagnostic(text, d!))).toBe(caret(formatDiagnostic(text, grammar.errors[0]!)));
  });

  it('marks the whole text of a problem without a position, line and column from the text', () => {
    const out = formatDiagnostic('abc', { code: 'x', message: 'm', severity: 'warning' });
    expect(out).toBe(['warning[x]: m', ' --> line 1, column 1', '  |', '1 | abc', '  | ^^^'].join('\n'));
  });

  test.prop([fc.string({ maxLength: 40 })])(
    'renders every checkText diagnostic of any filter text without throwing',
    (text) => {
      for (const d of checkText('filter', text)) {
        const out = formatDiagnostic(text, d);
        expect(out.startsWith(`${d.severity}[${d.code}]: ${d.message}`)).toBe(true);
        expect(out).toMatch(/\n {1,2}\| *\^+$/);
      }
    },
  );
});

describe('labelledMessage', () => {
  it('adds the parameter to a message that does not name it, once', () => {
    expect(labelledMessage({ param: 'metrics', message: 'Unknown metric "x".' })).toBe(
      'metrics: Unknown metric "x".',
    );
    expect(labelledMessage({ param: 'filter', message: 'filter: found end of input' })).toBe(
      'filter: found end of input',
    );
    expect(labelledMessage({ param: 'limit', message: 'limit must be at least 1.' })).toBe(
      'limit must be at least 1.',
    );
    expect(labelledMessage({ param: 'limit', message: 'limits: no' })).toBe('limit: limits: no');
    expect(labelledMessage({ message: 'no parameter' })).toBe('no parameter');
  });

  test.prop([fc.constantFrom('filter', 'metrics', 'limit', 'period'), fc.string()])(
    'is a fixed point: labelling a labelled message changes nothing',
    (param, message) => {
      const once = labelledMessage({ param, message });
      expect(labelledMessage({ param, message: once })).toBe(once);
    },
  );
});
