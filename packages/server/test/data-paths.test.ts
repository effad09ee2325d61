// Data directories are read literally: a `*`, `?` or `[` in a --data path names that directory,
// never a DuckDB glob over its neighbours (which would serve another directory's customers).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literalPath } from '../src/engine/duckdb/load';
import { datasetFromRecords, loadDataset, type SessionRecord, writeDataset } from '../src/index';

let root: string;
const session = (customer: string): SessionRecord => ({
  customer_id: customer,
  session_id: `${customer}-1`,
  subscriber_id: 'u1',
  country: 'US',
  platform: 'web',
  player: 'html5',
  start_ts: 1_700_000_000,
  end_ts: 1_700_000_600,
  startup_ms: 800,
  watch_ms: 500_000,
  rebuffer_ms: 0,
});

/** Writes one customer's data set as CSV into `root/<name>`. */
async function write(name: string, customer: string): Promise<void> {
  const db = await datasetFromRecords({ sessions: [session(customer)], errors: [] });
  try {
    mkdirSync(join(root, name), { recursive: true });
    await writeDataset(db, { dir: join(root, name), format: 'csv' });
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'playq-paths-'));
  for (const [name, customer] of [
    ['g*', 'star'],
    ['gx', 'neighbour-x'],
    ['q?', 'question'],
    ['qz', 'neighbour-z'],
    ['x[1]', 'bracket'],
    ['x1', 'neighbour-1'],
    ["it's", 'quote'],
  ]) {
    await write(name!, customer!);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('loadDataset with glob characters in the path', () => {
  it.each([
    ['g*', 'star'],
    ['q?', 'question'],
    ['x[1]', 'bracket'],
    ['gx', 'neighbour-x'],
    ["it's", 'quote'],
  ])('reads only %s', async (name, customer) => {
    const db = await loadDataset(join(root, name));
    try {
      expect(db.stats().customers).toStrictEqual([customer]);
      expect(db.stats().sessions).toBe(1);
    } finally {
      await db.close();
    }
  });
});

describe('loadDataset on Parquet', () => {
  it('reads a file where it lies in a directory named with a quote and a glob character', async () => {
    const dir = join(root, "it's [p]");
    mkdirSync(dir);
    const db = await datasetFromRecords({ sessions: [session('parquet')], errors: [] });
    await writeDataset(db, { dir, format: 'parquet' });
    await db.close();
    const loaded = await loadDataset(dir);
    expect(loaded.stats().customers).toStrictEqual(['parquet']);
    await loaded.close();
  });

  it('loads a file that has a column of its own named file_row_number (Parquet row numbers use that name)', async () => {
    const dir = join(root, 'own-row-number');
    mkdirSync(dir);
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    const s = session('rownumber');
    await c.run(`COPY (SELECT 7 AS file_row_number, '${s.customer_id}' AS customer_id, 's' || i AS session_id, 'u1' AS subscriber_id,
      'US' AS country, 'web' AS platform, 'p' AS player, ${s.start_ts} AS start_ts, ${s.end_ts} AS end_ts, 800 AS startup_ms,
      CASE WHEN i = 2 THEN 'x' ELSE '1000' END AS watch_ms, 0 AS rebuffer_ms FROM range(3) r(i))
      TO '${join(dir, 'sessions.parquet')}' (FORMAT parquet)`);
    await c.run(`COPY (SELECT 'rownumber' AS customer_id, 1 AS ts, 's0' AS session_id, 'u1' AS subscriber_id, 'US' AS country,
      'web' AS platform, 'p' AS player, 'c' AS category, 'k' AS key) TO '${join(dir, 'errors.parquet')}' (FORMAT parquet)`);
    c.closeSync();
    instance.closeSync();
    await expect(loadDataset(dir)).rejects.toThrow(
      /sessions\.parquet: row 3, column "watch_ms": "x" is not an integer/,
    );
  });
});

describe('literalPath', () => {
  it('makes the path absolute and escapes each glob character as a one-character class', () => {
    expect(literalPath('/srv/a*b?c[d]/sessions.csv')).toBe('/srv/a[*]b[?]c[[]d]/sessions.csv');
    expect(literalPath('/srv/{a,b}/sessions.csv')).toBe('/srv/{a,b}/sessions.csv');
    expect(literalPath('~/x.csv')).toBe(join(process.cwd(), '~/x.csv'));
  });
});
