// Turns the raw, file-shaped tables into what queries read: every dimension as an integer code
// (codes follow the ascending order of the values, so ordering by code is ordering by value; a
// null value keeps a NULL code), error events completed with their session's dimensions, and rows
// sorted by customer then time (sessions by their end), so that a period prunes most row groups by
// their min/max.
import { STATUS_SQL_TYPE } from './schema';

export type Run = (sql: string) => Promise<void>;

interface EncodedDimension {
  /** Dictionary `dict_<name>` and, except for the customer (`cust`), the encoded column. */
  readonly name: string;
  /** The file column it encodes. */
  readonly column: string;
  /** `both`: sessions and error events carry it; `sessions`: events take it from their session. */
  readonly tables: 'both' | 'sessions' | 'errors';
}

/** @internal Every coded column of the encoded tables, in their column order. */
export const ENCODED_DIMENSIONS: readonly EncodedDimension[] = [
  { name: 'customer', column: 'customer_id', tables: 'both' },
  { name: 'subscriberid', column: 'subscriber_id', tables: 'both' },
  { name: 'device_id', column: 'device_id', tables: 'sessions' },
  { name: 'country', column: 'country', tables: 'both' },
  { name: 'platform', column: 'platform', tables: 'both' },
  { name: 'device', column: 'device', tables: 'sessions' },
  { name: 'player', column: 'player', tables: 'both' },
  { name: 'cdn', column: 'cdn', tables: 'sessions' },
  { name: 'assetid', column: 'asset_id', tables: 'sessions' },
  { name: 'assetname', column: 'asset_name', tables: 'sessions' },
  { name: 'subscribertag', column: 'subscriber_tag', tables: 'sessions' },
  { name: 'category', column: 'category', tables: 'errors' },
  { name: 'key', column: 'key', tables: 'errors' },
];

const codeColumn = (name: string) => (name === 'customer' ? 'cust' : name === 'key' ? '"key"' : name);
const onSessions = ENCODED_DIMENSIONS.filter((d) => d.tables !== 'errors');
/** Dimensions an error event takes from its session. */
export const FROM_SESSION = ENCODED_DIMENSIONS.filter(
  (d) => d.tables === 'sessions' && d.name !== 'device_id',
);
const onErrors = ENCODED_DIMENSIONS.filter((d) => d.tables !== 'sessions');

/**
 * @internal The encoded `sessions` columns after the coded ones, with their types: the generator
 * writes exactly this layout too.
 */
export const SESSION_MEASURES = [
  `status::${STATUS_SQL_TYPE} AS status`,
  'start_ts::BIGINT AS start_ts',
  'end_ts::BIGINT AS end_ts',
  'startup_ms::BIGINT AS startup_ms',
  'watch_ms::BIGINT AS watch_ms',
  'rebuffer_ms::BIGINT AS rebuffer_ms',
  'rebuffer_count::INTEGER AS rebuffer_count',
  'cdn_changes::INTEGER AS cdn_changes',
  'business_failure::BOOLEAN AS business_failure',
  'bytes_downloaded::BIGINT AS bytes_downloaded',
] as const;

/**
 * @internal The encoded `sessions` table's row order over rows `s`, a total one: by customer, then
 * end time (sessions without an end last), start time and session id. Every population selects
 * sessions by their end (`end_ts` in the period), so in this order a period's sessions lie in few
 * row groups and the others are skipped by their min/max (docs/server.md, "Storage order").
 *
 * @example
 * ```ts
 * sessionOrder('x'); // 'x.cust, x.end_ts NULLS LAST, x.start_ts, x.session_id'
 * ```
 */
export const sessionOrder = (s: string): string =>
  `${s}.cust, ${s}.end_ts NULLS LAST, ${s}.start_ts, ${s}.session_id`;

/**
 * @internal The session id's rank among its customer's sessions (1 for the smallest id): ordering
 * by it is ordering by session id, on an integer (a session list's tie-break, session-list.ts).
 */
export const SESSION_RANK = (s: string) =>
  `(row_number() OVER (PARTITION BY ${s}.cust ORDER BY ${s}.session_id))::INTEGER AS sid_rank`;

/**
 * @internal The encoded `sessions` select list over all sessions, as rows `s` whose coded columns
 * already hold codes; `rank` is the `sid_rank` column (by default ranked over the whole statement;
 * the generator knows it without a sort).
 */
