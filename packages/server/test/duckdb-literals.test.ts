// DuckDB statements with their parameters written in as literals (small data) mean what the bound
// statements mean: for any value of each type the plans bind (text with quotes and any Unicode,
// whole numbers to their types' edges, doubles with NaN, the infinities and -0, lists of both),
// DuckDB answers the inlined statement exactly as it answers the statement with the value bound.
// No value ends its literal; a value no literal can hold is left to binding.
import { DuckDBInstance } from '@duckdb/node-api';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckStringLiteral, inlineDuckParameters } from '../src/engine/duckdb/literals';
import { duckParameters, type PlanParameter } from '../src/sql/params';

let instance: DuckDBInstance;
let connection: Awaited<ReturnType<DuckDBInstance['connect']>>;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});
afterAll(() => {
  connection?.closeSync();
  instance?.closeSync();
});

const bound = async (sql: string, parameters: PlanParameter[]) => {
  const { values, types } = duckParameters(parameters);
  return (await connection.runAndReadAll(sql, values, types)).getRowsJS();
};
const inlined = async (sql: string, parameters: PlanParameter[]) => {
  const text = inlineDuckParameters(sql, parameters);
  if (text === undefined) throw new Error('not inlined');
  return (await connection.runAndReadAll(text)).getRowsJS();
};
/** Values compared with `Object.is` inside, so that -0 and NaN count. */
const same = (a: unknown, b: unknown) => expect(fc.stringify(a)).toBe(fc.stringify(b));

const text = fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !s.includes('\u0000'));
const parameter: fc.Arbitrary<PlanParameter> = fc.oneof(
  fc.record({ type: fc.constant('bigint' as const), value: fc.maxSafeInteger() }),
  fc.record({
    type: fc.constant('int' as const),
    value: fc.integer({ min: -(2 ** 31) + 1, max: 2 ** 31 - 1 }),
  }),
  fc.record({ type: fc.constant('double' as const), value: fc.double() }),
  fc.record({ type: fc.constant('varchar' as const), value: text }),
  fc.record({
    type: fc.constant('int[]' as const),
    value: fc.array(fc.integer({ min: -(2 ** 31) + 1, max: 2 ** 31 - 1 }), { maxLength: 6 }),
  }),
  fc.record({ type: fc.constant('varchar[]' as const), value: fc.array(text, { maxLength: 6 }) }),
);

describe('inlineDuckParameters on DuckDB', () => {
  test.prop([text], { numRuns: 200 })(
    'a VARCHAR literal reads back as the bound text, whatever it holds',
    async (value) => {
      const sql = 'SELECT $1 AS s, length($1) AS n, $1 = $1 AS eq';
      const p: PlanParameter[] = [{ type: 'varchar', value }];
      same(await inlined(sql, p), await bound(sql, p));
    },
  );

  test.prop([fc.array(parameter, { minLength: 1, maxLength: 6 })], { numRuns: 150 })(
    'any parameters, inlined, give the bound answer (values, types, comparisons)',
    async (parameters) => {
      const columns = parameters.map((_, i) => `$${i + 1} AS v${i}, typeof($${i + 1}) AS t${i}`).join(', ');
      const sql = `SELECT ${columns}`;
      same(await inlined(sql, parameters), await bound(sql, parameters));
    },
  );

  test.prop([text, text], { numRuns: 100 })(
    'no value ends its literal: a filter on it matches exactly what binding matches',
    async (a, b) => {
      const sql = 'SELECT count(*) FROM (VALUES ($1), ($2)) t(x) WHERE x = $1';
      const p: PlanParameter[] = [
        { type: 'varchar', value: a },
        { type: 'varchar', value: b },
      ];
      same(await inlined(sql, p), await bound(sql, p));
    },
  );

  it('places $10 and $1 apart', () => {
    const parameters = Array.from({ length: 10 }, (_, i): PlanParameter => ({ type: 'int', value: i + 1 }));
    const rest = Array.from({ length: 8 }, (_, i) => `$${i + 2}`).join(', ');
    expect(inlineDuckParameters(`SELECT $10, $1, ${rest}`, parameters)).toBe(
      `SELECT CAST(10 AS INTEGER), CAST(1 AS INTEGER), ${Array.from({ length: 8 }, (_, i) => `CAST(${i + 2} AS INTEGER)`).join(', ')}`,
    );
  });

  it('leaves to binding what no literal holds or what does not match its placeholders', () => {
    expect(duckStringLiteral('a\u0000b')).toBeUndefined();
    expect(inlineDuckParameters('SELECT $1', [{ type: 'varchar', value: 'a\u0000' }])).toBeUndefined();
    expect(inlineDuckParameters('SELECT $1', [{ type: 'bigint', value: 2 ** 60 }])).toBeUndefined();
    expect(inlineDuckParameters('SELECT $1', [{ type: 'int', value: 2 ** 31 }])).toBeUndefined();
    expect(inlineDuckParameters('SELECT $2', [{ type: 'int', value: 1 }])).toBeUndefined();
    expect(
      inlineDuckParameters('SELECT $1', [
        { type: 'int', value: 1 },
        { type: 'int', value: 2 },
      ]),
    ).toBeUndefined();
  });
});
