// Planted effects (docs/testing.md, "Planted effects"): for random effects (a filter over a few
// dimensions, a plantable metric, a factor), the service's answer over exactly the matching
// sessions is factor times the same data's without the effect, within the documented tolerance,
// and every other row is the same, on DuckDB in memory and on chdb; effects that cannot be planted
// are refused, naming what can.
import { fc } from '@fast-check/vitest';
import { serializeFilter } from '@playq/grammar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChdb } from '../src/engine/chdb-engine';
import {
  createService,
  type Dataset,
  generateDataset,
  PLANTABLE_METRICS,
  type PlantedEffect,
  plantPlan,
  type Service,
} from '../src/index';
import { metricquery } from './helpers';

const END = 1_767_225_600;
const DAYS = 7;
const BASE = { sessions: 3000, seed: 5, days: DAYS, end: END } as const;
const PERIOD = `start=${END - DAYS * 86_400},end=${END}`;
const DIMENSIONS = {
  country: ['US', 'GB', 'DE', 'BR', 'IN'],
  cdn: ['akamai', 'cloudfront', 'fastly'],
  platform: ['web', 'android', 'ios'],
} as const;
type Dim = keyof typeof DIMENSIONS;

const clauseArb = (dimension: Dim) =>
  fc
    .subarray([...DIMENSIONS[dimension]], { minLength: 1, maxLength: 2 })
    .map((values) => ({ type: 'clause' as const, dimension, values }));
const whereArb = fc
  .subarray(Object.keys(DIMENSIONS) as Dim[], { minLength: 1, maxLength: 2 })
  .chain((dims) => fc.tuple(...dims.map(clauseArb)))
  .map((clauses) => ({ clauses, text: serializeFilter({ type: 'filter', clauses }) }));
const effectArb = fc.record({
  where: whereArb,
  metric: fc.constantFrom(...PLANTABLE_METRICS),
  factor: fc.oneof(fc.constantFrom(0.5, 2, 5), fc.double({ min: 0.2, max: 5, noNaN: true })),
});

type Row = Record<string, unknown>;

/** Every session with its filter dimensions decoded, in one total order. */
async function sessionRows(db: Dataset): Promise<Row[]> {
  const decoded = Object.keys(DIMENSIONS)
    .map((d) => `(SELECT value FROM dict_${d} WHERE code = s.${d}) AS "${d}_value"`)
    .join(', ');
  const names = (await db.all(`SELECT column_name FROM duckdb_columns() WHERE table_name = 'sessions'`)).map(
    (r) => String(r[0]),
  );
  const rows = await db.all(`SELECT s.*, ${decoded} FROM sessions s ORDER BY s.cust, s.session_id`);
  const columns = [...names, ...Object.keys(DIMENSIONS).map((d) => `${d}_value`)];
  return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
}

const text = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));
const errorRows = async (db: Dataset) => text(await db.all('SELECT * FROM errors ORDER BY eid'));

async function answer(service: Service, metric: string, filter: string): Promise<number> {
  const r = await metricquery(service, {
    metrics: metric,
    filter,
    period: PERIOD,
    sessiontype: 'started',
    allstatus: 1,
  });
  expect(r.status).toBe(200);
  return Number(r.body.response[0]?.[metric] ?? 0);
}

/** How far the planted answer may be from factor times the base one (docs/testing.md, "Tolerance"). */
function tolerance(metric: string, factor: number, base: number, matching: Row[]): number {
  const plan = plantPlan(metric)!;
  const n = (r: Row, c: string) => Number(r[c] ?? 0);
  const rounding = 1e-6 * Math.max(1, Math.abs(factor * base));
  if (/^(median|p95|p99)_latency$/.test(metric)) return 0.001 + rounding;
  if (plan.balance !== undefined) {
    const total = matching.reduce((a, r) => a + n(r, 'watch_ms') + n(r, 'rebuffer_ms'), 0);
    // A session's ratio stops at 100%: those sessions take less than factor times their share.
    const capped = matching.filter(
      (r) => factor * n(r, 'rebuffer_ms') > n(r, 'watch_ms') + n(r, 'rebuffer_ms'),
    );
    const lost = capped.reduce(
      (a, r) => a + factor * n(r, 'rebuffer_ms') - n(r, 'watch_ms') - n(r, 'rebuffer_ms'),
      0,
    );
    return total === 0 ? rounding : (100 * (lost + 1 + 2 * capped.length)) / total + rounding;
  }
  const sum = matching.reduce((a, r) => a + plan.scaled.reduce((b, c) => b + n(r, c), 0), 0);
  return sum === 0 ? rounding : (plan.scaled.length * Math.abs(base)) / sum + rounding;
}

/** The service's answer on `db` served by the engine (chdb holds one data set per process at a time). */
const engines: Record<string, (db: Dataset) => Promise<{ service: Service; close(): Promise<void> }>> = {
  duckdb: async (db) => {
    const service = await createService({ data: { dataset: db } });
    return { service, close: () => service.close() };
  },
  chdb: async (db) => {
    const engine = await openChdb({ dataset: db });
    const service = await createService({ data: { engine } });
    return {
      service,
      close: async () => {
        await service.close();
        await engine.close();
      },
    };
  },
};

async function answerOn(
  serve: (typeof engines)[string] & {},
  db: Dataset,
  metric: string,
  filter: string,
): Promise<number> {
  const served = await serve(db);
  try {
    return await answer(served.service, metric, filter);
  } finally {
    await served.close();
  }
}

