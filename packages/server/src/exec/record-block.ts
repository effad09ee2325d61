// Records in the compact form the executor keeps and serves: the UTF-8 JSON of each record, one
// after another separated by commas, and where each one ends. A page of a cached result is a view
// of these bytes (no per-record JS objects), and its size in bytes is known exactly.

import type { PackedValues } from '../data/packed-values';
import type { ServerDimension } from '../sql/dimension-sql';
import type { OutputColumn } from '../sql/plan';

/** Each decoded dimension's values by code: a small dictionary's array, or a large one packed. */
export type CodeValues = (dimension: ServerDimension) => readonly string[] | PackedValues | undefined;

/** Consecutive records as JSON: `{…},{…},{…}`; record i ends (before its comma) at `ends[i]`. */
export interface RecordBlock {
  readonly bytes: Uint8Array;
  readonly ends: Uint32Array;
  readonly count: number;
}

export const EMPTY_BLOCK: RecordBlock = Object.freeze({
  bytes: new Uint8Array(0),
  ends: new Uint32Array(0),
  count: 0,
});

/** Where record `i` starts in the block's bytes. */
export function recordStart(block: RecordBlock, i: number): number {
  return i === 0 ? 0 : block.ends[i - 1]! + 1;
}

/** The bytes of records [from, to) with their separating commas: `{…},{…}` (empty when from >= to). */
export function blockBytes(block: RecordBlock, from: number, to: number): Uint8Array {
  const a = Math.min(from, block.count);
  const b = Math.min(to, block.count);
  if (a >= b) return block.bytes.subarray(0, 0);
  return block.bytes.subarray(recordStart(block, a), block.ends[b - 1]);
}

/** The first `count` records of a block, copied (a view would keep the whole block's memory alive). */
export function blockPrefix(block: RecordBlock, count: number): RecordBlock {
  const n = Math.min(count, block.count);
  if (n === block.count) return block;
  const bytes = block.bytes.slice(0, n === 0 ? 0 : block.ends[n - 1]);
  return Object.freeze({ bytes, ends: block.ends.slice(0, n), count: n });
}

/** Memory a block holds: its bytes and its offsets. */
export function blockSize(block: RecordBlock): number {
  return block.bytes.byteLength + block.ends.byteLength;
}

/** Records [from, to) as JS objects (for in-process callers and tests; the HTTP path never parses). */
export function decodeBlock(block: RecordBlock, from = 0, to = block.count): Record<string, unknown>[] {
  const bytes = blockBytes(block, from, to);
  if (bytes.byteLength === 0) return [];
  return JSON.parse(`[${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')}]`);
}

/** Each dictionary's values as JSON text, made once per dictionary (a data set keeps its arrays until it reloads). */
const jsonOf = new WeakMap<readonly string[], readonly string[]>();

function jsonLabels(values: readonly string[] | undefined): readonly string[] {
  if (values === undefined) return [];
  let json = jsonOf.get(values);
  if (json === undefined) {
    json = Array.from(values, (v) => JSON.stringify(v ?? ''));
    jsonOf.set(values, json);
  }
  return json;
}

/** A code's value as JSON text, or `undefined` for a code the dictionary does not hold. */
type Label = (code: number) => string | undefined;

function labelOf(values: readonly string[] | PackedValues | undefined): Label {
  if (values !== undefined && !Array.isArray(values)) {
    const packed = values as PackedValues;
    return (code) => packed.json(code);
  }
  const json = jsonLabels(values as readonly string[] | undefined);
  return (code) => json[code];
}

/** The largest piece of memory the writer takes at once: a big result grows by pieces, not by doubling. */
const PIECE_BYTES = 1 << 20;

/**
 * Turns rows into a block, a chunk of rows at a time, as the service has always written records:
 * fields in column order, a dimension's null as `""`, a metric's null as 0, a non-finite number as
 * `null` (what `JSON.stringify` writes). The bytes grow in pieces of up to 1 MiB, and `finish`
 * copies the records wanted into one buffer of their exact size: a 14 MB result costs about twice
 * its size while it is written, not the four times of a doubling buffer and its copies.
 */
export class BlockWriter {
  /** Pieces filled before the current one, each cut to the bytes written into it. */
  private readonly full: Buffer[] = [];
  private piece: Buffer;
  private inPiece = 0;
  private used = 0;
  private offsets: Uint32Array;
  private n = 0;
  private readonly keys: readonly string[];
  /** Per column decoded here (`OutputColumn.decode`): the JSON text of each code's value. */
  private readonly labels: readonly (Label | undefined)[];

