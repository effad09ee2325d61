// Canonical qoefilter text: `metric<op>number`, joined by ` AND `, numbers in their shortest form.

import type { QoeFilterAst } from '../ast';
import { formatNumber, isIdentifier } from '../text';
import { COMPARISON_OPERATORS } from './operators';

const OPERATORS = new Set<string>(COMPARISON_OPERATORS);

/**
 * Print a qoefilter AST as canonical text. Throws a `RangeError` for an AST no qoefilter text can
 * express (no conditions, a metric that is not an identifier, an unknown operator, a non-finite
 * number).
 *
 * @example
 * ```ts
 * serializeQoeFilter({
 *   type: 'qoefilter',
 *   conditions: [
 *     { type: 'condition', metric: 'bufferingratio', operator: '>', value: 5 },
 *     { type: 'condition', metric: 'latency', operator: '<=', value: 2.5 },
 *   ],
 * }); // 'bufferingratio>5 AND latency<=2.5'
 * ```
 */
export function serializeQoeFilter(ast: QoeFilterAst): string {
  const conditions = ast.conditions;
  if (conditions.length === 0)
    throw new RangeError('@playq/grammar: a qoefilter needs at least one condition');
  let out = '';
  for (let k = 0; k < conditions.length; k++) {
    const c = conditions[k]!;
    if (!isIdentifier(c.metric)) {
      throw new RangeError(`@playq/grammar: the metric ${JSON.stringify(c.metric)} is not an identifier`);
    }
    if (!OPERATORS.has(c.operator)) {
      throw new RangeError(`@playq/grammar: ${JSON.stringify(c.operator)} is not a comparison operator`);
    }
    if (k > 0) out += ' AND ';
    out += c.metric.toLowerCase() + c.operator + formatNumber(c.value);
  }
  return out;
}
