// A condition on a scaled integer column (a startup time in ms tested in seconds) compiled as a
// comparison of the column with integer bounds: for every integer and every value, each operator
// holds exactly when the double quotient's test holds (the boundaries are where doubles round), and
// DuckDB's quotient is the same double as JS's.
import { fc, test } from '@fast-check/vitest';
import type { ComparisonOperator } from '@playq/grammar';
import { describe, expect, it } from 'vitest';
import { generateDataset } from '../src/index';
import { QOE_TESTS } from '../src/sql/operators';
import { Params } from '../src/sql/params';
import { quotientBounds, scaledCondition } from '../src/sql/scaled-bound';

const OPS = Object.keys(QOE_TESTS) as ComparisonOperator[];

/** The bound test of `scaledCondition` evaluated in JS. */
function boundTest(op: ComparisonOperator, n: number, b: { atMost: number; atLeast: number }): boolean {
  switch (op) {
    case '>':
      return n > b.atMost;
    case '<=':
      return n <= b.atMost;
    case '>=':
      return n >= b.atLeast;
    case '<':
      return n < b.atLeast;
    case '=':
      return n >= b.atLeast && n <= b.atMost;
    case '!=':
      return n < b.atLeast || n > b.atMost;
  }
}

// The divisors of the scaled session values: startup (ms -> s), watch time (ms -> min), bytes (-> MB).
const DIVISORS = [1000, 60_000, 1_000_000] as const;

// Values where the quotient's rounding decides: k/divisor and its neighbouring doubles.
const near = (divisor: number) =>
  fc
    .tuple(fc.integer({ min: -100_000, max: 10_000_000 }), fc.constantFrom(-2, -1, 0, 1, 2))
    .map(([k, ulps]) => {
      let v = k / divisor;
      for (let i = 0; i < Math.abs(ulps); i++) v = nextDouble(v, Math.sign(ulps));
      return v;
    });

function nextDouble(v: number, dir: number): number {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, v);
  const bits = buf.getBigInt64(0);
  if (v === 0) return dir > 0 ? Number.MIN_VALUE : -Number.MIN_VALUE;
  buf.setBigInt64(0, bits + BigInt(v > 0 === dir > 0 ? 1 : -1));
  return buf.getFloat64(0);
}

describe('a condition on a scaled integer column', () => {
  test.prop(
    [
      fc
        .constantFrom(...DIVISORS)
        .chain((d) =>
          fc.tuple(fc.constant(d), fc.oneof(near(d), fc.double({ min: -1e6, max: 1e7, noNaN: true }))),
        ),
      fc.integer({ min: -50, max: 50 }),
    ],
    {
      numRuns: 3000,
    },
  )('holds for the same integers as the test of the quotient', ([divisor, value], offset) => {
    const bounds = quotientBounds(divisor, value);
    expect(bounds).toBeDefined();
    const centre = Math.round(value * divisor);
    for (const n of [
      centre + offset,
      centre - offset,
      bounds!.atMost,
      bounds!.atLeast,
      bounds!.atMost + 1,
      bounds!.atLeast - 1,
    ])
      for (const op of OPS)
        expect(boundTest(op, n, bounds!), `${n} ${op} ${value} (/${divisor})`).toBe(
          QOE_TESTS[op](n / divisor, value),
        );
  });

  it('binds integer bounds, and keeps the quotient for values beyond exact integers', () => {
    const params = new Params();
    expect(scaledCondition('startup_ms', 1000, '>', 2, params)).toBe('startup_ms > $1');
    expect(scaledCondition('startup_ms', 1000, '=', 1.5, params)).toBe(
      '(startup_ms >= $2 AND startup_ms <= $3)',
    );
    expect(params.list).toStrictEqual([
      { type: 'bigint', value: 2000 },
      { type: 'bigint', value: 1500 },
      { type: 'bigint', value: 1500 },
    ]);
    expect(scaledCondition('startup_ms', 1000, '<', 1e300, new Params())).toBeUndefined();
    expect(scaledCondition('startup_ms', 1000, '<', Number.POSITIVE_INFINITY, new Params())).toBeUndefined();
  });

  it("computes the same quotients as DuckDB's startup_ms / 1000.0::DOUBLE (and watch time, bytes)", async () => {
    const db = await generateDataset({ sessions: 3000, seed: 3, days: 1 });
    try {
      for (const [column, divisor] of [
        ['startup_ms', 1000],
        ['watch_ms', 60_000],
        ['bytes_downloaded', 1_000_000],
      ] as const) {
        const rows = await db.all(
          `SELECT ${column}::DOUBLE, ${column} / ${divisor}.0::DOUBLE FROM sessions WHERE ${column} IS NOT NULL`,
        );
        expect(rows.length).toBeGreaterThan(1000);
        for (const [n, q] of rows) expect(q).toBe((n as number) / divisor);
      }
    } finally {
      await db.close();
    }
  });
});
