// Loading files into memory builds the encoded `sessions` table in (customer, start time) slices,
// committed and compressed one by one: the tables must be exactly those of a one-statement build,
// in the same row order as the in-memory generator's for the same generated data set.
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Dataset, generateDataset, loadDataset, writeDataset } from '../src/index';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const TABLES = ['sessions', 'errors', 'dict_customer', 'dict_country', 'dict_assetname', 'dict_key'];

/** Every row of the tables (or subqueries), in table order, as JSON text. */
async function tables(db: Dataset, names: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of names) {
    const rows = await db.all(`SELECT * FROM ${t}`);
    out[t] = JSON.stringify(rows, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
  }
  return out;
}

describe('loading into memory in slices', () => {
  it('builds the same tables as one statement and as the generator, in the same order', async () => {
    const generated = await generateDataset({ sessions: 4000, seed: 11, days: 5, end: 1_767_225_600 });
    const dir = mkdtempSync(join(tmpdir(), 'playq-slices-'));
    dirs.push(dir);
    await writeDataset(generated, { dir, format: 'parquet' });
    const whole = await loadDataset(dir);
    // 4,000 sessions in slices of ~300: about ten per customer, cut at approximate start times.
    const sliced = await loadDataset(dir, { sliceSessions: 300 });
    const [a, b] = [await tables(whole, TABLES), await tables(sliced, TABLES)];
    expect(JSON.parse(a.sessions!).length).toBe(4000);
    expect(TABLES.filter((t) => a[t] !== b[t])).toEqual([]);
    // The generator's order and session ranks (its codes of subscriber and device ids differ: its
    // dictionaries hold every id of its population, the loader's only the ids in the files).
    const order = ['(SELECT cust, session_id, start_ts, sid_rank FROM sessions)'];
    expect((await tables(sliced, order))[order[0]!]).toBe((await tables(generated, order))[order[0]!]);
    // No scratch table is left behind.
    expect(
      await sliced.all(`SELECT count(*)::INTEGER FROM duckdb_tables() WHERE table_name = 'sid_ranks'`),
    ).toEqual([[0]]);
    await Promise.all([generated.close(), whole.close(), sliced.close()]);
  }, 60_000);

  it('keeps (customer, start, session id) order and the id ranks when ids do not follow start times', async () => {
    const generated = await generateDataset({ sessions: 3000, seed: 12, days: 2, end: 1_767_225_600 });
    const dir = mkdtempSync(join(tmpdir(), 'playq-slices-'));
    dirs.push(dir);
    await writeDataset(generated, { dir, format: 'parquet' });
    // Hashed ids: their order is unrelated to start times; some starts tie at a whole minute.
    for (const [table, time] of [
      ['sessions', 'start_ts'],
      ['errors', 'ts'],
    ] as const) {
      const file = join(dir, `${table}.parquet`).replaceAll("'", "''");
      await generated.exec(
        `COPY (SELECT * REPLACE (md5(session_id) AS session_id, ${time} // 60 * 60 AS ${time}) FROM '${file}')
         TO '${file}.new' (FORMAT parquet)`,
      );
      renameSync(`${join(dir, table)}.parquet.new`, join(dir, `${table}.parquet`));
    }
    const whole = await loadDataset(dir);
    const sliced = await loadDataset(dir, { sliceSessions: 200 });
    const [a, b] = [await tables(whole, TABLES), await tables(sliced, TABLES)];
    expect(TABLES.filter((t) => a[t] !== b[t])).toEqual([]);
    const sorted = await sliced.all(
      `SELECT count(*)::INTEGER FROM (SELECT cust, start_ts, session_id,
         lag(cust) OVER w AS c0, lag(start_ts) OVER w AS t0, lag(session_id) OVER w AS s0
         FROM (SELECT *, rowid AS r FROM sessions) WINDOW w AS (ORDER BY r))
       WHERE c0 IS NOT NULL AND (c0, t0, s0) > (cust, start_ts, session_id)`,
    );
    expect(sorted).toEqual([[0]]);
    await Promise.all([generated.close(), whole.close(), sliced.close()]);
  }, 60_000);
});
