// Checking rows (a file read as DuckDB types it, a staged table, or in-memory records) against the
// schema: each value's type, required values and rules between columns are checked in one
// streaming pass, unique session ids in a second one, and the first problem is reported with its
// row and column. v1 columns that are missing get their documented defaults.
import {
  type ColumnSpec,
  rawTableDdl,
  SESSION_ROW_RULES,
  SESSION_STATUSES,
  TABLE_COLUMNS,
  type TableName,
} from './schema';
import { formatBound, MAX_TEXT_LENGTH, VALUE_RANGES } from './value-bounds';

const INTEGER_TYPES = new Set([
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
]);
const isFloat = (t: string) => t === 'FLOAT' || t === 'DOUBLE' || t.startsWith('DECIMAL');

/**
 * What a staged column of DuckDB type `type` becomes: its typed value and a test for a bad value.
 * A type a column kind does not take lets only nulls through, which covers a column with no value
 * at all (DuckDB's `"NULL"` type, of a Parquet column written as nulls only).
 */
interface Conversion {
  readonly value: string;
  readonly bad: string;
  readonly expected: string;
}

const STATUS_LIST = SESSION_STATUSES.map((s) => `'${s}'`).join(', ');

function asString(c: string, type: string): { value: string; bad: string } {
  if (type === 'VARCHAR') return { value: c, bad: 'false' };
  if (type === 'JSON')
    return {
      value: `json_extract_string(${c}, '$')`,
      bad: `json_type(${c}) NOT IN ('VARCHAR', 'BIGINT', 'UBIGINT', 'NULL')`,
    };
  if (INTEGER_TYPES.has(type)) return { value: `${c}::VARCHAR`, bad: 'false' };
  return { value: 'NULL::VARCHAR', bad: `${c} IS NOT NULL` };
}

function asInteger(c: string, type: string): { value: string; bad: string } {
  if (INTEGER_TYPES.has(type))
    return { value: `TRY_CAST(${c} AS BIGINT)`, bad: `TRY_CAST(${c} AS BIGINT) IS NULL` };
  if (isFloat(type))
    return {
      value: `TRY_CAST(${c} AS BIGINT)`,
      bad: `NOT isfinite(${c}::DOUBLE) OR ${c} <> trunc(${c}) OR TRY_CAST(${c} AS BIGINT) IS NULL`,
    };
  if (type === 'VARCHAR' || type === 'JSON') {
    const text = type === 'JSON' ? `json_extract_string(${c}, '$')` : `trim(${c})`;
    const typeOk = type === 'JSON' ? `json_type(${c}) IN ('BIGINT', 'UBIGINT')` : 'true';
    return {
      value: `TRY_CAST(${text} AS BIGINT)`,
      bad: `NOT (${typeOk} AND regexp_full_match(${text}, '-?[0-9]+') AND TRY_CAST(${text} AS BIGINT) IS NOT NULL)`,
    };
  }
  return { value: 'NULL::BIGINT', bad: `${c} IS NOT NULL` };
}

function asBoolean(c: string, type: string): { value: string; bad: string } {
  if (type === 'BOOLEAN') return { value: c, bad: 'false' };
  if (INTEGER_TYPES.has(type)) return { value: `(${c} = 1)`, bad: `${c} NOT IN (0, 1)` };
  if (type === 'VARCHAR' || type === 'JSON') {
    const text = type === 'JSON' ? `lower(json_extract_string(${c}, '$'))` : `lower(trim(${c}))`;
    const typeOk = type === 'JSON' ? `json_type(${c}) IN ('BOOLEAN', 'BIGINT', 'UBIGINT')` : 'true';
    return {
      value: `(${text} IN ('true', '1'))`,
      bad: `NOT (${typeOk} AND ${text} IN ('true', 'false', '1', '0'))`,
    };
  }
  return { value: 'NULL::BOOLEAN', bad: `${c} IS NOT NULL` };
}

