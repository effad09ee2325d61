// Which data a service answers with the small-data evaluator: generated or loaded data in memory
// and a database file (the test service's cached data), once their tables are read in the
// background; each checked by whether a covered query reaches the engine, and by its answer
// against DuckDB's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, generateDataset, type Service } from '../src/index';
import { SMALL_EVALUATOR_SESSIONS } from '../src/small/tables';
import { END } from './helpers';

const DAY = 86_400;
const GENERATE = { sessions: 2_000, seed: 3, days: 7, end: END };
const query = (metrics: string) =>
  `/api/v1/metricquery/demo?${new URLSearchParams({
    period: `start=${END - 3 * DAY},end=${END}`,
    metrics,
    aggby: 'country',
  })}`;
const QUERY = query('p95_latency,viewercount,errors');
/** Sums and counts only: answered by the evaluator up to EVALUATOR_SESSIONS sessions. */
const SUMS = query('viewercount,bufferingratio,errors');
/** Sums of the active sessions' time and bytes pro rata (whole units, exact in any order): likewise. */
const PRO_RATA = `${query('playdur,cbrsize,viewercount')}&concurrency=1`;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'playq-small-service-'));
  const db = await generateDataset({ ...GENERATE, database: join(dir, 'playq.duckdb') });
  await db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The answer to a query (QUERY by default), and how many statements the engine ran for it. */
async function ask(service: Service, path = QUERY): Promise<{ body: unknown; statements: number }> {
  const engine = service.engine;
  const run = engine.run.bind(engine);
  let statements = 0;
  engine.run = (...args) => {
    statements++;
    return run(...args);
  };
  try {
    const res = await service.fetch(
      new Request(`http://test${path}`, { headers: { 'X-API-Key': 'demo-key' } }),
    );
    expect(res.status).toBe(200);
    return { body: await res.json(), statements };
  } finally {
    engine.run = run;
  }
}

/**
 * A query asked again (the cache off) until the evaluator answers it: its tables are read in the
 * background after the service opens, DuckDB answering meanwhile. At most 100 times, 20 ms apart.
 */
async function askOnceRead(service: Service, path = QUERY): Promise<{ body: unknown; statements: number }> {
  for (let attempt = 1; ; attempt++) {
    const answer = await ask(service, path);
    if (answer.statements === 0 || attempt === 100) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the data a service answers with the small-data evaluator', () => {
  it.each([
    ['generated data', () => ({ generate: GENERATE })],
    ['a database file', () => ({ database: join(dir, 'playq.duckdb') })],
  ])('%s: covered queries run no statement, with the answer DuckDB gives', async (_, data) => {
    const options = { rateLimit: false, cacheTtlMs: 0 } as const;
    const evaluated = await createService({ data: data(), ...options });
    const plain = await createService({ data: data(), ...options, smallEvaluator: false });
    try {
      // Served at once, while the tables are read: by DuckDB until then, with the same answer.
      const first = await ask(evaluated);
      const js = await askOnceRead(evaluated);
      const sql = await ask(plain);
      expect(js.statements).toBe(0);
      expect(sql.statements).toBe(1);
      expect(first.body).toStrictEqual(sql.body);
      expect((js.body as { totalrecords: number }).totalrecords).toBeGreaterThan(0);
      expect(js.body).toStrictEqual(sql.body);
    } finally {
      await evaluated.close();
      await plain.close();
    }
  });

  it('from SMALL_EVALUATOR_SESSIONS sessions on, answers sums and counts (pro rata too) and leaves quantiles to DuckDB', async () => {
    const data = { generate: { ...GENERATE, sessions: SMALL_EVALUATOR_SESSIONS } };
    const options = { rateLimit: false, cacheTtlMs: 0 } as const;
    const service = await createService({ data, ...options });
    const plain = await createService({ data, ...options, smallEvaluator: false });
    try {
      const sums = await askOnceRead(service, SUMS);
      expect(sums.statements).toBe(0);
      expect(sums.body).toStrictEqual((await ask(plain, SUMS)).body);
      const proRata = await ask(service, PRO_RATA);
      expect(proRata.statements).toBe(0);
      expect(proRata.body).toStrictEqual((await ask(plain, PRO_RATA)).body);
      // Read by now: a p95 still runs its statement.
      expect((await ask(service)).statements).toBe(1);
    } finally {
      await service.close();
      await plain.close();
    }
  });
});
