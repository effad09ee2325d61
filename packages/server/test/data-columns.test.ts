// The data columns (docs/server.md#data): every column survives each file format, files without
// the optional columns get their documented defaults, bad values are refused with file, row and
// column, and a refused load leaves nothing behind. `bytes_downloaded` (traffic, for `cbrsize`) and
// `sid_rank` (each customer's session ids ranked in text order, a session list's tie-break) are
// also computed for a playq database file written before they existed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { PLATFORM_BITRATE_KBPS } from '../src/data/generate-shapes';
import {
  createService,
  Dataset,
  DatasetLoadError,
  datasetFromRecords,
  type ErrorRecord,
  generateDataset,
  loadDataset,
  type SessionRecord,
  writeDataset,
} from '../src/index';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'playq-data-columns-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const T = 1_700_000_000;
const base = {
  customer_id: 'demo',
  country: 'US',
  platform: 'web',
  player: 'html5',
  device: 'desktop',
  cdn: 'akamai',
  asset_id: 'a1',
  asset_name: 'Night Train',
  subscriber_tag: 'premium',
  rebuffer_count: 0,
  cdn_changes: 0,
  business_failure: false,
} as const;

/** One session of each status, an anonymous viewer, null dimensions and a business failure. */
const SESSIONS: SessionRecord[] = [
  {
    ...base,
    session_id: 's1',
    subscriber_id: 'u1',
    device_id: 'd1',
    status: 'ENDED',
    start_ts: T,
    end_ts: T + 600,
    startup_ms: 900,
    watch_ms: 590_000,
    rebuffer_ms: 4000,
    rebuffer_count: 2,
    cdn_changes: 1,
    bytes_downloaded: 123_456_789,
  },
  {
    ...base,
    session_id: 's2',
    subscriber_id: null,
    device_id: 'd9',
    subscriber_tag: null,
    status: 'DROPPED',
    start_ts: T + 10,
    end_ts: T + 20,
    startup_ms: null,
    watch_ms: 0,
    rebuffer_ms: 0,
    business_failure: true,
  },
  {
    ...base,
    session_id: 's3',
    subscriber_id: 'u2',
    device_id: 'd2',
    cdn: null,
    asset_id: null,
    asset_name: null,
    status: 'RUNNING',
    start_ts: T + 30,
    end_ts: null,
    startup_ms: 1500,
    watch_ms: 60_000,
    rebuffer_ms: 0,
  },
  {
    ...base,
    session_id: 's4',
    subscriber_id: 'u2',
    device_id: 'd2',
    device: null,
    status: 'LOADED',
    start_ts: T + 40,
    end_ts: null,
    startup_ms: null,
    watch_ms: 0,
    rebuffer_ms: 0,
  },
];
const ERRORS: ErrorRecord[] = [
  {
    customer_id: 'demo',
    ts: T + 12,
    session_id: 's2',
    subscriber_id: null,
    country: 'US',
    platform: 'web',
    player: 'html5',
    category: 'entitlement',
    key: 'GEO_BLOCKED',
    fatal: true,
    business: true,
  },
  {
    customer_id: 'demo',
    ts: T + 100,
    session_id: 's1',
    subscriber_id: 'u1',
    country: 'US',
    platform: 'web',
    player: 'html5',
    category: 'network',
    key: 'CDN_5XX',
    fatal: false,
    business: false,
  },
  {
    customer_id: 'demo',
    ts: T + 101,
    session_id: null,
    subscriber_id: 'u7',
    country: 'US',
    platform: 'web',
    player: 'html5',
    category: 'network',
    key: 'DNS_FAILURE',
    fatal: false,
    business: false,
  },
];

/** Both tables decoded back to file values, for comparing datasets built in different ways. */
async function contents(db: Dataset): Promise<string> {
  const dir = tmp();
  await writeDataset(db, { dir, format: 'csv' });
  return `${readFileSync(join(dir, 'sessions.csv'), 'utf8')}\n${readFileSync(join(dir, 'errors.csv'), 'utf8')}`;
}

const V1_SESSIONS =
  'customer_id,session_id,subscriber_id,country,platform,player,start_ts,end_ts,startup_ms,watch_ms,rebuffer_ms\n' +
  `demo,s1,u1,US,web,html5,${T},${T + 60},1000,50000,3000\ndemo,s2,u2,GB,ios,avplayer,${T + 5},${T + 9},,0,0\n`;
