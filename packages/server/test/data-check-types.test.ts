// The loader's typing of each DuckDB type a file's column can come as (src/data/check.ts), on real
// DuckDB: which values each column kind (string, integer, boolean) takes from each type, the value
// it gets, and the problem a refused value is reported as (row, column, message, count).
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProblem, typedRows } from '../src/data/check';

let instance: DuckDBInstance;
let connection: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

const all = async (sql: string) => (await connection.runAndReadAll(sql)).getRowsJS() as unknown[][];

/** A good errors row, column by column (SQL). */
const ERROR_ROW: readonly (readonly [string, string])[] = [
  ['customer_id', `'demo'`],
  ['ts', '100::BIGINT'],
  ['session_id', `'s1'`],
  ['subscriber_id', `'u1'`],
  ['country', `'US'`],
  ['platform', `'web'`],
  ['player', `'p'`],
  ['category', `'c'`],
  ['key', `'k'`],
  ['fatal', 'false'],
  ['business', 'false'],
];

/** A good sessions row of the required columns (the others take their defaults). */
const SESSION_ROW: readonly (readonly [string, string])[] = [
  ['customer_id', `'demo'`],
  ['session_id', `'s1'`],
  ['subscriber_id', `'u1'`],
  ['country', `'US'`],
  ['platform', `'web'`],
  ['player', `'p'`],
  ['start_ts', '100'],
  ['end_ts', '160'],
  ['startup_ms', '900'],
  ['watch_ms', '1000'],
  ['rebuffer_ms', '0'],
];

const INTEGER_TYPES = [
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
  'UHUGEINT',
];

interface Typed {
  /** The column's DuckDB type, as the loader reads it (DESCRIBE). */
  readonly type: string | undefined;
  readonly problem: Awaited<ReturnType<typeof findProblem>>;
  /** The column's typed values in row order, when no check failed. */
  readonly values: unknown[] | undefined;
}

/** Good errors rows, one per value of `values` (SQL, of one DuckDB type) put in `column`, checked. */
async function typed(
  column: string,
  values: readonly string[],
  typeOf?: string,
  table: 'errors' | 'sessions' = 'errors',
): Promise<Typed> {
  const good = table === 'errors' ? ERROR_ROW : SESSION_ROW;
  const row = good.some(([name]) => name === column) ? good : [...good, [column, 'NULL']];
  const rows = values.map(
    (value, i) =>
      `SELECT ${i} AS r, ${row.map(([name, sql]) => `${name === column ? value : sql} AS "${name}"`).join(', ')}`,
  );
  const source = `(${rows.join(' UNION ALL ')})`;
  const described = new Map(
    (await all(`DESCRIBE SELECT * FROM ${source}`)).map((r) => [String(r[0]), String(r[1])]),
  );
  // A type the test gives (DESCRIBE types a column of nulls only as INTEGER; a Parquet file need not).
  const types = typeOf === undefined ? described : new Map([...described, [column, typeOf]]);
  const checked = typedRows({ table, source, row: 'r', types });
  const problem = await findProblem(all, checked);
  const got = problem
    ? undefined
    : (await all(`SELECT "${column}" FROM (${checked.sql}) ORDER BY __r`)).map(([v]) =>
        typeof v === 'bigint' ? Number(v) : v,
      );
  return { type: types.get(column), problem, values: got };
}

/** The problem reported for a refused value. */
const refused = (row: number, column: string, message: string, count = 1) => ({
  type: expect.any(String),
  problem: { row, count, column, message },
  values: undefined,
});

