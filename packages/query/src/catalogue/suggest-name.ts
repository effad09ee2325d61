// Did-you-mean suggestions for misspelled names: the closest candidate by optimal-string-alignment
// (Damerau-Levenshtein with adjacent transpositions), compared case-insensitively, within a
// distance that grows with the length of the name so short names do not match everything.

/**
 * The candidate closest to `name`, or `undefined` when none is close enough to be a likely typo.
 *
 * @example
 * suggestName('bufferingration', METRIC_NAMES); // 'bufferingratio'
 * suggestName('oderby', ['orderby', 'order']); // 'orderby'
 * suggestName('xyz', ['latency']); // undefined
 */
export function suggestName(name: string, candidates: readonly string[]): string | undefined {
  const needle = String(name).toLowerCase();
  const maxDistance = needle.length <= 3 ? 1 : needle.length <= 6 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    if (lower === needle) return candidate;
    if (Math.abs(lower.length - needle.length) > maxDistance) continue;
    const d = editDistance(needle, lower);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return bestDistance <= maxDistance ? best : undefined;
}

/**
 * Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
 * adjacent characters each cost 1.
 *
 * @example
 * editDistance('oderby', 'orderby'); // 1
 * editDistance('lantecy', 'latency'); // 1
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1]!;
}

/**
 * The one wording of an unknown name and its did-you-mean, used by validation and printed as is
 * by the CLI: `Unknown metric "x"; did you mean "y"?`, or the list of names when none is close.
 *
 * @example
 * unknownNameMessage('metric', 'latncy', ['latency', 'errors']);
 * // { message: 'Unknown metric "latncy"; did you mean "latency"?', hint: 'latency' }
 */
export function unknownNameMessage(
  kind: string,
  name: string,
  candidates: readonly string[],
): { readonly message: string; readonly hint: string | undefined } {
  const hint = suggestName(name, candidates);
  const tail = hint === undefined ? `; expected one of ${candidates.join(', ')}.` : didYouMean(hint);
  return { message: `Unknown ${kind} "${name}"${tail}`, hint };
}

/**
 * The did-you-mean tail of a message: `; did you mean "x"?`, or `.` without a suggestion.
 *
 * @example
 * didYouMean('orderby'); // '; did you mean "orderby"?'
 */
export function didYouMean(hint: string | undefined): string {
  return hint === undefined ? '.' : `; did you mean "${hint}"?`;
}
