// The columns of a data set (up to EVALUATOR_SESSIONS) read once into typed arrays, for
// the small-data evaluator (evaluate.ts) to answer the queries it covers without a DuckDB
// statement. Rows are ordered by customer and time (not the tables' order); a null code or number
// is -1 / NaN.
import type { Dataset } from '../data/dataset';
import { DIMENSION_SQL, type ServerDimension } from '../sql/dimension-sql';
import { PackedValues, type PackedValuesBuilder } from '../sql/packed-values';

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
  /** The session id's rank among its customer's (`sid_rank`): the session list's tie-break. */
  readonly sidRank: Int32Array;
  /** Rows are ordered by customer, then end time (open sessions last): each customer's run. */
  readonly ranges: ReadonlyMap<number, CustomerRange>;
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
  /** Rows are ordered by customer, then time: each customer's run. */
  readonly ranges: ReadonlyMap<number, CustomerRange>;
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
  /** The session list's text fields without a dimension: each row's session id, each device code's id. */
  readonly text: { readonly sessionid: PackedValues; readonly deviceid: PackedValues };
}

/**
 * Data sets with at most this many sessions are read into typed arrays (about 155 MB at 1M
 * sessions with the session ids' texts, read in about 1.8 s in the background) and answered by the evaluator where it covers the
 * query; beyond, DuckDB answers everything.
 */
export const EVALUATOR_SESSIONS = 2_000_000;

/**
 * Below this many sessions the evaluator answers every plan it covers. From here to
 * EVALUATOR_SESSIONS, only plans whose session metrics are sums and counts (metrics.ts
 * `BY_TOTALS`): quantiles and distinct counts of hundreds of thousands of sessions are DuckDB's
 * (at 1M, a p95 by CDN took 15 ms in JS against DuckDB's 4.6). Per distinct query (CPU,
 * alternated with DuckDB): at 20,000 sessions 0.3-1.7 ms against DuckDB's 1.3-4.0; at 1M, sums
 * and counts 1.2-2.5x faster than DuckDB (docs/performance.md).
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
 * The evaluator's row order: by customer, then end time (open sessions last), so that a window
 * on the end time is one run of rows found by binary search (`SessionColumns.ranges`). Session ids
 * are unique within a customer (checked first), which makes the order total.
 */
const SESSION_ORDER = 'cust, end_ts NULLS LAST, session_id';
const ERROR_ORDER = 'cust, ts NULLS LAST, rowid';

/**
 * Reads a coded data set's tables into typed arrays (about 0.05 s at 20,000 sessions, 1.7 s at 1M),
 * or `undefined` when a session id repeats within a customer (its error events could not be
 * matched to one session: DuckDB answers then).
 *
 * @example
 * ```ts
 * const tables = await readSmallTables(dataset);
 * tables?.sessions.count; // 20000
 * ```
 */
export async function readSmallTables(db: Dataset): Promise<SmallTables | undefined> {
  const [sizes] = await db.all(
    `SELECT (SELECT count(*) FROM (SELECT 1 FROM sessions GROUP BY cust, session_id HAVING count(*) > 1))::DOUBLE,
       (SELECT count(*) FROM sessions)::DOUBLE, (SELECT count(*) FROM errors)::DOUBLE`,
  );
  const [repeated, sessionCount, errorCount] = (sizes ?? []).map(Number);
  if (repeated === undefined || repeated > 0) return undefined;
  const sessionKinds: Kind[] = [
    'code',
    ...SESSION_CODES.map((): Kind => 'code'),
    'code',
    ...SESSION_NUMBERS.map((): Kind => 'number'),
    'flag',
    'code',
  ];
  const sessionIds = PackedValues.builder();
  const s = await columnsOf(
    db,
    `SELECT cust, ${SESSION_CODES.map(column).join(', ')}, enum_code(status)::INTEGER,
       ${SESSION_NUMBERS.map((c) => `${c}::DOUBLE`).join(', ')}, business_failure, sid_rank, session_id
     FROM sessions ORDER BY ${SESSION_ORDER}`,
    sessionKinds,
    sessionCount ?? 0,
    sessionIds,
  );
  const sessions = sessionColumns(s);
  // Each event's session as its row in that order (-1 without one), matched in SQL.
  const e = await columnsOf(
    db,
    `WITH s AS (SELECT cust, session_id, (row_number() OVER (ORDER BY ${SESSION_ORDER}) - 1)::INTEGER AS r FROM sessions)
     SELECT e.cust, e.ts::DOUBLE, coalesce(s.r, -1), ${ERROR_CODES.map((c) => `e.${column(c)}`).join(', ')}, e.fatal, e.business
     FROM errors e LEFT JOIN s ON s.cust = e.cust AND s.session_id = e.session_id
     ORDER BY ${ERROR_ORDER.split(', ')
       .map((c) => `e.${c}`)
       .join(', ')}`,
    ['code', 'number', 'code', ...ERROR_CODES.map((): Kind => 'code'), 'flag', 'flag'],
    errorCount ?? 0,
  );
  const errors = errorColumns(e);
  const codes = {} as Record<ServerDimension, ReadonlyMap<string, number>>;
  for (const d of DIMENSIONS) {
    const rows = await db.all(`SELECT code, value FROM ${DIMENSION_SQL[d].dictionary}`);
    codes[d] = new Map(rows.map(([c, v]) => [v as string, Number(c)]));
  }
  const deviceIds = PackedValues.builder();
  await db.read('SELECT code, value FROM dict_device_id ORDER BY code', [], {}, ([codes, values], rows) => {
    for (let r = 0; r < rows; r++) deviceIds.add(Number(codes![r]), String(values![r] ?? ''));
  });
  const text = { sessionid: sessionIds.finish(), deviceid: deviceIds.finish() };
  return { sessions, errors, own: ownErrorCounts(errors, sessions.count), codes, text };
}

