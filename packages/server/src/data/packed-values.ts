// A large dictionary's values as the record writer writes them: the JSON text of each code's value,
// UTF-8, one after another in one buffer, and where each code's text starts. Subscriber ids such as
// `u0001234` take about 14 bytes a code this way, against about 70 as an array of JS strings.
/** Values by code, packed; a code with no value (a gap, or out of range) has none. */
export class PackedValues {
  private constructor(
    private readonly bytes: Buffer,
    /** Code c's text is bytes [starts[c], starts[c + 1]); equal ends: no value. */
    private readonly starts: Uint32Array,
  ) {}

  /** Packs values given by ascending code (see `PackedValuesBuilder`). */
  static builder(): PackedValuesBuilder {
    return new PackedValuesBuilder((bytes, starts) => new PackedValues(bytes, starts));
  }

  /** One past the largest code with a value (0 when empty). */
  get size(): number {
    return this.starts.length - 1;
  }

  /** Memory held: the texts and their offsets. */
  get byteSize(): number {
    return this.bytes.byteLength + this.starts.byteLength;
  }

  /**
   * The JSON text of code `code`'s value (`"u0001234"`), or `undefined` for a code without one.
   *
   * @example
   * ```ts
   * const b = PackedValues.builder();
   * b.add(0, 'a');
   * b.add(2, 'c');
   * const packed = b.finish();
   * [packed.json(0), packed.json(1), packed.json(2)]; // ['"a"', undefined, '"c"']
   * ```
   */
  json(code: number): string | undefined {
    if (!(code >= 0 && code < this.size) || !Number.isInteger(code)) return undefined;
    const from = this.starts[code]!;
    const to = this.starts[code + 1]!;
    return from === to ? undefined : this.bytes.toString('utf8', from, to);
  }
}

/** Collects values by strictly ascending code into growing buffers, then one exact-size copy. */
export class PackedValuesBuilder {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private starts = new Uint32Array(1 << 12);
  /** Codes below `next` have their start set. */
  private next = 0;

  constructor(private readonly make: (bytes: Buffer, starts: Uint32Array) => PackedValues) {}

  /** Adds `code`'s value; codes come strictly ascending (a code skipped has no value). */
  add(code: number, value: string): void {
    if (!Number.isInteger(code) || code < this.next)
      throw new Error(`@playq/server: dictionary code ${code} out of order (after ${this.next - 1})`);
    this.startCodesTo(code + 1);
    const text = JSON.stringify(value);
    const most = text.length * 3;
    if (this.used + most > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + most));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used, 'utf8');
  }

  /** The packed values (the builder is not to be used afterwards). */
  finish(): PackedValues {
    const starts = new Uint32Array(this.next + 1);
    starts.set(this.starts.subarray(0, this.next));
    starts[this.next] = this.used;
    return this.make(Buffer.from(this.bytes.subarray(0, this.used)), starts);
  }

  /** Sets the start of every code below `end` not set yet: where the text written so far ends. */
  private startCodesTo(end: number): void {
    if (end > this.starts.length) {
      const grown = new Uint32Array(Math.max(this.starts.length * 2, end));
      grown.set(this.starts.subarray(0, this.next));
      this.starts = grown;
    }
    this.starts.fill(this.used, this.next, end);
    this.next = end;
  }
}
