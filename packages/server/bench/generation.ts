// The generator's figures (issue 30): `playq data generate`'s streamed path against the previous one
// (the whole data set built in memory, then written), each run in a child process of its own for its
// peak RSS (engine-run.ts), the two alternated so that both see the same load; files deleted after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { step } from './engines';

interface Run {
  readonly ms: number;
  readonly usPerSession: number;
  readonly peakRssMb: number;
  readonly loadAverage: number[];
}

export interface GenerationFigures {
  readonly sessions: number;
  readonly streamed: Run[];
  readonly inMemory: Run[];
  /** Median in-memory time over median streamed time (above 1: streaming is faster). */
  readonly speedup: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** `rounds` alternated runs of each path at `n` sessions, in scratch directories under `dataDir`. */
export async function benchGeneration(n: number, dataDir = tmpdir(), rounds = 3): Promise<GenerationFigures> {
  const streamed: Run[] = [];
  const inMemory: Run[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [kind, into] of [
      ['generate', streamed],
      ['generate-in-memory', inMemory],
    ] as const) {
      const dir = mkdtempSync(join(dataDir, 'playq-generation-'));
      try {
        const { ms, usPerSession, peakRssMb, loadAverage } = (await step({
          step: kind,
          sessions: n,
          dir,
        })) as unknown as Run;
        into.push({ ms, usPerSession, peakRssMb, loadAverage });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
  const speedup = median(inMemory.map((x) => x.ms)) / median(streamed.map((x) => x.ms));
  return { sessions: n, streamed, inMemory, speedup: Math.round(speedup * 100) / 100 };
}