describe.each(Object.entries(engines))('planted effects on %s', (name, serve) => {
  let base: Dataset;
  let baseRows: Row[];
  let baseErrors: string;
  beforeAll(async () => {
    base = await generateDataset(BASE);
    baseRows = await sessionRows(base);
    baseErrors = await errorRows(base);
  });
  afterAll(() => base.close());

  it('scales the metric over exactly the matching sessions and leaves every other row alone', async () => {
    await fc.assert(
      fc.asyncProperty(effectArb, async ({ where, metric, factor }) => {
        const effect: PlantedEffect = { where: where.text, metric, factor };
        const planted = await generateDataset({ ...BASE, effects: [effect] });
        try {
          const rows = await sessionRows(planted);
          expect(await errorRows(planted)).toBe(baseErrors);
          const plan = plantPlan(metric)!;
          const changeable = new Set([...plan.scaled, ...(plan.balance ? [plan.balance] : [])]);
          const matches = (r: Row) =>
            where.clauses.every((c) =>
              (c.values as readonly string[]).includes(String(r[`${c.dimension}_value`])),
            );
          expect(rows.length).toBe(baseRows.length);
          rows.forEach((row, i) => {
            const before = baseRows[i]!;
            if (!matches(before)) expect(text(row)).toBe(text(before));
            else for (const c of Object.keys(row)) if (!changeable.has(c)) expect(row[c]).toEqual(before[c]);
          });
          const b = await answerOn(serve, base, metric, where.text);
          const p = await answerOn(serve, planted, metric, where.text);
          const tol = tolerance(metric, factor, b, baseRows.filter(matches));
          expect(
            Math.abs(p - factor * b),
            `${metric} ${where.text} ×${factor}: ${b} → ${p}`,
          ).toBeLessThanOrEqual(tol);
        } finally {
          await planted.close();
        }
      }),
      { numRuns: name === 'chdb' ? 3 : 8 },
    );
  });
});

describe('effects that cannot be planted', () => {
  const refused = (effect: Partial<PlantedEffect>) =>
    generateDataset({ ...BASE, sessions: 10, effects: [effect as PlantedEffect] });

  it('refuses a metric that no scaling of session columns scales, listing those that can', async () => {
    await expect(refused({ where: '[country=BR]', metric: 'attempts', factor: 2 })).rejects.toThrow(
      `effects[0].metric: "attempts" cannot be planted; the metrics that can: ${PLANTABLE_METRICS.join(', ')}`,
    );
    for (const metric of ['errors', 'qualityofexperience', 'viewercount', 'nosuchmetric'])
      await expect(refused({ where: '[country=BR]', metric, factor: 2 })).rejects.toThrow(
        `"${metric}" cannot be planted`,
      );
  });

  it('refuses a bad filter with the positioned diagnostic', async () => {
    await expect(refused({ where: '[cdn=akamai][country', metric: 'latency', factor: 2 })).rejects.toThrow(
      /effects\[0\]\.where: error\[[a-z_]+\]: .*\n.*line 1, column 21/,
    );
    await expect(refused({ where: '[cnd=akamai]', metric: 'latency', factor: 2 })).rejects.toThrow(
      /effects\[0\]\.where: error\[unknown_dimension\]: .*cnd.*\n.*line 1, column 2/,
    );
    await expect(refused({ where: '[category=network]', metric: 'latency', factor: 2 })).rejects.toThrow(
      'effects[0].where: category is a dimension of error events',
    );
  });

  it('refuses a factor out of range, a bad span and an unknown part', async () => {
    for (const factor of [0, -1, Number.NaN, 1001])
      await expect(refused({ where: '[country=BR]', metric: 'latency', factor })).rejects.toThrow(
        'effects[0].factor must be a number above 0 and at most 1000',
      );
    await expect(
      refused({ where: '[country=BR]', metric: 'latency', factor: 2, from: 'yesterday' }),
    ).rejects.toThrow('effects[0].from: "yesterday" is not an ISO-8601 date');
    await expect(
      refused({ where: '[country=BR]', metric: 'latency', factor: 2, from: 2000, to: 1000 }),
    ).rejects.toThrow('effects[0]: to (1000) must come after from (2000)');
    await expect(
      refused({ where: '[country=BR]', metric: 'latency', factor: 2, size: 3 } as Partial<PlantedEffect>),
    ).rejects.toThrow('effects[0].size: not a part of an effect');
  });
});

describe('planted effects with a span', () => {
  it('changes only the matching sessions that end inside it, and the same options give the same data', async () => {
    const from = END - 3 * 86_400;
    const to = END - 86_400;
    const effect = {
      where: '[country=US]',
      metric: 'latency',
      factor: 3,
      from: new Date(from * 1000).toISOString(),
      to,
    };
    const [a, b, none] = await Promise.all([
      generateDataset({ ...BASE, effects: [effect] }),
      generateDataset({ ...BASE, effects: [effect] }),
      generateDataset(BASE),
    ]);
    try {
      const [rowsA, rowsB, rowsNone] = await Promise.all([sessionRows(a), sessionRows(b), sessionRows(none)]);
      expect(text(rowsA)).toBe(text(rowsB));
      let changed = 0;
      rowsA.forEach((row, i) => {
        const before = rowsNone[i]!;
        const when = Number(before.end_ts ?? before.start_ts);
        const inside = before.country_value === 'US' && when >= from && when < to;
        if (!inside) expect(text(row)).toBe(text(before));
        else if (before.startup_ms !== null && Number(before.startup_ms) > 0) {
          expect(Math.abs(Number(row.startup_ms) - 3 * Number(before.startup_ms))).toBeLessThan(1);
          changed++;
        }
      });
      expect(changed).toBeGreaterThan(50);
    } finally {
      await Promise.all([a.close(), b.close(), none.close()]);
    }
  });
});