export function sessionSelect(s: string, rank = SESSION_RANK(s)): string {
  return [
    `${s}.cust::INTEGER AS cust`,
    `${s}.session_id::VARCHAR AS session_id`,
    ...onSessions.filter((d) => d.name !== 'customer').map((d) => `${s}.${d.name}::INTEGER AS ${d.name}`),
    ...SESSION_MEASURES.map((m) => `${s}.${m}`),
    rank,
  ].join(', ');
}

/**
 * @internal The encoded `errors` select list over an event row `e` (codes, `ts`, `fatal`,
 * `business`) left-joined to its session `s`; `eid` numbers events in (customer, time) order.
 */
export function errorSelect(e: string, s: string): string {
  return [
    `${e}.cust::INTEGER AS cust`,
    `${e}.ts::BIGINT AS ts`,
    `${e}.session_id::VARCHAR AS session_id`,
    ...onErrors
      .filter((d) => d.name !== 'customer')
      .map((d) => `${e}.${codeColumn(d.name)}::INTEGER AS ${codeColumn(d.name)}`),
    `${e}.fatal::BOOLEAN AS fatal`,
    `${e}.business::BOOLEAN AS business`,
    ...FROM_SESSION.map((d) => `${s}.${d.name}::INTEGER AS ${d.name}`),
    `(row_number() OVER (ORDER BY ${e}.cust, ${e}.ts, ${e}.session_id, ${e}.subscriberid, ${e}.category, ${e}."key",
       ${e}.country, ${e}.platform, ${e}.player) - 1)::BIGINT AS eid`,
  ].join(', ');
}

/** Sessions per slice when the encoded `sessions` table is built in slices (see `EncodeOptions`). */
export const SLICE_SESSIONS = 1_000_000;

export interface EncodeOptions {
  /** Reads rows (the slices' bounds). */
  readonly all: (sql: string) => Promise<unknown[][]>;
  /** Sessions per slice (about: slices cut at approximate quantiles). */
  readonly sessionsPerSlice: number;
  /**
   * Called after each slice of `sessions` is appended (e.g. commit and checkpoint, so that a
   * database in memory compresses the slice before the next is built).
   */
  readonly afterSlice: () => Promise<void>;
}

/**
 * @internal Builds the dictionaries and the encoded `sessions` and `errors` tables from the raw
 * ones (`raw_sessions`, `raw_errors`: tables or views, which the caller drops). With `sliced`,
 * `sessions` is appended in slices of about `SLICE_SESSIONS` (customer, end time) ranges, in
 * table order, with `afterSlice` between them: the same table, built without holding it whole and
 * uncompressed at once.
 */
export async function encodeRawTables(run: Run, sliced?: EncodeOptions): Promise<void> {
  for (const { name, column, tables } of ENCODED_DIMENSIONS) {
    const sources = tables === 'both' ? ['raw_sessions', 'raw_errors'] : [`raw_${tables}`];
    const union = sources
      .map((t) => `SELECT DISTINCT "${column}" AS value FROM ${t} WHERE "${column}" IS NOT NULL`)
      .join(' UNION ');
    await run(
      `CREATE OR REPLACE TABLE dict_${name} AS
       SELECT (row_number() OVER (ORDER BY value) - 1)::INTEGER AS code, value
       FROM (${union}) ORDER BY value`,
    );
  }
  const s = coded('r', onSessions);
  if (!(sliced && (await slicedSessions(run, sliced, s))))
    await run(
      `CREATE OR REPLACE TABLE sessions AS
       SELECT ${sessionSelect('x')} FROM (SELECT ${s.select} FROM raw_sessions r ${s.join}) x
       ORDER BY ${sessionOrder('x')}`,
    );
  const e = coded('r', onErrors);
  await run(
    `CREATE OR REPLACE TABLE errors AS
     SELECT ${errorSelect('x', 's')} FROM (SELECT ${e.select} FROM raw_errors r ${e.join}) x
     LEFT JOIN sessions s ON s.cust = x.cust AND s.session_id = x.session_id
     ORDER BY eid`,
  );
}

/** The select list and joins turning raw rows `alias` into coded ones. */
function coded(alias: string, dims: readonly EncodedDimension[]) {
  return {
    select: [
      `${alias}.* EXCLUDE (${dims.map((d) => `"${d.column}"`).join(', ')})`,
      ...dims.map((d) => `d_${d.name}.code AS ${codeColumn(d.name)}`),
    ].join(', '),
    join: dims
      .map((d) => `LEFT JOIN dict_${d.name} d_${d.name} ON d_${d.name}.value = ${alias}."${d.column}"`)
      .join(' '),
  };
}

