// The session list (docs/server.md, "The session list") against answers computed by hand from the
// fixed data set of v2-fixture.ts. Period P = [T0, T0+7200). Sessions (times in s after T0):
//   a u1/d1 US cdnA ENDED   -600..600   startup 1 s   watch 10 min rebuf 0      rc 0 cc 1  300 MB
//   b u2/d2 US cdnB ENDED   1000..4000  startup 3 s   watch 40 min rebuf 10 min rc 2 cc 0  1500 MB
//   c  -/d3 GB cdnA DROPPED 3600..3700  no first frame
//   d  -/d3 GB cdnA ENDED   3700..7000  startup 6 s   watch 50 min rebuf 0      rc 3 cc 2  2000 MB
//   e u3/d4 GB cdnB RUNNING 5000..      startup 4 s   watch 20 min                         500 MB
//   f u1/d1 US  -   LOADED  6000..      no first frame
//   g u4/d5 FR cdnA ENDED   7000..7300  startup 0.5 s watch 5 min                          90 MB
//   h u2/d2 US cdnB DROPPED 2000..2600  no first frame, business failure
// Errors: 100 a (non-fatal), 2100 h (fatal, business), 3650 c (fatal), 7100 g, 7250 g.
// Default S (sessiontype=ended, allstatus=0): end_ts in P and ENDED/DROPPED = {a, b, c, d, h}.
import type { QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { QueryExecutor } from '../src/exec/executor';
import { populationOptions } from '../src/sql/population';
import { compileSessionList } from '../src/sql/session-list';
import { planContext } from './engine-under-test';
import { node, openV2Dataset, T0 } from './v2-fixture';

let db: Engine;
beforeAll(async () => {
  db = await openV2Dataset();
});
afterAll(() => db.close());

/** A list query: the population parameters of `p`, the list fields, orderby/order, paging. */
function list(
  fields: string[],
  p: Record<string, string | number> = {},
  extra: Partial<Pick<QueryNode, 'orderby' | 'order' | 'limit' | 'offset'>> = {},
): QueryNode {
  const { orderby, order, ...rest } = { ...p };
  const base = node({ metrics: 'attempts', ...rest });
  return {
    ...base,
    metrics: fields,
    aggby: [],
    limit: extra.limit ?? 100,
    offset: extra.offset ?? 0,
    ...(orderby !== undefined || extra.orderby !== undefined
      ? { orderby: String(extra.orderby ?? orderby) }
      : { orderby: undefined }),
    ...(order !== undefined || extra.order !== undefined
      ? { order: (extra.order ?? order) as 'asc' | 'desc' }
      : { order: undefined }),
  };
}

async function runList(query: QueryNode) {
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const plan = compileSessionList(query, planContext(db), populationOptions(query));
  const page = await executor.page(plan, query.limit, query.offset);
  return { ...page, plan };
}

const ids = (records: Record<string, unknown>[]) => records.map((r) => r.sessionid);

describe('records of the default population', () => {
  it('one per session of S, the fields in the requested order, text fields "" for null', async () => {
    const { records, totalrecords } = await runList(
      list(['latency', 'sessionid', 'status', 'country', 'cdn', 'subscriberid', 'deviceid']),
    );
    expect(totalrecords).toBe(5);
    // latency desc; c and h (0: no first frame) tie and go by sessionid.
    expect(records).toStrictEqual([
      {
        latency: 6,
        sessionid: 'd',
        status: 'ENDED',
        country: 'GB',
        cdn: 'cdnA',
        subscriberid: '',
        deviceid: 'd3',
      },
      {
        latency: 3,
        sessionid: 'b',
        status: 'ENDED',
        country: 'US',
        cdn: 'cdnB',
        subscriberid: 'u2',
        deviceid: 'd2',
      },
      {
        latency: 1,
        sessionid: 'a',
        status: 'ENDED',
        country: 'US',
        cdn: 'cdnA',
        subscriberid: 'u1',
        deviceid: 'd1',
      },
      {
        latency: 0,
        sessionid: 'c',
        status: 'DROPPED',
        country: 'GB',
        cdn: 'cdnA',
        subscriberid: '',
        deviceid: 'd3',
      },
      {
        latency: 0,
        sessionid: 'h',
        status: 'DROPPED',
        country: 'US',
        cdn: 'cdnB',
        subscriberid: 'u2',
        deviceid: 'd2',
      },
    ]);
    expect(Object.keys(records[0]!)).toEqual([
      'latency',
      'sessionid',
      'status',
      'country',
      'cdn',
      'subscriberid',
      'deviceid',
    ]);
  });

  it("gives each number field the session's own value", async () => {
    const fields = [
      'sessionid',
      'latency',
      'bufferingratio',
      'cirrbufferingratio',
      'buffcount',
      'playdur',
      'totalduration',
      'cbrsize',
      'qualityofexperience',
      'errors',
      'fatalerrors',
      'cdn_change_rate',
      'starttime',
      'endtime',
      'watchtime',
    ];
    const { records } = await runList(list(fields, {}, { orderby: 'sessionid', order: 'asc' }));
    const row = (id: string, v: number[]) =>
      Object.fromEntries(fields.map((f, i) => [f, i === 0 ? id : v[i - 1]]));
    expect(records).toStrictEqual([
      //          lat br  cbr bc pd  td  MB    qoe   err fat cdn start      end        watch
      row('a', [1, 0, 0, 0, 10, 10, 300, 100, 1, 0, 1, T0 - 600, T0 + 600, 600]),
      // b: 10 min stalled of 50 = 20 %; score 100 - 2.5 x (3 - 2) - 3 x 20 = 37.5
      row('b', [3, 20, 20, 2, 40, 50, 1500, 37.5, 0, 0, 0, T0 + 1000, T0 + 4000, 3000]),
      row('c', [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, T0 + 3600, T0 + 3700, 0]),
      // d: score 100 - 2.5 x (6 - 2)
      row('d', [6, 0, 0, 3, 50, 50, 2000, 90, 0, 0, 2, T0 + 3700, T0 + 7000, 3000]),
      // h: its one error is a business error, left out without businesserror=true
      row('h', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, T0 + 2000, T0 + 2600, 0]),
    ]);
  });

  it('counts business errors among a session errors with businesserror=true', async () => {
    const { records } = await runList(
      list(['errors', 'fatalerrors', 'sessionid'], { businesserror: 'true' }),
    );
    expect(records.slice(0, 3)).toStrictEqual([
      { errors: 1, fatalerrors: 0, sessionid: 'a' },
      { errors: 1, fatalerrors: 1, sessionid: 'c' },
      { errors: 1, fatalerrors: 1, sessionid: 'h' },
    ]);
  });
});

