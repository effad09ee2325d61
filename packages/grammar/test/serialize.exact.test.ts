// The serializers' refusals, with their exact messages: an AST no text can express is a bug in the
// caller, and the message must say which rule it broke.
import { describe, expect, it } from 'vitest';
import { serializeQoeFilter } from '../src/index';

describe('serializeQoeFilter refusals', () => {
  it('says that a qoefilter needs a condition', () => {
    expect(() => serializeQoeFilter({ type: 'qoefilter', conditions: [] })).toThrow(
      new RangeError('@playq/grammar: a qoefilter needs at least one condition'),
    );
  });
});
