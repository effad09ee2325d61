// The small-data evaluator's session list (src/small/list.ts) against DuckDB: random lists (fields,
// filter, session-level qoefilter, period, sessiontype, allstatus, businesserror, orderby asc/desc,
// offset/limit) over generated data, several seeds, give exactly the SQL list's records and total;
// the page selection (heap or quickselect) against a full sort; what it leaves to DuckDB.
import { fc, test } from '@fast-check/vitest';
import { serializeFilter, serializeQoeFilter } from '@playq/grammar';
import { fromURL, type QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBy } from '../src/engine/engine';
import { type Dataset, generateDataset } from '../src/index';
import { pagePositions } from '../src/small/list';
import { isSmallListNumber } from '../src/small/list-values';
import { readSmallTables, type SmallTables } from '../src/small/tables';
import { compileQuery } from '../src/sql/compile';
import { QueryExecutor } from '../src/sql/execute';
import { LIST_FIELD_SQL } from '../src/sql/list-fields';
import { END } from './helpers';

const DAY = 86_400;
const SEEDS = [5, 17, 41];
const FIELDS = Object.keys(LIST_FIELD_SQL);
/** Text fields without an in-memory dictionary: kept by the evaluator, or large dimensions. */
const UNCODED = ['sessionid', 'deviceid', 'subscriberid', 'assetid', 'assetname'];
const SESSION_LEVEL = [
  'latency',
  'bufferingratio',
  'playdur',
  'buffcount',
  'qualityofexperience',
  'errors',
  'fatalerrors',
  'totalduration',
  'cbrsize',
];
const DIMENSIONS = [
  'country',
  'platform',
  'device',
  'player',
  'cdn',
  'subscribertag',
  'subscriberid',
  'assetid',
];

interface Data {
  readonly db: Dataset;
  readonly tables: SmallTables;
}
const data: Data[] = [];

beforeAll(async () => {
  for (const seed of SEEDS) {
    const db = await generateDataset({ sessions: 3_000, seed, days: 7, end: END });
    const tables = await readSmallTables(db);
    if (!tables) throw new Error('generated data has a repeated session id');
    data.push({ db, tables });
  }
}, 60_000);
afterAll(async () => {
  for (const d of data) await d.db.close();
});

function parse(params: Record<string, string | number>, customer = 'demo'): QueryNode | undefined {
  const search = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const parsed = fromURL(`http://svc.test/api/v1/listsessions/${customer}?${search}`);
  return parsed.ok ? parsed.query : undefined;
}

/** A list's page by the evaluator (whether it has a plan) and by DuckDB. */
async function both(d: Data, query: QueryNode, customer = 'demo') {
  const customerCode = d.db.customerCode(customer);
  if (customerCode === undefined) throw new Error(`no customer ${customer}`);
  const ctx = {
    customerCode,
    dictionary: (n: string) => d.db.dictionary(n as never),
    decodes: decodedBy(d.db),
  };
  const sqlPlan = compileQuery(query, ctx);
  const jsPlan = compileQuery(query, { ...ctx, smallData: true });
  const options = { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 };
  return {
    sqlPlan,
    covered: jsPlan.small !== undefined,
    js: await new QueryExecutor(d.db, { ...options, small: d.tables }).page(
      jsPlan,
      query.limit,
      query.offset,
    ),
    sql: await new QueryExecutor(d.db, options).page(sqlPlan, query.limit, query.offset),
  };
}

const clause = fc.tuple(
  fc.constantFrom(...DIMENSIONS),
  fc.uniqueArray(fc.nat(30), { minLength: 1, maxLength: 3 }),
);
const condition = fc.tuple(
  fc.constantFrom(...SESSION_LEVEL),
  fc.constantFrom('>', '>=', '<', '<=', '=', '!=' as const),
  fc.constantFrom(0, 0.5, 1, 2, 5, 20, 60, 90),
);