describe('population parameters', () => {
  it('sessiontype=started with allstatus=1: every session starting in P', async () => {
    const { records, totalrecords } = await runList(
      list(['sessionid'], { sessiontype: 'started', allstatus: 1 }, { order: 'asc' }),
    );
    expect(totalrecords).toBe(7);
    expect(ids(records)).toEqual(['b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it('filter: only the sessions whose dimensions match', async () => {
    const { records } = await runList(list(['sessionid', 'country'], { filter: '[country=GB]' }));
    expect(records).toStrictEqual([
      { sessionid: 'd', country: 'GB' },
      { sessionid: 'c', country: 'GB' },
    ]);
  });

  it("session-level conditions test each session's own value; a missing value fails", async () => {
    const run = async (qoefilter: string) => ids((await runList(list(['sessionid'], { qoefilter }))).records);
    expect(await run('bufferingratio>10')).toEqual(['b']);
    expect(await run('errors>=1')).toEqual(['c', 'a']);
    // c and h have no startup time: they fail a latency condition either way.
    expect(await run('latency<2')).toEqual(['a']);
    expect(await run('latency<2 AND errors>=1')).toEqual(['a']);
  });

  it('concurrency=1: every session active in P, time fields pro rata inside it', async () => {
    const { records, totalrecords } = await runList(
      list(
        ['sessionid', 'playdur', 'totalduration', 'watchtime', 'cbrsize', 'bufferingratio', 'endtime'],
        {
          concurrency: 1,
        },
        { orderby: 'sessionid', order: 'asc' },
      ),
    );
    expect(totalrecords).toBe(8);
    const r = Object.fromEntries(records.map((x) => [x.sessionid, x]));
    // a: half of its 1200 s lies in P.
    expect(r.a).toMatchObject({
      playdur: 5,
      totalduration: 5,
      watchtime: 300,
      cbrsize: 150,
      endtime: T0 + 600,
    });
    // b: wholly inside; its ratio is unchanged by the share.
    expect(r.b).toMatchObject({ playdur: 40, totalduration: 50, bufferingratio: 20 });
    // g: 200 of its 300 s lie in P.
    expect(r.g!.playdur).toBeCloseTo(10 / 3, 12);
    expect(r.g!.cbrsize).toBeCloseTo(60, 12);
    // e runs on past P (no end: it lasts to P's end here) and has no end time.
    expect(r.e).toMatchObject({ playdur: 20, cbrsize: 500, endtime: 0 });
    expect(r.f).toMatchObject({ playdur: 0, endtime: 0 });
  });
});

describe('order and paging', () => {
  it('orders text fields by their value, ties by sessionid ascending', async () => {
    const { records } = await runList(list(['cdn', 'sessionid'], {}, { order: 'asc' }));
    expect(records.map((x) => `${x.cdn}:${x.sessionid}`)).toEqual([
      'cdnA:a',
      'cdnA:c',
      'cdnA:d',
      'cdnB:b',
      'cdnB:h',
    ]);
    // status by its text, not its storage order: ENDED after DROPPED ascending.
    const status = await runList(list(['status', 'sessionid'], {}));
    expect(status.records.map((x) => `${x.status}:${x.sessionid}`)).toEqual([
      'ENDED:a',
      'ENDED:b',
      'ENDED:d',
      'DROPPED:c',
      'DROPPED:h',
    ]);
  });

  it('a null text value reads as "" and sorts first ascending, last descending', async () => {
    const asc = await runList(list(['subscriberid', 'sessionid'], {}, { order: 'asc' }));
    expect(ids(asc.records)).toEqual(['c', 'd', 'a', 'b', 'h']);
    const desc = await runList(list(['subscriberid', 'sessionid'], {}));
    expect(ids(desc.records)).toEqual(['b', 'h', 'a', 'c', 'd']);
  });

  it('pages through the same order, the total on every page', async () => {
    const pages = [];
    for (const offset of [0, 2, 4, 6]) {
      const page = await runList(list(['playdur', 'sessionid'], {}, { limit: 2, offset }));
      expect(page.totalrecords).toBe(5);
      pages.push(ids(page.records));
    }
    expect(pages).toEqual([['d', 'b'], ['a', 'c'], ['h'], []]);
  });
});

describe('the plan', () => {
  it('is data: a sessions plan, bound parameters only, the page decoded', async () => {
    const { plan } = await runList(list(['sessionid', 'country', 'errors'], { filter: "[country=O'Brien]" }));
    expect(plan.kind).toBe('sessions');
    expect(plan.sql).not.toContain("O'Brien");
    expect(plan.columns).toStrictEqual([
      { name: 'sessionid', kind: 'dimension' },
      // Coded: the country's code, decoded when records are written; raw: the text itself.
      { name: 'country', kind: 'dimension', ...(db.target.layout === 'coded' ? { decode: 'country' } : {}) },
      { name: 'errors', kind: 'metric' },
    ]);
    // Every bound parameter is referenced ($n in DuckDB, {pn:Type} in ClickHouse).
    const refs = new Set(plan.sql.match(db.target.dialect.name === 'duckdb' ? /\$\d+/g : /\{p\d+:[^}]+\}/g));
    expect(refs.size).toBe(plan.parameters.length + 2);
  });

  it('joins the error counts only when a field reads them', async () => {
    expect((await runList(list(['sessionid']))).plan.sql).not.toContain('n_errors');
    expect((await runList(list(['fatalerrors']))).plan.sql).toContain('n_fatal');
  });
});
