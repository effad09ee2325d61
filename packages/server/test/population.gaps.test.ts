// The population's SQL pieces as values: filter clauses with and without an in-memory dictionary
// (inline codes up to 64, one list parameter above), error-only dimensions on sessions, the
// session-level error counts, and the compiler errors for names validation should have refused.
import type { FilterAst, QoeCondition } from '@playq/grammar';
import { describe, expect, it } from 'vitest';
import type { Dictionary } from '../src/data/encode';
import { Params } from '../src/sql/params';
import { CompileError } from '../src/sql/plan';
import {
  filterConditions,
  type PopulationOptions,
  sessionConditions,
  splitConditions,
  sqlOperator,
} from '../src/sql/population';

const filter = (dimension: string, ...values: string[]): FilterAst => ({
  type: 'filter',
  clauses: [{ type: 'clause', dimension, values }],
});

/** A dictionary of `n` values `v0..v(n-1)` with codes 0..n-1, for every dimension. */
const dictionaryOf = (n: number) => {
  const values = Array.from({ length: n }, (_, i) => `v${i}`);
  const dict: Dictionary = { values, codes: new Map(values.map((v, i) => [v, i])) };
  return { dictionary: () => dict };
};
const NO_DICTIONARY = { dictionary: () => undefined };

const condition = (metric: string, operator: QoeCondition['operator'], value: number): QoeCondition => ({
  type: 'condition',
  metric,
  operator,
  value,
});

const OPTIONS: PopulationOptions = {
  sessiontype: 'ended',
  allstatus: false,
  concurrency: false,
  businesserror: false,
};

describe('filterConditions', () => {
  it('tests several codes below 53 by one bit of a mask, dropping unknown values', () => {
    const params = new Params();
    expect(
      filterConditions(filter('cdn', 'v3', 'nope', 'v1'), params, dictionaryOf(5), 'sessions'),
    ).toStrictEqual(['($1 >> cdn) & 1 = 1']);
    expect(params.list).toStrictEqual([{ type: 'bigint', value: 2 ** 3 + 2 ** 1 }]);
    const top = new Params();
    expect(filterConditions(filter('cdn', 'v52', 'v0'), top, dictionaryOf(53), 'sessions')).toStrictEqual([
      '($1 >> cdn) & 1 = 1',
    ]);
    expect(top.list).toStrictEqual([{ type: 'bigint', value: 2 ** 52 + 1 }]);
  });

  it('tests several codes from 53 to 4095 by a lookup in a list of flags, dropping unknown values', () => {
    const params = new Params();
    expect(
      filterConditions(filter('cdn', 'v55', 'nope', 'v53'), params, dictionaryOf(60), 'sessions'),
    ).toStrictEqual(['($1)[cdn + 1] = 1']);
    expect(params.list).toStrictEqual([{ type: 'int[]', value: [...Array<number>(53).fill(0), 1, 0, 1] }]);
    const one = new Params();
    expect(filterConditions(filter('cdn', 'v3'), one, dictionaryOf(5), 'sessions')).toStrictEqual([
      'cdn IN ($1)',
    ]);
    expect(one.list).toStrictEqual([{ type: 'int', value: 3 }]);
  });

  // Codes from 4096 up (a large small dimension) are bound as before: inline, or as one list.
  it('binds the codes of known values inline, dropping unknown ones', () => {
    const params = new Params();
    expect(
      filterConditions(filter('cdn', 'v4099', 'nope', 'v4097'), params, dictionaryOf(4100), 'sessions'),
    ).toStrictEqual(['cdn IN ($1, $2)']);
    expect(params.list).toStrictEqual([
      { type: 'int', value: 4099 },
      { type: 'int', value: 4097 },
    ]);
  });

  it('binds up to 64 codes one by one and more as one list', () => {
    const all = (n: number) => Array.from({ length: n }, (_, i) => `v${4096 + i}`);
    const inline = new Params();
    const [sql64] = filterConditions(filter('cdn', ...all(64)), inline, dictionaryOf(4196), 'sessions') ?? [];
    expect(sql64).toBe(
      `cdn IN (${all(64)
        .map((_, i) => `$${i + 1}`)
        .join(', ')})`,
    );
    expect(inline.list).toHaveLength(64);
    const listed = new Params();
    expect(filterConditions(filter('cdn', ...all(65)), listed, dictionaryOf(4196), 'sessions')).toStrictEqual(
      ['list_contains($1, cdn)'],
    );
    expect(listed.list).toStrictEqual([{ type: 'int[]', value: all(65).map((_, i) => 4096 + i) }]);
  });

  it('resolves values in SQL when no dictionary is kept, and binds nothing when a value matches nothing', () => {
    const params = new Params();
    expect(filterConditions(filter('country', 'US', 'GB'), params, NO_DICTIONARY, 'errors')).toStrictEqual([
      'country IN (SELECT code FROM dict_country WHERE value IN (SELECT unnest($1)))',
    ]);
    expect(params.list).toStrictEqual([{ type: 'varchar[]', value: ['US', 'GB'] }]);
    const none = new Params();
    expect(filterConditions(filter('cdn', 'absent'), none, dictionaryOf(3), 'sessions')).toBeNull();
    expect(none.list).toStrictEqual([]);
  });

  it('matches no session for an error-only dimension, and quotes the key column on errors', () => {
    expect(
      filterConditions(filter('category', 'network'), new Params(), NO_DICTIONARY, 'sessions'),
    ).toBeNull();
    expect(filterConditions(filter('key', 'CDN_5XX'), new Params(), NO_DICTIONARY, 'errors')).toStrictEqual([
      '"key" IN (SELECT code FROM dict_key WHERE value IN (SELECT unnest($1)))',
    ]);
  });

  it('refuses a dimension it has no column for with a CompileError', () => {
    expect(() => filterConditions(filter('region', 'EU'), new Params(), NO_DICTIONARY, 'sessions')).toThrow(
      new CompileError('unknown dimension "region"'),
    );
  });
});

