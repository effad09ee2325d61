// Arbitraries for the filter language: ASTs that satisfy every AST invariant, valid texts in
// canonical and non-canonical spellings, and malformed texts made by mutating valid ones.

import fc from 'fast-check';
import type { FilterAst, FilterClause } from '../ast';
import { parseFilter } from '../filter/parse';
import { serializeFilterValue } from '../filter/serialize';
import { anyCase, checkMax, concat, gap, nameFrom } from './shared';

/** Limits for the filter arbitraries. */
export interface FilterConstraints {
  /** Restrict dimension names to these identifiers (for example the query catalogue). */
  readonly dimensions?: readonly string[];
  /** At most this many clauses (default 4). */
  readonly maxClauses?: number;
  /** At most this many values per clause (default 4). */
  readonly maxValues?: number;
}

const SAMPLES = [
  'US',
  'FR',
  'web',
  'United States',
  'Côte d’Ivoire',
  '日本',
  '🇫🇷',
  'a|b',
  '[x]',
  'say "hi"',
  'back\\slash',
  ' padded ',
  'a=b',
  '"',
  '\\',
  '|',
];

const asciiUnit = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const reservedUnit = fc.constantFrom('[', ']', '|', '"', '\\', ' ', '=');
const unicodeUnit = fc
  .integer({ min: 0xa0, max: 0x10ffff })
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCodePoint(c));

/**
 * A filter value: any non-empty text without control characters or unpaired surrogates, biased
 * towards spaces, unicode and the reserved characters that need quoting.
 *
 * @example
 * ```ts
 * fc.sample(filterValue(), 3); // e.g. ['United States', 'a|b', 'Ω x']
 * ```
 */
export function filterValue(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...SAMPLES) },
    {
      weight: 3,
      arbitrary: fc.string({
        unit: fc.oneof(
          { weight: 4, arbitrary: asciiUnit },
          { weight: 2, arbitrary: reservedUnit },
          unicodeUnit,
        ),
        minLength: 1,
        maxLength: 12,
      }),
    },
  );
}

/**
 * A filter AST: 1..maxClauses clauses, each with 1..maxValues distinct values and a lower-case
 * identifier dimension (from `dimensions` when given).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(filterAst({ dimensions: ['country', 'platform'] }), (ast) =>
 *   expect(parseFilter(serializeFilter(ast))).toMatchObject({ ok: true, value: ast })));
 * ```
 */
export function filterAst(constraints: FilterConstraints = {}): fc.Arbitrary<FilterAst> {
  const maxClauses = checkMax(constraints.maxClauses, 4, 'maxClauses');
  const maxValues = checkMax(constraints.maxValues, 4, 'maxValues');
  const clause: fc.Arbitrary<FilterClause> = fc.record({
    type: fc.constant('clause' as const),
    dimension: nameFrom(constraints.dimensions, 'dimensions'),
    values: fc.uniqueArray(filterValue(), { minLength: 1, maxLength: maxValues }),
  });
  return fc.record({
    type: fc.constant('filter' as const),
    clauses: fc.array(clause, { minLength: 1, maxLength: maxClauses }),
  });
}

/**
 * A valid filter text together with the AST it must parse to. Spellings vary: whitespace between
 * clauses, mixed-case dimensions, quotes around values that do not need them.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(filterSpelling(), ({ text, ast }) =>
 *   expect(parseFilter(text)).toMatchObject({ ok: true, value: ast })));
 * ```
 */
export function filterSpelling(
  constraints: FilterConstraints = {},
): fc.Arbitrary<{ text: string; ast: FilterAst }> {
  return filterAst(constraints).chain((ast) => {
    const parts: fc.Arbitrary<string>[] = [gap()];
    for (const clause of ast.clauses) {
      const values = clause.values.map((v) =>
        fc
          .boolean()
          .map((quote) => (quote ? '"' + v.replace(/["\\]/g, '\\$&') + '"' : serializeFilterValue(v))),
      );
      const joined = fc.tuple(...values).map((vs) => vs.join('|'));
      parts.push(
        concat([fc.constant('['), anyCase(clause.dimension), fc.constant('='), joined, fc.constant(']')]),
        gap(),
      );
    }
    return concat(parts).map((text) => ({ text, ast }));
  });
}

/**
 * A valid filter text, canonical or not.
 *
 * @example
 * ```ts
 * fc.sample(filterText({ maxClauses: 2 }), 1); // e.g. [' [CounTry="US"|FR]\n[player=a b]']
 * ```
 */
export function filterText(constraints: FilterConstraints = {}): fc.Arbitrary<string> {
  return filterSpelling(constraints).map((s) => s.text);
}

/**
 * The characters a mutation inserts or substitutes, weighted towards those with a meaning in one
 * of the grammars, plus control characters and unpaired surrogates.
 *
 * @example
 * ```ts
 * fc.sample(mutationCharacter(), 5); // e.g. ['|', 'E', '\u0007', '[', 'q']
 * ```
 */
export function mutationCharacter(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...'[]|="\\ ,<>!=-.eE0aAND\n\t') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('\u0000', '\u0007', '\u007f', '\u0085', '\ud800', '\udc00', 'é', '🇫🇷'),
    },
    { weight: 2, arbitrary: asciiUnit },
  );
}

/**
 * Apply 1..3 random edits (insert, delete, replace a character, truncate) to texts from `source`.
 * The result may or may not still be valid.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(mutatedText(filterText()), (s) => { parseFilter(s); }));
 * ```
 */
export function mutatedText(source: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edit = fc.tuple(
    fc.constantFrom('insert', 'delete', 'replace', 'truncate'),
    fc.nat(),
    mutationCharacter(),
  );
  return fc.tuple(source, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([text, edits]) => {
    let s = text;
    for (const [kind, at, ch] of edits) {
      const i = s.length === 0 ? 0 : at % (s.length + (kind === 'insert' ? 1 : 0));
      if (kind === 'insert') s = s.slice(0, i) + ch + s.slice(i);
      else if (kind === 'delete') s = s.slice(0, i) + s.slice(i + 1);
      else if (kind === 'replace') s = s.slice(0, i) + ch + s.slice(i + 1);
      else s = s.slice(0, i);
    }
    return s;
  });
}

/**
 * A filter text that does not parse, made by mutating a valid one (so it is malformed in
 * realistic, near-miss ways).
 *
 * @example
 * ```ts
 * fc.assert(fc.property(malformedFilterText(), (s) => { expect(parseFilter(s).ok).toBe(false); }));
 * ```
 */
export function malformedFilterText(constraints: FilterConstraints = {}): fc.Arbitrary<string> {
  return mutatedText(filterText(constraints)).filter((s) => !parseFilter(s).ok);
}
