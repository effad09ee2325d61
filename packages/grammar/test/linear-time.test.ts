// Parsing must stay linear in the input's length: the reference service parses untrusted filters
// synchronously, so a quadratic path lets one request stall every other. Measured as a ratio
// between 50,000 and 5,000 items in the same run, so that a slow or busy machine does not matter:
// linear work gives about 10, quadratic work about 100.

import { describe, expect, it } from 'vitest';
import { parseFilter, parseQoeFilter } from '../src/index';

const SMALL = 5_000;
const LARGE = 50_000;
// Ten times the items: a linear parse takes ten times as long, give or take garbage collection
// and cache effects; a quadratic one a hundred times.
const MAX_RATIO = 30;

function fastest(parse: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 5; k++) {
    const t = performance.now();
    parse();
    best = Math.min(best, performance.now() - t);
  }
  // A floor so that a sub-millisecond small case cannot make the ratio meaningless.
  return Math.max(best, 0.5);
}

function ratio(make: (n: number) => string, parse: (s: string) => { ok: boolean }): number {
  const small = make(SMALL);
  const large = make(LARGE);
  expect(parse(small).ok).toBeDefined();
  fastest(() => parse(large)); // warm up
  return fastest(() => parse(large)) / fastest(() => parse(small));
}

const repeat = (n: number, f: (i: number) => string, sep: string) =>
  Array.from({ length: n }, (_, i) => f(i)).join(sep);

describe('parsing time is linear in the input length', () => {
  const cases: [string, (n: number) => string, (s: string) => { ok: boolean }][] = [
    [
      'one clause of repeated alternatives (a warning each)',
      (n) => `[country=${repeat(n, () => 'US', '|')}]`,
      parseFilter,
    ],
    [
      'one clause of distinct alternatives',
      (n) => `[country=${repeat(n, (i) => `v${i}`, '|')}]`,
      parseFilter,
    ],
    ['many clauses', (n) => repeat(n, (i) => `[country=v${i}]`, ''), parseFilter],
    [
      'an unterminated clause of alternatives',
      (n) => `[country=${repeat(n, (i) => `v${i}`, '|')}|`,
      parseFilter,
    ],
    ['many qoefilter conditions', (n) => repeat(n, (i) => `bufferingratio>${i}`, ' AND '), parseQoeFilter],
    [
      'many qoefilter conditions ending in an error',
      (n) => `${repeat(n, (i) => `latency<${i}`, ' and ')} AND x`,
      parseQoeFilter,
    ],
  ];
  it.each(cases)('%s', (_name, make, parse) => {
    expect(ratio(make, parse)).toBeLessThan(MAX_RATIO);
  });

  it('reports every repeated value of a long clause, positioned', () => {
    const r = parseFilter(`[country=${repeat(LARGE, () => 'US', '|')}]`);
    expect(r.ok).toBe(true);
    expect(r.warnings).toHaveLength(LARGE - 1);
    expect(r.warnings.at(-1)).toMatchObject({
      code: 'duplicate_value',
      line: 1,
      column: 9 + 3 * (LARGE - 1) + 1,
    });
  });
});