describe('qoefilter conditions', () => {
  it('split by level, and refuse a metric without SQL', () => {
    const latency = condition('latency', '>', 1);
    const users = condition('users', '>=', 2);
    expect(splitConditions({ type: 'qoefilter', conditions: [latency, users] })).toStrictEqual({
      session: [latency],
      group: [users],
    });
    expect(splitConditions(undefined)).toStrictEqual({ session: [], group: [] });
    expect(() => splitConditions({ type: 'qoefilter', conditions: [condition('my_kpi', '>', 1)] })).toThrow(
      new CompileError('unknown qoefilter metric "my_kpi"'),
    );
  });

  it("count a session's own error events, fatal ones for fatalerrors, business ones only when asked", () => {
    const params = new Params();
    const cust = params.int(0);
    expect(
      sessionConditions(
        [condition('errors', '>=', 1), condition('fatalerrors', '=', 0)],
        params,
        OPTIONS,
        cust,
      ),
    ).toStrictEqual([
      '((SELECT count(*) FROM errors x WHERE x.cust = $1 AND x.session_id = ss.session_id AND NOT coalesce(x.business, false))) >= $2',
      '((SELECT count(*) FROM errors x WHERE x.cust = $1 AND x.session_id = ss.session_id AND NOT coalesce(x.business, false) AND coalesce(x.fatal, false))) = $3',
    ]);
    expect(
      sessionConditions(
        [condition('fatalerrors', '>', 0)],
        new Params(),
        { ...OPTIONS, businesserror: true },
        '$1',
      ),
    ).toStrictEqual([
      '((SELECT count(*) FROM errors x WHERE x.cust = $1 AND x.session_id = ss.session_id AND coalesce(x.fatal, false))) > $1',
    ]);
  });

  it('refuse a metric without a session-level value and an unknown operator', () => {
    expect(() => sessionConditions([condition('users', '>', 1)], new Params(), OPTIONS, '$1')).toThrow(
      new CompileError('users has no session-level value'),
    );
    expect(() => sqlOperator('=~' as never)).toThrow(new CompileError('unknown qoefilter operator "=~"'));
    expect(sqlOperator('!=')).toBe('<>');
  });
});
