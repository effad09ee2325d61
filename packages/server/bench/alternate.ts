// Times the service and its typed-array baseline in turn, block after block, so that both run
// under the same machine load: a ratio of two medians taken minutes apart moved by up to 2x
// between runs of the same code on a shared machine. Each block repeats one side and times all
// but its first call: right after the other side's work, a call ran up to 1.8x slower (caches,
// DuckDB's threads waking), which a strict one-and-one alternation charged to the service.

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Medians of both sides, and the median of each round's baseline / service ratio. */
export interface Alternated<T> {
  readonly serviceMs: number;
  readonly typedArrayScanMs: number;
  /** typedArrayScanMs / serviceMs: how many times faster the service is than the scan. */
  readonly vsTypedArrays: number;
  /** The median of the rounds' own ratios (each round's two blocks back to back). */
  readonly vsTypedArraysRoundMedian: number;
  readonly rounds: number;
  /** The baseline's last value (its answer, to compare with the service's). */
  readonly value: T;
}

/**
 * `rounds` rounds of a block of `block` service calls and a block of `block` baseline calls, which
 * block goes first alternating from round to round; the first call of each block is not timed.
 *
 * @example
 * const fig = await alternate(() => call(query), () => scan(columns), 7);
 * fig.vsTypedArrays; // 2.4: the service took 1/2.4 of the scan's time
 */
export async function alternate<T>(
  service: () => Promise<unknown>,
  baseline: () => T,
  rounds: number,
  block = 5,
): Promise<Alternated<T>> {
  let value = baseline();
  const svc: number[] = [];
  const typed: number[] = [];
  const serviceBlock = async () => {
    for (let j = 0; j < block; j++) {
      const t = performance.now();
      await service();
      if (j > 0) svc.push(performance.now() - t);
    }
  };
  const baselineBlock = () => {
    for (let j = 0; j < block; j++) {
      const t = performance.now();
      value = baseline();
      if (j > 0) typed.push(performance.now() - t);
    }
  };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      await serviceBlock();
      baselineBlock();
    } else {
      baselineBlock();
      await serviceBlock();
    }
  }
  const serviceMs = median(svc);
  const typedArrayScanMs = median(typed);
  // Each round's own ratio: the medians of its two blocks.
  const per = block - 1;
  const roundRatios = Array.from({ length: rounds }, (_, i) => {
    const s = median(svc.slice(i * per, (i + 1) * per));
    return median(typed.slice(i * per, (i + 1) * per)) / s;
  });
  return {
    serviceMs: round2(serviceMs),
    typedArrayScanMs: round2(typedArrayScanMs),
    vsTypedArrays: round2(typedArrayScanMs / serviceMs),
    vsTypedArraysRoundMedian: round2(median(roundRatios)),
    rounds,
    value,
  };
}
