// What the loader refuses before any engine sees it: numbers outside their column's range (a
// negative duration, the 64-bit maximum, a timestamp before the epoch), text longer than a value may
// be, and files that are not regular files (a FIFO that would block, a device, a symbolic link).
// Each refusal names the file, the row, the column and the value. What it accepts, every engine
// answers with the same digits: a property over rows at the edges of every range, DuckDB and chdb.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MAX_DURATION_MS,
  MAX_EVENT_COUNT,
  MAX_SESSION_BYTES,
  MAX_TEXT_LENGTH,
} from '../src/data/value-bounds';
import { openChdb } from '../src/engine/chdb-engine';
import {
  createService,
  DatasetLoadError,
  datasetFromRecords,
  loadDataset,
  type SessionRecord,
} from '../src/index';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'playq-load-refusals-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const HEADER =
  'customer_id,session_id,subscriber_id,country,platform,player,start_ts,end_ts,startup_ms,watch_ms,rebuffer_ms,rebuffer_count,cdn_changes,bytes_downloaded';
const GOOD = 'demo,s1,u1,US,web,p,100,160,900,1000,0,0,0,0';
const ERRORS =
  'customer_id,ts,session_id,subscriber_id,country,platform,player,category,key\ndemo,100,s1,u1,US,web,p,c,k\n';

function dataDir(sessionRows: readonly string[], errors = ERRORS): string {
  const dir = tmp();
  writeFileSync(join(dir, 'sessions.csv'), `${HEADER}\n${sessionRows.join('\n')}\n`);
  writeFileSync(join(dir, 'errors.csv'), errors);
  return dir;
}

