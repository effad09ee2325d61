// Times the service and its baseline (the same answer in hand-written SQL) in turn, block after
// block, so that both run under the same machine load: a ratio of two medians taken minutes apart
// moved by up to 2x between runs of the same code on a shared machine. Each block repeats one side
// and times all but its first call: right after the other side's work, a call ran slower (caches,
// DuckDB's threads waking), which a strict one-and-one alternation charged to whichever came second.

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Medians of both sides, and the median of each round's service / baseline ratio. */
export interface Alternated<T> {
  readonly serviceMs: number;
  readonly handWrittenSqlMs: number;
  /** serviceMs / handWrittenSqlMs: how many times the hand-written SQL's time the service takes. */
  readonly ratio: number;
  /** The median of the rounds' own ratios (each round's two blocks back to back). */
  readonly ratioRoundMedian: number;
  readonly rounds: number;
  /** The baseline's last value (its answer, to compare with the service's). */
  readonly value: T;
}

/**
 * `rounds` rounds of a block of `block` service calls and a block of `block` baseline calls, which
 * block goes first alternating from round to round; the first call of each block is not timed.
 *
 * @example
 * const fig = await alternate(() => call(query), () => runHandWritten(connection, sql), 7);
 * fig.ratio; // 1.2: the service took 1.2 times the hand-written SQL's time
 */
export async function alternate<T>(
  service: () => Promise<unknown>,
  baseline: () => Promise<T>,
  rounds: number,
  block = 5,
): Promise<Alternated<T>> {
  let value = await baseline();
  const svc: number[] = [];
  const base: number[] = [];
  const timed = async (fn: () => Promise<unknown>, into: number[]) => {
    for (let j = 0; j < block; j++) {
      const t = performance.now();
      await fn();
      if (j > 0) into.push(performance.now() - t);
    }
  };
  const baselineCall = async () => {
    value = await baseline();
  };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      await timed(service, svc);
      await timed(baselineCall, base);
    } else {
      await timed(baselineCall, base);
      await timed(service, svc);
    }
  }
  const serviceMs = median(svc);
  const handWrittenSqlMs = median(base);
  const per = block - 1;
  const roundRatios = Array.from({ length: rounds }, (_, i) => {
    const b = median(base.slice(i * per, (i + 1) * per));
    return median(svc.slice(i * per, (i + 1) * per)) / b;
  });
  return {
    serviceMs: round2(serviceMs),
    handWrittenSqlMs: round2(handWrittenSqlMs),
    ratio: round2(serviceMs / handWrittenSqlMs),
    ratioRoundMedian: round2(median(roundRatios)),
    rounds,
    value,
  };
}
