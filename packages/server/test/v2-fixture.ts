// A small fixed v2 data set (the columns of docs/server.md#data) whose answers semantics-v2.test.ts computes
// by hand, and a runner that compiles a query and executes its plan. The encoded tables are built
// through the public records API, so the tests run on the real encoded layout (an error event takes
// its device, cdn, asset and tag from its session).

import { DEFAULT_CATALOGUE, extendCatalogue, fromURL, type QueryNode } from '@playq/query';
import type { Engine } from '../src/engine/engine';
import { QueryExecutor } from '../src/exec/executor';
import { datasetFromRecords, type ErrorRecord, type SessionRecord } from '../src/index';
import { type CompiledQuery, compileQuery } from '../src/sql/compile';
import { asEngineUnderTest, planContext } from './engine-under-test';

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

/** Bytes downloaded (`cbrsize`), by session; 0 for the others. */
export const BYTES: Readonly<Record<string, number>> = {
  a: 300_000_000,
  b: 1_500_000_000,
  d: 2_000_000_000,
  e: 500_000_000,
  g: 90_000_000,
};

export const ERRORS: V2Error[] = [
  {
    ts: 100,
    session: 'a',
    country: 'US',
    category: 'network',
    key: 'CDN_5XX',
    fatal: false,
    business: false,
  },
  {
    ts: 2100,
    session: 'h',
    country: 'US',
    category: 'entitlement',
    key: 'NOT_ENTITLED',
    fatal: true,
    business: true,
  },
  {
    ts: 3650,
    session: 'c',
    country: 'GB',
    category: 'startup',
    key: 'MANIFEST_404',
    fatal: true,
    business: false,
  },
  {
    ts: 7100,
    session: 'g',
    country: 'FR',
    category: 'network',
    key: 'CDN_5XX',
    fatal: false,
    business: false,
  },
  {
    ts: 7250,
    session: 'g',
    country: 'FR',
    category: 'network',
    key: 'CDN_5XX',
    fatal: false,
    business: false,
  },
];

/** The fixture as file-shaped records for customer `demo`. */
export function records(
  sessions: readonly V2Session[] = SESSIONS,
  errors: readonly V2Error[] = ERRORS,
): { sessions: SessionRecord[]; errors: ErrorRecord[] } {
  const sessionOf = new Map(sessions.map((s) => [s.id, s]));
  return {
    sessions: sessions.map((s) => ({
      customer_id: 'demo',
      session_id: s.id,
      subscriber_id: s.sub,
      device_id: s.dev,
      country: s.country,
      platform: 'web',
      player: 'html5',
      cdn: s.cdn,
      status: s.status,
      start_ts: T0 + s.start,
      end_ts: s.end === null ? null : T0 + s.end,
      startup_ms: s.startup,
      watch_ms: s.watch,
      rebuffer_ms: s.rebuf,
      rebuffer_count: s.rc,
      cdn_changes: s.cc,
      business_failure: s.bf,
      bytes_downloaded: BYTES[s.id] ?? 0,
    })),
    errors: errors.map((e) => ({
      customer_id: 'demo',
      ts: T0 + e.ts,
      session_id: e.session,
      subscriber_id: e.session ? (sessionOf.get(e.session)?.sub ?? null) : null,
      country: e.country,
      platform: 'web',
      player: 'html5',
      category: e.category,
      key: e.key,
      fatal: e.fatal,
      business: e.business,
    })),
  };
}

/**
 * Opens the engine under test (engine-under-test.ts) holding the fixture, built through the public
 * records API (customer `demo`).
 */
export async function openV2Dataset(
  sessions: readonly V2Session[] = SESSIONS,
  errors: readonly V2Error[] = ERRORS,
): Promise<Engine> {
  return asEngineUnderTest(await datasetFromRecords(records(sessions, errors)));
}

/** Parses and validates the query URL (path `metricquery/demo` or `session/demo`), compiles it and runs its plan. */
export async function run(
  db: Engine,
  p: Record<string, string | number>,
  endpoint: 'metricquery' | 'session' | 'listsessions' = 'metricquery',
): Promise<{ records: Record<string, unknown>[]; totalrecords: number; plan: CompiledQuery }> {
  return runNode(db, node(p, endpoint));
}

/** Compiles a query node (validated or not) and runs its plan, cache off. */
export async function runNode(
  db: Engine,
  query: QueryNode,
): Promise<{ records: Record<string, unknown>[]; totalrecords: number; plan: CompiledQuery }> {
  const executor = new QueryExecutor(db, { timeoutMs: 10_000, cacheTtlMs: 0, cacheMaxRecords: 0 });
  const plan = compileQuery(query, planContext(db));
  const page = await executor.page(plan, query.limit, query.offset);
  return { ...page, plan };
}

/** A deployment's catalogue with metrics the reference service has no SQL for. */
export const EXTENDED = extendCatalogue(DEFAULT_CATALOGUE, {
  metrics: {
    rebuffer_seconds: { unit: 'seconds', level: 'group', description: 'A deployment-specific metric.' },
    my_kpi: { unit: 'count', level: 'session', description: 'Another one.' },
  },
  dimensions: { region: { description: 'A deployment-specific dimension.' } },
});

/** The validated query node of a URL's parameters (period `PERIOD` unless given). */
export function node(
  p: Record<string, string | number>,
  endpoint: 'metricquery' | 'session' | 'listsessions' = 'metricquery',
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
