// Canonical filter text: clauses in order, lower-case dimensions, values quoted only when they
// hold a reserved character, so every filter the plain grammar can express prints as the
// specification writes it.

import type { FilterAst } from '../ast';
import { isControl, isIdentifier, isPairedSurrogate } from '../text';

// Reserved characters, control characters and surrogates (paired ones are fine, but need a look).
const SPECIAL = /[[\]|"\\\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;

/**
 * The text of one filter value: verbatim when the plain grammar can hold it, otherwise in double
 * quotes with `"` and `\` escaped. Throws a `RangeError` for an empty value or one containing a
 * control character or an unpaired surrogate, which no filter can express.
 *
 * @example
 * ```ts
 * serializeFilterValue('United States'); // 'United States'
 * serializeFilterValue('a|b');           // '"a|b"'
 * serializeFilterValue('say "hi"');      // '"say \\"hi\\""'
 * ```
 */
export function serializeFilterValue(value: string): string {
  const n = value.length;
  if (n === 0) throw new RangeError('@playq/grammar: a filter value cannot be empty');
  // Most values hold nothing special; one native regex test is much cheaper than the loop below.
  if (!SPECIAL.test(value)) return value;
  let quote = false;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c === 91 || c === 93 || c === 124 || c === 34 || c === 92) quote = true;
    else if (isControl(c) || (c >= 0xd800 && c <= 0xdfff && !isPairedSurrogate(value, i))) {
      throw new RangeError(
        `@playq/grammar: the filter value ${JSON.stringify(value)} contains U+${c.toString(16).padStart(4, '0').toUpperCase()}, which no filter can express`,
      );
    }
  }
  return quote ? '"' + value.replace(/["\\]/g, '\\$&') + '"' : value;
}

/**
 * Print a filter AST as canonical text. Throws a `RangeError` for an AST no filter text can
 * express (no clauses, a clause without values, a dimension that is not an identifier).
 *
 * @example
 * ```ts
 * serializeFilter({
 *   type: 'filter',
 *   clauses: [{ type: 'clause', dimension: 'country', values: ['US', 'FR'] }],
 * }); // '[country=US|FR]'
 * ```
 */
export function serializeFilter(ast: FilterAst): string {
  const clauses = ast.clauses;
  if (clauses.length === 0) throw new RangeError('@playq/grammar: a filter needs at least one clause');
  let out = '';
  for (let k = 0; k < clauses.length; k++) {
    const clause = clauses[k]!;
    const dimension = clause.dimension;
    if (!isIdentifier(dimension)) {
      throw new RangeError(`@playq/grammar: the dimension ${JSON.stringify(dimension)} is not an identifier`);
    }
    const values = clause.values;
    if (values.length === 0) {
      throw new RangeError(`@playq/grammar: the clause on '${dimension}' has no values`);
    }
    out += '[' + dimension.toLowerCase() + '=' + serializeFilterValue(values[0]!);
    for (let v = 1; v < values.length; v++) out += '|' + serializeFilterValue(values[v]!);
    out += ']';
  }
  return out;
}
