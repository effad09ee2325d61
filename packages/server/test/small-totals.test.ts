// The evaluator's per-group totals (src/small/totals.ts) against their definitions, on random
// rows: added row by row or run by run (a time series' rows come in runs of one group), each total
// alone or made in one pass with its pair (plays with startup times, watch with rebuffering
// times), in either order of asking.
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { SessionColumns } from '../src/small/tables';
import { SessionTotals } from '../src/small/totals';

const SIZE = 24;
const column = (values: readonly number[]) => Float64Array.from(values);
const session = fc.record({
  startup: fc.oneof(fc.integer({ min: 0, max: 9_000 }), fc.constant(Number.NaN)),
  watch: fc.integer({ min: 0, max: 100_000 }),
  rebuffer: fc.integer({ min: 0, max: 5_000 }),
  status: fc.integer({ min: 0, max: 3 }),
  business: fc.integer({ min: 0, max: 1 }),
});

/** Rows of the table in groups: each a group number, in runs when `runs` (sorted by group). */
const groupsOf = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 0, maxLength: SIZE });

type Asked = 'plays' | 'startup' | 'watchMs' | 'rebufferMs' | 'rows' | 'endedPlays' | 'failures';

describe('the evaluator per-group totals', () => {
  test.prop([
    fc.array(session, { minLength: SIZE, maxLength: SIZE }),
    groupsOf,
    fc.boolean(),
    fc.shuffledSubarray<Asked>([
      'plays',
      'startup',
      'watchMs',
      'rebufferMs',
      'rows',
      'endedPlays',
      'failures',
    ]),
    fc.boolean(),
  ])(
    'are the sums and counts of their definitions, row by row or run by run, asked in any order',
    (sessions, groups, runs, asked, pairFirst) => {
      const groupOf = Int32Array.from(runs ? [...groups].sort((a, b) => a - b) : groups);
      // Row i of the selection is session (i * 7) % SIZE: rows out of table order, some repeated.
      const rows = Int32Array.from(groupOf, (_, i) => (i * 7) % SIZE);
      const t = {
        startupMs: column(sessions.map((s) => s.startup)),
        watchMs: column(sessions.map((s) => s.watch)),
        rebufferMs: column(sessions.map((s) => s.rebuffer)),
        status: Uint8Array.from(sessions.map((s) => s.status)),
        businessFailure: Uint8Array.from(sessions.map((s) => s.business)),
      } as unknown as SessionColumns;
      const totals = new SessionTotals(t, rows, groupOf, 5, runs);
      if (pairFirst) totals.watchAndRebuffer();
      const expected = (of: (s: (typeof sessions)[number]) => number) => {
        const out = new Array<number>(5).fill(0);
        groupOf.forEach((g, i) => {
          out[g]! += of(sessions[rows[i]!]!);
        });
        return out;
      };
      const definitions: Record<Asked, (s: (typeof sessions)[number]) => number> = {
        plays: (s) => (Number.isNaN(s.startup) ? 0 : 1),
        startup: (s) => (Number.isNaN(s.startup) ? 0 : s.startup),
        watchMs: (s) => s.watch,
        rebufferMs: (s) => s.rebuffer,
        rows: () => 1,
        endedPlays: (s) => (!Number.isNaN(s.startup) && s.status === 0 ? 1 : 0),
        failures: (s) => (Number.isNaN(s.startup) && s.business === 0 ? 1 : 0),
      };
      for (const a of asked) expect([...totals.of(a)], a).toEqual(expected(definitions[a]));
      if (!pairFirst) totals.watchAndRebuffer();
      expect([...totals.of('watchMs')]).toEqual(expected(definitions.watchMs));
      expect([...totals.of('rebufferMs')]).toEqual(expected(definitions.rebufferMs));
    },
  );
});
