// The evaluator's record order (src/small/order.ts) against a plain sort: by first key in its
// direction, then by tie, up to the page's end, on every path (one packed number per record, the
// key and tie compared, ties compared without tie keys); and the groups' tie keys (groups.ts),
// whose order is the codes' (null first), then the bucket's, with dense keys and without.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { GroupIndex } from '../src/small/groups';
import { orderRecords, type RecordOrder } from '../src/small/order';
import type { SmallPlan } from '../src/small/plan';
import type { SmallTables } from '../src/small/tables';

/** What the order means: a plain sort by (first key in its direction, tie), then the first `need`. */
function expected(
  records: readonly number[],
  key: Float64Array,
  desc: boolean,
  tie: readonly number[],
  need: number,
) {
  const dir = desc ? -1 : 1;
  return [...records]
    .sort((a, b) => (key[a] !== key[b] ? (key[a]! < key[b]! ? -dir : dir) : tie[a]! - tie[b]!))
    .slice(0, need);
}

/** A first key per record: small integers with many ties (-1 a null code), any doubles, or integers too far apart to pack. */
const keys = (n: number) =>
  fc.oneof(
    fc.array(fc.integer({ min: -1, max: 4 }), { minLength: n, maxLength: n }),
    fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: n, maxLength: n }),
    fc.array(fc.constantFrom(-(2 ** 51), 0, 1, 2 ** 51), { minLength: n, maxLength: n }),
  );

const cases = fc.integer({ min: 0, max: 80 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    key: keys(n),
    // Distinct ties: a permutation of 0..n-1 spread over a space of n × spread.
    tie: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
    spread: fc.constantFrom(1, 3, 1000),
    records: fc.shuffledSubarray([...Array(n).keys()]),
    desc: fc.boolean(),
    need: fc.oneof(fc.integer({ min: 0, max: 90 }), fc.constant(Number.POSITIVE_INFINITY)),
    tieKeys: fc.boolean(),
  }),
);

describe('orderRecords', () => {
  test.prop([cases], { numRuns: 400 })(
    'gives the first records of a plain sort by first key, then tie, on every path',
    ({ n, key, tie, spread, records, desc, need, tieKeys }) => {
      const ties = tie.map((t) => t * spread);
      const order: RecordOrder = {
        key: Float64Array.from(key),
        desc,
        tie: tieKeys ? { keys: Float64Array.from(ties), space: Math.max(1, n * spread) } : undefined,
        compareTies: (a, b) => ties[a]! - ties[b]!,
      };
      const got = [...orderRecords(Int32Array.from(records), order, need)];
      expect(got).toStrictEqual(expected(records, order.key, desc, ties, need));
    },
  );

  const key = Float64Array.of(3, -1, 3, 7, -1, 0);
  const tie = [5, 4, 3, 2, 1, 0];
  const order = (desc: boolean, tieKeys: boolean): RecordOrder => ({
    key,
    desc,
    tie: tieKeys ? { keys: Float64Array.from(tie), space: 6 } : undefined,
    compareTies: (a, b) => tie[a]! - tie[b]!,
  });
  const all = Int32Array.of(0, 1, 2, 3, 4, 5);

  it.each([true, false])('puts a null code first ascending and last descending (tie keys: %s)', (tieKeys) => {
    expect([...orderRecords(all, order(false, tieKeys))]).toStrictEqual([4, 1, 5, 2, 0, 3]);
    expect([...orderRecords(all, order(true, tieKeys))]).toStrictEqual([3, 2, 0, 5, 4, 1]);
  });

  it.each([true, false])('orders equal first keys by tie, in either direction (tie keys: %s)', (tieKeys) => {
    const same = { ...order(true, tieKeys), key: new Float64Array(6) };
    expect([...orderRecords(all, same)]).toStrictEqual([5, 4, 3, 2, 1, 0]);
    expect([...orderRecords(all, { ...same, desc: false })]).toStrictEqual([5, 4, 3, 2, 1, 0]);
  });

  it('gives no record for a need of 0, every record for a need past them, and deeper pages as prefixes', () => {
    const many = Int32Array.from({ length: 5000 }, (_, i) => i);
    const big = Float64Array.from(many, (i) => (i * 7919) % 13);
    const ties = Array.from(many, (i) => (i * 104_729) % 5000);
    const o: RecordOrder = {
      key: big,
      desc: true,
      tie: { keys: Float64Array.from(ties), space: 5000 },
      compareTies: (a, b) => ties[a]! - ties[b]!,
    };
    const full = expected([...many], big, true, ties, 5000);
    expect(orderRecords(many, o, 0)).toHaveLength(0);
    expect([...orderRecords(many, o, 9000)]).toStrictEqual(full);
    // A page deep in the records (offset 3000, limit 100): the selection's head is the sort's.
    expect([...orderRecords(many, o, 3100)].slice(3000)).toStrictEqual(full.slice(3000, 3100));
    expect([...orderRecords(many, { ...o, tie: undefined }, 3100)].slice(3000)).toStrictEqual(
      full.slice(3000, 3100),
    );
  });
});

describe('GroupIndex.tieKeys', () => {
  const HOUR = 3600;
  const tables = (codes: Int32Array[], limit: number): SmallTables => {
    const top = new Int32Array(1).fill(limit - 1);
    return {
      errors: { codes: { country: top, platform: top } },
      sessions: { codes: { country: codes[0], platform: codes[1] } },
    } as unknown as SmallTables;
  };

  test.prop(
    [
      fc.constantFrom(5, 3000),
      fc.array(fc.tuple(fc.integer({ min: -1, max: 4 }), fc.integer({ min: -1, max: 4 }), fc.nat(47)), {
        minLength: 1,
        maxLength: 60,
      }),
    ],
    { numRuns: 100 },
  )('orders groups by their codes (null first), then their bucket, dense or not', (limit, rows) => {
    // 3000 codes per dimension make 9M keys: past the dense keys' space, grouped through a map.
    const country = Int32Array.from(rows, ([c]) => c);
    const platform = Int32Array.from(rows, ([, p]) => p);
    const times = Float64Array.from(rows, ([, , h]) => 10 * HOUR + h * HOUR + 17);
    const plan = {
      dims: ['country', 'platform'],
      bucket: HOUR,
      start: 10 * HOUR,
      end: 58 * HOUR,
    } as unknown as SmallPlan;
    const index = new GroupIndex(plan, tables([country, platform], limit));
    const groupOf = index.assign(
      Int32Array.from(rows, (_, i) => i),
      (d) => [country, platform][d]!,
      times,
      'population groups',
    );
    const groups = Int32Array.from({ length: index.size }, (_, k) => k);
    const tie = index.tieKeys(groups, 2 ** 52)!;
    expect(tie).toBeDefined();
    const byTie = [...groups].sort((a, b) => tie.keys[a]! - tie.keys[b]!);
    const tuple = (k: number) => [index.code(0, k), index.code(1, k), index.bucket(k)];
    const byCodes = [...groups].sort((a, b) => {
      const [x, y] = [tuple(a), tuple(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    });
    expect(byTie).toStrictEqual(byCodes);
    expect(new Set(tie.keys).size).toBe(index.size);
    for (const k of groups) expect(tie.keys[k]).toBeLessThan(tie.space);
    // Each row's group holds its codes and bucket.
    rows.forEach(([c, p, h], i) => {
      expect(tuple(groupOf[i]!)).toStrictEqual([c, p, 10 * HOUR + h * HOUR]);
    });
    expect(index.tieKeys(groups, tie.space - 1)).toBeUndefined();
  });
});
