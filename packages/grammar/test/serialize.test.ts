// The serializers' refusals, with their exact messages: an AST no text can express is a bug in the
// caller, and the message must say which rule it broke.
import { describe, expect, it } from 'vitest';
import { serializeFilter, serializeFilterValue, serializeQoeFilter } from '../src/index';

describe('serializeQoeFilter refusals', () => {
  it('says that a qoefilter needs a condition', () => {
    expect(() => serializeQoeFilter({ type: 'qoefilter', conditions: [] })).toThrow(
      new RangeError('@playq/grammar: a qoefilter needs at least one condition'),
    );
  });
});

describe('filter serialization', () => {
  it('refuses a lone U+DFFF and an empty clause list with exact messages', () => {
    expect(() => serializeFilterValue('\udfff')).toThrow(
      new RangeError(
        '@playq/grammar: the filter value "\\udfff" contains U+DFFF, which no filter can express',
      ),
    );
    expect(() => serializeFilter({ type: 'filter', clauses: [] })).toThrow(
      new RangeError('@playq/grammar: a filter needs at least one clause'),
    );
  });
});
