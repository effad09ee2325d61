// A small fixed v2 data set (DESIGN section 4 columns) whose answers semantics-v2.test.ts computes
// by hand, and a runner that compiles a query and executes its plan. The encoded tables are built
// here in SQL in the layout the query compiler reads (codes in value order, null values as NULL).

import { DEFAULT_CATALOGUE, extendCatalogue, fromURL, type QueryNode } from '@playq/query';
import { Dataset } from '../src/index';
import { type CompiledQuery, compileQuery } from '../src/sql/compile';
import { QueryExecutor } from '../src/sql/execute';

/** Hour-aligned: 2023-11-14T22:00:00Z. The period is [T0, T0 + 7200). */
export const T0 = 1_699_999_200;
export const PERIOD = `start=${T0},end=${T0 + 7200}`;

export interface V2Session {
  id: string;
  sub: string | null;
  dev: string;
  country: string;
  cdn: string | null;
  status: 'ENDED' | 'DROPPED' | 'RUNNING' | 'LOADED';
  start: number;
  end: number | null;
  startup: number | null;
  watch: number;
  rebuf: number;
  rc: number;
  cc: number;
  bf: boolean;
}

export interface V2Error {
  ts: number;
  session: string | null;
  country: string;
  cdn: string | null;
  category: string;
  key: string;
  fatal: boolean;
  business: boolean;
}

const S = (
  id: string,
  sub: string | null,
  dev: string,
  country: string,
  cdn: string | null,
  status: V2Session['status'],
  start: number,
  end: number | null,
  startup: number | null,
  watch: number,
  rebuf: number,
  rc: number,
  cc: number,
  bf = false,
): V2Session => ({ id, sub, dev, country, cdn, status, start, end, startup, watch, rebuf, rc, cc, bf });

/** Times are seconds after T0; durations milliseconds. */
export const SESSIONS: V2Session[] = [
  S('a', 'u1', 'd1', 'US', 'cdnA', 'ENDED', -600, 600, 1000, 600_000, 0, 0, 1),
  S('b', 'u2', 'd2', 'US', 'cdnB', 'ENDED', 1000, 4000, 3000, 2_400_000, 600_000, 2, 0),
  S('c', null, 'd3', 'GB', 'cdnA', 'DROPPED', 3600, 3700, null, 0, 0, 0, 0),
  S('d', null, 'd3', 'GB', 'cdnA', 'ENDED', 3700, 7000, 6000, 3_000_000, 0, 3, 2),
  S('e', 'u3', 'd4', 'GB', 'cdnB', 'RUNNING', 5000, null, 4000, 1_200_000, 0, 0, 0),
  S('f', 'u1', 'd1', 'US', null, 'LOADED', 6000, null, null, 0, 0, 0, 0),
  S('g', 'u4', 'd5', 'FR', 'cdnA', 'ENDED', 7000, 7300, 500, 300_000, 0, 0, 0),
  S('h', 'u2', 'd2', 'US', 'cdnB', 'DROPPED', 2000, 2600, null, 0, 0, 0, 0, true),
];

export const ERRORS: V2Error[] = [
  {
    ts: 100,
    session: 'a',
    country: 'US',
    cdn: 'cdnA',
    category: 'network',
    key: 'CDN_5XX',
    fatal: false,
    business: false,
  },
  {
    ts: 2100,
    session: 'h',
    country: 'US',
    cdn: 'cdnB',
    category: 'entitlement',
    key: 'NOT_ENTITLED',
    fatal: true,
    business: true,
  },
  {
    ts: 3650,
    session: 'c',
    country: 'GB',
    cdn: 'cdnA',
    category: 'startup',
    key: 'MANIFEST_404',
    fatal: true,
    business: false,
  },
  {
    ts: 7100,
    session: 'g',
    country: 'FR',
    cdn: 'cdnA',
    category: 'network',
    key: 'CDN_5XX',
    fatal: false,
    business: false,
  },
  {
    ts: 7250,
    session: 'g',
    country: 'FR',
    cdn: 'cdnA',
    category: 'network',
    key: 'CDN_5XX',
    fatal: false,
    business: false,
  },
];

const lit = (v: string | number | boolean | null) =>
  v === null ? 'NULL' : typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v);

const DICTS = {
  country: ['sessions', 'errors'],
  cdn: ['sessions', 'errors'],
  subscriberid: ['sessions', 'errors'],
  category: ['errors'],
  key: ['errors'],
} as const;
const EMPTY_DICTS = ['customer', 'platform', 'player', 'device', 'assetid', 'assetname', 'subscribertag'];

