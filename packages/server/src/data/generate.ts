// A seeded, deterministic synthetic data set, made entirely inside DuckDB (see generate-draws.ts):
// the same options give the same rows on every run and thread count. The shapes (generate-shapes.ts,
// docs/server.md "Data"): skewed countries and platforms, diurnal UTC traffic, subscribers with
// several devices and ~15% anonymous viewers, lognormal startup times, heavy-tailed watch times,
// a status mix, startup failures with a business share, CDN switches, long-tailed asset
// popularity, fatal, business and burst error events. 10M sessions take seconds.
import { listValue } from '@duckdb/node-api';
import { CUSTOMER_ID_PATTERN, MAX_EPOCH_SECONDS } from '@playq/query';
import { DEMO_CUSTOMERS } from './customers';
import { Dataset } from './dataset';
import { draws } from './generate-draws';
import { errorsSql } from './generate-errors';
import { type GenContext, sessionsSql } from './generate-sessions';
import {
  assetCount,
  assetId,
  assetName,
  BUSINESS_STARTUP_KEYS,
  CDNS,
  COUNTRIES,
  ERROR_KINDS,
  HOUR_WEIGHTS,
  PLATFORMS,
  STARTUP_CATEGORY,
  STARTUP_KEYS,
  SUBSCRIBER_TAGS,
} from './generate-shapes';

/** Options of `generateDataset`. */
export interface GenerateOptions {
  /** Number of playback sessions across all customers. */
  readonly sessions: number;
  /** Any integer; the same seed (and `end`, `days`, `customers`) gives the same data. */
  readonly seed: number;
  /** Days of data before `end`. Default 30. */
  readonly days?: number;
  /** Exclusive end of the data, epoch seconds. Default: the start of the next UTC day. */
  readonly end?: number;
  /** Customer ids; the first gets 75% of the traffic. Default: the demo customers `demo`, `other`. */
  readonly customers?: readonly string[];
  /** A DuckDB database file instead of memory. */
  readonly database?: string;
  /** Bound on DuckDB's memory (e.g. `'500MB'`); with `database`, the rest stays on disk. */
  readonly memoryLimit?: string;
}

function checkOptions(options: GenerateOptions): Required<Omit<GenerateOptions, 'database' | 'memoryLimit'>> {
  const fail = (what: string) => {
    throw new RangeError(`@playq/server: generateDataset: ${what}`);
  };
  if (options === null || typeof options !== 'object') fail('options must be an object');
  const { sessions, seed } = options;
  if (!Number.isSafeInteger(sessions) || sessions < 0 || sessions > 1e9) {
    fail(`sessions must be an integer from 0 to 1e9, got ${String(sessions)}`);
  }
  if (!Number.isSafeInteger(seed)) fail(`seed must be an integer, got ${String(seed)}`);
  const days = options.days ?? 30;
  if (!Number.isSafeInteger(days) || days < 1 || days > 3660)
    fail(`days must be an integer from 1 to 3660, got ${String(days)}`);
  const end = options.end ?? (Math.floor(Date.now() / 86_400_000) + 1) * 86_400;
  if (!Number.isSafeInteger(end) || end < days * 86_400 || end > MAX_EPOCH_SECONDS) {
    fail(`end must be an epoch time in seconds, got ${String(end)}`);
  }
  const customers = options.customers ?? DEMO_CUSTOMERS.map((c) => c.customerId);
  if (!Array.isArray(customers) || customers.length === 0) fail('customers must be a non-empty array');
  customers.forEach((c, i) => {
    if (typeof c !== 'string' || !CUSTOMER_ID_PATTERN.test(c))
      fail(`customers[${i}] must match [A-Za-z0-9._-]{1,128}`);
  });
  return { sessions, seed, days, end, customers };
}

/**
 * Makes a deterministic synthetic data set in a new DuckDB database.
 *
 * @example
 * ```ts
 * const db = await generateDataset({ sessions: 100_000, seed: 42, days: 7, end: 1_767_225_600 });
 * db.stats(); // { sessions: 100000, errors: ..., customers: ['demo', 'other'], ... }
 * ```
 */