describe('an integer column', () => {
  it('takes every DuckDB integer type, as the value it holds', async () => {
    for (const type of INTEGER_TYPES) {
      expect(await typed('ts', [`100::${type}`, `7::${type}`]), type).toEqual({
        type,
        problem: undefined,
        values: [100, 7],
      });
    }
  });

  it('names the unit of the column in its message: milliseconds, epoch seconds or a count', async () => {
    const message = async (column: string) =>
      (await typed(column, ['1.5::DOUBLE'], undefined, 'sessions')).problem?.message;
    expect(await message('watch_ms')).toBe('"1.5" is not an integer (milliseconds)');
    expect(await message('start_ts')).toBe('"1.5" is not an integer (epoch seconds)');
    expect(await message('cdn_changes')).toBe('"1.5" is not an integer (a count)');
    expect(await message('rebuffer_count')).toBe('"1.5" is not an integer (a count)');
  });

  it('refuses a value beyond a 64-bit integer', async () => {
    expect(await typed('ts', ['1::UBIGINT', '18446744073709551615::UBIGINT'])).toEqual(
      refused(1, 'ts', '"18446744073709551615" is not an integer (epoch seconds)'),
    );
    expect(await typed('ts', [`'9223372036854775808'::DOUBLE`])).toMatchObject({ problem: { row: 0 } });
  });

  it('takes floats and decimals holding whole numbers, and refuses fractions and infinities', async () => {
    for (const type of ['FLOAT', 'DOUBLE', 'DECIMAL(10,2)']) {
      expect(await typed('ts', [`100::${type}`, `3::${type}`]), type).toEqual({
        type,
        problem: undefined,
        values: [100, 3],
      });
      // A negative whole number is typed as one, then refused by the column's range.
      expect(await typed('ts', [`100::${type}`, `-3::${type}`]), type).toEqual(
        refused(1, 'ts', '-3 is out of range: ts holds epoch seconds, from 0 to 100,000,000,000'),
      );
    }
    expect(await typed('ts', ['100::FLOAT', '1.5::FLOAT', '2.5::FLOAT'])).toEqual(
      refused(1, 'ts', '"1.5" is not an integer (epoch seconds)', 2),
    );
    expect(await typed('ts', ['100.00::DECIMAL(10,2)', '1.50::DECIMAL(10,2)'])).toEqual(
      refused(1, 'ts', '"1.50" is not an integer (epoch seconds)'),
    );
    expect(await typed('ts', [`'inf'::DOUBLE`])).toEqual(
      refused(0, 'ts', '"inf" is not an integer (epoch seconds)'),
    );
  });

  it('takes text and JSON numbers that spell an integer, and nothing else of them', async () => {
    expect(await typed('ts', [`' 100 '`, `'7'`])).toEqual({
      type: 'VARCHAR',
      problem: undefined,
      values: [100, 7],
    });
    expect(await typed('ts', [`' 100 '`, `'-7'`])).toEqual(
      refused(1, 'ts', '-7 is out of range: ts holds epoch seconds, from 0 to 100,000,000,000'),
    );
    expect(await typed('ts', [`'100'`, `'1e3'`])).toEqual(
      refused(1, 'ts', '"1e3" is not an integer (epoch seconds)'),
    );
    expect(await typed('ts', [`'100'::JSON`, `'7'::JSON`])).toEqual({
      type: 'JSON',
      problem: undefined,
      values: [100, 7],
    });
    expect(await typed('ts', [`'100'::JSON`, `'-7'::JSON`])).toEqual(
      refused(1, 'ts', '-7 is out of range: ts holds epoch seconds, from 0 to 100,000,000,000'),
    );
    // A JSON value is read by its value, not its text (which may hold white space).
    expect(await typed('ts', [`(chr(9) || '100' || chr(10))::JSON`])).toEqual({
      type: 'JSON',
      problem: undefined,
      values: [100],
    });
    // A JSON string or fraction is not a number of seconds, whatever it spells.
    expect(await typed('ts', [`'100'::JSON`, `'"100"'::JSON`, `'1.5'::JSON`])).toEqual(
      refused(1, 'ts', '"\\"100\\"" is not an integer (epoch seconds)', 2),
    );
  });

  it('refuses every value of any other type (and a null is a missing value)', async () => {
    expect(await typed('ts', ['true', 'false'])).toEqual(
      refused(0, 'ts', '"true" is not an integer (epoch seconds)', 2),
    );
    // At row 0 the null comes first; the refused date has no value either, so it counts as empty too.
    expect(await typed('ts', [`NULL::DATE`, `'2026-01-01'::DATE`])).toEqual(
      refused(0, 'ts', 'empty, but the column is required', 2),
    );
    expect(await typed('ts', [`'2026-01-01'::DATE`])).toEqual(
      refused(0, 'ts', '"2026-01-01" is not an integer (epoch seconds)'),
    );
  });

  it('accepts a double exactly when it is a whole number within 64 bits, reporting the first other and their count', async () => {
    // Within the column's range (0 to 10^11), so that only the typing decides; 2^63 and beyond are
    // not 64-bit integers at all (the range is checked after the type, in its own tests).
    const doubles = fc.oneof(
      fc.double({ min: 0, max: 1e11, noNaN: true }),
      fc.integer({ min: 0, max: 1e6 }),
      fc.constantFrom(2 ** 63, 2 ** 64, Number.NaN, Number.POSITIVE_INFINITY, 0.5, -0),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(doubles, { minLength: 1, maxLength: 12 }), async (ds) => {
        const good = (d: number) => Number.isInteger(d) && d >= -(2 ** 63) && d < 2 ** 63;
        const bad = ds.flatMap((d, i) => (good(d) ? [] : [i]));
        const got = await typed(
          'ts',
          ds.map((d) => `'${d}'::DOUBLE`),
        );
        if (bad.length === 0) expect(got.values).toEqual(ds.map((d) => (Object.is(d, -0) ? 0 : d)));
        else expect(got.problem).toMatchObject({ row: bad[0], count: bad.length, column: 'ts' });
      }),
      { numRuns: 40 },
    );
  });
});

