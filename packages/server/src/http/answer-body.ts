// The 200 answer of a query: the result envelope written around a page's record bytes, never
// through JSON.stringify of record objects. A small body is one buffer; a big one is a stream of
// pieces pulled as the client reads (a cached page's bytes are sent as views, not copies). Its
// bytes are admitted first against the answers' byte budget, cached page or not, and held until
// the body has been handed over (or its client left), so one customer's flood of big answers
// waits its turn instead of taking the process.
import { pageCount } from '@playq/query';
import type { Admission, Ticket } from '../exec/admission';
import type { PageSlice } from '../exec/executor';
import { blockBytes, recordStart } from '../exec/record-block';

/** Bodies up to this size are built whole; bigger ones are streamed in pieces of this size. */
export const PIECE_BYTES = 256 * 1024;

export interface AnswerOptions {
  /** The page size asked for (for `pagecount`). */
  readonly limit: number;
  /** The session endpoint repeats the page count in every record as `totalpages`. */
  readonly totalpages: boolean;
  readonly headers: Record<string, string>;
  /** The answers' byte budget and the ticket to enter it with (its deadline bounds the wait). */
  readonly budget: Admission;
  readonly ticket: Ticket;
  /** Longest time an answer holds its bytes when its body is never read to the end. */
  readonly holdMs: number;
  /** A HEAD request: the headers only. */
  readonly head?: boolean;
}

const encoder = new TextEncoder();

/** The answer of one page, its bytes admitted first (rejects as admission does when the queue is full). */
export async function answerResponse(slice: PageSlice, options: AnswerOptions): Promise<Response> {
  const count = slice.to - slice.from;
  const pagecount = pageCount(slice.totalrecords, options.limit);
  const head = encoder.encode(
    `{"totalcount":${count},"pagecount":${pagecount},"totalrecords":${slice.totalrecords},"response":[`,
  );
  const tail = encoder.encode(']}');
  const extra = options.totalpages ? encoder.encode(`,"totalpages":${pagecount}}`) : undefined;
  const records = blockBytes(slice.block, slice.from, slice.to);
  // With totalpages, each record's closing brace gives way to `,"totalpages":n}`.
  const size = head.length + records.length + tail.length + (extra ? count * (extra.length - 1) : 0);
  // Free room is taken at once, without looking at the client's signal (building it is most of a
  // cache hit's cost); only an answer that has to wait watches for its client leaving.
  const release =
    options.budget.tryEnter(options.ticket.customer, size) ??
    (await options.budget.enter(options.ticket, size));
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(size),
    ...options.headers,
  };
  if (options.head) {
    release();
    return new Response(null, { status: 200, headers });
  }
  const pieces = bodyPieces(slice, head, tail, extra);
  if (size <= PIECE_BYTES) {
    const body = new Uint8Array(size);
    let at = 0;
    for (const piece of pieces) {
      body.set(piece, at);
      at += piece.length;
    }
    release();
    return new Response(body, { status: 200, headers });
  }
  const timer = setTimeout(release, options.holdMs);
  timer.unref?.();
  const done = () => {
    clearTimeout(timer);
    release();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = pieces.next();
        if (next.done) {
          controller.close();
          done();
        } else controller.enqueue(next.value);
      },
      cancel: done,
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, { status: 200, headers });
}

/** The body in pieces of at most about PIECE_BYTES: the head, the records, the tail. */
function* bodyPieces(
  slice: PageSlice,
  head: Uint8Array,
  tail: Uint8Array,
  extra: Uint8Array | undefined,
): Generator<Uint8Array> {
  yield head;
  if (!extra) {
    const records = blockBytes(slice.block, slice.from, slice.to);
    for (let at = 0; at < records.length; at += PIECE_BYTES) {
      yield records.subarray(at, at + PIECE_BYTES);
    }
  } else {
    yield* withTotalpages(slice, extra);
  }
  yield tail;
}

/**
 * The records with `extra` (`,"totalpages":n}`) in place of each closing brace, in pieces of at
 * most about PIECE_BYTES, each no bigger than what is left to write.
 */
function* withTotalpages(slice: PageSlice, extra: Uint8Array): Generator<Uint8Array> {
  const { block } = slice;
  const { bytes, ends } = block;
  const count = slice.to - slice.from;
  if (count <= 0) return;
  // The block's records less each one's closing brace, plus `extra` for each.
  let left = ends[slice.to - 1]! - recordStart(block, slice.from) + count * (extra.length - 1);
  let piece = new Uint8Array(0);
  let at = 0;
  for (let i = slice.from; i < slice.to; i++) {
    const start = recordStart(block, i);
    const end = ends[i]! - 1;
    const need = end - start + extra.length + 1;
    if (at + need > piece.length) {
      if (at > 0) yield piece.subarray(0, at);
      left -= at;
      piece = new Uint8Array(Math.max(Math.min(PIECE_BYTES, left), need));
      at = 0;
    }
    if (i > slice.from) piece[at++] = 0x2c; // ','
    for (let b = start; b < end; b++) piece[at++] = bytes[b]!;
    piece.set(extra, at);
    at += extra.length;
  }
  if (at > 0) yield piece.subarray(0, at);
}