/** Opens a dataset holding the fixture as customer `demo` (code 0). */
export async function openV2Dataset(
  sessions: readonly V2Session[] = SESSIONS,
  errors: readonly V2Error[] = ERRORS,
): Promise<Dataset> {
  const db = await Dataset.open(':memory:', 2);
  const rs = sessions.map((s) =>
    [
      s.id,
      s.sub,
      s.dev,
      s.country,
      s.cdn,
      s.status,
      T0 + s.start,
      s.end === null ? null : T0 + s.end,
      s.startup,
      s.watch,
      s.rebuf,
      s.rc,
      s.cc,
      s.bf,
    ]
      .map(lit)
      .join(', '),
  );
  const sessionOf = new Map(sessions.map((s) => [s.id, s]));
  const re = errors.map((e, i) =>
    [
      i,
      T0 + e.ts,
      e.session,
      e.session ? (sessionOf.get(e.session)?.sub ?? null) : null,
      e.country,
      e.cdn,
      e.category,
      e.key,
      e.fatal,
      e.business,
    ]
      .map(lit)
      .join(', '),
  );
  await db.exec(`CREATE TABLE raw_s AS SELECT * FROM (VALUES (${rs.join('), (')}))
    t(session_id, subscriberid, device_id, country, cdn, status, start_ts, end_ts, startup_ms, watch_ms, rebuffer_ms, rebuffer_count, cdn_changes, business_failure)`);
  await db.exec(`CREATE TABLE raw_e AS SELECT * FROM (VALUES (${re.join('), (')}))
    t(eid, ts, session_id, subscriberid, country, cdn, category, "key", fatal, business)`);
  for (const [dim, tables] of Object.entries(DICTS)) {
    const union = tables
      .map((t) => `SELECT DISTINCT "${dim}" AS value FROM raw_${t[0]} WHERE "${dim}" IS NOT NULL`)
      .join(' UNION ');
    await db.exec(
      `CREATE TABLE dict_${dim} AS SELECT (row_number() OVER (ORDER BY value) - 1)::INTEGER AS code, value FROM (${union})`,
    );
  }
  await db.exec(`CREATE TABLE dict_customer AS SELECT 0 AS code, 'demo' AS value`);
  for (const dim of EMPTY_DICTS.filter((d) => d !== 'customer'))
    await db.exec(`CREATE TABLE dict_${dim} (code INTEGER, value VARCHAR)`);
  const code = (dim: string, alias: string) =>
    `(SELECT code FROM dict_${dim} WHERE value = ${alias}."${dim}")`;
  const nulls =
    'NULL::INTEGER AS platform, NULL::INTEGER AS player, NULL::INTEGER AS device, NULL::INTEGER AS assetid, NULL::INTEGER AS assetname, NULL::INTEGER AS subscribertag';
  await db.exec(`CREATE TABLE sessions AS SELECT 0 AS cust, session_id, ${code('subscriberid', 's')} AS subscriberid, device_id,
    ${code('country', 's')} AS country, ${code('cdn', 's')} AS cdn, ${nulls}, status, start_ts::BIGINT AS start_ts, end_ts::BIGINT AS end_ts,
    startup_ms::BIGINT AS startup_ms, watch_ms::BIGINT AS watch_ms, rebuffer_ms::BIGINT AS rebuffer_ms,
    rebuffer_count::BIGINT AS rebuffer_count, cdn_changes::BIGINT AS cdn_changes, business_failure FROM raw_s s ORDER BY start_ts`);
  await db.exec(`CREATE TABLE errors AS SELECT 0 AS cust, eid::BIGINT AS eid, ts::BIGINT AS ts, session_id, ${code('subscriberid', 'e')} AS subscriberid,
    ${code('country', 'e')} AS country, ${code('cdn', 'e')} AS cdn, ${code('category', 'e')} AS category, ${code('key', 'e')} AS "key",
    ${nulls}, fatal, business FROM raw_e e ORDER BY ts`);
  await db.exec('DROP TABLE raw_s');
  await db.exec('DROP TABLE raw_e');
  await db.refresh();
  return db;
}

/** Parses and validates the query URL (path `metricquery/demo` or `session/demo`), compiles it and runs its plan. */
export async function run(
  db: Dataset,
  p: Record<string, string | number>,
  endpoint: 'metricquery' | 'session' = 'metricquery',
): Promise<{ records: Record<string, unknown>[]; totalrecords: number; plan: CompiledQuery }> {
  const query = node(p, endpoint);
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const plan = compileQuery(query, { customerCode: 0, dictionary: () => undefined });
  const page = await executor.page(plan, query.limit, query.offset);
  return { ...page, plan };
}

/** A deployment's catalogue with metrics the reference service has no SQL for. */
export const EXTENDED = extendCatalogue(DEFAULT_CATALOGUE, {
  metrics: {
    rebuffer_seconds: { unit: 'seconds', level: 'group', description: 'A deployment-specific metric.' },
    my_kpi: { unit: 'count', level: 'session', description: 'Another one.' },
  },
});

/** The validated query node of a URL's parameters (period `PERIOD` unless given). */
export function node(
  p: Record<string, string | number>,
  endpoint: 'metricquery' | 'session' = 'metricquery',
  validate = true,
): QueryNode {
  const search = new URLSearchParams(
    Object.entries({ period: PERIOD, ...p }).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const parsed = fromURL(`http://svc.test/api/v1/${endpoint}/demo?${search}`, {
    catalogue: EXTENDED,
    validate,
  });
  if (!parsed.ok) throw new Error(`invalid test query: ${JSON.stringify(parsed.errors)}`);
  return parsed.query;
}
