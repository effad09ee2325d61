// The small parts of the SQL compiler as values: the dimension table, ORDER BY terms, parameter
// typing for DuckDB, the error classes' names and the QoE score's arithmetic.
import { BIGINT, DOUBLE, INTEGER, LIST, listValue, VARCHAR } from '@duckdb/node-api';
import type { QueryNode } from '@playq/query';
import { describe, expect, it } from 'vitest';
import {
  DIMENSION_SQL,
  dimensionSql,
  isServerDimension,
  isSmallDimension,
  SMALL_DIMENSIONS,
} from '../src/sql/dimension-sql';
import { orderTerms } from '../src/sql/order';
import { duckParameters, Params } from '../src/sql/params';
import { CompileError, UnsupportedQueryError } from '../src/sql/plan';
import { qoeScore } from '../src/sql/qoe-score';

const query = (extra: Partial<QueryNode>): QueryNode => ({
  type: 'query',
  endpoint: 'session',
  customerId: 'c1',
  metrics: ['plays'],
  aggby: [],
  limit: 100,
  offset: 0,
  ...extra,
});

describe('DIMENSION_SQL', () => {
  it('maps every dimension to its column, its dictionary and whether only errors carry it', () => {
    const plain = (column: string, inMemory = true) => ({
      column,
      dictionary: `dict_${column}`,
      errorOnly: false,
      inMemory,
    });
    expect(DIMENSION_SQL).toStrictEqual({
      country: plain('country'),
      platform: plain('platform'),
      device: plain('device'),
      player: plain('player'),
      cdn: plain('cdn'),
      assetid: plain('assetid', false),
      assetname: plain('assetname', false),
      subscriberid: plain('subscriberid', false),
      subscribertag: plain('subscribertag'),
      category: { column: 'category', dictionary: 'dict_category', errorOnly: true, inMemory: true },
      // `key` is a SQL keyword: quoted as a column, not in the dictionary's name.
      key: { column: '"key"', dictionary: 'dict_key', errorOnly: true, inMemory: true },
    });
    expect(Object.isFrozen(DIMENSION_SQL)).toBe(true);
    expect(Object.isFrozen(DIMENSION_SQL.country)).toBe(true);
  });

  it('answers only for its own keys, not for inherited ones', () => {
    expect(dimensionSql('cdn')).toBe(DIMENSION_SQL.cdn);
    expect(dimensionSql('toString')).toBeUndefined();
    expect(dimensionSql('timestamp')).toBeUndefined();
    expect(isServerDimension('key')).toBe(true);
    expect(isServerDimension('constructor')).toBe(false);
  });

  it('derives the in-memory dimensions from the table, in its order', () => {
    expect(SMALL_DIMENSIONS).toStrictEqual([
      'country',
      'platform',
      'device',
      'player',
      'cdn',
      'subscribertag',
      'category',
      'key',
    ]);
    expect(Object.isFrozen(SMALL_DIMENSIONS)).toBe(true);
    expect(isSmallDimension('cdn')).toBe(true);
    expect(isSmallDimension('subscriberid')).toBe(false);
    expect(isSmallDimension('toString')).toBe(false);
  });
});

