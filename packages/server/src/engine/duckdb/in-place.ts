// DuckDB over Parquet files where they lie (`playq serve --data DIR --in-place`): no load, no copy.
// The `sessions` and `errors` views rename the file columns to the plans' names and give a column
// an older file lacks its documented default; plans then run in the raw layout (values compared as
// text, error events joined to their session only when a plan reads the session's dimensions).

import { ENCODED_DIMENSIONS } from '../../data/encode';
import { type ColumnSpec, TABLE_COLUMNS, type TableName } from '../../data/schema';
import { DUCKDB, DUCKDB_RAW } from '../../sql/dialect';
import { Dataset } from './dataset';
import { DatasetLoadError, findDataFiles, literalPath } from './load';

export interface InPlaceOptions {
  /** Bound on DuckDB's memory (e.g. `'1GB'`); the files stay where they are whatever it is. */
  readonly memoryLimit?: string;
  /** Pooled connections (concurrent statements); default 4. */
  readonly poolSize?: number;
}

/** File column -> the name plans use (a coded dimension's name; `cust` for the customer). */
const PLAN_NAMES: ReadonlyMap<string, string> = new Map(
  ENCODED_DIMENSIONS.map((d) => [d.column, d.name === 'customer' ? 'cust' : d.name]),
);

/** The DuckDB type plans expect of a column of the schema (status as text in the raw layout). */
const TYPES: Readonly<Record<ColumnSpec['kind'], string>> = {
  string: 'VARCHAR',
  integer: 'BIGINT',
  boolean: 'BOOLEAN',
  status: 'VARCHAR',
};

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Opens `sessions.parquet` and `errors.parquet` of a directory in place. The files' columns are
 * checked (each required column present, of a usable type); their rows are not (the loader does
 * that, for `playq data load --db`): the service trusts files it did not write.
 *
 * @example
 * ```ts
 * const db = await openParquetInPlace('./data'); // db.name === 'duckdb-parquet'
 * const service = await createService({ data: { dataset: db } });
 * ```
 */
export async function openParquetInPlace(dir: string, options: InPlaceOptions = {}): Promise<Dataset> {
  const files = findDataFiles(dir, 'parquet');
  const db = await Dataset.open(':memory:', options.poolSize ?? 4, options.memoryLimit);
  try {
    db.target = DUCKDB_RAW;
    db.name = 'duckdb-parquet';
    for (const table of ['sessions', 'errors'] as const) {
      await db.exec(await viewSql(db, table, files[table]));
    }
    await db.refresh();
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** `CREATE VIEW <table>` over the file: plan names, plan types, defaults for missing v2 columns. */
async function viewSql(db: Dataset, table: TableName, file: string): Promise<string> {
  const source = `read_parquet(${DUCKDB.text(literalPath(file))})`;
  let described: unknown[][];
  try {
    described = await db.all(`DESCRIBE SELECT * FROM ${source}`);
  } catch (error) {
    throw new DatasetLoadError(`cannot read ${file} as parquet: ${String(error).split('\n')[0]}`, file);
  }
  const types = new Map(described.map((r) => [String(r[0]), String(r[1])]));
  const select = TABLE_COLUMNS[table].map((spec) => {
    const name = PLAN_NAMES.get(spec.name) ?? spec.name;
    const type = types.get(spec.name);
    if (type === undefined) {
      if (spec.v1Default === undefined) {
        const required = TABLE_COLUMNS[table].filter((s) => s.v1Default === undefined).map((s) => s.name);
        throw new DatasetLoadError(
          `${file}: missing column "${spec.name}" (every ${table} file needs ${required.join(', ')})`,
          file,
          spec.name,
        );
      }
      return `(${spec.v1Default})::${TYPES[spec.kind]} AS ${quoteIdent(name)}`;
    }
    const wanted = TYPES[spec.kind];
    const column = quoteIdent(spec.name);
    return `${type === wanted ? column : `CAST(${column} AS ${wanted})`} AS ${quoteIdent(name)}`;
  });
  return `CREATE OR REPLACE VIEW ${table} AS SELECT ${select.join(', ')} FROM ${source}`;
}
