// A dialect's string literal reads back as the very text it was made from, in the engine that reads
// it: DuckDB doubles quotes; ClickHouse also treats backslashes as escapes, so it doubles those too.
// File paths and settings go through it (the statements that cannot bind a parameter).
import { DuckDBInstance } from '@duckdb/node-api';
import { fc, test } from '@fast-check/vitest';
import { queryAsync } from 'chdb';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CLICKHOUSE, DUCKDB } from '../src/sql/dialect';

// Quotes, backslashes and the escapes they could start, among any other characters but NUL.
const hostileText = fc
  .array(fc.oneof(fc.constantFrom("'", "''", '\\', "\\'", '\\n', '\\0', '%', '*', '[', '\n'), fc.string()), {
    maxLength: 8,
  })
  .map((parts) => parts.join('').replaceAll('\u0000', ''));

describe('DuckDB string literals', () => {
  let instance: DuckDBInstance;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
  });
  afterAll(() => instance.closeSync());

  test.prop([hostileText], { numRuns: 60 })('read back as the text they were made from', async (text) => {
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll(`SELECT ${DUCKDB.text(text)} AS v`);
      expect(reader.getRows()[0]?.[0]).toBe(text);
    } finally {
      connection.closeSync();
    }
  });
});

describe('ClickHouse string literals (chdb)', () => {
  test.prop([hostileText], { numRuns: 30 })('read back as the text they were made from', async (text) => {
    const result = await queryAsync(`SELECT ${CLICKHOUSE.text(text)} AS v`, { format: 'JSONCompactColumns' });
    expect(result.json<string[][]>()[0]?.[0]).toBe(text);
  });
});