const V1_ERRORS =
  'customer_id,ts,session_id,subscriber_id,country,platform,player,category,key\n' +
  `demo,${T + 7},s2,u2,GB,ios,avplayer,startup,MANIFEST_404\n`;

const write = (files: Record<string, string>) => {
  const dir = tmp();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};

async function loadError(dir: string): Promise<DatasetLoadError> {
  const error = await loadDataset(dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

describe('v2 columns in every format', () => {
  for (const format of ['parquet', 'csv', 'ndjson'] as const) {
    it(`${format}: writes every column and loads the same data back`, async () => {
      const original = await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS });
      const dir = tmp();
      const files = await writeDataset(original, { dir, format });
      const loaded = await loadDataset(dir);
      expect(await contents(loaded)).toBe(await contents(original));
      // Exactly the documented column names (docs/server.md#data), in schema order.
      const described = async (file: string) => {
        const instance = await DuckDBInstance.create(':memory:');
        const c = await instance.connect();
        const read = { parquet: 'read_parquet', csv: 'read_csv', ndjson: 'read_json' }[format];
        const names = (await c.runAndReadAll(`DESCRIBE SELECT * FROM ${read}('${file}')`))
          .getRowsJS()
          .map((r) => r[0]);
        c.closeSync();
        instance.closeSync();
        return names;
      };
      expect(await described(files.sessions)).toEqual([
        'customer_id',
        'session_id',
        'subscriber_id',
        'device_id',
        'country',
        'platform',
        'device',
        'player',
        'cdn',
        'asset_id',
        'asset_name',
        'subscriber_tag',
        'status',
        'start_ts',
        'end_ts',
        'startup_ms',
        'watch_ms',
        'rebuffer_ms',
        'rebuffer_count',
        'cdn_changes',
        'business_failure',
        'bytes_downloaded',
      ]);
      expect(await described(files.errors)).toEqual([
        'customer_id',
        'ts',
        'session_id',
        'subscriber_id',
        'country',
        'platform',
        'player',
        'category',
        'key',
        'fatal',
        'business',
      ]);
      await Promise.all([original.close(), loaded.close()]);
    });
  }

  it('keeps nulls as NULL codes and gives error events their session dimensions', async () => {
    const db = await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS });
    const rows = await db.all(
      `SELECT session_id, subscriberid IS NULL, cdn IS NULL, assetid IS NULL, device IS NULL, status::VARCHAR, end_ts IS NULL
       FROM sessions ORDER BY session_id`,
    );
    expect(rows).toEqual([
      ['s1', false, false, false, false, 'ENDED', false],
      ['s2', true, false, false, false, 'DROPPED', false],
      ['s3', false, true, true, false, 'RUNNING', true],
      ['s4', false, false, false, true, 'LOADED', true],
    ]);
    const events = await db.all(
      `SELECT e.session_id, (SELECT value FROM dict_cdn WHERE code = e.cdn), (SELECT value FROM dict_subscribertag WHERE code = e.subscribertag),
              (SELECT value FROM dict_assetname WHERE code = e.assetname), fatal, business
       FROM errors e ORDER BY eid`,
    );
    expect(events).toEqual([
      ['s2', 'akamai', null, 'Night Train', true, true],
      ['s1', 'akamai', 'premium', 'Night Train', false, false],
      // No session: no session dimensions.
      [null, null, null, null, false, false],
    ]);
    await db.close();
  });
});