function conversion(spec: ColumnSpec, type: string): Conversion {
  const c = `"${spec.name}"`;
  const guard = (x: { value: string; bad: string }, expected: string): Conversion => ({
    value: `CASE WHEN ${c} IS NULL OR (${x.bad}) THEN NULL ELSE ${x.value} END`,
    bad: `(${c} IS NOT NULL AND coalesce(${x.bad}, true))`,
    expected,
  });
  switch (spec.kind) {
    case 'string':
      return guard(asString(c, type), 'a string');
    case 'integer':
      return guard(
        asInteger(c, type),
        `an integer (${spec.name.endsWith('_ms') ? 'milliseconds' : spec.name.endsWith('_ts') || spec.name === 'ts' ? 'epoch seconds' : 'a count'})`,
      );
    case 'boolean':
      return guard(asBoolean(c, type), 'a boolean (true or false)');
    case 'status': {
      const s = asString(c, type);
      return guard(
        { value: s.value, bad: `(${s.bad}) OR ${s.value} NOT IN (${STATUS_LIST})` },
        `a status (${SESSION_STATUSES.join(', ')})`,
      );
    }
  }
}

/** Rows to check: where they are read from, their DuckDB column types and each row's position. */
export interface Staged {
  readonly table: TableName;
  /** What the rows are read from: a staged table's name, or a table function reading a file. */
  readonly source: string;
  /** SQL of a row's position (0-based) in the file or records, over `source`'s columns. */
  readonly row: string;
  readonly types: ReadonlyMap<string, string>;
  /** Records mode: a null in a v2 column that has a default means "not given" and takes the default. */
  readonly defaultNulls?: boolean;
}

/** One failed check: the first offending row (0-based), how many rows fail, and what is wrong. */
export interface Problem {
  readonly row: number;
  readonly count: number;
  readonly column: string;
  readonly message: string;
}

interface Check {
  readonly column: string;
  /** A condition on one row's typed values. */
  readonly sql: string;
  readonly message: (value: string) => string;
  /** SQL of the offending value shown in the message. */
  readonly show?: string;
}

/** Rows whose key columns repeat an earlier row's: each repetition is a problem at its own row. */
interface RepeatCheck {
  readonly column: string;
  readonly keys: readonly string[];
  readonly show: string;
  readonly message: (value: string) => string;
}

/** Rows typed as the raw table's columns, and what to check on them. */
export interface TypedRows {
  /** The rows as the raw table's columns (defaults filled in), with `__r` the row position. */
  readonly sql: string;
  readonly checks: readonly Check[];
  /** Checked after the row checks; reported at a row only when no row check fails there. */
  readonly repeat?: RepeatCheck;
  /** Columns the source lacks, whose defaults apply. */
  readonly defaulted: readonly string[];
}

/**
 * A staged table as rows to check (its `rowid` is the position; inside a transaction rowids start
 * at a large offset, their order is the insertion order).
 */
export function stagedTable(stage: string): Pick<Staged, 'source' | 'row'> {
  return { source: stage, row: `rowid - (SELECT min(rowid) FROM ${stage})` };
}

