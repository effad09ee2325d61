// Record blocks, the executor's compact form of records: the JSON they hold is what JSON.stringify
// writes for the record the service has always made of a row (dimension null "", metric null 0,
// non-finite null), any slice of them is the JSON of those records, and a prefix is a copy.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  BlockWriter,
  blockBytes,
  blockPrefix,
  blockSize,
  decodeBlock,
  EMPTY_BLOCK,
  type RecordBlock,
} from '../src/exec/record-block';
import type { OutputColumn } from '../src/sql/plan';

/** The record the service makes of a row (the rule before blocks existed, written out). */
function expectedRecord(row: readonly unknown[], columns: readonly OutputColumn[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  columns.forEach((c, i) => {
    const v = row[i];
    if (c.kind === 'dimension') record[c.name] = v == null ? '' : String(v);
    else record[c.name] = typeof v === 'number' ? v : Number(v ?? 0);
  });
  return record;
}

const columnsArb = fc.uniqueArray(
  fc.record({
    name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    kind: fc.constantFrom('metric' as const, 'dimension' as const, 'timestamp' as const),
  }),
  { minLength: 1, maxLength: 6, selector: (c) => c.name },
);
const metricArb = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constant(null),
  fc.bigInt({ min: -(2n ** 60n), max: 2n ** 60n }),
);
const dimensionArb = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constant(null), fc.integer());

/** Columns and rows (one value per column, each of its kind's values). */
const tableArb = columnsArb.chain((columns) =>
  fc.record({
    columns: fc.constant(columns),
    rows: fc.array(fc.tuple(...columns.map((c) => (c.kind === 'dimension' ? dimensionArb : metricArb))), {
      maxLength: 30,
    }),
  }),
);

