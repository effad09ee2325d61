// Arbitrary text biased towards the characters the grammars care about, for never-throw checks.

import fc from 'fast-check';
import { mutationCharacter } from './filter';

/**
 * Any string, mostly made of characters that mean something to one of the grammars, so that
 * random text reaches deep into the parsers rather than failing at the first character.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(grammarNoise(), (s) => { parseFilter(s); parseQoeFilter(s); parsePeriod(s); }));
 * ```
 */
export function grammarNoise(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: mutationCharacter(), maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ maxLength: 40 }),
  );
}
