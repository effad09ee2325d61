// The tables derived from the sessions when a DuckDB data set opens (src/sql/derived-tables.ts): in every
// storage mode they hold exactly what they are defined as, are made again from the data whenever
// it opens (a database file changed by hand since, or holding tables of the same names, cannot
// mislead them), and are never written into the user's file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import type { Dataset } from '../src/engine/duckdb/dataset';
import { openParquetInPlace } from '../src/engine/duckdb/in-place';
import { generateDataset, writeDataset } from '../src/index';
import { openData } from '../src/open-data';
import { compileQuery } from '../src/sql/compile';
import {
  ACTIVE_HOURS,
  DERIVED_CATALOG,
  OPEN_HOURS,
  OPEN_SESSIONS,
  SAMPLE_SESSIONS,
  sampledSession,
} from '../src/sql/derived-tables';
import { CLICKHOUSE_RAW, DUCKDB_CODED, DUCKDB_RAW, type PlanTarget } from '../src/sql/dialect';
import { SAMPLE_EVERY, TOP_N_ROWS } from '../src/sql/list-threshold';
import { populationOptions } from '../src/sql/population';
import { compileSessionList } from '../src/sql/session-list';
import { node } from './v2-fixture';

const END = 1_767_225_600;
const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'playq-derived-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ids = async (db: Dataset, sql: string) =>
  (await db.all(`SELECT session_id FROM (${sql}) t ORDER BY session_id`)).map((r) => String(r[0]));

/** Checks both tables against their definitions over the data set's sessions; returns their sizes. */
async function checkDerived(db: Dataset) {
  // On data in files they are made in the background after it opened.
  expect(await db.derivedTablesMade()).toBeUndefined();
  const open = await ids(db, `SELECT * FROM ${OPEN_SESSIONS}`);
  expect(open).toEqual(await ids(db, 'SELECT * FROM sessions WHERE end_ts IS NULL'));
  const sample = await ids(db, `SELECT * FROM ${SAMPLE_SESSIONS}`);
  expect(sample).toEqual(await ids(db, `SELECT * FROM sessions WHERE ${sampledSession(db.target.layout)}`));
  // Every column of the sessions, so that any filter, condition or key of a plan reads them.
  const columns = async (table: string) =>
    (await db.all(`DESCRIBE SELECT * FROM ${table}`)).map((r) => `${r[0]} ${r[1]}`);
  expect(await columns(OPEN_SESSIONS)).toEqual(await columns('sessions'));
  expect(await columns(SAMPLE_SESSIONS)).toEqual(await columns('sessions'));
  // Nothing else is kept there (the rows gathered to read the sessions once are dropped).
  const tables = await db.all(
    `SELECT table_name FROM duckdb_tables() WHERE database_name = '${DERIVED_CATALOG}' ORDER BY ALL`,
  );
  expect(tables).toEqual([['active_hours'], ['open_hours'], ['open_sessions'], ['session_sample']]);
  // The ended sessions counted by customer and hours of start and last second.
  const hours = (sql: string) =>
    db.all(`SELECT cust::VARCHAR, first_h::DOUBLE, last_h::DOUBLE, n::DOUBLE FROM (${sql}) t ORDER BY ALL`);
  expect(await hours(`SELECT * FROM ${ACTIVE_HOURS}`)).toEqual(
    await hours(`SELECT cust, start_ts // 3600 AS first_h, (end_ts - 1) // 3600 AS last_h, count(*) AS n
      FROM sessions WHERE end_ts IS NOT NULL GROUP BY ALL`),
  );
  expect((await hours(`SELECT * FROM ${ACTIVE_HOURS}`)).length).toBeGreaterThan(0);
  // The open sessions counted by customer and hour of start.
  const openHours = (sql: string) =>
    db.all(`SELECT cust::VARCHAR, first_h::DOUBLE, n::DOUBLE FROM (${sql}) t ORDER BY ALL`);
  expect(await openHours(`SELECT * FROM ${OPEN_HOURS}`)).toEqual(
    await openHours(`SELECT cust, start_ts // 3600 AS first_h, count(*) AS n
      FROM sessions WHERE end_ts IS NULL GROUP BY ALL`),
  );
  return { open: open.length, sample: sample.length };
}