/** Writes rows through the writer in chunks of `chunk` rows, as columns, the way DuckDB hands them over. */
function write(columns: readonly OutputColumn[], rows: readonly unknown[][], chunk: number): RecordBlock {
  const writer = new BlockWriter(columns, 1);
  for (let at = 0; at < rows.length; at += chunk) {
    const part = rows.slice(at, at + chunk);
    writer.append(
      columns.map((_, c) => part.map((r) => r[c])),
      part.length,
    );
  }
  return writer.finish();
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('BlockWriter', () => {
  test.prop([tableArb, fc.integer({ min: 1, max: 7 })])(
    'writes exactly the JSON of the records, in any chunking',
    ({ columns, rows }, chunk) => {
      const block = write(columns, rows, chunk);
      const records = rows.map((r) => expectedRecord(r, columns));
      expect(block.count).toBe(rows.length);
      expect(text(block.bytes)).toBe(records.map((r) => JSON.stringify(r)).join(','));
      // Each end is where a record's JSON ends.
      records.forEach((r, i) => {
        expect(text(blockBytes(block, i, i + 1))).toBe(JSON.stringify(r));
      });
    },
  );

  test.prop([tableArb, fc.nat(35), fc.nat(35)])(
    'slices and decodes any range of records',
    ({ columns, rows }, a, b) => {
      const block = write(columns, rows, 5);
      const records = rows.map((r) => expectedRecord(r, columns));
      const [from, to] = a <= b ? [a, b] : [b, a];
      const json = (xs: unknown[]) => JSON.parse(JSON.stringify(xs));
      expect(decodeBlock(block, from, to)).toStrictEqual(json(records.slice(from, to)));
      expect(JSON.parse(`[${text(blockBytes(block, from, to))}]`)).toStrictEqual(
        json(records.slice(from, to)),
      );
    },
  );

  test.prop([tableArb, fc.nat(35)])(
    'a prefix is the first records, in memory of its own',
    ({ columns, rows }, n) => {
      const block = write(columns, rows, 3);
      const prefix = blockPrefix(block, n);
      expect(decodeBlock(prefix)).toStrictEqual(decodeBlock(block, 0, n));
      if (prefix !== block) expect(prefix.bytes.buffer).not.toBe(block.bytes.buffer);
      expect(blockSize(prefix)).toBe(prefix.bytes.byteLength + 4 * prefix.count);
    },
  );

  test.prop([
    fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 8 }),
    fc.array(fc.oneof(fc.constant(null), fc.integer({ min: -2, max: 10 }), fc.bigInt({ min: 0n, max: 9n })), {
      maxLength: 20,
    }),
    fc.integer({ min: 1, max: 7 }),
  ])(
    'decodes a coded column through its dictionary: an unknown code or null is ""',
    (values, codes, chunk) => {
      const columns: OutputColumn[] = [
        { name: 'country', kind: 'dimension', decode: 'country' },
        { name: 'n', kind: 'metric' },
      ];
      const writer = new BlockWriter(columns, 1, (d) => (d === 'country' ? values : undefined));
      for (let at = 0; at < codes.length; at += chunk) {
        const part = codes.slice(at, at + chunk);
        writer.append([part, part.map((_, i) => at + i)], part.length);
      }
      const label = (c: number | bigint | null) => (c === null ? '' : (values[Number(c)] ?? ''));
      expect(decodeBlock(writer.finish())).toStrictEqual(codes.map((c, i) => ({ country: label(c), n: i })));
      // Without the dimension's dictionary every code is "" (never the code as text).
      const bare = new BlockWriter(columns, 1);
      bare.append([[0], [1]], 1);
      expect(decodeBlock(bare.finish())).toStrictEqual([{ country: '', n: 1 }]);
    },
  );

  test.prop([
    fc.array(fc.tuple(fc.constantFrom('a', 'bc', 'd"e', 'é', '\u{1F600}', 'x'.repeat(300)), fc.integer()), {
      maxLength: 80,
    }),
    fc.integer({ min: 1, max: 40 }),
  ])(
    'ends each record where its JSON ends, chunks all ASCII (one write) or not (one write a record)',
    (rows, chunk) => {
      const columns: OutputColumn[] = [
        { name: 'd', kind: 'dimension' },
        { name: 'm', kind: 'metric' },
      ];
      const block = write(columns, rows, chunk);
      const records = rows.map(([d, m]) => JSON.stringify({ d, m }));
      expect(text(block.bytes)).toBe(records.join(','));
      records.forEach((r, i) => {
        expect(text(blockBytes(block, i, i + 1))).toBe(r);
      });
    },
  );

  it('writes what JSON.stringify writes for odd values', () => {
    const columns: OutputColumn[] = [
      { name: 'm', kind: 'metric' },
      { name: 'd', kind: 'dimension' },
    ];
    const block = write(
      columns,
      [
        [Number.NaN, null],
        [Number.POSITIVE_INFINITY, 'say "hi"\n\u2028'],
        [-0, '\ud800'],
        [1e21, 'é'],
        [5n, 7],
      ],
      2,
    );
    expect(text(block.bytes)).toBe(
      '{"m":null,"d":""},{"m":null,"d":"say \\"hi\\"\\n\u2028"},{"m":0,"d":"\\ud800"},{"m":1e+21,"d":"é"},{"m":5,"d":"7"}',
    );
  });

  it('grows past its first guess, and an empty block has no records', () => {
    const columns: OutputColumn[] = [{ name: 'x', kind: 'dimension' }];
    const long = 'x'.repeat(5000);
    const block = write(
      columns,
      Array.from({ length: 100 }, () => [long]),
      100,
    );
    expect([block.count, block.bytes.byteLength]).toStrictEqual([100, 100 * (long.length + 8) + 99]);
    expect(decodeBlock(EMPTY_BLOCK)).toStrictEqual([]);
    expect(blockBytes(EMPTY_BLOCK, 0, 5).byteLength).toBe(0);
  });

  test.prop([tableArb, fc.nat(35)])(
    'finishes with the first n records as blockPrefix cuts them',
    ({ columns, rows }, n) => {
      const writer = new BlockWriter(columns, 1);
      writer.append(
        columns.map((_, c) => rows.map((r) => r[c])),
        rows.length,
      );
      const whole = writer.finish();
      expect(writer.ends).toStrictEqual(whole.ends);
      const first = writer.finish(n);
      expect(first).toStrictEqual(blockPrefix(whole, n));
      expect(first.bytes.byteLength).toBe(first.count === 0 ? 0 : whole.ends[first.count - 1]);
    },
  );

  it('writes a result of several MiB across pieces, byte for byte', () => {
    const columns: OutputColumn[] = [
      { name: 'id', kind: 'dimension' },
      { name: 'n', kind: 'metric' },
    ];
    const n = 60_000;
    const ids = Array.from({ length: n }, (_, i) => `subscriber-${i}-é${'x'.repeat(i % 40)}`);
    const nums = Array.from({ length: n }, (_, i) => i / 7);
    const writer = new BlockWriter(columns, 1);
    for (let at = 0; at < n; at += 2048)
      writer.append([ids.slice(at, at + 2048), nums.slice(at, at + 2048)], Math.min(2048, n - at));
    const expected = ids.map((id, i) => JSON.stringify({ id, n: nums[i] })).join(',');
    const block = writer.finish();
    expect(block.bytes.byteLength).toBeGreaterThan(3 * 1024 * 1024);
    expect(text(block.bytes)).toBe(expected);
    const cut = writer.finish(45_678);
    expect(text(cut.bytes)).toBe(text(blockBytes(block, 0, 45_678)));
    expect(decodeBlock(cut, 45_677)).toStrictEqual([{ id: ids[45_677], n: nums[45_677] }]);
  });
});
