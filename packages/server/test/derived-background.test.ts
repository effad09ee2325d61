// The derived tables of data in files (Parquet in place, a database file), made in the background
// after the data set opened (src/engine/duckdb/dataset.ts): plans compiled without them and with them answer
// the same, the target switches once they are made, closing while they are being made stops
// cleanly, and a failure making them keeps the data set serving on plain plans and is logged once.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../src/engine/duckdb/dataset';
import { openParquetInPlace } from '../src/engine/duckdb/in-place';
import { QueryExecutor } from '../src/exec/executor';
import { createService, generateDataset, writeDataset } from '../src/index';
import { openData } from '../src/open-data';
import { compileQuery } from '../src/sql/compile';
import { DERIVED_CATALOG } from '../src/sql/derived-tables';
import { DUCKDB_CODED, DUCKDB_RAW, type PlanTarget } from '../src/sql/dialect';
import { TOP_N_ROWS } from '../src/sql/list-threshold';
import { populationOptions } from '../src/sql/population';
import { compileSessionList } from '../src/sql/session-list';
import { node } from './semantics-fixture';

const END = 1_767_225_600;
const DAY = `start=${END - 86_400},end=${END}`;
let dir: string;
let copies = 0;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'playq-derived-bg-'));
  const memory = await generateDataset({ sessions: 40_000, seed: 31, days: 2, end: END });
  try {
    await writeDataset(memory, { dir, format: 'parquet' });
  } finally {
    await memory.close();
  }
  const database = join(dir, 'playq.duckdb');
  await (await generateDataset({ sessions: 40_000, seed: 31, days: 2, end: END, database })).close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each kind of data in files: how it opens, its plans' target with the derived tables, how its sessions are renamed. */
const KINDS = [
  { kind: 'Parquet in place', open: () => openParquetInPlace(dir), full: DUCKDB_RAW, relation: 'VIEW' },
  {
    kind: 'a database file',
    // A copy each time: a test may change the sessions of the file it opens.
    open: async () => {
      const path = join(dir, `copy-${copies++}.duckdb`);
      copyFileSync(join(dir, 'playq.duckdb'), path);
      return (await openData({ database: path })) as Dataset;
    },
    full: DUCKDB_CODED,
    relation: 'TABLE',
  },
] as const;

/** The data set's sessions replaced by a view over them with one more column, `extra` (SQL). */
async function replaceSessions(db: Dataset, relation: 'VIEW' | 'TABLE', extra: string): Promise<void> {
  await db.exec(`ALTER ${relation} sessions RENAME TO sessions_ok`);
  await db.exec(`CREATE VIEW sessions AS SELECT *, ${extra} FROM sessions_ok`);
}

const context = (db: Dataset, target: PlanTarget) => {
  const customerCode = db.customerCode('demo');
  if (customerCode === undefined) throw new Error('no customer demo in the test data');
  return { customerCode, dictionary: () => undefined, target };
};

/** Queries whose plans read the derived tables: active sessions (the open ones), a deep list page (the sample). */
function plans(db: Dataset, target: PlanTarget) {
  const active = compileQuery(
    node({ metrics: 'viewercount,concurviewavg,playdur', concurrency: 1, aggby: 'country', period: DAY }),
    context(db, target),
  );
  const base = node({ metrics: 'attempts', concurrency: 1, period: DAY });
  const list: QueryNode = {
    ...base,
    metrics: ['latency', 'sessionid'],
    aggby: [],
    limit: 50,
    offset: TOP_N_ROWS + 300,
    orderby: 'latency',
  };
  const deep = compileSessionList(list, context(db, target), populationOptions(list));
  return [
    { plan: active, limit: 1000, offset: 0 },
    { plan: deep, limit: 50, offset: TOP_N_ROWS + 300 },
  ];
}

/** A target as the data set serves its 40,000 sessions: by the small-data profile. */
const asServed = (target: PlanTarget): PlanTarget => ({ ...target, smallData: true });

describe.each(KINDS)('derived tables made in the background on $kind', ({ open, full, relation }) => {
  const plain: PlanTarget = Object.freeze({ ...full, derivedTables: false });

  it('answer as the plain plans do, and the target switches to them once made', async () => {
    const db = await open();
    try {
      expect(await db.derivedTablesMade()).toBeUndefined();
      expect(db.target).toEqual(asServed(full));
      const executor = new QueryExecutor(db, { timeoutMs: 20_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
      const [without, derived] = [plans(db, plain), plans(db, full)];
      for (const [i, p] of without.entries()) {
        const d = derived[i]!;
        expect(p.plan.sql).not.toContain(DERIVED_CATALOG);
        expect(d.plan.sql).toContain(DERIVED_CATALOG);
        const [a, b] = [
          await executor.page(p.plan, p.limit, p.offset),
          await executor.page(d.plan, d.limit, d.offset),
        ];
        expect(a.records.length).toBeGreaterThan(0);
        expect(b).toEqual(a);
      }
    } finally {
      await db.close();
    }
  });

  it('serve plain plans while being made, and stop when the data set closes meanwhile', async () => {
    const db = await open();
    await db.derivedTablesMade();
    // Made again from sessions with a column that takes seconds to read (only SELECT * reads it).
    await replaceSessions(db, relation, 'sleep_ms(3 + (hash(session_id) % 1)::BIGINT) AS slow');
    await db.refresh();
    const made = db.derivedTablesMade();
    expect(db.target).toEqual(asServed(plain));
    const executor = new QueryExecutor(db, { timeoutMs: 20_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
    const [first] = plans(db, db.target);
    const served = await executor.page(first!.plan, first!.limit, first!.offset);
    expect(served.records.length).toBeGreaterThan(0);
    expect(db.target).toEqual(asServed(plain));
    const started = performance.now();
    await db.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await made).toBeUndefined();
    await db.close();
  });

  it('failing to be made: the data set serves on plain plans, and the service logs it once', async () => {
    const db = await open();
    try {
      await db.derivedTablesMade();
      // Every plan reads named columns of the sessions; making the tables reads them all (SELECT *),
      // so a column that fails when read breaks only that.
      await replaceSessions(
        db,
        relation,
        `CASE WHEN end_ts IS NULL OR end_ts > 0 THEN error('planted failure') END AS broken`,
      );
      await db.refresh();
      const failure = await db.derivedTablesMade();
      expect(failure).toMatch(/^derived tables not made, serving without them: .*planted failure/);
      expect(db.target.derivedTables).toBe(false);
      const lines: string[] = [];
      const service = await createService({ data: { dataset: db }, logger: (line) => lines.push(line) });
      try {
        const url = `http://svc.test/api/v1/metricquery/demo?metrics=viewercount&concurrency=1&period=${encodeURIComponent(DAY)}`;
        const res = await service.fetch(new Request(url, { headers: { 'X-API-Key': 'demo-key' } }));
        expect(res.status).toBe(200);
        const body = (await res.json()) as { response: { viewercount: number }[] };
        expect(body.response[0]?.viewercount, JSON.stringify(body)).toBeGreaterThan(0);
        expect(lines.filter((l) => l.includes('derived tables'))).toEqual([failure]);
      } finally {
        await service.close();
      }
    } finally {
      await db.close();
    }
  });
});
