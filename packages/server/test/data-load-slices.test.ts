// Loading files into memory builds the encoded `sessions` table in (customer, end time) slices,
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

  it('keeps (customer, end, start, session id) order and the id ranks when ids do not follow times', async () => {
    const generated = await generateDataset({ sessions: 3000, seed: 12, days: 2, end: 1_767_225_600 });
    const dir = mkdtempSync(join(tmpdir(), 'playq-slices-'));
    dirs.push(dir);
    await writeDataset(generated, { dir, format: 'parquet' });
    // Hashed ids: their order is unrelated to times; some ends and starts tie at a whole minute.
    for (const [table, times] of [
      ['sessions', ['start_ts', 'end_ts']],
      ['errors', ['ts']],
    ] as const) {
      const file = join(dir, `${table}.parquet`).replaceAll("'", "''");
      const floored = times.map((t) => `, ${t} // 60 * 60 AS ${t}`).join('');
      await generated.exec(
        `COPY (SELECT * REPLACE (md5(session_id) AS session_id${floored}) FROM '${file}')
         TO '${file}.new' (FORMAT parquet)`,
      );
      renameSync(`${join(dir, table)}.parquet.new`, join(dir, `${table}.parquet`));
    }
    const whole = await loadDataset(dir);
    const sliced = await loadDataset(dir, { sliceSessions: 200 });
    const [a, b] = [await tables(whole, TABLES), await tables(sliced, TABLES)];
    expect(TABLES.filter((t) => a[t] !== b[t])).toEqual([]);
    const sorted = await sliced.all(
      `SELECT count(*)::INTEGER FROM (SELECT k, lag(k) OVER (ORDER BY rowid) AS k0
         FROM (SELECT rowid, (cust, end_ts IS NULL, coalesce(end_ts, 0), start_ts, session_id) AS k FROM sessions))
       WHERE k0 IS NOT NULL AND k0 >= k`,
    );
    expect(sorted).toEqual([[0]]);
    await Promise.all([generated.close(), whole.close(), sliced.close()]);
  }, 60_000);
});