async function refusal(dir: string): Promise<DatasetLoadError> {
  const error = await loadDataset(dir).then(
    async (db) => {
      await db.close();
      return undefined;
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatasetLoadError);
  return error as DatasetLoadError;
}

/** The good row with one column's value replaced. */
function withValue(column: string, value: string): string {
  const names = HEADER.split(',');
  const cells = GOOD.split(',');
  cells[names.indexOf(column)] = value;
  return cells.join(',');
}

describe('numbers outside their range', () => {
  it.each([
    ['watch_ms', '9223372036854775807', 'milliseconds (at most 31 days), from 0 to 2,678,400,000'],
    ['rebuffer_ms', '-1', 'milliseconds (at most 31 days), from 0 to 2,678,400,000'],
    ['startup_ms', String(MAX_DURATION_MS + 1), 'milliseconds (at most 31 days)'],
    ['rebuffer_count', '-5', 'a count, from 0 to 1,000,000'],
    ['cdn_changes', String(MAX_EVENT_COUNT + 1), 'a count, from 0 to 1,000,000'],
    ['bytes_downloaded', '-1024', 'bytes (at most 10^12), from 0 to 1,000,000,000,000'],
    ['start_ts', '-3600', 'epoch seconds, from 0 to 100,000,000,000'],
  ])('%s = %s is refused naming the file, row, column and value', async (column, value, range) => {
    const dir = dataDir([GOOD.replace('s1', 's0'), withValue(column, value)]);
    const e = await refusal(dir);
    expect(e.message).toContain(
      `${join(dir, 'sessions.csv')}: row 2, column "${column}": ${value} is out of range: ${column} holds ${range}`,
    );
    expect(e.row).toBe(2);
    expect(e.column).toBe(column);
  });

  it('takes every value at the edges of its range', async () => {
    const edge = [
      'demo,s1,u1,US,web,p,0,0,0,0,0,0,0,0',
      `demo,s2,u1,US,web,p,100,160,${MAX_DURATION_MS},${MAX_DURATION_MS},${MAX_DURATION_MS},${MAX_EVENT_COUNT},${MAX_EVENT_COUNT},${MAX_SESSION_BYTES}`,
    ];
    const db = await loadDataset(dataDir(edge));
    expect(db.stats().sessions).toBe(2);
    await db.close();
  });

  it('checks error events too: a timestamp before the epoch', async () => {
    const dir = dataDir([GOOD], ERRORS.replace('demo,100,', 'demo,-1,'));
    const e = await refusal(dir);
    expect(e.message).toContain('errors.csv: row 1, column "ts": -1 is out of range: ts holds epoch seconds');
  });

  it('refuses records in memory with the same words', async () => {
    const session: SessionRecord = {
      customer_id: 'demo',
      session_id: 's1',
      subscriber_id: 'u1',
      country: 'US',
      platform: 'web',
      player: 'p',
      start_ts: 100,
      end_ts: 160,
      startup_ms: 900,
      watch_ms: -1,
      rebuffer_ms: 0,
    };
    const error = await datasetFromRecords({ sessions: [session], errors: [] }).catch((e: unknown) => e);
    expect(String(error)).toContain(
      'sessions[0].watch_ms: -1 is out of range: watch_ms holds milliseconds (at most 31 days)',
    );
  });
});

describe('text longer than a value may be', () => {
  it('names the row of a 10^6-character value in CSV, with its length and its start', async () => {
    const long = 'x'.repeat(1_000_000);
    const dir = dataDir([GOOD, withValue('country', long).replace('s1', 's2')]);
    const e = await refusal(dir);
    expect(e.message).toContain(
      `sessions.csv: row 2, column "country": a value of 1,000,000 characters ("${'x'.repeat(40)}…") is longer than the ${MAX_TEXT_LENGTH.toLocaleString('en-US')} a text value may have`,
    );
    expect(e.message.length).toBeLessThan(600);
  });
});

describe('files that are not regular files', () => {
  it('refuses a FIFO named sessions.csv at once, without opening it', async () => {
    const dir = tmp();
    execFileSync('mkfifo', [join(dir, 'sessions.csv')]);
    writeFileSync(join(dir, 'errors.csv'), ERRORS);
    const started = Date.now();
    const e = await refusal(dir);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(e.message).toContain(`${join(dir, 'sessions.csv')} is a named pipe (FIFO), not a regular file`);
  });

  it('refuses a symbolic link, naming its target but nothing read from it', async () => {
    const secret = tmp();
    writeFileSync(join(secret, 'shadow.csv'), `${HEADER}\nroot-secret-value,x\n`);
    const dir = tmp();
    symlinkSync(join(secret, 'shadow.csv'), join(dir, 'sessions.csv'));
    writeFileSync(join(dir, 'errors.csv'), ERRORS);
    const e = await refusal(dir);
    expect(e.message).toContain(
      `${join(dir, 'sessions.csv')} is a symbolic link to ${join(secret, 'shadow.csv')}`,
    );
    expect(e.message).not.toContain('root-secret-value');
  });

  it('refuses a directory named like a data file', async () => {
    const dir = tmp();
    execFileSync('mkdir', [join(dir, 'sessions.csv')]);
    writeFileSync(join(dir, 'errors.csv'), ERRORS);
    const e = await refusal(dir);
    expect(e.message).toContain('sessions.csv is a directory, not a regular file');
  });
});

describe('what the loader accepts, every engine answers alike', () => {
  const edge = (max: number) => fc.oneof(fc.constant(0), fc.constant(max), fc.integer({ min: 0, max }));
  const sessionArb = fc.record({
    country: fc.constantFrom('US', 'BR'),
    watch: edge(MAX_DURATION_MS),
    rebuffer: edge(MAX_DURATION_MS),
    startup: fc.option(edge(MAX_DURATION_MS), { nil: null }),
    count: edge(MAX_EVENT_COUNT),
    cdn: edge(MAX_EVENT_COUNT),
    bytes: edge(MAX_SESSION_BYTES),
  });
  const METRICS =
    'attempts,viewercount,playdur,totalduration,bufferingratio,buffcount,cdn_change_rate,cbrsize,latency,p95_latency,qualityofexperience,cirrbufferingratio,playtimeperunique';

  it('gives the same digits on DuckDB and chdb for rows at the edges of every range', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sessionArb, { minLength: 1, maxLength: 12 }), async (rows) => {
        const sessions: SessionRecord[] = rows.map((r, i) => ({
          customer_id: 'demo',
          session_id: `s${i}`,
          subscriber_id: `u${i % 3}`,
          country: r.country,
          platform: 'web',
          player: 'p',
          start_ts: 1_767_200_000 + i,
          end_ts: 1_767_200_000 + i + 60,
          startup_ms: r.startup,
          watch_ms: r.watch,
          rebuffer_ms: r.rebuffer,
          rebuffer_count: r.count,
          cdn_changes: r.cdn,
          bytes_downloaded: r.bytes,
        }));
        const url = `/api/v1/metricquery/demo?period=${encodeURIComponent('start=1767196800,end=1767283200')}&metrics=${METRICS}&aggby=country&orderby=country&order=asc`;
        const bodies: string[] = [];
        for (const engine of ['duckdb', 'chdb'] as const) {
          const dataset = await datasetFromRecords({ sessions, errors: [] });
          const data =
            engine === 'duckdb'
              ? { dataset }
              : { engine: await openChdb({ dataset }).finally(() => dataset.close()) };
          const service = await createService({ data });
          try {
            const r = await service.fetch(
              new Request(`http://x${url}`, { headers: { 'x-api-key': 'demo-key' } }),
            );
            expect(r.status, await r.clone().text()).toBe(200);
            bodies.push(await r.text());
          } finally {
            await service.close();
            if ('engine' in data) await data.engine?.close();
          }
        }
        expect(bodies[1]).toBe(bodies[0]);
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
