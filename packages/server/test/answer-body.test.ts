// The answer of a page written around record bytes: its text is exactly JSON.stringify of the
// envelope the service has always answered (with `totalpages` in each session record), a big one
// arrives in pieces, and its bytes are held in the answers' budget until it has been read or left.
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { Admission, AdmissionRefusedError } from '../src/exec/admission';
import type { PageSlice } from '../src/exec/executor';
import { BlockWriter, decodeBlock } from '../src/exec/record-block';
import { answerResponse, PIECE_BYTES } from '../src/http/answer-body';
import type { OutputColumn } from '../src/sql/plan';
import { flush, ticket } from './queue-helpers';

const COLUMNS: OutputColumn[] = [
  { name: 'errors', kind: 'metric' },
  { name: 'country', kind: 'dimension' },
];

function sliceOf(values: readonly [number, string][], from: number, to: number, total: number): PageSlice {
  const writer = new BlockWriter(COLUMNS);
  writer.append([values.map((v) => v[0]), values.map((v) => v[1])], values.length);
  return { block: writer.finish(), from, to, totalrecords: total };
}

const options = (budget = new Admission({ slots: 1 << 30, customerSlots: 1 << 30 }), extra = {}) => ({
  limit: 10,
  totalpages: false,
  headers: { 'RateLimit-Limit': '100' },
  budget,
  ticket: ticket('demo'),
  holdMs: 60_000,
  ...extra,
});

describe('answerResponse', () => {
  test.prop([
    fc.array(fc.tuple(fc.integer(), fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 25 }),
    fc.nat(30),
    fc.nat(30),
    fc.integer({ min: 1, max: 40 }),
    fc.boolean(),
  ])('writes exactly JSON.stringify of the envelope', async (values, a, b, limit, totalpages) => {
    const [from, to] = [Math.min(a, b, values.length), Math.min(Math.max(a, b), values.length)];
    const total = values.length + a;
    const slice = sliceOf(values, from, to, total);
    const res = await answerResponse(slice, options(undefined, { limit, totalpages }));
    const pagecount = Math.ceil(total / limit);
    const records = decodeBlock(slice.block, from, to);
    const response = totalpages ? records.map((r) => ({ ...r, totalpages: pagecount })) : records;
    const expected = JSON.stringify({
      totalcount: response.length,
      pagecount,
      totalrecords: total,
      response,
    });
    const body = await res.text();
    expect(body).toBe(expected);
    expect(res.headers.get('Content-Length')).toBe(String(Buffer.byteLength(expected)));
    expect(res.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('RateLimit-Limit')).toBe('100');
  });

  it('streams a big body in pieces and holds its bytes until it has been read', async () => {
    const budget = new Admission({ slots: 1 << 30, customerSlots: 1 << 30 });
    const values = Array.from({ length: 30_000 }, (_, i): [number, string] => [i, `country-${i}`]);
    for (const totalpages of [false, true]) {
      const res = await answerResponse(sliceOf(values, 0, 30_000, 30_000), options(budget, { totalpages }));
      const size = Number(res.headers.get('Content-Length'));
      expect(size).toBeGreaterThan(2 * PIECE_BYTES);
      expect(budget.load.running).toBe(size);
      const reader = res.body!.getReader();
      const pieces: Uint8Array[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pieces.push(value);
      }
      expect(pieces.length).toBeGreaterThan(2);
      expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(PIECE_BYTES);
      const body = JSON.parse(Buffer.concat(pieces).toString('utf8'));
      expect(Buffer.concat(pieces).length).toBe(size);
      expect([body.totalcount, body.response[29_999]]).toStrictEqual([
        30_000,
        totalpages
          ? { errors: 29_999, country: 'country-29999', totalpages: 3000 }
          : { errors: 29_999, country: 'country-29999' },
      ]);
      expect(budget.load.running).toBe(0);
    }
  });

  it('gives the bytes back when the client leaves, and holds nothing for a HEAD', async () => {
    const budget = new Admission({ slots: 1 << 30, customerSlots: 1 << 30 });
    const values = Array.from({ length: 30_000 }, (_, i): [number, string] => [i, 'x']);
    const res = await answerResponse(sliceOf(values, 0, 30_000, 30_000), options(budget));
    expect(budget.load.running).toBeGreaterThan(PIECE_BYTES);
    await res.body!.cancel();
    expect(budget.load.running).toBe(0);
    const head = await answerResponse(sliceOf(values, 0, 30_000, 30_000), options(budget, { head: true }));
    expect([head.body, budget.load.running, Number(head.headers.get('Content-Length'))]).toStrictEqual([
      null,
      0,
      Number(res.headers.get('Content-Length')),
    ]);
  });

  it("makes a customer's big answers wait their turn, and refuses beyond its share of the queue", async () => {
    const values = Array.from({ length: 30_000 }, (_, i): [number, string] => [i, 'x']);
    const slice = sliceOf(values, 0, 30_000, 30_000);
    const one = Number((await answerResponse(slice, options())).headers.get('Content-Length'));
    // Room for one such answer per customer, and one waiting.
    const budget = new Admission({ slots: 4 * one, customerSlots: one, customerQueueSize: 1 });
    const first = await answerResponse(slice, options(budget));
    let second: Response | undefined;
    const waiting = answerResponse(slice, options(budget)).then((r) => {
      second = r;
    });
    await expect(answerResponse(slice, options(budget))).rejects.toBeInstanceOf(AdmissionRefusedError);
    // Another customer is not held up by the first one's answers.
    const other = await answerResponse(slice, options(budget, { ticket: ticket('other') }));
    await flush();
    expect(second).toBeUndefined();
    await first.arrayBuffer();
    await waiting;
    expect(second?.status).toBe(200);
    await Promise.all([second!.arrayBuffer(), other.arrayBuffer()]);
    expect(budget.load).toStrictEqual({ running: 0, queued: 0 });
  });

  it('gives the bytes back after holdMs when a body is never read', async () => {
    const budget = new Admission({ slots: 1 << 30, customerSlots: 1 << 30 });
    const values = Array.from({ length: 30_000 }, (_, i): [number, string] => [i, 'x']);
    await answerResponse(sliceOf(values, 0, 30_000, 30_000), options(budget, { holdMs: 20 }));
    expect(budget.load.running).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(budget.load.running).toBe(0);
  });
});