/** The rows of `s` typed as the raw table's columns, with the checks they must pass. */
export function typedRows(s: Staged): TypedRows {
  const specs = TABLE_COLUMNS[s.table];
  const checks: Check[] = [];
  const inner: string[] = [`(${s.row})::BIGINT AS __r`];
  const outer: string[] = ['__r'];
  const defaulted: string[] = [];
  specs.forEach((spec, i) => {
    const type = s.types.get(spec.name);
    if (type === undefined) {
      defaulted.push(spec.name);
      outer.push(`${spec.v1Default ?? 'NULL'} AS "${spec.name}"`);
      return;
    }
    const conv = conversion(spec, type);
    inner.push(
      `${conv.value} AS "${spec.name}"`,
      `${conv.bad} AS __bad${i}`,
      `"${spec.name}"::VARCHAR AS __raw${i}`,
    );
    outer.push(
      spec.v1Default && s.defaultNulls
        ? `coalesce("${spec.name}", ${spec.v1Default}) AS "${spec.name}"`
        : `"${spec.name}"`,
    );
    checks.push({
      column: spec.name,
      sql: `__bad${i}`,
      show: `__raw${i}`,
      message: (v) => `${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)} is not ${conv.expected}`,
    });
  });
  // Defaults may refer to other columns by name, so they are computed over the typed values; the
  // check columns (`__bad<i>`, `__raw<i>`) follow them.
  const typedColumns = specs.filter((x) => s.types.has(x.name)).map((x) => `"${x.name}"`);
  const sql = `SELECT ${outer.join(', ')}, * EXCLUDE (${['__r', ...typedColumns].join(', ')})
    FROM (SELECT ${inner.join(', ')} FROM ${s.source})`;
  for (const spec of specs.filter((x) => !x.nullable)) {
    checks.push({
      column: spec.name,
      sql: `"${spec.name}" IS NULL`,
      message: () => 'empty, but the column is required',
    });
  }
  checks.push(...boundChecks(s));
  if (s.table !== 'sessions') return { sql, checks, defaulted };
  for (const rule of SESSION_ROW_RULES) {
    checks.push({
      column: rule.column,
      sql: `NOT coalesce(${rule.sql}, true)`,
      message: () => `breaks the rule: ${rule.rule}`,
    });
  }
  const repeat: RepeatCheck = {
    column: 'session_id',
    keys: ['"customer_id"', '"session_id"'],
    show: '"session_id"',
    message: (v) => `session ${JSON.stringify(v)} appears a second time for its customer`,
  };
  return { sql, checks, repeat, defaulted };
}

/** Every value within its column's range, and every text within the longest length. */
function boundChecks(s: Staged): Check[] {
  const checks: Check[] = [];
  for (const spec of TABLE_COLUMNS[s.table]) {
    if (!s.types.has(spec.name)) continue;
    const c = `"${spec.name}"`;
    const range = VALUE_RANGES[spec.name];
    if (spec.kind === 'integer' && range !== undefined) {
      checks.push({
        column: spec.name,
        sql: `${c} IS NOT NULL AND (${c} < ${range.min} OR ${c} > ${range.max})`,
        show: `${c}::VARCHAR`,
        message: (v) =>
          `${v} is out of range: ${spec.name} holds ${range.unit}, from ${formatBound(range.min)} to ${formatBound(range.max)}`,
      });
    }
    if (spec.kind === 'string') {
      checks.push({
        column: spec.name,
        sql: `length(${c}) > ${MAX_TEXT_LENGTH}`,
        show: `length(${c})::VARCHAR || ' ' || left(${c}, 40)`,
        message: (v) => {
          const [length, ...start] = v.split(' ');
          return `a value of ${formatBound(Number(length))} characters (${JSON.stringify(`${start.join(' ')}…`)}) is longer than the ${formatBound(MAX_TEXT_LENGTH)} a text value may have`;
        },
      });
    }
  }
  return checks;
}

type All = (sql: string) => Promise<unknown[][]>;

/** The first problem among `found` (earliest row, then the first check), if any. */
function earliest(found: readonly (Problem | undefined)[]): Problem | undefined {
  let best: Problem | undefined;
  for (const p of found) if (p !== undefined && (best === undefined || p.row < best.row)) best = p;
  return best;
}

/** Every row check in one streaming pass (aggregates only, so nothing is held but one row per check). */
async function findRowProblem(all: All, typed: TypedRows): Promise<Problem | undefined> {
  if (typed.checks.length === 0) return undefined;
  const flags = typed.checks.map((c, i) => `(${c.sql}) AS __f${i}, ${c.show ?? 'NULL'}::VARCHAR AS __v${i}`);
  const aggs = typed.checks.map(
    (_, i) =>
      `min(__r) FILTER (WHERE __f${i})::DOUBLE, count(*) FILTER (WHERE __f${i})::DOUBLE, arg_min(__v${i}, __r) FILTER (WHERE __f${i})`,
  );
  const [row] = await all(
    `SELECT ${aggs.join(', ')} FROM (SELECT __r, ${flags.join(', ')} FROM (${typed.sql}))`,
  );
  return earliest(
    typed.checks.map((c, i) => {
      const first = row?.[3 * i];
      if (first == null) return undefined;
      const value = row?.[3 * i + 2];
      return {
        row: Number(first),
        count: Number(row?.[3 * i + 1]),
        column: c.column,
        message: c.message(value == null ? '' : String(value)),
      };
    }),
  );
}