describe('v1 files', () => {
  it('load with the documented defaults for the v2 columns', async () => {
    const db = await loadDataset(write({ 'sessions.csv': V1_SESSIONS, 'errors.csv': V1_ERRORS }));
    const dict = (d: string, col: string) => `(SELECT value FROM dict_${d} WHERE code = s.${col})`;
    const rows = await db.all(
      `SELECT session_id, ${dict('device_id', 'device_id')}, status::VARCHAR, rebuffer_count, cdn_changes, business_failure,
              device IS NULL AND cdn IS NULL AND assetid IS NULL AND assetname IS NULL AND subscribertag IS NULL
       FROM sessions s ORDER BY session_id`,
    );
    // device_id defaults to the subscriber; rebuffer_count to 1 when there was rebuffering.
    expect(rows).toEqual([
      ['s1', 'u1', 'ENDED', 1, 0, false, true],
      ['s2', 'u2', 'ENDED', 0, 0, false, true],
    ]);
    expect(await db.all('SELECT fatal, business FROM errors')).toEqual([[false, false]]);
    await db.close();
  });

  it('in-memory records without the v2 fields get the same defaults', async () => {
    const db = await datasetFromRecords({
      sessions: [
        {
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
          rebuffer_ms: 3000,
        },
        {
          customer_id: 'demo',
          session_id: 's2',
          subscriber_id: null,
          country: 'US',
          platform: 'web',
          player: 'html5',
          start_ts: T,
          end_ts: T + 60,
          startup_ms: 1000,
          watch_ms: 50_000,
          rebuffer_ms: 0,
        },
      ],
      errors: [],
    });
    expect(
      await db.all(
        `SELECT (SELECT value FROM dict_device_id WHERE code = s.device_id), status::VARCHAR, rebuffer_count FROM sessions s ORDER BY session_id`,
      ),
    ).toEqual([
      ['u1', 'ENDED', 1],
      // An anonymous session without a device id: the session stands for the device.
      ['s2', 'ENDED', 0],
    ]);
    await db.close();
  });
});

