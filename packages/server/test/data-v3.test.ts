// The v3 data column `bytes_downloaded` (traffic, for `cbrsize`): files and records without it get
// 0, a playq database file written before it is upgraded when opened, and the generator gives each
// play its watch time at a bitrate near its platform's median.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PLATFORM_BITRATE_KBPS } from '../src/data/generate-shapes';
import { createService, Dataset, datasetFromRecords, generateDataset, loadDataset } from '../src/index';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'playq-data-v3-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const T = 1_700_000_000;
const session = {
  customer_id: 'demo',
  session_id: 's1',
  subscriber_id: 'u1',
  country: 'US',
  platform: 'web',
  player: 'html5',
  start_ts: T,
  end_ts: T + 60,
  startup_ms: 1000,
  watch_ms: 50_000,
  rebuffer_ms: 0,
};

describe('bytes_downloaded', () => {
  it('defaults to 0 in a file without the column and in records without the field', async () => {
    const dir = tmp();
    writeFileSync(
      join(dir, 'sessions.csv'),
      'customer_id,session_id,subscriber_id,country,platform,player,start_ts,end_ts,startup_ms,watch_ms,rebuffer_ms\n' +
        `demo,s1,u1,US,web,html5,${T},${T + 60},1000,50000,0\n`,
    );
    writeFileSync(
      join(dir, 'errors.csv'),
      'customer_id,ts,session_id,subscriber_id,country,platform,player,category,key\n',
    );
    const loaded = await loadDataset(dir);
    const records = await datasetFromRecords({
      sessions: [session, { ...session, session_id: 's2', bytes_downloaded: 42 }],
      errors: [],
    });
    try {
      expect(await loaded.all('SELECT bytes_downloaded FROM sessions')).toEqual([[0n]]);
      expect(await records.all('SELECT session_id, bytes_downloaded FROM sessions ORDER BY 1')).toEqual([
        ['s1', 0n],
        ['s2', 42n],
      ]);
    } finally {
      await Promise.all([loaded.close(), records.close()]);
    }
  });

  it('is added with 0 to a playq database file written before it', async () => {
    const file = join(tmp(), 'old.duckdb');
    const old = await generateDataset({ sessions: 300, seed: 2, database: file });
    await old.exec('ALTER TABLE sessions DROP COLUMN bytes_downloaded');
    await old.close();
    const service = await createService({ data: { database: file } });
    try {
      expect(
        await service.db.all('SELECT count(*)::DOUBLE, sum(bytes_downloaded)::DOUBLE FROM sessions'),
      ).toEqual([[300, 0]]);
    } finally {
      await service.close();
    }
    // Opened again: already upgraded, nothing to do.
    const again = await Dataset.open(file);
    try {
      expect(await again.all(`SELECT count(*)::DOUBLE FROM sessions WHERE bytes_downloaded = 0`)).toEqual([
        [300],
      ]);
    } finally {
      await again.close();
    }
  });

  it('is generated as watch time at a bitrate within ±40% of the platform median', async () => {
    const db = await generateDataset({ sessions: 5000, seed: 3 });
    try {
      const rows = (await db.all(
        `SELECT p.value, count(*)::DOUBLE, min(bytes_downloaded * 8.0 / watch_ms)::DOUBLE,
                max(bytes_downloaded * 8.0 / watch_ms)::DOUBLE, median(bytes_downloaded * 8.0 / watch_ms)::DOUBLE
         FROM sessions s JOIN dict_platform p ON p.code = s.platform WHERE watch_ms >= 10000 GROUP BY 1`,
      )) as [string, number, number, number, number][];
      expect(rows.length).toBe(Object.keys(PLATFORM_BITRATE_KBPS).length);
      for (const [platform, n, min, max, median] of rows) {
        const kbps = PLATFORM_BITRATE_KBPS[platform]!;
        expect(min).toBeGreaterThanOrEqual(kbps * 0.6 - 1);
        expect(max).toBeLessThanOrEqual(kbps * 1.4);
        if (n > 200) expect(Math.abs(median / kbps - 1)).toBeLessThan(0.1);
      }
      expect(
        await db.all('SELECT count(*)::DOUBLE FROM sessions WHERE watch_ms = 0 AND bytes_downloaded <> 0'),
      ).toEqual([[0]]);
    } finally {
      await db.close();
    }
  });
});