const shape = fc.record({
  // Mostly fields it writes; sometimes a text field it leaves to DuckDB.
  fields: fc.uniqueArray(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...FIELDS.filter((f) => !UNCODED.includes(f))) },
      { weight: 1, arbitrary: fc.constantFrom(...UNCODED) },
    ),
    { minLength: 1, maxLength: 4 },
  ),
  filter: fc.oneof(fc.array(clause, { maxLength: 0 }), fc.array(clause, { maxLength: 2 })),
  qoe: fc.oneof(fc.array(condition, { maxLength: 0 }), fc.array(condition, { maxLength: 2 })),
  from: fc.integer({ min: 0, max: 6 * DAY }),
  length: fc.constantFrom(3_600, DAY, 3 * DAY, 7 * DAY),
  sessiontype: fc.constantFrom(undefined, 'started'),
  allstatus: fc.constantFrom(undefined, 1),
  businesserror: fc.constantFrom(undefined, 'true'),
  concurrency: fc.constantFrom(undefined, undefined, undefined, 1),
  order: fc.constantFrom(undefined, 'asc', 'desc'),
  orderby: fc.nat(3),
  limit: fc.constantFrom(1, 3, 50, 1000),
  offset: fc.constantFrom(0, 0, 2, 40, 700),
  seed: fc.nat(SEEDS.length - 1),
  customer: fc.constantFrom('demo', 'demo', 'other'),
});