describe('orderTerms', () => {
  it('orders a breakdown by its first known metric descending, then each dimension ascending', () => {
    const q = query({ metrics: ['nope', 'attempts', 'users'], aggby: ['country', 'key'] });
    expect(orderTerms(q, ['country', 'key'], false, 'r.')).toStrictEqual([
      'r.m_attempts DESC NULLS LAST',
      'r.country ASC NULLS FIRST',
      'r."key" ASC NULLS FIRST',
    ]);
  });

  it('orders a time series by the bucket ascending unless told otherwise', () => {
    expect(orderTerms(query({}), [], true, '')).toStrictEqual(['ts_bucket ASC NULLS FIRST', 'ts_bucket ASC']);
    expect(orderTerms(query({ orderby: 'timestamp', order: 'desc' }), [], true, '')).toStrictEqual([
      'ts_bucket DESC NULLS LAST',
      'ts_bucket ASC',
    ]);
  });

  it('ends a time series ordered by a metric or a dimension with the bucket', () => {
    expect(orderTerms(query({ orderby: 'attempts', order: 'asc' }), [], true, 'p.')).toStrictEqual([
      'p.m_attempts ASC NULLS FIRST',
      'p.ts_bucket ASC',
    ]);
    expect(orderTerms(query({ orderby: 'cdn' }), ['cdn'], false, '')).toStrictEqual([
      'cdn DESC NULLS LAST',
      'cdn ASC NULLS FIRST',
    ]);
  });

  it('refuses timestamp outside a time series, and any name it does not know, with a CompileError', () => {
    expect(() => orderTerms(query({ orderby: 'timestamp' }), [], false, '')).toThrow(
      new CompileError('cannot order by "timestamp"'),
    );
    expect(() => orderTerms(query({ orderby: 'bogus' }), [], true, '')).toThrow(
      new CompileError('cannot order by "bogus"'),
    );
  });

  it('has no leading term when the query has no metric the server knows and no orderby', () => {
    expect(orderTerms(query({ metrics: ['nope'], aggby: ['cdn'] }), ['cdn'], false, '')).toStrictEqual([
      'cdn ASC NULLS FIRST',
    ]);
  });
});

describe('Params and duckParameters', () => {
  it('numbers the references in order and keeps copies of the lists', () => {
    const params = new Params();
    const ids = [3, 4];
    const names = ['a'];
    expect([
      params.bigint(1_700_000_000_000),
      params.int(7),
      params.double(0.5),
      params.intList(ids),
      params.stringList(names),
    ]).toStrictEqual(['$1', '$2', '$3', '$4', '$5']);
    ids.push(99);
    names.push('z');
    expect(params.list).toStrictEqual([
      { type: 'bigint', value: 1_700_000_000_000 },
      { type: 'int', value: 7 },
      { type: 'double', value: 0.5 },
      { type: 'int[]', value: [3, 4] },
      { type: 'varchar[]', value: ['a'] },
    ]);
  });

  it('gives DuckDB each value with its declared type', () => {
    const { values, types } = duckParameters([
      { type: 'bigint', value: 1_700_000_000_000 },
      { type: 'int', value: 7 },
      { type: 'double', value: 0.5 },
      { type: 'int[]', value: [3, 4] },
      { type: 'varchar[]', value: ['a', 'b'] },
    ]);
    expect(values).toStrictEqual([1_700_000_000_000n, 7, 0.5, listValue([3, 4]), listValue(['a', 'b'])]);
    expect(types.map(String)).toStrictEqual(
      [BIGINT, INTEGER, DOUBLE, LIST(INTEGER), LIST(VARCHAR)].map(String),
    );
  });
});

describe('the compiler errors', () => {
  it('carry their own names, and the unsupported one its code and parameter', () => {
    expect(new CompileError('x').name).toBe('CompileError');
    const e = new UnsupportedQueryError('unsupported_dimension', 'aggby', 'no such thing');
    expect([e.name, e.code, e.param, e.message]).toStrictEqual([
      'UnsupportedQueryError',
      'unsupported_dimension',
      'aggby',
      'no such thing',
    ]);
  });
});

describe('qoeScore', () => {
  it('computes the penalties exactly', () => {
    // No playing or stalled time: a buffering ratio of 0, not NaN.
    expect(qoeScore(1000, 0, 0)).toBe(100);
    // 3 s startup: 2.5 points; 10% buffering: 30 points.
    expect(qoeScore(3000, 900, 100)).toBe(67.5);
    // Half the time stalled: buffering costs its maximum, 75.
    expect(qoeScore(2000, 100, 100)).toBe(25);
    // 20 s startup costs its maximum, 25.
    expect(qoeScore(20_000, 1000, 0)).toBe(75);
  });
});
