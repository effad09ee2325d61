// Parsing must stay linear in the input's length: the reference service parses untrusted filters
// synchronously, so a quadratic path lets one request stall every other. Measured as a ratio in
// the same run, so that a slow or busy machine does not matter: one input of 50,000 items against
// ten distinct inputs of 5,000 (the same number of items and bytes, so caches favour neither).
// Linear work gives a ratio near 1 (under 2 with the whole suite running); the quadratic code this
// replaced gave 4 to 11.

import { describe, expect, it } from 'vitest';
import { parseFilter, parseQoeFilter } from '../src/index';

const SMALL = 5_000;
const LARGE = 50_000;
const MAX_RATIO = 3;

// The fastest of several rounds, small and large interleaved, so that other work on the machine
// (the rest of the suite runs in parallel) and garbage collection inflate neither side alone.
function ratio(make: (n: number, salt: number) => string, parse: (s: string) => { ok: boolean }): number {
  const smalls = Array.from({ length: LARGE / SMALL }, (_, k) => make(SMALL, k));
  const large = make(LARGE, 0);
  parse(large); // warm up
  let bestSmall = Number.POSITIVE_INFINITY;
  let bestLarge = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    let t = performance.now();
    for (const small of smalls) parse(small);
    bestSmall = Math.min(bestSmall, performance.now() - t);
    t = performance.now();
    parse(large);
    bestLarge = Math.min(bestLarge, performance.now() - t);
  }
  return bestLarge / bestSmall;
}

const repeat = (n: number, f: (i: number) => string, sep: string) =>
  Array.from({ length: n }, (_, i) => f(i)).join(sep);

describe('parsing time is linear in the input length', () => {
  const cases: [string, (n: number, salt: number) => string, (s: string) => { ok: boolean }][] = [
    [
      'one clause of repeated alternatives (a warning each)',
      (n, salt) => `[country=${repeat(n, () => `US${salt}`, '|')}]`,
      parseFilter,
    ],
    [
      'one clause of distinct alternatives',
      (n, salt) => `[country=${repeat(n, (i) => `v${salt}_${i}`, '|')}]`,
      parseFilter,
    ],
    ['many clauses', (n, salt) => repeat(n, (i) => `[country=v${salt}_${i}]`, ''), parseFilter],
    [
      'an unterminated clause of alternatives',
      (n, salt) => `[country=${repeat(n, (i) => `v${salt}_${i}`, '|')}|`,
      parseFilter,
    ],
    [
      'many qoefilter conditions',
      (n, salt) => repeat(n, (i) => `bufferingratio>${salt}${i}`, ' AND '),
      parseQoeFilter,
    ],
    [
      'many qoefilter conditions ending in an error',
      (n, salt) => `${repeat(n, (i) => `latency<${salt}${i}`, ' and ')} AND x`,
      parseQoeFilter,
    ],
  ];
  it.each(cases)('%s', (_name, make, parse) => {
    expect(ratio(make, parse)).toBeLessThan(MAX_RATIO);
  });

  it('warns about the first 100 repeated values of a long clause, then once for the rest', () => {
    const r = parseFilter(`[country=${repeat(LARGE, () => 'US', '|')}]`);
    if (!r.ok) throw new Error('expected the filter to parse');
    expect(r.value.clauses[0]!.values).toEqual(['US']);
    expect(r.warnings).toHaveLength(101);
    expect(r.warnings[99]).toMatchObject({ code: 'duplicate_value', line: 1, column: 9 + 3 * 100 + 1 });
    expect(r.warnings[100]).toMatchObject({
      code: 'duplicate_value',
      severity: 'warning',
      column: 9 + 3 * 101 + 1,
      message: `${LARGE - 1 - 100} more repeated values from here on are ignored too (only the first 100 get a warning each)`,
    });
  });
});