describe('a string column', () => {
  it('takes text as it is, and integers of every type as their digits', async () => {
    expect(await typed('country', [`'US'`, `' de '`])).toEqual({
      type: 'VARCHAR',
      problem: undefined,
      values: ['US', ' de '],
    });
    for (const type of INTEGER_TYPES) {
      expect(await typed('country', [`42::${type}`]), type).toEqual({
        type,
        problem: undefined,
        values: ['42'],
      });
    }
  });

  it('takes JSON strings and integers, and refuses other JSON', async () => {
    expect(await typed('country', [`'"US"'::JSON`, `'42'::JSON`])).toEqual({
      type: 'JSON',
      problem: undefined,
      values: ['US', '42'],
    });
    expect(
      await typed('country', [`'"US"'::JSON`, `'{"a":1}'::JSON`, `'true'::JSON`, `'1.5'::JSON`]),
    ).toEqual(refused(1, 'country', `${JSON.stringify('{"a":1}')} is not a string`, 3));
  });

  it('refuses values of any other type', async () => {
    expect(await typed('country', ['1.5::DOUBLE'])).toEqual(refused(0, 'country', '"1.5" is not a string'));
    expect(await typed('country', ['true'])).toEqual(refused(0, 'country', '"true" is not a string'));
    // A date is not text, though JSON would spell it as a string.
    expect(await typed('country', [`'2026-01-01'::DATE`])).toEqual(
      refused(0, 'country', '"2026-01-01" is not a string'),
    );
    // A null is a missing value, not a wrong one: allowed where the column may be empty.
    expect(await typed('subscriber_id', ['NULL::DOUBLE', '1.5::DOUBLE'])).toEqual(
      refused(1, 'subscriber_id', '"1.5" is not a string'),
    );
    expect(await typed('subscriber_id', ['NULL::DOUBLE'])).toEqual({
      type: 'DOUBLE',
      problem: undefined,
      values: [null],
    });
  });
});

describe('the message of a refused value', () => {
  it('shows the value whole up to 40 characters, else its first 40 and an ellipsis', async () => {
    const forty = 'x'.repeat(40);
    expect((await typed('ts', [`'${forty}'`])).problem?.message).toBe(
      `"${forty}" is not an integer (epoch seconds)`,
    );
    expect((await typed('ts', [`'${forty}yz'`])).problem?.message).toBe(
      `"${forty}…" is not an integer (epoch seconds)`,
    );
  });
});

