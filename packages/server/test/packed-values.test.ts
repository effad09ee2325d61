// The packed values of a large dictionary (src/data/packed-values.ts): every code added reads back
// as its value's JSON text, every other code (a gap, past the end, negative, not an integer) as
// none, and codes out of order are refused.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { PackedValues } from '../src/data/packed-values';

const entries = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 0, max: 5000 }), fc.string({ unit: 'binary', maxLength: 20 })), {
    selector: ([code]) => code,
    maxLength: 300,
  })
  .map((xs) => xs.sort((a, b) => a[0] - b[0]));

describe('packed values', () => {
  test.prop([
    entries,
    fc.array(fc.oneof(fc.integer({ min: -3, max: 5010 }), fc.double()), { maxLength: 50 }),
  ])(
    'each added code reads back as JSON.stringify of its value; any other code as undefined',
    (added, probes) => {
      const builder = PackedValues.builder();
      for (const [code, value] of added) builder.add(code, value);
      const packed = builder.finish();
      const byCode = new Map(added);
      expect(packed.size).toBe(added.length === 0 ? 0 : added.at(-1)![0] + 1);
      for (const code of [...byCode.keys(), ...probes, packed.size, -1]) {
        const value = Number.isInteger(code) ? byCode.get(code) : undefined;
        expect(packed.json(code)).toBe(value === undefined ? undefined : JSON.stringify(value));
      }
      for (const [code, value] of added) expect(JSON.parse(packed.json(code)!)).toBe(value);
    },
  );

  it('grows past its first buffers and keeps an exact-size copy', () => {
    const builder = PackedValues.builder();
    const n = 20_000;
    for (let i = 0; i < n; i++) builder.add(i * 2, `u${String(i).padStart(7, '0')}`);
    const packed = builder.finish();
    expect([packed.size, packed.json(0), packed.json(1), packed.json(2 * (n - 1))]).toEqual([
      2 * n - 1,
      '"u0000000"',
      undefined,
      `"u${String(n - 1).padStart(7, '0')}"`,
    ]);
    // 10 bytes of text per value and 4 per code.
    expect(packed.byteSize).toBe(10 * n + 4 * (2 * n));
  });

  it('refuses a code out of order or not an integer', () => {
    const builder = PackedValues.builder();
    builder.add(3, 'x');
    expect(() => builder.add(3, 'y')).toThrow('dictionary code 3 out of order (after 3)');
    expect(() => builder.add(1, 'y')).toThrow('out of order');
    expect(() => builder.add(4.5, 'y')).toThrow('dictionary code 4.5');
  });
});
