// `generateToDirectory` streams the generator into files (docs/server.md, "Data"): the files hold
// exactly the rows, in the same order, that writing the in-memory generated data set gives; the row
// numbers cover every session once, customers in code order; and the statements neither sort,
// join nor window the sessions, so memory does not grow with the number of sessions (the peak RSS
// at 1M, 10M and 100M sessions is a benchmark figure: bench/engines.ts, generation).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { Dataset } from '../src/engine/duckdb/dataset';
import { checkOptions } from '../src/engine/duckdb/generate';
import { fileStatements, rowNumbers } from '../src/engine/duckdb/generate-files';
import {
  type DataFormat,
  generateDataset,
  generateToDirectory,
  loadDataset,
  writeDataset,
} from '../src/index';

const END = 1_767_225_600;
const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'playq-genfiles-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const READERS: Record<DataFormat, (file: string) => string> = {
  parquet: (f) => `read_parquet('${f}')`,
  csv: (f) => `read_csv('${f}', header = true, all_varchar = true)`,
  ndjson: (f) => `read_json('${f}', format = 'newline_delimited')`,
};

/** Rows of file `a` that differ from the row at the same position in `b` (either side missing counts). */
async function differingRows(a: string, b: string, format: DataFormat): Promise<number> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  const numbered = (f: string) => `(SELECT *, row_number() OVER () AS _r FROM ${READERS[format](f)})`;
  const reader = await c.runAndReadAll(
    `SELECT count(*) FROM ${numbered(a)} x FULL JOIN ${numbered(b)} y ON x._r = y._r
     WHERE x IS DISTINCT FROM y`,
  );
  c.closeSync();
  return Number(reader.getRows()[0]![0]);
}

describe('generateToDirectory streams the generated data set', () => {
  const cases: { name: string; format: DataFormat; options: Parameters<typeof generateDataset>[0] }[] = [
    {
      name: 'parquet, the demo customers',
      format: 'parquet',
      options: { sessions: 20_000, seed: 5, days: 3, end: END },
    },
    {
      name: 'csv, customers listed out of their value order',
      format: 'csv',
      options: { sessions: 9_000, seed: 8, days: 2, end: END, customers: ['zeta', 'alpha', 'mid'] },
    },
    {
      name: 'ndjson, one customer',
      format: 'ndjson',
      options: { sessions: 3_000, seed: 2, days: 1, end: END, customers: ['solo'] },
    },
    {
      name: 'parquet, with planted effects',
      format: 'parquet',
      options: {
        sessions: 5_000,
        seed: 3,
        days: 2,
        end: END,
        effects: [
          { where: '[cdn=akamai][country=US|GB]', metric: 'bufferingratio', factor: 3 },
          { where: '[platform=web]', metric: 'latency', factor: 0.5, from: END - 86_400 },
          { where: '[country=BR|IN]', metric: 'failurerate', factor: 2.5 },
          { where: '[platform=ios]', metric: 'errors', factor: 3 },
        ],
      },
    },
  ];
  for (const { name, format, options } of cases) {
    it(`writes the rows of writeDataset(generateDataset(...)) in their order (${name})`, async () => {
      const streamed = tmp();
      const written = tmp();
      const result = await generateToDirectory({ ...options, out: streamed, format });
      const db = await generateDataset(options);
      const files = await writeDataset(db, { dir: written, format });
      expect(result.rows).toEqual({ sessions: db.stats().sessions, errors: db.stats().errors });
      expect(result.rows.errors).toBeGreaterThan(0);
      await db.close();
      expect(await differingRows(result.sessions, files.sessions, format)).toBe(0);
      expect(await differingRows(result.errors, files.errors, format)).toBe(0);
      // The spill directory is gone: only the two files remain.
      expect(readdirSync(streamed).sort()).toEqual(
        [result.errors, result.sessions].map((f) => f.slice(streamed.length + 1)).sort(),
      );
    });
  }

  it.each(['parquet', 'csv', 'ndjson'] as const)(
    'writes into a folder whose name holds glob characters, read back from there (%s)',
    async (format) => {
      const out = join(tmp(), 'g*[x]');
      const result = await generateToDirectory({ sessions: 50, seed: 2, days: 1, end: END, out, format });
      expect(readdirSync(out).sort()).toEqual([`errors.${format}`, `sessions.${format}`]);
      const db = await loadDataset(out);
      expect(db.stats().sessions).toBe(result.rows.sessions);
      await db.close();
    },
  );

  it('writes zero sessions as two empty tables the loader accepts', async () => {
    const out = tmp();
    const result = await generateToDirectory({ sessions: 0, seed: 1, days: 1, end: END, out });
    expect(result.rows).toEqual({ sessions: 0, errors: 0 });
    const db = await loadDataset(out);
    expect(db.stats().sessions).toBe(0);
    await db.close();
  });

  it('refuses a bad option or format with a clear error, writing nothing', async () => {
    const out = join(tmp(), 'never');
    await expect(generateToDirectory({ sessions: -1, seed: 1, out })).rejects.toThrow(
      /sessions must be an integer from 0 to 1e9, got -1/,
    );
    await expect(
      generateToDirectory({ sessions: 10, seed: 1, out, format: 'xlsx' as DataFormat }),
    ).rejects.toThrow(/format must be parquet, csv or ndjson, got xlsx/);
    await expect(generateToDirectory({ sessions: 10, seed: 1, out, memoryLimit: "1GB'; x" })).rejects.toThrow(
      `memoryLimit must look like '512MB', got "1GB'; x"`,
    );
    expect(() => readdirSync(out)).toThrow();
  });
});

