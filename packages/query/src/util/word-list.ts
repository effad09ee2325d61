// Lists of words in sentences ("metricquery or session", "a, b and c"), so that a message naming
// every member of an owned list (the endpoints, a parameter's values) follows the list as it grows.

function join(words: readonly string[], conjunction: string): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/**
 * The words joined with commas and a final "or".
 *
 * @example
 * orList(['ended', 'started']); // 'ended or started'
 * orList(['a', 'b', 'c']); // 'a, b or c'
 * @internal
 */
export function orList(words: readonly string[]): string {
  return join(words, 'or');
}

/**
 * The words joined with commas and a final "and".
 *
 * @example
 * andList(['metricquery', 'session']); // 'metricquery and session'
 * @internal
 */
export function andList(words: readonly string[]): string {
  return join(words, 'and');
}
