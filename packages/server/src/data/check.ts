// Checking a staged table (a file read as DuckDB typed it, or in-memory records) against the schema
// and turning it into the raw, file-shaped table: each value's type, required values, rules between
// columns and unique session ids are checked in one pass, and the first problem is reported with
// its row and column. v1 columns that are missing get their documented defaults.
import {
  type ColumnSpec,
  rawTableDdl,
  SESSION_ROW_RULES,
  SESSION_STATUSES,
  TABLE_COLUMNS,
  type TableName,
} from './schema';

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
/** A column with no value at all (an empty CSV column, an NDJSON key always null). */
const NULL_TYPES = new Set(['"NULL"', 'NULL']);
const isFloat = (t: string) => t === 'FLOAT' || t === 'DOUBLE' || t.startsWith('DECIMAL');

/** What a staged column of DuckDB type `type` becomes: its typed value and a test for a bad value. */
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
  if (NULL_TYPES.has(type)) return { value: 'NULL::VARCHAR', bad: 'false' };
  return { value: 'NULL::VARCHAR', bad: `${c} IS NOT NULL` };
}

function asInteger(c: string, type: string): { value: string; bad: string } {
  if (INTEGER_TYPES.has(type))
    return { value: `TRY_CAST(${c} AS BIGINT)`, bad: `TRY_CAST(${c} AS BIGINT) IS NULL` };
  if (NULL_TYPES.has(type)) return { value: 'NULL::BIGINT', bad: 'false' };
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
  if (NULL_TYPES.has(type)) return { value: 'NULL::BOOLEAN', bad: 'false' };
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

/** A staged table to check: its DuckDB column types and how a row is named in messages. */
export interface Staged {
  readonly table: TableName;
  /** Name of the staged table; its `rowid` is the row's position (0-based) in the source. */
  readonly stage: string;
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
  readonly sql: string;
  readonly message: (value: string) => string;
  /** SQL of the offending value shown in the message. */
  readonly show?: string;
}

/** The staged rows as the raw table's columns (defaults filled in), with `__r` the row position. */
export function typedRows(s: Staged): { sql: string; checks: Check[]; defaulted: string[] } {
  const specs = TABLE_COLUMNS[s.table];
  const checks: Check[] = [];
  // Inside a transaction rowids start at a large offset; their order is the source's row order.
  const inner: string[] = [`rowid - (SELECT min(rowid) FROM ${s.stage}) AS __r`];
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
  // Defaults may refer to other columns by name, so they are computed over the typed values.
  const sql = `SELECT ${outer.join(', ')}, * EXCLUDE (__r, ${
    specs
      .filter((x) => s.types.has(x.name))
      .map((x) => `"${x.name}"`)
      .join(', ') || '__r'
  })
    FROM (SELECT ${inner.join(', ')} FROM ${s.stage})`;
  for (const spec of specs.filter((x) => !x.nullable)) {
    checks.push({
      column: spec.name,
      sql: `"${spec.name}" IS NULL`,
      message: () => 'empty, but the column is required',
    });
  }
  if (s.table === 'sessions') {
    for (const rule of SESSION_ROW_RULES) {
      checks.push({
        column: rule.column,
        sql: `NOT coalesce(${rule.sql}, true)`,
        message: () => `breaks the rule: ${rule.rule}`,
      });
    }
    checks.push({
      column: 'session_id',
      sql: `row_number() OVER (PARTITION BY "customer_id", "session_id" ORDER BY __r) > 1`,
      show: '"session_id"',
      message: (v) => `session ${JSON.stringify(v)} appears a second time for its customer`,
    });
  }
  return { sql, checks, defaulted };
}

/** Runs every check in one pass; the problem with the earliest row (then the first check) or `undefined`. */
export async function findProblem(
  all: (sql: string) => Promise<unknown[][]>,
  typed: { sql: string; checks: readonly Check[] },
): Promise<Problem | undefined> {
  if (typed.checks.length === 0) return undefined;
  const flags = typed.checks.map((c, i) => `(${c.sql}) AS __f${i}, ${c.show ?? 'NULL'}::VARCHAR AS __v${i}`);
  const aggs = typed.checks.map(
    (_, i) =>
      `min(__r) FILTER (WHERE __f${i})::DOUBLE, count(*) FILTER (WHERE __f${i})::DOUBLE, arg_min(__v${i}, __r) FILTER (WHERE __f${i})`,
  );
  const [row] = await all(
    `SELECT ${aggs.join(', ')} FROM (SELECT __r, ${flags.join(', ')} FROM (${typed.sql}))`,
  );
  let best: Problem | undefined;
  typed.checks.forEach((c, i) => {
    const first = row?.[3 * i];
    if (first === null || first === undefined) return;
    const at = Number(first);
    if (best !== undefined && best.row <= at) return;
    const value = row?.[3 * i + 2];
    best = {
      row: at,
      count: Number(row?.[3 * i + 1]),
      column: c.column,
      message: c.message(value == null ? '' : String(value)),
    };
  });
  return best;
}

/** Checks a staged table, then fills `raw_<table>` from it and drops the stage. */
export async function fillRawTable(
  run: (sql: string) => Promise<void>,
  all: (sql: string) => Promise<unknown[][]>,
  staged: Staged,
  fail: (p: Problem, defaulted: readonly string[]) => Error,
): Promise<void> {
  const typed = typedRows(staged);
  const problem = await findProblem((sql) => all(sql), typed);
  if (problem) throw fail(problem, typed.defaulted);
  await run(rawTableDdl(staged.table));
  const names = TABLE_COLUMNS[staged.table].map((s) => `"${s.name}"`).join(', ');
  await run(`INSERT INTO raw_${staged.table} SELECT ${names} FROM (${typed.sql}) ORDER BY __r`);
  await run(`DROP TABLE ${staged.stage}`);
}