describe('refused files', () => {
  const header =
    'customer_id,session_id,subscriber_id,device_id,country,platform,device,player,cdn,asset_id,asset_name,subscriber_tag,status,start_ts,end_ts,startup_ms,watch_ms,rebuffer_ms,rebuffer_count,cdn_changes,business_failure';
  const row = (over: Partial<Record<string, string>> = {}) => {
    const v: Record<string, string> = {
      customer_id: 'demo',
      session_id: 's1',
      subscriber_id: 'u1',
      device_id: 'd1',
      country: 'US',
      platform: 'web',
      device: 'desktop',
      player: 'html5',
      cdn: 'akamai',
      asset_id: 'a1',
      asset_name: 'A',
      subscriber_tag: '',
      status: 'ENDED',
      start_ts: String(T),
      end_ts: String(T + 60),
      startup_ms: '900',
      watch_ms: '50000',
      rebuffer_ms: '0',
      rebuffer_count: '0',
      cdn_changes: '0',
      business_failure: 'false',
      ...over,
    };
    return header
      .split(',')
      .map((k) => v[k])
      .join(',');
  };
  const csv = (...rows: string[]) =>
    write({ 'sessions.csv': `${header}\n${rows.join('\n')}\n`, 'errors.csv': V1_ERRORS });

  it('an unknown status, naming file, row and column', async () => {
    const e = await loadError(csv(row(), row({ session_id: 's2', status: 'PAUSED' })));
    expect(e.message).toMatch(
      /sessions\.csv: row 2, column "status": "PAUSED" is not a status \(ENDED, DROPPED, RUNNING, LOADED\)/,
    );
    expect([e.file?.endsWith('sessions.csv'), e.row, e.column]).toEqual([true, 2, 'status']);
  });

  it('a value of the wrong type in CSV, NDJSON and Parquet', async () => {
    const e1 = await loadError(
      csv(row(), row({ session_id: 's2' }), row({ session_id: 's3', watch_ms: '12.5' })),
    );
    expect(e1.message).toMatch(
      /sessions\.csv: row 3, column "watch_ms": "12\.5" is not an integer \(milliseconds\)/,
    );
    const e2 = await loadError(csv(row({ business_failure: 'maybe' })));
    expect(e2.message).toMatch(/row 1, column "business_failure": "maybe" is not a boolean/);

    const lines = [0, 1, 2].map((i) =>
      JSON.stringify({
        customer_id: 'demo',
        session_id: `s${i}`,
        subscriber_id: 'u1',
        country: 'US',
        platform: 'web',
        player: 'p',
        start_ts: i === 2 ? 'soon' : T,
        end_ts: T + 60,
        startup_ms: 900,
        watch_ms: 1,
        rebuffer_ms: 0,
      }),
    );
    const errors = JSON.stringify({
      customer_id: 'demo',
      ts: T,
      session_id: 's0',
      subscriber_id: 'u1',
      country: 'US',
      platform: 'web',
      player: 'p',
      category: 'c',
      key: 'k',
    });
    const e3 = await loadError(
      write({ 'sessions.ndjson': `${lines.join('\n')}\n`, 'errors.ndjson': `${errors}\n` }),
    );
    expect([e3.row, e3.column]).toEqual([3, 'start_ts']);
    expect(e3.message).toMatch(/sessions\.ndjson: row 3, column "start_ts": "\\?"?soon/);

    const dir = tmp();
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    await c.run(`COPY (SELECT 'demo' AS customer_id, 's' || i AS session_id, 'u1' AS subscriber_id, 'US' AS country, 'web' AS platform,
      'p' AS player, ${T} AS start_ts, ${T + 60} AS end_ts, 900 AS startup_ms,
      CASE WHEN i = 4 THEN 1.5 ELSE 1000.0 END::DOUBLE AS watch_ms, 0 AS rebuffer_ms FROM range(6) r(i))
      TO '${join(dir, 'sessions.parquet')}' (FORMAT parquet)`);
    await c.run(
      `COPY (SELECT * FROM read_csv('${join(write({ 'e.csv': V1_ERRORS }), 'e.csv')}')) TO '${join(dir, 'errors.parquet')}' (FORMAT parquet)`,
    );
    c.closeSync();
    instance.closeSync();
    const e4 = await loadError(dir);
    expect(e4.message).toMatch(/sessions\.parquet: row 5, column "watch_ms": "1\.5" is not an integer/);
  });

  it('status and end_ts that contradict each other, and a repeated session id', async () => {
    expect((await loadError(csv(row({ end_ts: '' })))).message).toMatch(
      /row 1, column "end_ts": breaks the rule: end_ts is empty exactly when status is RUNNING or LOADED/,
    );
    expect((await loadError(csv(row({ status: 'RUNNING' })))).message).toMatch(
      /row 1, column "end_ts": breaks the rule/,
    );
    expect((await loadError(csv(row({ status: 'LOADED', end_ts: '' })))).message).toMatch(
      /row 1, column "startup_ms": breaks the rule: a LOADED session never played/,
    );
    expect((await loadError(csv(row(), row({ session_id: 's2' }), row()))).message).toMatch(
      /row 3, column "session_id": session "s1" appears a second time/,
    );
    // A file without a status column, with an empty end_ts: the message says why status is ENDED.
    const v1 = V1_SESSIONS.replace(`${T + 60},1000`, ',1000');
    expect((await loadError(write({ 'sessions.csv': v1, 'errors.csv': V1_ERRORS }))).message).toMatch(
      /row 1, column "end_ts": .*the file has no device_id, .*status.*: defaults apply/,
    );
  });

  it('leaves nothing behind in a database file', async () => {
    const database = join(tmp(), 'refused.duckdb');
    const dir = csv(row(), row({ session_id: 's2', status: 'PAUSED' }));
    await expect(loadDataset(dir, { database })).rejects.toThrow(/PAUSED/);
    const instance = await DuckDBInstance.create(database);
    const c = await instance.connect();
    const tables = (await c.runAndReadAll('SELECT count(*)::INTEGER FROM duckdb_tables()')).getRowsJS();
    c.closeSync();
    instance.closeSync();
    expect(tables).toEqual([[0]]);
  });

  it('refuses in-memory records with a bad status or a contradiction, naming the record', async () => {
    const s = SESSIONS[0]!;
    await expect(
      datasetFromRecords({
        sessions: [s, { ...s, session_id: 's2', status: 'paused' as never }],
        errors: [],
      }),
    ).rejects.toThrow(/sessions\[1\]\.status: "paused" is not a status/);
    await expect(datasetFromRecords({ sessions: [{ ...s, end_ts: null }], errors: [] })).rejects.toThrow(
      /sessions\[0\]\.end_ts: breaks the rule/,
    );
    await expect(
      datasetFromRecords({ sessions: [{ ...s, business_failure: 'no' as never }], errors: [] }),
    ).rejects.toThrow(/sessions\[0\]\.business_failure: expected a boolean, got "no"/);
  });
});

describe('the column bytes_downloaded', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'playq-data-columns-'));
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
});

describe('the column sid_rank', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'playq-data-columns-'));
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
});
