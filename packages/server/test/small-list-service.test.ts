// A service answering session lists with the small-data evaluator: once its tables are read, a
// covered list runs no statement and its body (records, totalrecords, paging) is the one a service
// without the evaluator (`smallEvaluator: false`) sends, with `concurrency=1` too (time and bytes
// pro rata).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../src/index';
import { END } from './helpers';

const DAY = 86_400;
const GENERATE = { sessions: 2_000, seed: 7, days: 7, end: END };
const period = `start=${END - 5 * DAY},end=${END}`;
const list = (params: Record<string, string>) =>
  `/api/v1/listsessions/demo?${new URLSearchParams({ period, ...params })}`;

let evaluated: Service;
let plain: Service;
beforeAll(async () => {
  const options = { rateLimit: false, cacheTtlMs: 0 } as const;
  evaluated = await createService({ data: { generate: GENERATE }, ...options });
  plain = await createService({ data: { generate: GENERATE }, ...options, smallEvaluator: false });
}, 60_000);
afterAll(async () => {
  await evaluated.close();
  await plain.close();
});

/** A list's body, and how many statements the engine ran for it. */
async function ask(service: Service, url: string): Promise<{ body: unknown; statements: number }> {
  const engine = service.engine;
  const run = engine.run.bind(engine);
  let statements = 0;
  engine.run = (...args) => {
    statements++;
    return run(...args);
  };
  try {
    const res = await service.fetch(
      new Request(`http://test${url}`, { headers: { 'X-API-Key': 'demo-key' } }),
    );
    expect(res.status).toBe(200);
    return { body: await res.json(), statements };
  } finally {
    engine.run = run;
  }
}

describe('session lists through a service with the small-data evaluator', () => {
  it('answers covered lists without a statement, as a service without it does', async () => {
    const first = list({ metrics: 'bufferingratio,latency,playdur', orderby: 'bufferingratio' });
    // The tables are read in the background: DuckDB answers until then (at most 100 tries, 20 ms apart).
    for (let attempt = 1; (await ask(evaluated, first)).statements > 0 && attempt < 100; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const urls = [
      first,
      list({ metrics: 'latency,country,status,errors', filter: '[country=US|BR]', limit: '20', offset: '5' }),
      list({ metrics: 'cdn,qualityofexperience', order: 'asc', qoefilter: 'latency>1', limit: '1000' }),
      list({ metrics: 'watchtime,endtime,cbrsize', sessiontype: 'started', allstatus: '1', offset: '300' }),
      list({ metrics: 'latency', limit: '10', offset: '100000' }),
      list({ metrics: 'sessionid,deviceid,bufferingratio', orderby: 'bufferingratio', limit: '50' }),
    ];
    for (const url of urls) {
      const js = await ask(evaluated, url);
      const sql = await ask(plain, url);
      expect(js.statements, url).toBe(0);
      expect(sql.statements, url).toBeGreaterThan(0);
      expect(js.body, url).toStrictEqual(sql.body);
    }
    expect((await ask(evaluated, urls[0]!)).body).toMatchObject({ totalrecords: expect.any(Number) });
    expect(((await ask(plain, urls[1]!)).body as { totalrecords: number }).totalrecords).toBeGreaterThan(20);
  });

  it('answers a list with concurrency=1 (time and bytes pro rata) with no statement, as DuckDB does', async () => {
    const url = list({ metrics: 'sessionid,playdur,cbrsize,totalduration', concurrency: '1', limit: '30' });
    const js = await ask(evaluated, url);
    expect(js.statements).toBe(0);
    expect(js.body).toStrictEqual((await ask(plain, url)).body);
  });
});
