// The v4 column `sid_rank` of the encoded sessions (a session list's tie-break on an integer): each
// customer's session ids ranked in text order, in records, loaded files and generated data, and
// computed for a playq database file written before it when it is opened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createService,
  Dataset,
  datasetFromRecords,
  generateDataset,
  loadDataset,
  writeDataset,
} from '../src/index';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'playq-data-v4-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const T = 1_700_000_000;
/** Ids whose text order differs from their start order and from their numeric order. */
const IDS = ['s9', 's10', 'a', 'S1', 's1', 'z0', 's100'];
const session = (customer: string, id: string, i: number) => ({
  customer_id: customer,
  session_id: id,
  subscriber_id: 'u1',
  country: 'US',
  platform: 'web',
  player: 'html5',
  start_ts: T + i,
  end_ts: T + 60 + i,
  startup_ms: 1000,
  watch_ms: 50_000,
  rebuffer_ms: 0,
});
const records = () =>
  datasetFromRecords({
    sessions: [
      ...IDS.map((id, i) => session('demo', id, i)),
      ...IDS.slice(0, 3).map((id, i) => session('other', id, 10 - i)),
    ],
    errors: [],
  });

/** Each customer's ids in `sid_rank` order, and its ranks. */
async function ranked(db: Dataset) {
  const rows = (await db.all(
    `SELECT c.value, s.session_id, s.sid_rank FROM sessions s JOIN dict_customer c ON c.code = s.cust
     ORDER BY c.value, s.sid_rank`,
  )) as [string, string, number][];
  const by = new Map<string, { ids: string[]; ranks: number[] }>();
  for (const [customer, id, rank] of rows) {
    const entry = by.get(customer) ?? { ids: [], ranks: [] };
    entry.ids.push(id);
    entry.ranks.push(rank);
    by.set(customer, entry);
  }
  return by;
}

/** Text order as DuckDB compares VARCHAR (bytes; these ids are ASCII, where JS's order is the same). */
const textOrder = (ids: readonly string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('sid_rank', () => {
  it('ranks each customer’s session ids from 1 in text order, in records and in loaded files', async () => {
    const db = await records();
    const dir = tmp();
    await writeDataset(db, { dir, format: 'parquet' });
    const loaded = await loadDataset(dir);
    try {
      for (const engine of [db, loaded]) {
        const by = await ranked(engine);
        expect(by.get('demo')).toEqual({ ids: textOrder(IDS), ranks: oneToN(IDS.length) });
        expect(by.get('other')).toEqual({ ids: textOrder(IDS.slice(0, 3)), ranks: [1, 2, 3] });
      }
    } finally {
      await Promise.all([db.close(), loaded.close()]);
    }
  });

  it('ranks generated sessions the same way', async () => {
    const db = await generateDataset({ sessions: 2000, seed: 4 });
    try {
      for (const { ids, ranks } of (await ranked(db)).values()) {
        expect(ids).toEqual(textOrder(ids));
        expect(ranks).toEqual(oneToN(ids.length));
      }
    } finally {
      await db.close();
    }
  });

  it('is computed for a playq database file written before it, once', async () => {
    const file = join(tmp(), 'old.duckdb');
    const old = await generateDataset({ sessions: 300, seed: 5, database: file });
    const before = await ranked(old);
    await old.exec('ALTER TABLE sessions DROP COLUMN sid_rank');
    await old.close();
    const service = await createService({ data: { database: file } });
    try {
      expect(await ranked(service.db as Dataset)).toEqual(before);
    } finally {
      await service.close();
    }
    // Opened again: already upgraded, the ranks kept.
    const again = await Dataset.open(file);
    try {
      expect(await ranked(again)).toEqual(before);
    } finally {
      await again.close();
    }
  });
});
