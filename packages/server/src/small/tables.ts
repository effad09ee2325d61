// The columns of a small data set (under SMALL_EVALUATOR_SESSIONS) read once into typed arrays, for
// the small-data evaluator (evaluate.ts) to answer the queries it covers without a DuckDB
// statement. Rows keep the tables' order; a null code or number is -1 / NaN.
import type { Dataset } from '../data/dataset';
import { DIMENSION_SQL, type ServerDimension } from '../sql/dimension-sql';

/** Dimensions only error events carry. */
export type ErrorOnlyDimension = 'category' | 'key';

/** Dimension codes of the sessions that a small plan groups or filters by, and the distinct-count keys. */
export type SessionCodeColumn = Exclude<ServerDimension, ErrorOnlyDimension> | 'device_id';

export interface SessionColumns {
  readonly count: number;
  readonly cust: Int32Array;
  /** Codes per dimension (-1 for null). */
  readonly codes: Readonly<Record<SessionCodeColumn, Int32Array>>;
  /** The status ENUM's code: 0 ENDED, 1 DROPPED, 2 RUNNING, 3 LOADED. */
  readonly status: Uint8Array;
  readonly startTs: Float64Array;
  /** NaN for a session without an end. */
  readonly endTs: Float64Array;
  /** NaN for a session without a first frame. */
  readonly startupMs: Float64Array;
  readonly watchMs: Float64Array;
  readonly rebufferMs: Float64Array;
  readonly rebufferCount: Float64Array;
  readonly cdnChanges: Float64Array;
  readonly businessFailure: Uint8Array;
  readonly bytesDownloaded: Float64Array;
}

/** Error-event codes a small plan groups or filters by (the event's own or its session's). */
export type ErrorCodeColumn = ServerDimension;

export interface ErrorColumns {
  readonly count: number;
  readonly cust: Int32Array;
  readonly ts: Float64Array;
  readonly codes: Readonly<Record<ErrorCodeColumn, Int32Array>>;
  readonly fatal: Uint8Array;
  readonly business: Uint8Array;
  /** The row of the event's session (same customer and session id), or -1. */
  readonly session: Int32Array;
}

/** A session's own error events (any time), by the businesserror rule and fatality. */
export interface OwnErrorCounts {
  /** Events that are not business errors (businesserror=false). */
  readonly all: Int32Array;
  readonly fatal: Int32Array;
  /** Every event (businesserror=true). */
  readonly allWithBusiness: Int32Array;
  readonly fatalWithBusiness: Int32Array;
}

/** What the small-data evaluator reads: the columns, the in-memory dictionaries and each session's own errors. */
export interface SmallTables {
  readonly sessions: SessionColumns;
  readonly errors: ErrorColumns;
  readonly own: OwnErrorCounts;
  /** Each dimension's codes by value (codes follow the values' order). */
  readonly codes: Readonly<Record<ServerDimension, ReadonlyMap<string, number>>>;
}

/**
 * Data sets with fewer sessions than this are answered by the evaluator (where it covers the
 * query). Per distinct query through the executor (CPU, alternated with DuckDB): at 20,000
 * sessions 0.3-1.7 ms against DuckDB's 1.3-4.0; at 100,000 about half of DuckDB's time on most
 * shapes, but a breakdown by subscriber (thousands of small groups) 1.5x DuckDB's; at 400,000
 * DuckDB is ahead on most shapes (docs/performance.md, "Figures: the small-data evaluator").
 */
export const SMALL_EVALUATOR_SESSIONS = 100_000;

const DIMENSIONS = Object.keys(DIMENSION_SQL) as ServerDimension[];
const ERROR_CODES: readonly ErrorCodeColumn[] = DIMENSIONS;
const SESSION_CODES: readonly SessionCodeColumn[] = [
  ...DIMENSIONS.filter((d): d is Exclude<ServerDimension, ErrorOnlyDimension> => !DIMENSION_SQL[d].errorOnly),
  'device_id',
];
const column = (c: SessionCodeColumn | ErrorCodeColumn) => (c === 'device_id' ? c : DIMENSION_SQL[c].column);
const SESSION_NUMBERS = [
  'start_ts',
  'end_ts',
  'startup_ms',
  'watch_ms',
  'rebuffer_ms',
  'rebuffer_count',
  'cdn_changes',
  'bytes_downloaded',
] as const;

/**
 * Reads a coded data set's tables into typed arrays (about 0.1 s at 20,000 sessions), or
 * `undefined` when a session id repeats within a customer (its error events could not be matched
 * to one session: DuckDB answers then).
 *
 * @example
 * ```ts
 * const tables = await readSmallTables(dataset);
 * tables?.sessions.count; // 20000
 * ```
 */