/**
 * Repeated keys without holding every row: a first pass groups rows by a 64-bit hash of their key
 * (8 bytes a row), and only rows whose hash repeats (the repeated keys, and rare collisions) are
 * ranked by their exact key in a second one.
 */
async function findRepeat(all: All, typed: TypedRows): Promise<Problem | undefined> {
  const check = typed.repeat;
  if (check === undefined) return undefined;
  const hash = `hash(${check.keys.join(', ')})`;
  const [row] = await all(
    `SELECT min(__r)::DOUBLE, count(*)::DOUBLE, arg_min(__v, __r) FROM (
       SELECT __r, ${check.show}::VARCHAR AS __v,
              row_number() OVER (PARTITION BY ${check.keys.join(', ')} ORDER BY __r) AS __n
       FROM (${typed.sql})
       WHERE ${hash} IN (SELECT ${hash} FROM (${typed.sql}) GROUP BY ALL HAVING count(*) > 1))
     WHERE __n > 1`,
  );
  const first = row?.[0];
  if (first == null) return undefined;
  const value = row?.[2];
  return {
    row: Number(first),
    count: Number(row?.[1]),
    column: check.column,
    message: check.message(value == null ? '' : String(value)),
  };
}

/**
 * Runs every check; the problem with the earliest row (at one row, a row check before the repeat
 * check, then the first check) or `undefined`.
 */
export async function findProblem(all: All, typed: TypedRows): Promise<Problem | undefined> {
  const rowProblem = await findRowProblem(all, typed);
  const repeat = await findRepeat(all, typed);
  return earliest([rowProblem, repeat]);
}

/** The staged rows typed, once no check fails (else `fail`'s error for the first problem). */
async function checkedRows(
  all: All,
  staged: Staged,
  fail: (p: Problem, defaulted: readonly string[]) => Error,
): Promise<TypedRows> {
  const typed = typedRows(staged);
  const problem = await findProblem(all, typed);
  if (problem) throw fail(problem, typed.defaulted);
  return typed;
}

/** Raw-table columns in schema order, as a select list. */
const rawColumns = (table: TableName) => TABLE_COLUMNS[table].map((s) => `"${s.name}"`).join(', ');

/** Checks staged rows, then fills the table `raw_<table>` from them in row order and drops the stage. */
export async function fillRawTable(
  run: (sql: string) => Promise<void>,
  all: All,
  staged: Staged,
  fail: (p: Problem, defaulted: readonly string[]) => Error,
): Promise<void> {
  const typed = await checkedRows(all, staged, fail);
  await run(rawTableDdl(staged.table));
  await run(
    `INSERT INTO raw_${staged.table} SELECT ${rawColumns(staged.table)} FROM (${typed.sql}) ORDER BY __r`,
  );
  await run(`DROP TABLE ${staged.source}`);
}

/**
 * Checks rows where they lie, then defines the temporary view `raw_<table>` over them: the encoding
 * reads the source again through it, so no row is ever held uncompressed.
 */
export async function checkedRawView(
  run: (sql: string) => Promise<void>,
  all: All,
  staged: Staged,
  fail: (p: Problem, defaulted: readonly string[]) => Error,
): Promise<void> {
  const typed = await checkedRows(all, staged, fail);
  await run(
    `CREATE OR REPLACE TEMP VIEW raw_${staged.table} AS SELECT ${rawColumns(staged.table)} FROM (${typed.sql})`,
  );
}
