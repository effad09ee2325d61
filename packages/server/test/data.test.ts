// The data tools: generation is deterministic; files round-trip in every format; bad files fail clearly.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createService,
  type Dataset,
  DatasetLoadError,
  datasetFromRecords,
  generateDataset,
  generateToDirectory,
  loadDataset,
  writeDataset,
} from '../src/index';
import { ERRORS, PERIOD, SESSIONS } from './fixture';
import { metricquery } from './helpers';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'playq-server-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const SESSION_HEADER =
  'customer_id,session_id,subscriber_id,country,platform,player,start_ts,end_ts,startup_ms,watch_ms,rebuffer_ms';
const ERROR_HEADER = 'customer_id,ts,session_id,subscriber_id,country,platform,player,category,key';

describe('generateDataset', () => {
  it('is deterministic for a seed and differs across seeds', async () => {
    const opts = { sessions: 5000, seed: 42, days: 7, end: 1_767_225_600 };
    const a = await generateDataset(opts);
    const b = await generateDataset(opts);
    const c = await generateDataset({ ...opts, seed: 43 });
    const digest = (db: typeof a) =>
      db.all(
        `SELECT count(*)::DOUBLE, sum(start_ts)::DOUBLE, sum(coalesce(startup_ms, 0))::DOUBLE, sum(watch_ms)::DOUBLE,
                (SELECT count(*) FROM errors)::DOUBLE, (SELECT sum(ts) FROM errors)::DOUBLE FROM sessions`,
      );
    expect(await digest(a)).toEqual(await digest(b));
    expect(await digest(a)).not.toEqual(await digest(c));
    const stats = a.stats();
    expect(stats.sessions).toBe(5000);
    expect(stats.customers).toEqual(['demo', 'other']);
    expect(stats.minTs).toBeGreaterThanOrEqual(opts.end - 7 * 86_400);
    expect(stats.maxTs).toBeLessThan(opts.end);
    // Realistic shapes: some failed starts, skewed countries, errors present.
    const [failed, us, total] = (
      await a.all(
        `SELECT count(*) FILTER (WHERE startup_ms IS NULL)::DOUBLE,
              count(*) FILTER (WHERE country = (SELECT code FROM dict_country WHERE value = 'US'))::DOUBLE, count(*)::DOUBLE FROM sessions`,
      )
    )[0] as number[];
    expect(failed! / total!).toBeGreaterThan(0.005);
    expect(failed! / total!).toBeLessThan(0.1);
    expect(us! / total!).toBeGreaterThan(0.15);
    expect(stats.errors).toBeGreaterThan(0);
    // Stored in (customer, end time) order, so that a period prunes row groups (storage-order.test.ts).
    const [disorder] = (
      await a.all(
        `SELECT count(*) FILTER (WHERE cust = pc AND coalesce(end_ts, 9e18) < coalesce(pe, 9e18))::DOUBLE FROM (
         SELECT cust, end_ts, lag(cust) OVER (ORDER BY rowid) AS pc, lag(end_ts) OVER (ORDER BY rowid) AS pe FROM sessions)`,
      )
    )[0] as number[];
    expect(disorder).toBe(0);
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it('refuses bad options with a clear message', async () => {
    await expect(generateDataset({ sessions: -1, seed: 1 })).rejects.toThrow(/sessions must be an integer/);
    await expect(generateDataset({ sessions: 10, seed: 1.5 })).rejects.toThrow(/seed must be an integer/);
    await expect(generateDataset({ sessions: 10, seed: 1, days: 0 })).rejects.toThrow(/days/);
    await expect(generateDataset({ sessions: 10, seed: 1, customers: ["x'y"] })).rejects.toThrow(
      /customers\[0\]/,
    );
  });
});

describe('database files', () => {
  it('serves a DuckDB file written by generateDataset, and refuses a foreign one', async () => {
    const file = join(tmp(), 'playq.duckdb');
    const made = await generateDataset({
      sessions: 2000,
      seed: 4,
      days: 2,
      end: 1_767_225_600,
      database: file,
      memoryLimit: '256MB',
    });
    const expected = made.stats();
    await made.close();
    const service = await createService({ data: { database: file } });
    expect(service.db.stats()).toEqual(expected);
    const { status, body } = await metricquery(service, {
      period: 'start=1767052800,end=1767225600',
      metrics: 'viewercount',
    });
    expect(status).toBe(200);
    expect(Number(body.response[0]?.viewercount)).toBeGreaterThan(0);
    await service.close();
    await expect(createService({ data: { database: join(tmp(), 'empty.duckdb') } })).rejects.toThrow(
      /is not a playq database/,
    );
    // The service's memoryLimit bounds opening the file too (and the tables derived just after it);
    // before, it applied only once they were built, and a 100M file peaked at 4.4 GB under '1GB'.
    await expect(createService({ data: { database: file }, memoryLimit: '1MB' })).rejects.toThrow(
      /cannot open .*playq\.duckdb under memoryLimit '1MB': Out of Memory Error/,
    );
    const limited = await createService({ data: { database: file }, memoryLimit: '256MB' });
    expect(limited.db.stats()).toEqual(expected);
    expect(await limited.db.derivedTablesMade()).toBeUndefined();
    await limited.close();
  });
});

describe('loading into a database file', () => {
  it("bounds DuckDB's memory by default (the staging spills to disk), and takes a given limit", async () => {
    const original = await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS });
    const dir = tmp();
    await writeDataset(original, { dir, format: 'parquet' });
    const limitOf = async (db: Dataset) =>
      ((await db.all("SELECT current_setting('memory_limit')")) as [[string]])[0][0];
    const bounded = await loadDataset(dir, { database: join(dir, 'a.duckdb') });
    expect(await limitOf(bounded)).toBe('953.6 MiB'); // FILE_LOAD_MEMORY_LIMIT, 1GB
    expect(bounded.stats()).toEqual(original.stats());
    const given = await loadDataset(dir, { database: join(dir, 'b.duckdb'), memoryLimit: '512MB' });
    expect(await limitOf(given)).toBe('488.2 MiB');
    // In memory the data must fit anyway: DuckDB's own default stays.
    const inMemory = await loadDataset(dir);
    expect(await limitOf(inMemory)).not.toBe('953.6 MiB');
    await Promise.all([original.close(), bounded.close(), given.close(), inMemory.close()]);
  });

  it("bounds a service's load into memory by the service's memoryLimit, not only its serving", async () => {
    const original = await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS });
    const dir = tmp();
    await writeDataset(original, { dir, format: 'parquet' });
    await original.close();
    // Far too little for the checks: refused while loading, naming the file (the limit applied only
    // after the load before).
    await expect(createService({ data: { dir }, memoryLimit: '1MB' })).rejects.toThrow(
      /cannot check the rows of .*sessions\.parquet: Out of Memory Error/,
    );
    const service = await createService({ data: { dir }, memoryLimit: '256MB' });
    await service.close();
  });
});

