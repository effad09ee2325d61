// Building blocks shared by the language arbitraries: identifiers, spelling variations (case,
// whitespace) and constraint checks.

import fc from 'fast-check';
import { isIdentifier } from '../text';

/** @internal A lower-case identifier, the canonical shape of dimension and metric names. */
export function identifier(): fc.Arbitrary<string> {
  const first = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_');
  const rest = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'),
    maxLength: 11,
  });
  return fc.tuple(first, rest).map(([a, b]) => a + b);
}

/** @internal A name from `names`, checked to be identifiers, or any identifier when absent. */
export function nameFrom(names: readonly string[] | undefined, what: string): fc.Arbitrary<string> {
  if (names === undefined) return identifier();
  if (names.length === 0) throw new RangeError(`@playq/grammar/arbitraries: ${what} must not be empty`);
  for (const n of names) {
    if (!isIdentifier(n)) {
      throw new RangeError(
        `@playq/grammar/arbitraries: ${what} contains ${JSON.stringify(n)}, which is not an identifier`,
      );
    }
  }
  return fc.constantFrom(...names.map((n) => n.toLowerCase()));
}

/** @internal */
export function checkMax(value: number | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(
      `@playq/grammar/arbitraries: ${what} must be an integer of at least 1, got ${value}`,
    );
  }
  return value;
}

/** @internal The same word with the case of each letter chosen at random. */
export function anyCase(word: string): fc.Arbitrary<string> {
  return fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));
}

/** @internal Whitespace that the grammars ignore between tokens, often empty. */
export function gap(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    {
      weight: 2,
      arbitrary: fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r\n'), minLength: 1, maxLength: 3 }),
    },
  );
}

/** @internal Like {@link gap} but never empty, where tokens would otherwise run together. */
export function separator(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(' ') },
    {
      weight: 1,
      arbitrary: fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r\n'), minLength: 1, maxLength: 3 }),
    },
  );
}

/** @internal Concatenate an array of string arbitraries. */
export function concat(parts: readonly fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  return fc.tuple(...parts).map((xs) => xs.join(''));
}