  /**
   * `dictionary` gives a dimension's values by code, for the columns the statement yields as
   * codes (`OutputColumn.decode`); a code it does not hold, or null, is written as "".
   */
  constructor(
    private readonly columns: readonly OutputColumn[],
    expectedRecords = 64,
    dictionary: CodeValues = () => undefined,
  ) {
    this.keys = columns.map((c, i) => `${i === 0 ? '{' : ','}${JSON.stringify(c.name)}:`);
    this.labels = columns.map((c) => (c.decode === undefined ? undefined : labelOf(dictionary(c.decode))));
    this.piece = Buffer.allocUnsafe(Math.min(PIECE_BYTES, Math.max(256, expectedRecords * 64)));
    this.offsets = new Uint32Array(Math.max(16, expectedRecords));
  }

  get count(): number {
    return this.n;
  }

  /** Bytes written so far. */
  get size(): number {
    return this.used;
  }

  /** Where each record written so far ends, as in a block (a view, valid until the next append). */
  get ends(): Uint32Array {
    return this.offsets.subarray(0, this.n);
  }

  /**
   * Appends `rows` records whose column `c` holds the values `values[c]` (one array per output
   * column): as one text and one write when it is all ASCII (where a record ends in bytes is where
   * it ends in the text), else record by record.
   */
  append(values: readonly (readonly unknown[])[], rows: number): void {
    if (rows <= 0) return;
    if (this.offsets.length < this.n + rows) {
      const grown = new Uint32Array(Math.max(this.offsets.length * 2, this.n + rows));
      grown.set(this.offsets.subarray(0, this.n));
      this.offsets = grown;
    }
    let text = '';
    for (let r = 0; r < rows; r++) {
      text += this.record(values, r, this.n + r);
      this.offsets[this.n + r] = text.length;
    }
    if (Buffer.byteLength(text, 'utf8') !== text.length) {
      for (let r = 0; r < rows; r++) this.write(this.record(values, r, this.n));
      return;
    }
    const base = this.used;
    this.put(text, text.length);
    for (let r = 0; r < rows; r++) this.offsets[this.n + r]! += base;
    this.n += rows;
  }

  /** Record `r` of `values` as JSON text, after a comma unless it is the block's first (`at` 0). */
  private record(values: readonly (readonly unknown[])[], r: number, at: number): string {
    const { columns, keys, labels } = this;
    let text = at === 0 ? '' : ',';
    for (let c = 0; c < columns.length; c++) {
      const v = values[c]![r];
      text += keys[c]!;
      const decoded = labels[c];
      if (decoded !== undefined) text += (v == null ? undefined : decoded(Number(v))) ?? '""';
      else if (columns[c]!.kind === 'dimension') text += v == null ? '""' : JSON.stringify(String(v));
      else {
        const x = typeof v === 'number' ? v : Number(v ?? 0);
        text += Number.isFinite(x) ? String(x) : 'null';
      }
    }
    return `${text}}`;
  }

  /** The first `count` records written (all by default), in a buffer of their exact size. */
  finish(count = this.n): RecordBlock {
    const n = Math.max(0, Math.min(count, this.n));
    const size = n === 0 ? 0 : this.offsets[n - 1]!;
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const part of [...this.full, this.piece.subarray(0, this.inPiece)]) {
      if (at >= size) break;
      const take = Math.min(part.length, size - at);
      bytes.set(take === part.length ? part : part.subarray(0, take), at);
      at += take;
    }
    return Object.freeze({ bytes, ends: this.offsets.slice(0, n), count: n });
  }

  /** Writes one record's text and where it ends. */
  private write(text: string): void {
    this.put(text);
    if (this.n === this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[this.n++] = this.used;
  }

  /** Writes text (of `most` bytes at most) into the pieces, a new piece when the current one may not hold it. */
  private put(text: string, most = text.length * 3): void {
    // (A UTF-8 character takes at most 3 bytes per UTF-16 unit.)
    if (this.inPiece + most > this.piece.length) {
      this.full.push(this.piece.subarray(0, this.inPiece));
      const next = Math.min(PIECE_BYTES, this.piece.length * 2);
      this.piece = Buffer.allocUnsafe(Math.max(next, most));
      this.inPiece = 0;
    }
    const written = this.piece.write(text, this.inPiece, 'utf8');
    this.inPiece += written;
    this.used += written;
  }
}
