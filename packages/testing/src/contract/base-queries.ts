// The handful of valid queries the checks reason about, each fetched at most once per run and
// shared: a country breakdown, the totals, a time series, a country x platform breakdown, and
// the session endpoint's two usages, and session lists. Relations between them are what the semantic checks verify.
import { type ContractContext, SkipCheck } from './context';
import type { Probe } from './gentle-fetch';
import type { EnvelopeExpectation } from './shape-rules';

export const HOUR = 3600;

export const BREAKDOWN_METRICS = ['viewercount', 'users', 'errors'] as const;
export const TOTAL_METRICS = [
  'viewercount',
  'users',
  'errors',
  'latency',
  'bufferingratio',
  'concurviewavg',
] as const;
export const SERIES_METRICS = ['viewercount', 'latency', 'bufferingratio', 'concurviewavg'] as const;
export const GRID_DIMENSIONS = ['country', 'platform'] as const;

export const USAGE_TOTAL_ERRORS = { metrics: ['errors', 'subscriberid'], aggby: ['subscriberid'] } as const;
export const USAGE_ERROR_INSIGHTS = {
  metrics: ['category', 'key', 'errors', 'player'],
  aggby: ['category', 'key', 'player'],
} as const;

/** Small pages on the session endpoint, so that even modest data spans several of them. */
export const SESSION_PAGE = 20;

export interface BaseQuery {
  readonly probe: Probe;
  readonly expected: EnvelopeExpectation;
  readonly params: Readonly<Record<string, string | number>>;
}

/** A metric-endpoint query over the data period; its expectation carries the run's catalogue. */
export async function metricBase(
  ctx: ContractContext,
  metrics: readonly string[],
  aggby: readonly string[],
  extra: Readonly<Record<string, string | number>> = {},
): Promise<BaseQuery> {
  const period = await ctx.dataPeriod();
  const params: Record<string, string | number> = { period: `start=${period.start},end=${period.end}` };
  params.metrics = metrics.join(',');
  if (aggby.length > 0) params.aggby = aggby.join(',');
  // An empty string in `extra` removes a parameter (a totals query made from a breakdown).
  for (const [name, value] of Object.entries(extra)) {
    if (value === '') delete params[name];
    else params[name] = value;
  }
  const split = (name: string) => (typeof params[name] === 'string' ? String(params[name]).split(',') : []);
  const limit = typeof params.limit === 'number' ? params.limit : 1000;
  const offset = typeof params.offset === 'number' ? params.offset : 0;
  const probe = await ctx.metric(params);
  const expected: EnvelopeExpectation = {
    endpoint: 'metricquery',
    metrics: split('metrics'),
    aggby: split('aggby'),
    limit,
    offset,
    period,
    ...catalogueOf(ctx),
  };
  return { probe, expected, params };
}

const catalogueOf = (ctx: ContractContext) =>
  ctx.options.catalogue === undefined ? {} : { catalogue: ctx.options.catalogue };

/** viewercount, users, errors by country. */
export const breakdown = (ctx: ContractContext, extra?: Record<string, string | number>) =>
  metricBase(ctx, BREAKDOWN_METRICS, ['country'], extra);

/** All six metrics, no breakdown. */
export const totals = (ctx: ContractContext) => metricBase(ctx, TOTAL_METRICS, []);

/** An hourly time series. */
export async function series(ctx: ContractContext): Promise<BaseQuery> {
  const base = await metricBase(ctx, SERIES_METRICS, ['timestamp'], { granularity: 'hour' });
  return { ...base, expected: { ...base.expected, bucketSeconds: HOUR } };
}

/** viewercount by country and platform: the paging and ordering subject. */
export const grid = (ctx: ContractContext, extra?: Record<string, string | number>) =>
  metricBase(ctx, ['viewercount'], GRID_DIMENSIONS, extra);

/** One of the session endpoint's two usages (spec 4.3), agg=1. */
export async function sessionUsage(
  ctx: ContractContext,
  usage: { readonly metrics: readonly string[]; readonly aggby: readonly string[] },
  paging: { readonly limit: number; readonly offset: number } = { limit: SESSION_PAGE, offset: 0 },
): Promise<BaseQuery> {
  const [planlevel, period] = await Promise.all([ctx.planLevel(), ctx.dataPeriod()]);
  const params: Record<string, string | number> = {
    planlevel,
    period: `start=${period.start},end=${period.end}`,
    metrics: usage.metrics.join(','),
    aggby: usage.aggby.join(','),
    agg: 1,
  };
  if (paging.limit !== 1000) params.limit = paging.limit;
  if (paging.offset !== 0) params.offset = paging.offset;
  const probe = await ctx.session(params);
  const expected: EnvelopeExpectation = {
    endpoint: 'session',
    metrics: usage.metrics,
    aggby: usage.aggby,
    agg: 1,
    limit: paging.limit,
    offset: paging.offset,
    period,
    ...catalogueOf(ctx),
  };
  return { probe, expected, params };
}

/** Skip a check that needs at least `min` records to say anything. */
export function requireRecords(count: number, min: number, what: string): void {
  if (count < min) {
    throw new SkipCheck(
      `${what} has ${count} record(s) in the period; need ${min} (pass a \`period\` with more data)`,
    );
  }
}

/** Session-list fields of every kind: session-level metrics (a ratio, seconds, a count), strings, epoch seconds. */
export const LIST_FIELDS = [
  'bufferingratio',
  'sessionid',
  'country',
  'latency',
  'starttime',
  'errors',
] as const;

/** A session list over the data period (`metrics` the list fields, in order); `extra` as for `metricBase`. */
export async function listBase(
  ctx: ContractContext,
  fields: readonly string[],
  extra: Readonly<Record<string, string | number>> = {},
): Promise<BaseQuery> {
  const period = await ctx.dataPeriod();
  const params: Record<string, string | number> = {
    period: `start=${period.start},end=${period.end}`,
    metrics: fields.join(','),
  };
  for (const [name, value] of Object.entries(extra)) {
    if (value === '') delete params[name];
    else params[name] = value;
  }
  const expected: EnvelopeExpectation = {
    endpoint: 'listsessions',
    metrics: fields,
    aggby: [],
    limit: typeof params.limit === 'number' ? params.limit : 1000,
    offset: typeof params.offset === 'number' ? params.offset : 0,
    period,
    ...catalogueOf(ctx),
  };
  return { probe: await ctx.list(params), expected, params };
}
