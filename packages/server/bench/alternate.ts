// Times the service and its typed-array baseline in turn, round after round, so that both run
// under the same machine load and JIT state: a ratio of two medians taken minutes apart moved by
// up to 2x between runs of the same code on a shared machine.

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Medians of both sides, and the median of each round's baseline / service ratio. */
export interface Alternated<T> {
  readonly serviceMs: number;
  readonly typedArrayScanMs: number;
  /** typedArrayScanMs / serviceMs: how many times faster the service is than the scan. */
  readonly vsTypedArrays: number;
  /** The median of the rounds' own ratios (each round's two runs back to back). */
  readonly vsTypedArraysRoundMedian: number;
  readonly rounds: number;
  /** The baseline's last value (its answer, to compare with the service's). */
  readonly value: T;
}

/**
 * After one warm-up call of each, `rounds` rounds of one service call and one baseline call,
 * which goes first alternating from round to round.
 *
 * @example
 * const fig = await alternate(() => call(query), () => scan(columns), 9);
 * fig.vsTypedArrays; // 2.4: the service took 1/2.4 of the scan's time
 */
export async function alternate<T>(
  service: () => Promise<unknown>,
  baseline: () => T,
  rounds: number,
): Promise<Alternated<T>> {
  await service();
  let value = baseline();
  const svc: number[] = [];
  const typed: number[] = [];
  const timeService = async () => {
    const t = performance.now();
    await service();
    svc.push(performance.now() - t);
  };
  const timeBaseline = () => {
    const t = performance.now();
    value = baseline();
    typed.push(performance.now() - t);
  };
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      await timeService();
      timeBaseline();
    } else {
      timeBaseline();
      await timeService();
    }
  }
  const serviceMs = median(svc);
  const typedArrayScanMs = median(typed);
  return {
    serviceMs: round2(serviceMs),
    typedArrayScanMs: round2(typedArrayScanMs),
    vsTypedArrays: round2(typedArrayScanMs / serviceMs),
    vsTypedArraysRoundMedian: round2(median(typed.map((t, i) => t / svc[i]!))),
    rounds,
    value,
  };
}