/** How a column is kept: a code (-1 for null), a number (NaN for null) or a flag (0 or 1). */
type Kind = 'code' | 'number' | 'flag';
type Column = Int32Array | Float64Array | Uint8Array;

/** A statement's result as one typed array per column, written chunk by chunk. */
interface Columns {
  readonly count: number;
  readonly columns: readonly Column[];
}

/**
 * A statement's `rows` rows, column by column, into typed arrays of that length (a longer result
 * is an error: the tables changed while read); one more column, if any, is text packed by row
 * number into `text`.
 */
async function columnsOf(
  db: Dataset,
  sql: string,
  kinds: readonly Kind[],
  rows: number,
  text?: PackedValuesBuilder,
): Promise<Columns> {
  const columns: Column[] = kinds.map((k) => allocate(k, rows));
  let count = 0;
  await db.read(sql, [], {}, (chunk, size) => {
    if (count + size > rows)
      throw new Error(`@playq/server: the tables grew while they were read (${sql.slice(0, 40)}…)`);
    if (text) {
      const values = chunk[kinds.length]!;
      for (let r = 0; r < size; r++) text.add(count + r, String(values[r] ?? ''));
    }
    kinds.forEach((kind, c) => {
      const values = chunk[c]!;
      const into = columns[c]!;
      for (let r = 0; r < size; r++) {
        const v = values[r];
        into[count + r] =
          kind === 'flag' ? (v ? 1 : 0) : v == null ? (kind === 'code' ? -1 : Number.NaN) : Number(v);
      }
    });
    count += size;
  });
  return { count, columns: columns.map((c) => c.subarray(0, count)) };
}

const allocate = (kind: Kind, length: number): Column =>
  kind === 'number'
    ? new Float64Array(length)
    : kind === 'flag'
      ? new Uint8Array(length)
      : new Int32Array(length);

/** Each customer's run of rows `[from, to)`, and where its rows without an end time begin. */
export interface CustomerRange {
  readonly from: number;
  readonly open: number;
  readonly to: number;
}

/** The runs of rows per customer code of rows ordered by customer, then a time (NaN last). */
function customerRanges(cust: Int32Array, times: Float64Array): ReadonlyMap<number, CustomerRange> {
  const out = new Map<number, CustomerRange>();
  let from = 0;
  while (from < cust.length) {
    const c = cust[from]!;
    let to = from;
    let open = -1;
    while (to < cust.length && cust[to] === c) {
      if (open < 0 && Number.isNaN(times[to]!)) open = to;
      to++;
    }
    out.set(c, { from, open: open < 0 ? to : open, to });
    from = to;
  }
  return out;
}

function sessionColumns({ count, columns }: Columns): SessionColumns {
  const coded = Object.fromEntries(SESSION_CODES.map((c, i) => [c, columns[1 + i]])) as Record<
    SessionCodeColumn,
    Int32Array
  >;
  const at = 1 + SESSION_CODES.length;
  const nums = (i: number) => columns[at + 1 + i] as Float64Array;
  const cust = columns[0] as Int32Array;
  const endTs = nums(1);
  return {
    count,
    cust,
    codes: coded,
    status: Uint8Array.from(columns[at]!),
    startTs: nums(0),
    endTs,
    startupMs: nums(2),
    watchMs: nums(3),
    rebufferMs: nums(4),
    rebufferCount: nums(5),
    cdnChanges: nums(6),
    bytesDownloaded: nums(7),
    businessFailure: columns[at + 1 + SESSION_NUMBERS.length] as Uint8Array,
    sidRank: columns[at + 2 + SESSION_NUMBERS.length] as Int32Array,
    ranges: customerRanges(cust, endTs),
  };
}

function errorColumns({ count, columns }: Columns): ErrorColumns {
  const coded = Object.fromEntries(ERROR_CODES.map((c, i) => [c, columns[3 + i]])) as Record<
    ErrorCodeColumn,
    Int32Array
  >;
  const at = 3 + ERROR_CODES.length;
  const cust = columns[0] as Int32Array;
  const ts = columns[1] as Float64Array;
  return {
    count,
    cust,
    ts,
    codes: coded,
    fatal: columns[at] as Uint8Array,
    business: columns[at + 1] as Uint8Array,
    session: columns[2] as Int32Array,
    ranges: customerRanges(cust, ts),
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