export async function generateDataset(options: GenerateOptions): Promise<Dataset> {
  const opts = checkOptions(options);
  const db = await Dataset.open(options.database, 4, options.memoryLimit);
  try {
    await generateInto(db, opts);
    await db.refresh();
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Creates a dictionary table from values and returns value -> code (codes follow DuckDB's value order). */
async function dictionary(
  db: Dataset,
  name: string,
  values: readonly string[],
): Promise<Map<string, number>> {
  await db.exec(
    `CREATE OR REPLACE TABLE dict_${name} AS
     SELECT (row_number() OVER (ORDER BY value) - 1)::INTEGER AS code, value
     FROM (SELECT DISTINCT unnest($1::VARCHAR[]) AS value) ORDER BY value`,
    [listValue([...values])],
  );
  const rows = await db.all(`SELECT value, code FROM dict_${name}`);
  return new Map(rows.map(([v, c]) => [v as string, c as number]));
}

/**
 * Second-of-day at 1001 evenly spaced quantiles of the diurnal traffic density, for a day that
 * starts `offset` seconds after UTC midnight: linear interpolation between them inverts the CDF.
 */
function daySlots(offset: number): number[] {
  const density = (s: number) => HOUR_WEIGHTS[Math.floor(((offset + s) % 86_400) / 3600)]!;
  const cumulative: number[] = [0];
  for (let s = 0; s < 86_400; s += 60) cumulative.push(cumulative.at(-1)! + density(s) * 60);
  const total = cumulative.at(-1)!;
  const slots: number[] = [];
  let k = 0;
  for (let q = 0; q <= 1000; q++) {
    const target = (q / 1000) * total;
    while (k < cumulative.length - 2 && cumulative[k + 1]! < target) k++;
    const lo = cumulative[k]!;
    const hi = cumulative[k + 1]!;
    slots.push(Math.min(86_399, k * 60 + (hi > lo ? ((target - lo) / (hi - lo)) * 60 : 0)));
  }
  return slots;
}

type Checked = Required<Omit<GenerateOptions, 'database' | 'memoryLimit'>>;

/** Customer blocks: the first customer gets 75% of the sessions, the others share the rest. */
function customerSizes(o: Checked): number[] {
  const n = o.customers.length;
  const sizes = o.customers.map((_, i) =>
    n === 1 ? o.sessions : i === 0 ? Math.round(o.sessions * 0.75) : 0,
  );
  const rest = o.sessions - (sizes[0] ?? 0);
  for (let i = 1; i < n; i++) sizes[i] = Math.floor(rest / (n - 1)) + (i <= rest % (n - 1) ? 1 : 0);
  return sizes;
}

/** Writes every dictionary; returns value -> code lookups of the small ones. */
async function dictionaries(db: Dataset, o: Checked, nSubs: number, nDevices: number, nAssets: number) {
  const small = new Map<string, Map<string, number>>();
  const put = async (name: string, values: readonly string[]) =>
    small.set(name, await dictionary(db, name, values));
  await put('customer', o.customers);
  await put(
    'country',
    COUNTRIES.map((c) => c[0]),
  );
  await put(
    'platform',
    PLATFORMS.map((p) => p[0]),
  );
  await put(
    'device',
    PLATFORMS.flatMap((p) => p[4].map((x) => x[0])),
  );
  await put(
    'player',
    PLATFORMS.flatMap((p) => p[3]),
  );
  await put(
    'cdn',
    CDNS.map((c) => c[0]),
  );
  await put(
    'subscribertag',
    SUBSCRIBER_TAGS.map((t) => t[0]),
  );
  await put('category', [STARTUP_CATEGORY, ...ERROR_KINDS.map((k) => k[0])]);
  await put('key', [...STARTUP_KEYS, ...BUSINESS_STARTUP_KEYS, ...ERROR_KINDS.flatMap((k) => k[2])]);
  const indexes = Array.from({ length: nAssets }, (_, i) => i);
  // Fixed-width ids: value order is index order, so an asset's code is its index.
  await dictionary(db, 'assetid', indexes.map(assetId));
  const names = await dictionary(db, 'assetname', indexes.map(assetName));
  const idWidth = (n: number) => Math.max(7, String(n - 1).length);
  await db.exec(
    `CREATE OR REPLACE TABLE dict_subscriberid AS
     SELECT i::INTEGER AS code, 'u' || lpad(i::VARCHAR, ${idWidth(nSubs)}, '0') AS value FROM range(${nSubs}) r(i)`,
  );
  // Device ids are many and follow from their code: a view, not a table.
  await db.exec(
    `CREATE OR REPLACE VIEW dict_device_id AS
     SELECT i::INTEGER AS code, 'd' || lpad(i::VARCHAR, ${idWidth(nDevices)}, '0') AS value FROM range(${nDevices}) r(i)`,
  );
  return { small, assetNameCodes: indexes.map((i) => names.get(assetName(i))!) };
}

async function generateInto(db: Dataset, o: Checked): Promise<void> {
  const start = o.end - o.days * 86_400;
  const sizes = customerSizes(o);
  const offsets = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
  const nSubs = Math.max(10, Math.floor(o.sessions / 8));
  const nAnonDevices = Math.max(10, Math.floor(o.sessions / 20));
  const nAssets = assetCount(o.sessions);
  const dicts = await dictionaries(db, o, nSubs, 4 * nSubs + nAnonDevices, nAssets);
  const code = (dict: string, value: string) => {
    const c = dicts.small.get(dict)?.get(value);
    if (c === undefined) throw new Error(`@playq/server: generator: no code for ${dict} ${value}`);
    return c;
  };
  const g: GenContext = {
    sessions: o.sessions,
    days: o.days,
    start,
    end: o.end,
    d: draws(o.seed),
    customers: o.customers.map((c, i) => ({
      code: code('customer', c),
      offset: offsets[i]!,
      size: sizes[i]!,
    })),
    nSubs,
    nAnonDevices,
    nAssets,
    slots: daySlots(((start % 86_400) + 86_400) % 86_400).map((v) => Math.round(v * 100)),
    code,
    assetNameCodes: dicts.assetNameCodes,
  };
  // DuckDB's range() is a single-threaded source, and the per-row expressions are the cost: reading
  // the row numbers from a table instead lets every thread evaluate them (row order is preserved).
  await db.exec(`CREATE OR REPLACE TEMP TABLE gen_ids AS SELECT i FROM range(${o.sessions}) r(i)`);
  await db.exec(sessionsSql(g));
  await db.exec('DROP TABLE gen_ids');
  await db.exec(errorsSql(g));
}
