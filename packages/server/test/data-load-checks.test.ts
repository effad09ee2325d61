// The loader's checks read files where they lie (Parquet by its own row numbers, CSV through a
// Parquet copy): the first problem reported, for any mix of bad values, rule breaks and repeated
// session ids, is the one a row-by-row reading of the file finds first, in CSV and in Parquet.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DatasetLoadError, loadDataset } from '../src/index';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'playq-load-checks-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const HEADER =
  'customer_id,session_id,subscriber_id,country,platform,player,start_ts,end_ts,startup_ms,watch_ms,rebuffer_ms';
const ERRORS =
  'customer_id,ts,session_id,subscriber_id,country,platform,player,category,key\ndemo,100,s1,u1,US,web,p,c,k\n';

interface Row {
  readonly sessionId: string;
  readonly country: string;
  readonly startTs: string;
}
const line = (r: Row) => `demo,${r.sessionId},u1,${r.country},web,p,${r.startTs},160,900,1000,0`;

/** What a row-by-row reading finds first: every row's checks in the loader's documented order. */
function expected(rows: readonly Row[]): { row: number; column: string; count: number } | undefined {
  const seen = new Set<string>();
  // Per row, each check's verdict in the loader's order: value types, required values, rules, repeats.
  const verdicts = rows.map((r) => {
    const start = r.startTs === '' || r.startTs === 'x' ? null : Number(r.startTs);
    const repeated = seen.has(r.sessionId);
    seen.add(r.sessionId);
    return [
      ['start_ts type', r.startTs === 'x'],
      ['country', r.country === ''],
      ['start_ts', start === null],
      ['end_ts', start !== null && 160 < start],
      ['session_id', repeated],
    ] as const;
  });
  for (const [row, checks] of verdicts.entries()) {
    const failed = checks.findIndex(([, bad]) => bad);
    if (failed < 0) continue;
    const [name] = checks[failed]!;
    const count = verdicts.filter((v) => v[failed]![1]).length;
    return { row: row + 1, column: name.split(' ')[0]!, count };
  }
  return undefined;
}

async function toParquet(dir: string, csvFile: string, name: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  await c.run(
    `COPY (SELECT * FROM read_csv('${csvFile}', header = true, all_varchar = true)) TO '${join(dir, name)}' (FORMAT parquet)`,
  );
  c.closeSync();
  instance.closeSync();
}

async function outcome(dir: string): Promise<{ row: number; column: string; count: number } | undefined> {
  try {
    const db = await loadDataset(dir);
    await db.close();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(DatasetLoadError);
    const e = error as DatasetLoadError;
    const count = Number(/; (\d+) rows fail this check/.exec(e.message)?.[1] ?? 1);
    return { row: e.row!, column: e.column!, count };
  }
}

const rowArb = fc.record({
  sessionId: fc.constantFrom('s1', 's2', 's3', 's4'),
  country: fc.constantFrom('US', 'US', 'US', ''),
  startTs: fc.constantFrom('100', '100', '100', 'x', '', '200'),
});

describe('the loader checks files where they lie', () => {
  it('reports the first problem of a row-by-row reading, with its count, in CSV and Parquet', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 6 }), async (rows) => {
        const csvDir = tmp();
        const sessions = join(csvDir, 'sessions.csv');
        writeFileSync(sessions, `${HEADER}\n${rows.map(line).join('\n')}\n`);
        writeFileSync(join(csvDir, 'errors.csv'), ERRORS);
        const parquetDir = tmp();
        await toParquet(parquetDir, sessions, 'sessions.parquet');
        await toParquet(parquetDir, join(csvDir, 'errors.csv'), 'errors.parquet');
        const want = expected(rows);
        expect(await outcome(csvDir)).toEqual(want);
        expect(await outcome(parquetDir)).toEqual(want);
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('names the second of a session id repeated far apart, and counts every repetition', async () => {
    const dir = tmp();
    const rows = Array.from({ length: 5000 }, (_, i) =>
      line({ sessionId: `s${i}`, country: 'US', startTs: '100' }),
    );
    rows[4321] = line({ sessionId: 's17', country: 'US', startTs: '100' });
    rows[4999] = line({ sessionId: 's17', country: 'US', startTs: '100' });
    rows[4500] = line({ sessionId: 's3', country: 'US', startTs: '100' });
    writeFileSync(join(dir, 'sessions.csv'), `${HEADER}\n${rows.join('\n')}\n`);
    writeFileSync(join(dir, 'errors.csv'), ERRORS);
    const error = (await loadDataset(dir).catch((e: unknown) => e)) as DatasetLoadError;
    expect(error.message).toMatch(
      /sessions\.csv: row 4322, column "session_id": session "s17" appears a second time for its customer; 3 rows fail this check/,
    );
  });

  it('leaves no copy behind beside a database file, loaded or refused', async () => {
    const dir = tmp();
    writeFileSync(
      join(dir, 'sessions.csv'),
      `${HEADER}\n${line({ sessionId: 's1', country: 'US', startTs: '100' })}\n`,
    );
    writeFileSync(join(dir, 'errors.csv'), ERRORS);
    const out = tmp();
    const db = await loadDataset(dir, { database: join(out, 'ok.duckdb') });
    expect(db.stats().sessions).toBe(1);
    expect(await db.all('SELECT count(*)::INTEGER FROM duckdb_tables() WHERE temporary')).toEqual([[0]]);
    expect(
      await db.all('SELECT count(*)::INTEGER FROM duckdb_views() WHERE temporary AND NOT internal'),
    ).toEqual([[0]]);
    await db.close();
    writeFileSync(
      join(dir, 'sessions.csv'),
      `${HEADER}\n${line({ sessionId: 's1', country: '', startTs: '100' })}\n`,
    );
    await expect(loadDataset(dir, { database: join(out, 'bad.duckdb') })).rejects.toThrow(/column "country"/);
    expect(readdirSync(out).filter((f) => f.startsWith('.playq-load-'))).toEqual([]);
  });
});
