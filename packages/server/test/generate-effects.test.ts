// Planted effects (docs/testing.md, "Planted effects"): for random effects (a filter over a few
// dimensions, a plantable metric, a factor), the service's answer over exactly the matching
// sessions is factor times the same data's without the effect, within the documented tolerance,
// and every other session and every other session's error events are the same, on DuckDB in
// memory and on chdb; effects that cannot be planted are refused, naming what can.
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
  type PlantPlan,
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
    .concat('(SELECT value FROM dict_customer WHERE code = s.cust) AS customer_value')
    .join(', ');
  const names = (await db.all(`SELECT column_name FROM duckdb_columns() WHERE table_name = 'sessions'`)).map(
    (r) => String(r[0]),
  );
  const rows = await db.all(`SELECT s.*, ${decoded} FROM sessions s ORDER BY s.cust, s.session_id`);
  const columns = [...names, ...Object.keys(DIMENSIONS).map((d) => `${d}_value`), 'customer_value'];
  return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
}

const text = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));
const errorRows = async (db: Dataset) => text(await db.all('SELECT * FROM errors ORDER BY eid'));
/** Each session's error events (without their numbers, which follow from every event), as text. */
async function eventsBySession(db: Dataset): Promise<Map<string, string[]>> {
  const rows = await db.all('SELECT session_id, * EXCLUDE (eid) FROM errors');
  const out = new Map<string, string[]>();
  for (const [id, ...event] of rows) out.set(String(id), [...(out.get(String(id)) ?? []), text(event)]);
  for (const events of out.values()) events.sort();
  return out;
}

/** The session columns turning a play into a startup failure (or back) changes. */
const FAILURE_COLUMNS = new Set([
  'startup_ms',
  'watch_ms',
  'rebuffer_ms',
  'rebuffer_count',
  'cdn_changes',
  'bytes_downloaded',
  'status',
]);
/** The session columns `plan` may change in a matching session. */
function changeable(plan: PlantPlan): ReadonlySet<string> {
  if (plan.changes === 'failures') return FAILURE_COLUMNS;
  if (plan.changes === 'events') return new Set();
  return new Set([...plan.scaled, ...(plan.balance ? [plan.balance] : [])]);
}

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
  // Two kinds of events (fatal or not) in a count, each within half an event.
  if (plan.changes === 'events') return 1 + rounding;
  if (plan.changes === 'failures') {
    const failures = matching.filter((r) => r.startup_ms === null && r.business_failure !== true);
    if (failures.length === 0) return rounding;
    const canFail = matching.filter(
      (r) => r.startup_ms !== null && (r.status === 'ENDED' || r.status === 'DROPPED'),
    ).length;
    const canPlay = failures.filter((r) => r.status === 'DROPPED').length;
    // Fewer than needed can change: the rest of the change is missing.
    const short =
      factor > 1
        ? Math.max(0, (factor - 1) * failures.length - canFail)
        : Math.max(0, (1 - factor) * failures.length - canPlay);
    return (Math.abs(base) * (0.5 + short)) / failures.length + rounding;
  }
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
  let baseEvents: Map<string, string[]>;
  beforeAll(async () => {
    base = await generateDataset(BASE);
    baseRows = await sessionRows(base);
    baseErrors = await errorRows(base);
    baseEvents = await eventsBySession(base);
  });
  afterAll(() => base.close());

  type Where = {
    readonly clauses: readonly { dimension: string; values: readonly string[] }[];
    text: string;
  };

  /** Plants the effect, checks every row, and returns the metric's answer without and with it. */
  async function plantAndCheck(where: Where, metric: string, factor: number) {
    const effect: PlantedEffect = { where: where.text, metric, factor };
    const planted = await generateDataset({ ...BASE, effects: [effect] });
    try {
      const rows = await sessionRows(planted);
      const plan = plantPlan(metric)!;
      const may = changeable(plan);
      const matches = (r: Row) =>
        where.clauses.every((c) => c.values.includes(String(r[`${c.dimension}_value`])));
      expect(rows.length).toBe(baseRows.length);
      rows.forEach((row, i) => {
        const before = baseRows[i]!;
        if (!matches(before)) expect(text(row)).toBe(text(before));
        else for (const c of Object.keys(row)) if (!may.has(c)) expect(row[c]).toEqual(before[c]);
      });
      if (plan.changes === 'columns') expect(await errorRows(planted)).toBe(baseErrors);
      else {
        const events = await eventsBySession(planted);
        for (const before of baseRows) {
          const id = String(before.session_id);
          if (!matches(before)) expect(events.get(id), id).toEqual(baseEvents.get(id));
          else if (plan.changes === 'events')
            for (const e of events.get(id) ?? []) expect(baseEvents.get(id)).toContain(e);
        }
      }
      const b = await answerOn(serve, base, metric, where.text);
      const p = await answerOn(serve, planted, metric, where.text);
      // The answers are the first customer's.
      const tol = tolerance(
        metric,
        factor,
        b,
        baseRows.filter((r) => matches(r) && r.customer_value === 'demo'),
      );
      expect(Math.abs(p - factor * b), `${metric} ${where.text} ×${factor}: ${b} → ${p}`).toBeLessThanOrEqual(
        tol,
      );
      return { b, p };
    } finally {
      await planted.close();
    }
  }

  it('scales the metric over exactly the matching sessions and leaves every other row alone', async () => {
    await fc.assert(
      fc.asyncProperty(effectArb, async ({ where, metric, factor }) => {
        await plantAndCheck(where, metric, factor);
      }),
      { numRuns: name === 'chdb' ? 3 : 8 },
    );
  });

  const brazilAndIndia: Where = {
    clauses: [{ dimension: 'country', values: ['BR', 'IN'] }],
    text: '[country=BR|IN]',
  };
  it.each(
    ['failurerate', 'totalstartupfailure', 'errors', 'fatalerrors'].flatMap((m) => [
      [m, 2.5],
      [m, 0.4],
    ]) as [string, number][],
  )(
    'plants %s ×%s by changing which sessions fail or how many error events they have',
    async (metric, factor) => {
      const { b, p } = await plantAndCheck(brazilAndIndia, metric, factor);
      expect(b).toBeGreaterThan(0);
      if (factor > 1) expect(p).toBeGreaterThan(b);
      else expect(p).toBeLessThan(b);
    },
  );
});

describe('effects that cannot be planted', () => {
  const refused = (effect: Partial<PlantedEffect>) =>
    generateDataset({ ...BASE, sessions: 10, effects: [effect as PlantedEffect] });

  it('refuses a metric that no change of sessions or events scales, listing those that can', async () => {
    await expect(refused({ where: '[country=BR]', metric: 'attempts', factor: 2 })).rejects.toThrow(
      `effects[0].metric: "attempts" cannot be planted; the metrics that can: ${PLANTABLE_METRICS.join(', ')}`,
    );
    for (const metric of ['users', 'qualityofexperience', 'viewercount', 'concurviewavg', 'nosuchmetric'])
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
