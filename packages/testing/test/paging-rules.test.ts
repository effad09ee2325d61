// The paging rules checked exactly: each finding's basis and wording, the `complete` option, the
// cap on duplicate findings, and when the order of the pages is judged at all.
import { describe, expect, it } from 'vitest';
import { pageTotalsFindings, tilingFindings } from '../src/contract/paging-rules';
import { page } from './support/fetched-page';

const records = (keys: string[]) => keys.map((k) => ({ k }));
const key = (r: Record<string, unknown>) => String(r.k);

describe('pageTotalsFindings', () => {
  it('names the field, both values and both offsets when a later page disagrees', () => {
    expect(pageTotalsFindings([page(0, ['a', 'b']), page(2, ['c', 'd'], 6)])).toStrictEqual([
      { basis: 'spec', message: 'totalrecords is 6 at offset=2 but 5 at offset=0' },
    ]);
  });
});

describe('tilingFindings', () => {
  const tiling = [page(0, ['a', 'b']), page(2, ['c', 'd']), page(4, ['e'])];

  it('by default a single-request result of another size than totalrecords is a failure naming both', () => {
    expect(tilingFindings(tiling, records(['a', 'b', 'c', 'd']), key)).toStrictEqual([
      {
        basis: 'spec',
        message: 'the single-request result holds 4 records but the pages report totalrecords=5',
      },
    ]);
  });

  it('with complete: false a prefix is enough, and records past its end are not judged for order', () => {
    expect(tilingFindings(tiling, records(['a', 'b', 'c', 'd']), key, { complete: false })).toStrictEqual([]);
    expect(tilingFindings(tiling, records(['a', 'b']), key, { complete: false })).toStrictEqual([]);
  });

  it('reports at most five duplicated records', () => {
    const keys = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const twice = [page(0, keys, 7, 7), page(7, keys, 7, 7)];
    expect(tilingFindings(twice, records(keys), key)).toStrictEqual(
      ['a', 'b', 'c', 'd', 'e'].map((k) => ({
        basis: 'spec',
        message: `record "${k}" appears on the page at offset=0 and again at offset=7`,
      })),
    );
  });

  it('a different order is a design finding naming the first position that differs', () => {
    const swapped = [page(0, ['b', 'a']), page(2, ['c', 'd']), page(4, ['e'])];
    expect(tilingFindings(swapped, records(['a', 'b', 'c', 'd', 'e']), key)).toStrictEqual([
      { basis: 'design', message: 'the pages hold "b" at position 0, the single request "a"' },
    ]);
  });

  it('judges the order only when the pages otherwise tile the result', () => {
    const swapped = [page(0, ['b', 'a'], 6), page(2, ['c', 'd'], 6), page(4, ['e'], 6)];
    expect(tilingFindings(swapped, records(['a', 'b', 'c', 'd', 'e']), key)).toStrictEqual([
      {
        basis: 'spec',
        message: 'the single-request result holds 5 records but the pages report totalrecords=6',
      },
    ]);
  });
});