/**
 * `sessions` in slices: `sid_rank` from one narrow pass over (customer, session id), then each
 * (customer, end time range) slice, and last each customer's sessions without an end, sorted and
 * appended in table order, joined to their ranks. False (and nothing built) when the data makes
 * one slice: the caller builds it in one statement.
 */
async function slicedSessions(
  run: Run,
  { all, afterSlice, sessionsPerSlice }: EncodeOptions,
  s: { select: string; join: string },
): Promise<boolean> {
  const [[count]] = (await all('SELECT count(*) FROM raw_sessions')) as [[bigint]];
  if (Number(count) <= sessionsPerSlice) return false;
  await run(
    `CREATE OR REPLACE TEMP TABLE sid_ranks AS
     SELECT x.cust, x.end_ts, x.session_id, ${SESSION_RANK('x')}
     FROM (SELECT d.code AS cust, r.end_ts::BIGINT AS end_ts, r.session_id::VARCHAR AS session_id
           FROM raw_sessions r JOIN dict_customer d ON d.value = r.customer_id) x`,
  );
  const slices = await sliceBounds(all, sessionsPerSlice);
  if (slices.length <= 1) {
    await run('DROP TABLE sid_ranks');
    return false;
  }
  const rows = `SELECT ${s.select} FROM raw_sessions r ${s.join}`;
  for (const [i, slice] of slices.entries()) {
    const select = `SELECT ${sessionSelect('x', 'k.sid_rank AS sid_rank')}
       FROM (${rows}) x JOIN sid_ranks k ON k.cust = x.cust AND k.session_id = x.session_id
       WHERE ${sliceRange('x', slice)} AND ${sliceRange('k', slice)}
       ORDER BY ${sessionOrder('x')}`;
    await run(i === 0 ? `CREATE OR REPLACE TABLE sessions AS ${select}` : `INSERT INTO sessions ${select}`);
    await afterSlice();
  }
  await run('DROP TABLE sid_ranks');
  return true;
}

/** One customer's sessions ended in [from, to) (undefined: unbounded), or (`open`) without an end. */
type Slice =
  | { readonly cust: number; readonly open: false; readonly from?: bigint; readonly to?: bigint }
  | { readonly cust: number; readonly open: true };

/** SQL true for the rows `t` of a slice. */
function sliceRange(t: string, slice: Slice): string {
  if (slice.open) return `${t}.cust = ${slice.cust} AND ${t}.end_ts IS NULL`;
  return [`${t}.cust = ${slice.cust} AND ${t}.end_ts IS NOT NULL`]
    .concat(slice.from === undefined ? [] : [`${t}.end_ts >= ${slice.from}`])
    .concat(slice.to === undefined ? [] : [`${t}.end_ts < ${slice.to}`])
    .join(' AND ');
}

/**
 * Each customer's end times cut at approximate quantiles into slices of about `perSlice` ended
 * sessions, then a slice of its sessions without an end (the table's order puts them last).
 */
async function sliceBounds(all: EncodeOptions['all'], perSlice: number): Promise<Slice[]> {
  const perCustomer = await all(
    `SELECT cust, count(end_ts), count(*) - count(end_ts) FROM sid_ranks GROUP BY cust ORDER BY cust`,
  );
  const slices: Slice[] = [];
  for (const [code, ended, open] of perCustomer) {
    const cust = Number(code);
    const n = Math.ceil(Number(ended) / perSlice);
    const cuts =
      n <= 1
        ? []
        : ((
            await all(
              `SELECT DISTINCT unnest(approx_quantile(end_ts, [${Array.from({ length: n - 1 }, (_, i) => (i + 1) / n).join(', ')}])) AS t
               FROM sid_ranks WHERE cust = ${cust} AND end_ts IS NOT NULL ORDER BY t`,
            )
          ).map((r) => BigInt(r[0] as bigint)) as bigint[]);
    const edges: (bigint | undefined)[] = [undefined, ...cuts, undefined];
    for (let i = 0; Number(ended) > 0 && i + 1 < edges.length; i++) {
      const from = edges[i];
      const to = edges[i + 1];
      slices.push({
        cust,
        open: false,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
      });
    }
    if (Number(open) > 0) slices.push({ cust, open: true });
  }
  return slices;
}

/** A dimension dictionary: codes are assigned in ascending value order, so ordering by code is ordering by value. */
export interface Dictionary {
  readonly codes: ReadonlyMap<string, number>;
  readonly values: readonly string[];
}