export async function readSmallTables(db: Dataset): Promise<SmallTables | undefined> {
  const s = await columnsOf(
    db,
    `SELECT cust, session_id, ${SESSION_CODES.map(column).join(', ')}, enum_code(status)::INTEGER,
       ${SESSION_NUMBERS.map((c) => `${c}::DOUBLE`).join(', ')}, business_failure FROM sessions ORDER BY rowid`,
  );
  const sessions = sessionColumns(s);
  const rowOf = new Map<string, number>();
  const [custs, ids] = [s.columns[0]!, s.columns[1]!];
  for (let r = 0; r < s.count; r++) {
    const key = `${custs[r]}\u0000${ids[r]}`;
    if (rowOf.has(key)) return undefined;
    rowOf.set(key, r);
  }
  const e = await columnsOf(
    db,
    `SELECT cust, ts::DOUBLE, session_id, ${ERROR_CODES.map(column).join(', ')}, fatal, business FROM errors ORDER BY rowid`,
  );
  const errors = errorColumns(e, rowOf);
  const codes = {} as Record<ServerDimension, ReadonlyMap<string, number>>;
  for (const d of DIMENSIONS) {
    const rows = await db.all(`SELECT code, value FROM ${DIMENSION_SQL[d].dictionary}`);
    codes[d] = new Map(rows.map(([c, v]) => [v as string, Number(c)]));
  }
  return { sessions, errors, own: ownErrorCounts(errors, sessions.count), codes };
}

/** A statement's result as one array of JS values per column, read chunk by chunk. */
interface Columns {
  readonly count: number;
  readonly columns: readonly (readonly unknown[])[];
}

async function columnsOf(db: Dataset, sql: string): Promise<Columns> {
  const columns: unknown[][] = [];
  let count = 0;
  await db.read(sql, [], {}, (chunk, rows) => {
    chunk.forEach((values, c) => {
      const into = columns[c] ?? [];
      columns[c] = into;
      for (let r = 0; r < rows; r++) into.push(values[r]);
    });
    count += rows;
  });
  return { count, columns };
}

const codes = (values: readonly unknown[] = []) =>
  Int32Array.from(values, (v) => (v == null ? -1 : Number(v)));
const numbers = (values: readonly unknown[] = []) =>
  Float64Array.from(values, (v) => (v == null ? Number.NaN : Number(v)));
const flags = (values: readonly unknown[] = []) => Uint8Array.from(values, (v) => (v ? 1 : 0));

function sessionColumns({ count, columns }: Columns): SessionColumns {
  const coded = Object.fromEntries(SESSION_CODES.map((c, i) => [c, codes(columns[2 + i])])) as Record<
    SessionCodeColumn,
    Int32Array
  >;
  const at = 2 + SESSION_CODES.length;
  const nums = (i: number) => numbers(columns[at + 1 + i]);
  return {
    count,
    cust: codes(columns[0]),
    codes: coded,
    status: Uint8Array.from(columns[at] ?? [], (v) => Number(v)),
    startTs: nums(0),
    endTs: nums(1),
    startupMs: nums(2),
    watchMs: nums(3),
    rebufferMs: nums(4),
    rebufferCount: nums(5),
    cdnChanges: nums(6),
    bytesDownloaded: nums(7),
    businessFailure: flags(columns[at + 1 + SESSION_NUMBERS.length]),
  };
}

function errorColumns({ count, columns }: Columns, rowOf: ReadonlyMap<string, number>): ErrorColumns {
  const coded = Object.fromEntries(ERROR_CODES.map((c, i) => [c, codes(columns[3 + i])])) as Record<
    ErrorCodeColumn,
    Int32Array
  >;
  const at = 3 + ERROR_CODES.length;
  const custs = columns[0] ?? [];
  const session = Int32Array.from(columns[2] ?? [], (id, i) =>
    id == null ? -1 : (rowOf.get(`${custs[i]}\u0000${id}`) ?? -1),
  );
  return {
    count,
    cust: codes(custs),
    ts: numbers(columns[1]),
    codes: coded,
    fatal: flags(columns[at]),
    business: flags(columns[at + 1]),
    session,
  };
}

function ownErrorCounts(errors: ErrorColumns, sessions: number): OwnErrorCounts {
  const own = {
    all: new Int32Array(sessions),
    fatal: new Int32Array(sessions),
    allWithBusiness: new Int32Array(sessions),
    fatalWithBusiness: new Int32Array(sessions),
  };
  for (let i = 0; i < errors.count; i++) {
    const s = errors.session[i]!;
    if (s < 0) continue;
    const fatal = errors.fatal[i] === 1;
    own.allWithBusiness[s]!++;
    if (fatal) own.fatalWithBusiness[s]!++;
    if (errors.business[i] === 1) continue;
    own.all[s]!++;
    if (fatal) own.fatal[s]!++;
  }
  return own;
}
