// compileQuery's own refusals and choices, exactly: which names it refuses and in which parameter,
// with what words; which plan an endpoint and `agg` get; and group-level conditions joined by AND.
import type { QueryNode } from '@playq/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../src/engine/engine';
import { CompileError, compileQuery, UnsupportedQueryError } from '../src/sql/compile';
import { filterOf, periodOf, qoeOf } from '../src/sql/query-parts';
import { node, openV2Dataset, run, runNode } from './semantics-fixture';

let db: Engine;
beforeAll(async () => {
  db = await openV2Dataset();
});
afterAll(() => db.close());

const CTX = { customerCode: 0, dictionary: () => undefined };

/** The refusal `compileQuery` throws for `query`, as plain data. */
function refusal(query: QueryNode): unknown {
  try {
    compileQuery(query, CTX);
  } catch (e) {
    if (e instanceof UnsupportedQueryError) return { code: e.code, param: e.param, message: e.message };
    throw e;
  }
  return 'compiled';
}

describe('the names compileQuery refuses', () => {
  it('names a dimension without SQL, in aggby or in the filter', () => {
    // `region` is in the deployment's catalogue (so validation passes) but has no column here.
    expect(refusal(node({ metrics: 'attempts', aggby: 'region' }))).toStrictEqual({
      code: 'unsupported_dimension',
      param: 'aggby',
      message: 'the reference service has no definition of dimension "region" (in aggby)',
    });
    expect(refusal(node({ metrics: 'attempts', filter: '[region=EU]' }))).toStrictEqual({
      code: 'unsupported_dimension',
      param: 'filter',
      message: 'the reference service has no definition of dimension "region" (in filter)',
    });
    // `timestamp` in aggby is a time series, not a dimension.
    expect(refusal(node({ metrics: 'attempts', aggby: 'timestamp' }))).toBe('compiled');
    expect(refusal(node({ metrics: 'attempts', aggby: 'country', filter: '[cdn=akamai]' }))).toBe('compiled');
  });

  it('names a metric without SQL, and one that cannot be used with concurrency=1', () => {
    expect(refusal(node({ metrics: 'attempts,rebuffer_seconds' }))).toStrictEqual({
      code: 'unsupported_metric',
      param: 'metrics',
      message: 'the reference service has no definition of metric "rebuffer_seconds" (in metrics)',
    });
    expect(refusal(node({ metrics: 'p95_latency', concurrency: 1 }, 'metricquery', false))).toStrictEqual({
      code: 'unsupported_with_concurrency',
      param: 'metrics',
      message: 'metric "p95_latency" (in metrics) cannot be used with concurrency=1',
    });
  });
});

describe('the plan compileQuery chooses', () => {
  it('lists error events only for the session endpoint with agg=2', () => {
    const events = node({ metrics: 'errors', agg: 2 }, 'session', false);
    expect(compileQuery(events, CTX).kind).toBe('events');
    expect(compileQuery({ ...events, agg: 1 }, CTX).kind).toBe('groups');
    expect(compileQuery({ ...events, endpoint: 'metricquery' }, CTX).kind).toBe('groups');
  });

  it('refuses a query whose period, filter or qoefilter did not parse, naming which', () => {
    const base = node({ metrics: 'attempts' });
    const invalid = { type: 'invalid', text: '?', errors: [] } as const;
    expect(() => periodOf({ ...base, period: invalid })).toThrow(
      new CompileError('query has no valid period'),
    );
    expect(() => periodOf({ ...base, period: undefined })).toThrow(
      new CompileError('query has no valid period'),
    );
    expect(() => filterOf({ ...base, filter: invalid })).toThrow(
      new CompileError('query has an invalid filter'),
    );
    expect(() => qoeOf({ ...base, qoefilter: invalid })).toThrow(
      new CompileError('query has an invalid qoefilter'),
    );
    expect(filterOf(base)).toBeUndefined();
    expect(qoeOf(base)).toBeUndefined();
  });
});

describe('group-level conditions', () => {
  it('applies every one of several, joined by AND', async () => {
    const q = (qoefilter?: string) =>
      run(db, { metrics: 'attempts,users', aggby: 'country', ...(qoefilter ? { qoefilter } : {}) });
    const all = (await q()).records;
    // The fixture: US 3 attempts by 2 users, GB 2 attempts by 0 users (none reached a first frame).
    expect(all).toStrictEqual([
      { attempts: 3, users: 2, country: 'US' },
      { attempts: 2, users: 0, country: 'GB' },
    ]);
    expect((await q('attempts>=1 AND users>=0')).records).toStrictEqual(all);
    expect((await q('attempts>=1 AND users>=1')).records).toStrictEqual([all[0]]);
    expect((await q('users>=0 AND attempts<3')).records).toStrictEqual([all[1]]);
    expect((await q('attempts>=2 AND users>2')).records).toStrictEqual([]);
    // A condition's metric need not be requested: it is computed beside the requested ones.
    const attemptsOnly = await run(db, { metrics: 'attempts', aggby: 'country', qoefilter: 'users>=0' });
    expect(attemptsOnly.records).toStrictEqual(all.map(({ attempts, country }) => ({ attempts, country })));
  });
});

describe('sources a query reads', () => {
  it('joins several session-level conditions by AND in the error events they select', async () => {
    const one = await run(db, { metrics: 'errors', aggby: 'country', qoefilter: 'latency>0.5' });
    expect(one.records).toStrictEqual([{ errors: 1, country: 'US' }]);
    const two = await run(db, {
      metrics: 'errors',
      aggby: 'country',
      qoefilter: 'latency>0.5 AND latency<100',
    });
    expect(two.records).toStrictEqual(one.records);
  });

  it('with concurrency=1, counts errors from error events and the rest from the active sessions', async () => {
    const { records } = await run(db, {
      metrics: 'errors,concurviewavg,attempts',
      aggby: 'country',
      concurrency: 1,
    });
    expect(records).toStrictEqual([
      { errors: 1, concurviewavg: 1, attempts: 1, country: 'FR' },
      { errors: 1, concurviewavg: 3, attempts: 3, country: 'GB' },
      { errors: 1, concurviewavg: 4, attempts: 4, country: 'US' },
    ]);
  });

  it('answers 0 for a session metric grouped by an error-only dimension (unvalidated: the defence behind validation)', async () => {
    const query = node({ metrics: 'errors,attempts', aggby: 'category' }, 'metricquery', false);
    const { records } = await runNode(db, query);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(Object.keys(r)).toStrictEqual(['errors', 'attempts', 'category']);
      expect(r.attempts).toBe(0);
      expect(Number(r.errors)).toBeGreaterThan(0);
    }
  });
});