describe('the row numbers', () => {
  test.prop([fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 5 }), fc.context()], {
    numRuns: 25,
  })('cover every session exactly once, each customer a block, blocks in code order', async (sizes) => {
    // Codes are the customers' value order: here the reverse of their option order.
    const customers = sizes.map((size, k) => ({
      code: sizes.length - 1 - k,
      offset: sizes.slice(0, k).reduce((a, b) => a + b, 0),
      size,
    }));
    const instance = await DuckDBInstance.create(':memory:');
    const c = await instance.connect();
    const rows = (await c.runAndReadAll(`SELECT i FROM ${rowNumbers({ customers })}`)).getRows();
    c.closeSync();
    const expected = [...customers]
      .sort((a, b) => a.code - b.code)
      .flatMap((cu) => Array.from({ length: cu.size }, (_, j) => cu.offset + j));
    expect(rows.map((r) => Number(r[0]))).toEqual(expected);
    expect(new Set(expected).size).toBe(sizes.reduce((a, b) => a + b, 0));
  });
});

/** Physical operator names of a statement's plan (DuckDB's JSON EXPLAIN). */
async function operators(db: Dataset, sql: string): Promise<string[]> {
  const [[, plan]] = (await db.all(`EXPLAIN (FORMAT json) ${sql}`)) as [[string, string]];
  const names: string[] = [];
  const walk = (node: { name?: string; children?: unknown[] }) => {
    if (node.name) names.push(node.name.trim());
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  for (const root of JSON.parse(plan) as object[]) walk(root);
  return names;
}

describe('the file statements', () => {
  const BLOCKING = /ORDER|JOIN|WINDOW|GROUP|CROSS|AGGREGATE|TOP_N/;
  it('draw sessions and pick the error sessions with no sort, join, window or grouping, and sort only the error events', async () => {
    const db = await Dataset.open(':memory:', 1);
    try {
      const statements = await fileStatements(
        db,
        checkOptions({ sessions: 1000, seed: 1, days: 2, end: END }),
      );
      const sessions = await operators(db, statements.sessions);
      expect(sessions).toContain('RANGE');
      expect(sessions.filter((n) => BLOCKING.test(n))).toEqual([]);
      const candidates = statements.errorSessions.replace(/^CREATE OR REPLACE TABLE error_sessions AS /, '');
      expect(candidates).not.toBe(statements.errorSessions);
      expect((await operators(db, candidates)).filter((n) => BLOCKING.test(n))).toEqual([]);
      await db.exec(statements.errorSessions);
      // The candidates are read from their table, not kept in memory as a materialized CTE.
      const errors = await operators(db, statements.errors);
      expect(errors.filter((n) => BLOCKING.test(n) || n.includes('CTE'))).toEqual(['ORDER_BY']);
    } finally {
      await db.close();
    }
  });
});
