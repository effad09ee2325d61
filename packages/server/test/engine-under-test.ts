// The engine the semantics suites run on: PLAYQ_TEST_ENGINE picks DuckDB in memory (default), on a
// database file (`duckdb-file`), on Parquet in place (`duckdb-parquet`) or chdb (`chdb`). Each test
// builds its data in memory as before; this turns that dataset into the engine under test, through
// the same files and loaders a user goes through.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openChdb } from '../src/engine/chdb-engine';
import { openParquetInPlace } from '../src/engine/duckdb/in-place';
import { decodedBy, type Engine } from '../src/engine/engine';
import { type Dataset, loadDataset, writeDataset } from '../src/index';
import type { CompileContext } from '../src/sql/compile';

export const ENGINES = ['duckdb-memory', 'duckdb-file', 'duckdb-parquet', 'chdb'] as const;
export type EngineName = (typeof ENGINES)[number];

export const ENGINE_UNDER_TEST: EngineName = engineName(process.env.PLAYQ_TEST_ENGINE);

function engineName(value: string | undefined): EngineName {
  if (value === undefined || value === '') return 'duckdb-memory';
  if ((ENGINES as readonly string[]).includes(value)) return value as EngineName;
  throw new Error(`PLAYQ_TEST_ENGINE must be one of ${ENGINES.join(', ')}, got ${value}`);
}

const temporary: string[] = [];
process.on('exit', () => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'playq-engine-test-'));
  temporary.push(dir);
  return dir;
}

/** The dataset as the engine under test serves it (the in-memory dataset is closed unless it is that engine). */
export async function asEngineUnderTest(
  dataset: Dataset,
  name: EngineName = ENGINE_UNDER_TEST,
): Promise<Engine> {
  if (name === 'duckdb-memory') return dataset;
  try {
    if (name === 'chdb') return await openChdb({ dataset });
    const dir = scratch();
    await writeDataset(dataset, { dir, format: 'parquet' });
    // Data in files: the plans with the derived tables, as served once they are made (in the background).
    const inFiles =
      name === 'duckdb-parquet'
        ? await openParquetInPlace(dir)
        : await loadDataset(dir, { database: join(dir, 'playq.duckdb') });
    await inFiles.derivedTablesMade();
    return inFiles;
  } finally {
    await dataset.close();
  }
}

/**
 * What a compiler needs from the engine for customer `demo` (no in-memory dictionaries for
 * filters; records decoded as the service decodes them).
 */
export function planContext(engine: Engine, customer = 'demo'): CompileContext {
  const customerCode = engine.customerCode(customer);
  if (customerCode === undefined) throw new Error(`no customer ${customer} in the test data`);
  return { customerCode, dictionary: () => undefined, target: engine.target, decodes: decodedBy(engine) };
}
