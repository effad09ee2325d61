// The encoded tables' row order, whatever wrote them: sessions by customer, end time (sessions
// without an end last), start time and session id; error events by customer then time. Generated
// and loaded data, in memory and in a database file, in one statement and in slices.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Dataset, generateDataset, loadDataset, writeDataset } from '../src/index';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'playq-order-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const OPTIONS = { sessions: 3000, seed: 39, days: 3, end: 1_767_225_600 } as const;

/**
 * Counts of the sessions stored after one they should follow (or tie with), of the events stored
 * before an earlier one of their customer, and of the ended and open sessions (both must occur
 * for the order's NULLS LAST to be exercised).
 */
async function disorder(db: Dataset): Promise<Record<string, number>> {
  const [[sessions, ended, open]] = (await db.all(
    `SELECT count(*) FILTER (WHERE p IS NOT NULL AND p >= k)::INTEGER,
            count(*) FILTER (WHERE end_ts IS NOT NULL)::INTEGER, count(*) FILTER (WHERE end_ts IS NULL)::INTEGER
     FROM (SELECT end_ts, k, lag(k) OVER (ORDER BY rowid) AS p
           FROM (SELECT rowid, end_ts,
                   (cust, end_ts IS NULL, coalesce(end_ts, 0), start_ts, session_id) AS k FROM sessions))`,
  )) as [[number, number, number]];
  const [[errors]] = (await db.all(
    `SELECT count(*) FILTER (WHERE p IS NOT NULL AND p > k)::INTEGER
     FROM (SELECT k, lag(k) OVER (ORDER BY rowid) AS p FROM (SELECT rowid, (cust, ts) AS k FROM errors))`,
  )) as [[number]];
  return { sessions, errors, ended: Math.sign(ended), open: Math.sign(open) };
}

const IN_ORDER = { sessions: 0, errors: 0, ended: 1, open: 1 };

describe('the encoded tables are stored in (customer, end, start, session id) order', () => {
  it('when generated, in memory and into a database file', async () => {
    const memory = await generateDataset(OPTIONS);
    const file = await generateDataset({ ...OPTIONS, database: join(tmp(), 'gen.duckdb') });
    expect(await disorder(memory)).toEqual(IN_ORDER);
    expect(await disorder(file)).toEqual(IN_ORDER);
    await Promise.all([memory.close(), file.close()]);
  }, 60_000);

  it('when loaded from files written in start order, in memory (whole and in slices) and into a file', async () => {
    const generated = await generateDataset(OPTIONS);
    const dir = tmp();
    await writeDataset(generated, { dir, format: 'parquet' });
    const loaded = [
      await loadDataset(dir),
      await loadDataset(dir, { sliceSessions: 250 }),
      await loadDataset(dir, { database: join(tmp(), 'load.duckdb') }),
    ];
    for (const db of loaded) expect(await disorder(db)).toEqual(IN_ORDER);
    // The files are not in that order: the load sorts them.
    const [[startOrdered]] = (await generated.all(
      `SELECT count(*) FILTER (WHERE p > k)::INTEGER FROM (SELECT k, lag(k) OVER (ORDER BY file_row_number) AS p
       FROM (SELECT file_row_number, (customer_id, start_ts, session_id) AS k
             FROM read_parquet($1, file_row_number = true)))`,
      [join(dir, 'sessions.parquet')],
    )) as [[number]];
    expect(startOrdered).toBe(0);
    await Promise.all([generated.close(), ...loaded.map((db) => db.close())]);
  }, 60_000);
});