describe('the small-data evaluator on the session list', () => {
  test.prop([shape], { numRuns: 400 })('answers every covered list exactly as DuckDB does', async (s) => {
    const d = data[s.seed]!;
    const start = END - 7 * DAY + s.from;
    const params: Record<string, string | number> = {
      period: `start=${start},end=${Math.min(END, start + s.length)}`,
      metrics: s.fields.join(','),
      limit: s.limit,
      offset: s.offset,
    };
    const clauses = s.filter.map(([dim, picks]) => {
      const values = [...d.tables.codes[dim as 'country'].keys(), 'zz-absent'];
      return {
        type: 'clause' as const,
        dimension: dim,
        values: [...new Set(picks.map((p) => values[p % values.length]!))],
      };
    });
    if (clauses.length > 0 && new Set(clauses.map((c) => c.dimension)).size === clauses.length)
      params.filter = serializeFilter({ type: 'filter', clauses });
    if (s.qoe.length > 0)
      params.qoefilter = serializeQoeFilter({
        type: 'qoefilter',
        conditions: s.qoe.map(
          ([metric, operator, value]) => ({ type: 'condition', metric, operator, value }) as never,
        ),
      });
    for (const k of ['sessiontype', 'allstatus', 'businesserror', 'concurrency', 'order'] as const)
      if (s[k] !== undefined) params[k] = s[k]!;
    if (s.orderby > 0 && s.orderby < s.fields.length) params.orderby = s.fields[s.orderby]!;
    const query = parse(params, s.customer);
    fc.pre(query !== undefined);
    const answer = await both(d, query!, s.customer);
    // Covered: a non-empty list whose dimensions are all written from codes.
    const writable = answer.sqlPlan.columns.every(
      (c) =>
        c.kind !== 'dimension' ||
        c.decode !== undefined ||
        ['status', 'sessionid', 'deviceid'].includes(c.name),
    );
    expect(answer.covered).toBe(answer.sqlPlan.kind === 'sessions' && writable);
    expect(answer.js).toStrictEqual(answer.sql);
  });

  it('answers the bench lists exactly, ties and a deep page included', async () => {
    const period = `start=${END - 7 * DAY},end=${END}`;
    const lists: Record<string, string>[] = [
      { metrics: 'bufferingratio,latency,playdur', filter: '[country=BR]', orderby: 'bufferingratio' },
      { metrics: 'latency,bufferingratio,playdur', orderby: 'latency', limit: '100', offset: '1000' },
      { metrics: 'bufferingratio,latency', qoefilter: 'bufferingratio>1 AND latency>2' },
      // Many ties: the session id decides (and a null code sorts first ascending).
      { metrics: 'errors,country,cdn,status', order: 'asc', limit: '1000' },
      { metrics: 'cdn,status,buffcount', limit: '500', offset: '20' },
      { metrics: 'status,endtime', order: 'asc', allstatus: '1', limit: '2000' },
      { metrics: 'cdn,latency', order: 'asc', limit: '300' },
      { metrics: 'device,latency', limit: '5000' },
      { metrics: 'sessionid,deviceid,latency', order: 'asc', limit: '200', offset: '100' },
      { metrics: 'latency,deviceid,sessionid', orderby: 'deviceid', limit: '2000' },
      // concurrency=1: the window's active sessions, ordered by a pro-rata value, ties included;
      // a window cutting sessions at both ends, so their values are shares of the whole.
      {
        metrics: 'playdur,cbrsize,qualityofexperience,status',
        concurrency: '1',
        period: `start=${END - 5 * DAY + 1234},end=${END - 2 * DAY + 567}`,
        limit: '3000',
      },
    ];
    for (const d of data)
      for (const p of lists) {
        const answer = await both(d, parse({ period, ...p })!);
        expect(answer.covered).toBe(true);
        expect(answer.sql.totalrecords).toBeGreaterThan(0);
        expect(answer.sql.records.length).toBeGreaterThan(0);
        expect(answer.js).toStrictEqual(answer.sql);
      }
  });

  it('has a value for every numeric list field, and none for a text one', () => {
    for (const [name, sql] of Object.entries(LIST_FIELD_SQL))
      expect(isSmallListNumber(name), name).toBe(sql.kind === 'number');
  });

  it.each([['a dimension joined to its dictionary', { metrics: 'latency,subscriberid' }]])(
    'leaves a list with %s to DuckDB',
    (_, p) => {
      const query = parse({ period: `start=${END - DAY},end=${END}`, ...p })!;
      const plan = compileQuery(query, { customerCode: 0, dictionary: () => undefined, smallData: true });
      expect(plan.kind).toBe('sessions');
      expect(plan.small).toBeUndefined();
    },
  );

  it('plans a list as data', () => {
    const query = parse({
      period: `start=${END - DAY},end=${END}`,
      metrics: 'latency,country,status',
      orderby: 'country',
      order: 'asc',
      filter: '[cdn=akamai]',
      qoefilter: 'bufferingratio>1',
    })!;
    const plan = compileQuery(query, { customerCode: 0, dictionary: () => undefined, smallData: true });
    expect(plan.small).toStrictEqual({
      kind: 'list',
      population: {
        customer: 0,
        start: END - DAY,
        end: END,
        sessiontype: 'ended',
        allstatus: false,
        businesserror: false,
        dims: [],
        needed: [],
        requested: [],
        filter: [{ dimension: 'cdn', values: ['akamai'] }],
        sessionConditions: [{ metric: 'bufferingratio', operator: '>', value: 1 }],
        groupConditions: [],
        fields: [],
      },
      fields: [{ kind: 'number', name: 'latency' }, { kind: 'code', name: 'country' }, { kind: 'status' }],
      order: { field: 1, desc: false },
    });
  });
});

describe('a list page selection', () => {
  // Few distinct keys, so that most order is decided by the (distinct) ranks.
  const rows = fc
    .array(fc.integer({ min: -3, max: 3 }), { minLength: 1, maxLength: 3000 })
    .chain((keys) =>
      fc.tuple(
        fc.constant(keys),
        fc.shuffledSubarray([...Array(keys.length).keys()], { minLength: keys.length }),
        fc.nat(keys.length + 5),
        fc.nat(keys.length + 5),
      ),
    );
  test.prop([rows], { numRuns: 200 })('is the page of a full sort by key, then rank', ([k, r, a, b]) => {
    const keys = Float64Array.from(k);
    const ranks = Int32Array.from(r);
    const offset = Math.min(a, keys.length);
    const end = Math.max(offset, Math.min(keys.length, offset + b));
    const sorted = [...keys.keys()].sort((x, y) => keys[x]! - keys[y]! || ranks[x]! - ranks[y]!);
    expect([...pagePositions(keys, ranks, offset, end)]).toStrictEqual(sorted.slice(offset, end));
  });
});