describe('writeDataset and loadDataset', () => {
  for (const format of ['parquet', 'csv', 'ndjson'] as const) {
    it(`round-trips ${format} with the same answers`, async () => {
      const original = await datasetFromRecords({ sessions: SESSIONS, errors: ERRORS });
      const dir = tmp();
      const files = await writeDataset(original, { dir, format });
      expect(files.sessions).toMatch(new RegExp(`sessions\\.${format}$`));
      const loaded = await loadDataset(dir);
      expect(loaded.stats()).toEqual(original.stats());
      const a = await createService({ data: { dataset: original } });
      const b = await createService({ data: { dir } });
      const params = {
        period: PERIOD,
        metrics: 'viewercount,latency,errors,concurviewavg',
        aggby: 'country,player',
      };
      expect((await metricquery(b, params)).body).toEqual((await metricquery(a, params)).body);
      await Promise.all([a.close(), b.close(), original.close(), loaded.close()]);
    });
  }

  it('generateToDirectory writes files the loader accepts', async () => {
    const out = tmp();
    const result = await generateToDirectory({
      sessions: 3000,
      seed: 9,
      out,
      format: 'csv',
      days: 3,
      end: 1_767_225_600,
    });
    expect(result.rows.sessions).toBe(3000);
    const db = await loadDataset(out);
    expect(db.stats().sessions).toBe(3000);
    expect(db.stats().errors).toBe(result.rows.errors);
    await db.close();
  });
});

describe('schema checks', () => {
  const write = (files: Record<string, string>) => {
    const dir = tmp();
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
  const okErrors = `${ERROR_HEADER}\ndemo,100,s1,u1,US,web,html5,network,CDN_5XX\n`;

  it('names the file and the missing column', async () => {
    const dir = write({
      'sessions.csv':
        'customer_id,session_id,subscriber_id,country,platform,start_ts,end_ts,startup_ms,watch_ms,rebuffer_ms\ndemo,s1,u1,US,web,0,60,1000,59000,0\n',
      'errors.csv': okErrors,
    });
    const error = await loadDataset(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatasetLoadError);
    expect((error as DatasetLoadError).message).toMatch(/sessions\.csv: missing column "player"/);
    expect((error as DatasetLoadError).column).toBe('player');
  });

  it('names a column of the wrong type', async () => {
    const dir = write({
      'sessions.csv': `${SESSION_HEADER}\ndemo,s1,u1,US,web,html5,yesterday,60,1000,59000,0\n`,
      'errors.csv': okErrors,
    });
    await expect(loadDataset(dir)).rejects.toThrow(
      /sessions\.csv: row 1, column "start_ts": "yesterday" is not an integer \(epoch seconds\)/,
    );
  });

  it('names a required column with empty values', async () => {
    const dir = write({
      'sessions.csv': `${SESSION_HEADER}\ndemo,s1,u1,,web,html5,0,60,1000,59000,0\ndemo,s2,u1,US,web,html5,0,60,,0,0\n`,
      'errors.csv': okErrors,
    });
    await expect(loadDataset(dir)).rejects.toThrow(
      /sessions\.csv: row 1, column "country": empty, but the column is required/,
    );
  });

  it('accepts an empty startup_ms as a failed start', async () => {
    const dir = write({
      'sessions.csv': `${SESSION_HEADER}\ndemo,s1,u1,US,web,html5,0,60,1000,59000,0\ndemo,s2,u1,US,web,html5,10,20,,0,0\n`,
      'errors.csv': okErrors,
    });
    const db = await loadDataset(dir);
    expect(db.stats().sessions).toBe(2);
    await db.close();
  });

  it('reports an unreadable file and a missing directory', async () => {
    const dir = write({ 'sessions.parquet': 'not parquet at all', 'errors.parquet': 'nope' });
    await expect(loadDataset(dir)).rejects.toThrow(/cannot read .*sessions\.parquet as parquet/);
    await expect(loadDataset(join(dir, 'missing'))).rejects.toThrow(
      /no data files in .*missing: expected one of sessions\.parquet/,
    );
  });

  it('refuses bad in-memory records with the row and column', async () => {
    await expect(
      datasetFromRecords({ sessions: [{ ...SESSIONS[0]!, start_ts: 1.5 }], errors: [] }),
    ).rejects.toThrow(/sessions\[0\]\.start_ts: expected an integer/);
  });
});
