// Partial ordering for a page: the n first items of a total order without sorting all of them
// (quickselect, Hoare's partition), so that the evaluator orders only the records up to the page's
// end while counting all of them.

/**
 * Reorders `items` in place so that its first `n` items are the `n` smallest by `compare` (a total
 * order), in no particular order; the rest follow.
 *
 * @example
 * ```ts
 * const xs = [5, 1, 4, 2, 3];
 * selectSmallest(xs, 2, (a, b) => a - b);
 * xs.slice(0, 2).sort(); // [1, 2]
 * ```
 */
export function selectSmallest<T>(items: T[], n: number, compare: (a: T, b: T) => number): void {
  const k = n - 1;
  let lo = 0;
  let hi = items.length - 1;
  while (k >= lo && k < hi) {
    const pivot = items[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (compare(items[i]!, pivot) < 0) i++;
      while (compare(items[j]!, pivot) > 0) j--;
      if (i <= j) {
        const t = items[i]!;
        items[i] = items[j]!;
        items[j] = t;
        i++;
        j--;
      }
    }
    // [lo, j] are at most the pivot, [i, hi] at least it, and anything between equals it.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * `selectSmallest` for numbers in a typed array, compared as numbers (no NaN): its first `n`
 * items become the `n` smallest, in no particular order.
 *
 * @example
 * ```ts
 * const xs = Float64Array.of(5, 1, 4, 2, 3);
 * selectSmallestNumbers(xs, 2);
 * xs.subarray(0, 2).sort(); // Float64Array [1, 2]
 * ```
 */
export function selectSmallestNumbers(items: Float64Array, n: number): void {
  const k = n - 1;
  let lo = 0;
  let hi = items.length - 1;
  while (k >= lo && k < hi) {
    const pivot = items[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (items[i]! < pivot) i++;
      while (items[j]! > pivot) j--;
      if (i <= j) {
        const t = items[i]!;
        items[i] = items[j]!;
        items[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}