describe('columns the rows lack', () => {
  it('are empty, so a required one is reported at the first row, even when the rows have none of the columns', async () => {
    const lacking = async (columns: readonly string[]) => {
      const types = new Map([['other', 'INTEGER'], ...columns.map((name) => [name, 'VARCHAR'] as const)]);
      const row = (r: number) =>
        `SELECT ${r} AS r, 1 AS other${columns.map((name) => `, 'v' AS "${name}"`).join('')}`;
      const checked = typedRows({
        table: 'errors',
        source: `(${row(0)} UNION ALL ${row(1)})`,
        row: 'r',
        types,
      });
      return { defaulted: checked.defaulted, problem: await findProblem(all, checked) };
    };
    const none = await lacking([]);
    expect(none.defaulted).toEqual(ERROR_ROW.map(([name]) => name));
    expect(none.problem).toEqual({
      row: 0,
      count: 2,
      column: 'customer_id',
      message: 'empty, but the column is required',
    });
    // Given the first column only, the next required one is reported (the optional columns take their defaults).
    const some = await lacking(['customer_id']);
    expect(some.problem).toEqual({
      row: 0,
      count: 2,
      column: 'ts',
      message: 'empty, but the column is required',
    });
  });
});

describe("a column with no value at all (DuckDB's NULL type, of a Parquet column of nulls only)", () => {
  it('is empty where a value is required, and null where it may be', async () => {
    const [[nullType]] = (await all('SELECT typeof(NULL)')) as [[string]];
    for (const column of ['ts', 'country', 'fatal']) {
      expect(await typed(column, ['NULL', 'NULL'], nullType), column).toEqual(
        refused(0, column, 'empty, but the column is required', 2),
      );
    }
    expect(await typed('subscriber_id', ['NULL'], nullType)).toEqual({
      type: nullType,
      problem: undefined,
      values: [null],
    });
  });
});

describe('a boolean column', () => {
  const isNot = (row: number, value: string, count = 1) =>
    refused(row, 'fatal', `${JSON.stringify(value)} is not a boolean (true or false)`, count);

  it('takes booleans, and 0 and 1 of every integer type', async () => {
    expect(await typed('fatal', ['true', 'false'])).toEqual({
      type: 'BOOLEAN',
      problem: undefined,
      values: [true, false],
    });
    for (const type of INTEGER_TYPES) {
      expect(await typed('fatal', [`1::${type}`, `0::${type}`]), type).toEqual({
        type,
        problem: undefined,
        values: [true, false],
      });
    }
    expect(await typed('fatal', ['1', '2', '0', '3'])).toEqual(isNot(1, '2', 2));
  });

  it('takes true, false, 1 and 0 as text, in any case, and as JSON booleans or numbers', async () => {
    expect(await typed('fatal', [`' TRUE '`, `'0'`, `'False'`, `'1'`])).toEqual({
      type: 'VARCHAR',
      problem: undefined,
      values: [true, false, false, true],
    });
    expect(await typed('fatal', [`'true'`, `'yes'`])).toEqual(isNot(1, 'yes'));
    expect(await typed('fatal', [`'true'::JSON`, `'1'::JSON`, `'0'::JSON`, `'false'::JSON`])).toEqual({
      type: 'JSON',
      problem: undefined,
      values: [true, true, false, false],
    });
    expect(await typed('fatal', [`(chr(9) || 'true')::JSON`, `(chr(10) || '0')::JSON`])).toEqual({
      type: 'JSON',
      problem: undefined,
      values: [true, false],
    });
    // A JSON string is text, not a boolean, whatever it spells.
    expect(await typed('fatal', [`'true'::JSON`, `'"true"'::JSON`])).toEqual(isNot(1, '"true"'));
  });

  it('refuses values of any other type', async () => {
    expect(await typed('fatal', ['1.0::DOUBLE'])).toEqual(isNot(0, '1.0'));
    expect(await typed('fatal', [`'2026-01-01'::DATE`])).toEqual(isNot(0, '2026-01-01'));
  });
});