describe('tables derived from the sessions', () => {
  it('are the open sessions and one session in SAMPLE_EVERY, in memory, in a file and on Parquet in place', async () => {
    const dir = scratch();
    const memory = await generateDataset({ sessions: 20_000, seed: 7, days: 2, end: END });
    try {
      const sizes = await checkDerived(memory);
      expect(sizes.open).toBeGreaterThan(0);
      expect(sizes.sample).toBeGreaterThan(20_000 / SAMPLE_EVERY / 2);
      expect(sizes.sample).toBeLessThan((20_000 / SAMPLE_EVERY) * 2);
      await writeDataset(memory, { dir });
    } finally {
      await memory.close();
    }
    const file = await generateDataset({
      sessions: 20_000,
      seed: 7,
      days: 2,
      end: END,
      database: join(dir, 'x.duckdb'),
    });
    try {
      expect(await checkDerived(file)).toMatchObject({ open: expect.any(Number) });
    } finally {
      await file.close();
    }
    const inPlace = await openParquetInPlace(dir);
    try {
      const sizes = await checkDerived(inPlace);
      expect(sizes.open).toBeGreaterThan(0);
      expect(sizes.sample).toBeGreaterThan(20_000 / SAMPLE_EVERY / 2);
    } finally {
      await inPlace.close();
    }
  });

  it('in the encoded tables, sample every 64th session id of each customer (exactly, not by a hash)', async () => {
    const db = await generateDataset({ sessions: 20_000, seed: 11, days: 2, end: END });
    try {
      // Each customer's ids in text order, numbered from 1: the sample is those numbered 64, 128, ...
      const everyNth = `SELECT * FROM (SELECT session_id, cust,
          row_number() OVER (PARTITION BY cust ORDER BY session_id) AS n FROM sessions) WHERE n % ${SAMPLE_EVERY} = 0`;
      expect(await ids(db, `SELECT * FROM ${SAMPLE_SESSIONS}`)).toEqual(await ids(db, everyNth));
      const perCustomer = async (sql: string) =>
        db.all(`SELECT cust, count(*)::INTEGER FROM (${sql}) GROUP BY cust ORDER BY cust`);
      const counts = (await perCustomer('SELECT cust FROM sessions')).map(([cust, n]) => [
        cust,
        Math.floor(Number(n) / SAMPLE_EVERY),
      ]);
      expect(await perCustomer(`SELECT cust FROM ${SAMPLE_SESSIONS}`)).toEqual(counts);
    } finally {
      await db.close();
    }
  });

  it('are made again from a database file changed since, never read from it nor written to it', async () => {
    const path = join(scratch(), 'playq.duckdb');
    await (await generateDataset({ sessions: 5_000, seed: 3, days: 2, end: END, database: path })).close();
    // Changed by hand: more sessions without an end, and tables named like the derived ones.
    const instance = await DuckDBInstance.create(path);
    const connection = await instance.connect();
    await connection.run('UPDATE sessions SET end_ts = NULL WHERE sid_rank % 7 = 3');
    await connection.run('CREATE TABLE open_sessions AS SELECT * FROM sessions LIMIT 1');
    await connection.run(`CREATE SCHEMA ${DERIVED_CATALOG}`);
    await connection.run(`CREATE TABLE ${DERIVED_CATALOG}.session_sample AS SELECT * FROM sessions LIMIT 1`);
    connection.closeSync();
    instance.closeSync();

    const db = (await openData({ database: path })) as Dataset;
    try {
      const sizes = await checkDerived(db);
      expect(sizes.open).toBeGreaterThan(5_000 / 7 / 2);
    } finally {
      await db.close();
    }
    // The file holds what it held: the hand-made tables, one row each, and nothing derived.
    const after = await DuckDBInstance.create(path);
    const check = await after.connect();
    const reader = await check.runAndReadAll(
      `SELECT schema_name, table_name, estimated_size::INTEGER FROM duckdb_tables()
         WHERE table_name IN ('session_sample', 'open_sessions') ORDER BY ALL`,
    );
    expect(reader.getRowsJS()).toEqual([
      ['main', 'open_sessions', 1],
      [DERIVED_CATALOG, 'session_sample', 1],
    ]);
    check.closeSync();
    after.closeSync();
  });
});

describe('plans reading the derived tables', () => {
  const context = (target: PlanTarget) => ({
    customerCode: target.layout === 'coded' ? 0 : 'demo',
    dictionary: () => undefined,
    target,
  });
  const active = (target: PlanTarget) =>
    compileQuery(node({ metrics: 'viewercount,concurviewavg', concurrency: 1 }), context(target)).sql;
  const deepPage = (target: PlanTarget) => {
    const query = {
      ...node({ metrics: 'attempts' }),
      metrics: ['latency'],
      aggby: [],
      limit: 10,
      offset: TOP_N_ROWS,
    };
    return compileSessionList(query, context(target), populationOptions(query)).sql;
  };

  it('on DuckDB: active sessions without an end come from their table, a deep page estimates from the sample', () => {
    for (const target of [DUCKDB_CODED, DUCKDB_RAW]) {
      expect(active(target)).toContain(OPEN_SESSIONS);
      expect(active(target)).not.toContain('end_ts IS NULL');
      expect(deepPage(target)).toContain(SAMPLE_SESSIONS);
      expect(deepPage(target)).not.toContain('% 64');
    }
  });

  it('on ClickHouse, which keeps none: the sessions alone', () => {
    expect(active(CLICKHOUSE_RAW)).toContain('end_ts IS NULL');
    expect(active(CLICKHOUSE_RAW)).not.toContain(DERIVED_CATALOG);
    expect(deepPage(CLICKHOUSE_RAW)).not.toContain(DERIVED_CATALOG);
  });
});
