// The @clickhouse/client engine end to end, against a chdb-backed fixture of ClickHouse's HTTP
// interface on 127.0.0.1 (clickhouse-http-fixture.ts): `loadIntoClickHouse` refuses bad files
// before anything is inserted, creates the tables and inserts checked rows; a service on
// `openClickHouse` answers as the same service on DuckDB does, through real HTTP on both sides.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClickHouseEngine,
  createService,
  DatasetLoadError,
  generateDataset,
  loadIntoClickHouse,
  openClickHouse,
  type Service,
  writeDataset,
} from '../src/index';
import { type ClickHouseFixture, startClickHouseFixture } from './clickhouse-http-fixture';

const END = 1_767_225_600;
const PERIOD = `start=${END - 2 * 86_400},end=${END}`;
let fixture: ClickHouseFixture;
let dir: string;
let engine: ClickHouseEngine;
let onClickHouse: Service;
let onDuckDB: Service;

beforeAll(async () => {
  fixture = await startClickHouseFixture();
  dir = mkdtempSync(join(tmpdir(), 'playq-ch-server-'));
  const db = await generateDataset({ sessions: 3000, seed: 5, days: 2, end: END });
  await writeDataset(db, { dir: join(dir, 'good'), format: 'parquet' });
  const loaded = await loadIntoClickHouse(join(dir, 'good'), { url: fixture.url, database: 'playq' });
  expect(loaded).toEqual({ sessions: 3000, errors: db.stats().errors });
  engine = await openClickHouse({ url: fixture.url, database: 'playq' });
  onClickHouse = await createService({ data: { engine }, rateLimit: false });
  onDuckDB = await createService({ data: { dataset: db }, rateLimit: false });
});

afterAll(async () => {
  await onClickHouse?.close();
  await engine?.close();
  await onDuckDB?.close();
  await onDuckDB?.db.close();
  await fixture?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function answer(service: Service, query: string, endpoint = 'metricquery'): Promise<unknown> {
  const { baseUrl, close } = await listening(service);
  try {
    const res = await fetch(`${baseUrl}/${endpoint}/demo?period=${encodeURIComponent(PERIOD)}&${query}`, {
      headers: { 'X-API-Key': 'demo-key' },
    });
    return { status: res.status, body: await res.json() };
  } finally {
    await close();
  }
}

const listeners = new Map<Service, Promise<{ baseUrl: string }>>();
async function listening(service: Service): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  if (!listeners.has(service)) listeners.set(service, service.listen({ port: 0 }));
  const { baseUrl } = (await listeners.get(service)) as { baseUrl: string };
  return { baseUrl, close: async () => {} };
}

describe('a service on a ClickHouse server (HTTP fixture)', () => {
  it('reads the customers and statistics of the loaded tables', () => {
    expect(engine.name).toBe('clickhouse');
    expect(engine.stats().customers).toEqual(['demo', 'other']);
    expect(engine.stats().sessions).toBe(3000);
  });

  it.each([
    'metrics=attempts,viewercount,bufferingratio,p95_latency,uniqueviewercount,errors&aggby=country',
    'metrics=concurviewavg,playdur,errors&aggby=timestamp&granularity=hour',
    'metrics=attempts,playdur&concurrency=1&aggby=cdn&filter=' + encodeURIComponent('[platform=web|ios]'),
    'metrics=attempts,errors&aggby=platform&qoefilter=' + encodeURIComponent('errors>=1 AND latency<5'),
  ])('answers %s as DuckDB does', async (query) => {
    const [ch, duck] = [await answer(onClickHouse, query), await answer(onDuckDB, query)];
    expect((ch as { status: number }).status).toBe(200);
    expect(roundNumbers(ch)).toEqual(roundNumbers(duck));
  });

  it('binds every request value as a parameter: no filter value reaches the statement text', async () => {
    await answer(onClickHouse, `metrics=attempts&filter=${encodeURIComponent("[country=O'Brien--x]")}`);
    expect(fixture.statements.some((s) => s.includes("O'Brien"))).toBe(false);
    expect(fixture.statements.at(-1)).toContain('{p1:String}');
  });
});

describe('loading into ClickHouse', () => {
  it('refuses a file with a bad row before inserting anything, naming file, row and column', async () => {
    const bad = join(dir, 'bad');
    mkdirSync(bad);
    writeFileSync(
      join(bad, 'sessions.csv'),
      'customer_id,session_id,subscriber_id,country,platform,player,start_ts,end_ts,startup_ms,watch_ms,rebuffer_ms\ndemo,z1,u1,US,web,html5,100,50,800,1000,0\n',
    );
    writeFileSync(
      join(bad, 'errors.csv'),
      'customer_id,ts,session_id,subscriber_id,country,platform,player,category,key\n',
    );
    const before = fixture.statements.length;
    const error = await loadIntoClickHouse(bad, { url: fixture.url, database: 'playq' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toMatch(/sessions\.csv: row 1, column "end_ts"/);
    expect(fixture.statements.length).toBe(before);
  });

  it('refuses credentials inside the URL, saying where they belong, and names no secret', async () => {
    const error = await openClickHouse({ url: 'http://user:s3cret@127.0.0.1:1', database: 'playq' }).catch(
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(/credentials apart from the URL/);
    expect(String(error)).not.toContain('s3cret');
  });
});

/** Answers with numbers rounded to 9 significant digits (engines may sum in different orders). */
function roundNumbers(value: unknown): unknown {
  if (typeof value === 'number') return Number(value.toPrecision(9));
  if (Array.isArray(value)) return value.map(roundNumbers);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundNumbers(v)]));
  return value;
}
