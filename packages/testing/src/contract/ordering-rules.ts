// Pure rules over the order of records: numbers compare numerically; strings by code point, which
// is what the reference's DuckDB does, with a locale-aware order accepted as a design difference.
import { describe } from './shape-rules';
import type { Finding } from './types';

/** Code-point order, matching byte-wise UTF-8 collation. */
export function compareCodePoints(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const d = left[i]!.codePointAt(0)! - right[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return left.length - right.length;
}

/**
 * Check that records are sorted by `field` in `order`.
 *
 * @example
 * orderFindings([{ viewercount: 3 }, { viewercount: 1 }], 'viewercount', 'desc'); // => []
 */
export function orderFindings(
  records: readonly Record<string, unknown>[],
  field: string,
  order: 'asc' | 'desc',
): Finding[] {
  const sign = order === 'asc' ? 1 : -1;
  let localeOnly = false;
  for (let i = 1; i < records.length; i++) {
    const a = records[i - 1]![field];
    const b = records[i]![field];
    if (typeof a === 'number' && typeof b === 'number') {
      if (sign * (b - a) < 0) {
        return [
          {
            basis: 'spec',
            message: `order=${order} by ${field}: record ${i - 1} has ${a}, record ${i} has ${b}`,
          },
        ];
      }
    } else if (typeof a === 'string' && typeof b === 'string') {
      if (sign * compareCodePoints(b, a) < 0) {
        if (sign * b.localeCompare(a) < 0) {
          return [
            {
              basis: 'spec',
              message: `order=${order} by ${field}: ${describe(a)} comes before ${describe(b)}`,
            },
          ];
        }
        localeOnly = true;
      }
    } else {
      return [{ basis: 'spec', message: `records ${i - 1} and ${i} have incomparable ${field} values` }];
    }
  }
  return localeOnly
    ? [{ basis: 'design', message: `strings under ${field} follow a locale collation, not code-point order` }]
    : [];
}
