// The generator's shapes (docs/server.md, "Data"): anonymous viewers, several sessions per
// device, the status mix, business startup failures, CDN switches, fatal and business errors,
// long-tailed assets, sessions across hour and day boundaries; and one table layout for generated
// and loaded data, so written generated data loads back to the same values.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dataset, generateDataset, loadDataset, writeDataset } from '../src/index';

const END = 1_767_225_600;
let db: Dataset;
const dirs: string[] = [];

beforeAll(async () => {
  db = await generateDataset({ sessions: 40_000, seed: 11, days: 7, end: END });
});
afterAll(async () => {
  await db.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const one = async (sql: string): Promise<number[]> => ((await db.all(sql))[0] as unknown[]).map(Number);

describe('generated v2 data', () => {
  it('has anonymous viewers (~15%) and several sessions per device', async () => {
    const [anon, total, devices, anonDevices, subs] = await one(
      `SELECT count(*) FILTER (WHERE subscriberid IS NULL), count(*), count(DISTINCT device_id),
              count(DISTINCT device_id) FILTER (WHERE subscriberid IS NULL), count(DISTINCT subscriberid) FROM sessions`,
    );
    expect(anon! / total!).toBeGreaterThan(0.12);
    expect(anon! / total!).toBeLessThan(0.18);
    expect(total! / devices!).toBeGreaterThan(2);
    expect(anon! / anonDevices!).toBeGreaterThan(2);
    // Subscribers use more than one device.
    expect(devices! - anonDevices!).toBeGreaterThan(subs! * 1.2);
    // A device belongs to one viewer and has one platform and device type.
    expect(
      await one(
        `SELECT count(*) FROM (SELECT device_id FROM sessions GROUP BY device_id
         HAVING count(DISTINCT platform) > 1 OR count(DISTINCT device) > 1 OR count(DISTINCT coalesce(subscriberid, -1)) > 1)`,
      ),
    ).toEqual([0]);
  });

  it('mixes statuses: mostly ENDED, some DROPPED, RUNNING only near the end, LOADED never played', async () => {
    const rows = await db.all(
      `SELECT status::VARCHAR, count(*)::DOUBLE, count(startup_ms)::DOUBLE, count(end_ts)::DOUBLE, min(start_ts)::DOUBLE,
              sum(watch_ms)::DOUBLE, count(cdn)::DOUBLE FROM sessions GROUP BY ALL`,
    );
    const by = Object.fromEntries(rows.map((r) => [r[0], r.slice(1).map(Number)]));
    const total = rows.reduce((a, r) => a + Number(r[1]), 0);
    expect(by.ENDED![0]! / total).toBeGreaterThan(0.8);
    expect(by.DROPPED![0]! / total).toBeGreaterThan(0.03);
    expect(by.DROPPED![0]! / total).toBeLessThan(0.15);
    expect(by.RUNNING![0]).toBeGreaterThan(0);
    expect(by.RUNNING![0]! / total).toBeLessThan(0.01);
    // A play lasts at most ~8 hours (startup, 4 h of watching, as much rebuffering).
    expect(by.RUNNING![3]).toBeGreaterThanOrEqual(END - 9 * 3600);
    expect(by.RUNNING![2]).toBe(0); // no end_ts
    expect(by.LOADED![0]! / total).toBeGreaterThan(0.005);
    expect([by.LOADED![1], by.LOADED![2], by.LOADED![4]]).toEqual([0, 0, 0]); // never played, no end, no watch
    // The data ends at END: nothing ends or happens after it.
    expect(await one(`SELECT count(*) FROM sessions WHERE end_ts >= ${END} OR start_ts >= ${END}`)).toEqual([
      0,
    ]);
    expect(await one(`SELECT count(*) FROM errors WHERE ts >= ${END}`)).toEqual([0]);
  });

  it('has startup failures with a business share, CDN switches and rebuffer counts', async () => {
    const [failed, business, switched, rebuffered, counted] = await one(
      `SELECT count(*) FILTER (WHERE status = 'DROPPED' AND startup_ms IS NULL), count(*) FILTER (WHERE business_failure),
              count(*) FILTER (WHERE cdn_changes > 0), count(*) FILTER (WHERE rebuffer_ms > 0),
              count(*) FILTER (WHERE rebuffer_count > 0) FROM sessions`,
    );
    expect(business! / failed!).toBeGreaterThan(0.1);
    expect(business! / failed!).toBeLessThan(0.4);
    expect(switched).toBeGreaterThan(0);
    expect(counted).toBe(rebuffered);
    // Only failed starts are business failures.
    expect(
      await one(`SELECT count(*) FROM sessions WHERE business_failure AND startup_ms IS NOT NULL`),
    ).toEqual([0]);
  });

  it('has fatal and business error events, each business failure with a business fatal event', async () => {
    const [fatal, business, both, total] = await one(
      `SELECT count(*) FILTER (WHERE fatal), count(*) FILTER (WHERE business), count(*) FILTER (WHERE fatal AND business), count(*) FROM errors`,
    );
    expect(fatal).toBeGreaterThan(0);
    expect(business).toBeGreaterThan(both!);
    expect(fatal).toBeLessThan(total!);
    expect(
      await one(`SELECT count(*) FROM sessions s WHERE business_failure AND NOT EXISTS
        (SELECT 1 FROM errors e WHERE e.session_id = s.session_id AND e.fatal AND e.business)`),
    ).toEqual([0]);
    // Events carry their session's dimensions.
    expect(
      await one(`SELECT count(*) FROM errors e JOIN sessions s ON s.session_id = e.session_id
        WHERE e.cdn IS DISTINCT FROM s.cdn OR e.assetid IS DISTINCT FROM s.assetid OR e.device IS DISTINCT FROM s.device
           OR e.subscribertag IS DISTINCT FROM s.subscribertag OR e.subscriberid IS DISTINCT FROM s.subscriberid`),
    ).toEqual([0]);
  });

  it('has long-tailed asset popularity and sessions across hour and day boundaries', async () => {
    const [top, median, assets] = await one(
      `SELECT max(n), median(n), count(*) FROM (SELECT assetid, count(*) AS n FROM sessions GROUP BY assetid)`,
    );
    expect(assets).toBeGreaterThan(50);
    expect(top! / median!).toBeGreaterThan(20);
    const [hours, days] = await one(
      `SELECT count(*) FILTER (WHERE end_ts // 3600 > start_ts // 3600), count(*) FILTER (WHERE end_ts // 86400 > start_ts // 86400) FROM sessions`,
    );
    expect(hours).toBeGreaterThan(100);
    expect(days).toBeGreaterThan(0);
  });

  it('writes files that load back to the same values, in the same table layout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'playq-gen-'));
    dirs.push(dir);
    await writeDataset(db, { dir, format: 'parquet' });
    const loaded = await loadDataset(dir);
    expect(await loaded.all('DESCRIBE sessions')).toEqual(await db.all('DESCRIBE sessions'));
    expect(await loaded.all('DESCRIBE errors')).toEqual(await db.all('DESCRIBE errors'));
    const again = join(dir, 'again');
    await writeDataset(loaded, { dir: again, format: 'csv' });
    await writeDataset(db, { dir: join(dir, 'first'), format: 'csv' });
    for (const f of ['sessions.csv', 'errors.csv'])
      expect(readFileSync(join(again, f), 'utf8')).toBe(readFileSync(join(dir, 'first', f), 'utf8'));
    await loaded.close();
  });
});
