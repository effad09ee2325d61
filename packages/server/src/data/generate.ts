// A seeded, deterministic synthetic data set, made entirely inside DuckDB: every random draw is a
// hash of (row, seed, salt), so the same options give the same rows on every run and thread count.
// Shapes: a skewed country and platform mix, diurnal UTC traffic, lognormal startup times,
// heavy-tailed watch times, startup failures, and error bursts of one category/key per hour.
// Rows are written already encoded and already in (customer, time) order: each customer's
// sessions are a block of row numbers whose start times follow the inverse of the diurnal
// distribution, so no string join and no sort of the sessions is needed (10M rows in seconds).
import { listValue } from '@duckdb/node-api';
import { CUSTOMER_ID_PATTERN, DEMO_CUSTOMERS } from './customers';
import { Dataset } from './dataset';
import { addV2Defaults } from './encode';

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

const COUNTRIES: readonly [string, number, number][] = [
  // [code, traffic weight, buffering factor]
  ['US', 30, 0.8],
  ['GB', 9, 0.8],
  ['DE', 8, 0.7],
  ['FR', 6, 0.9],
  ['BR', 6, 1.8],
  ['IN', 6, 2.5],
  ['CA', 4, 0.8],
  ['MX', 3, 1.6],
  ['ES', 3, 1],
  ['IT', 3, 1.1],
  ['JP', 3, 0.6],
  ['AU', 2.5, 1],
  ['NL', 2, 0.6],
  ['SE', 1.5, 0.6],
  ['PL', 1.5, 1.2],
  ['AR', 1.2, 2],
  ['TR', 1.2, 1.7],
  ['KR', 1, 0.5],
  ['ZA', 1, 2.2],
  ['NG', 0.8, 3],
  ['ID', 0.8, 2.6],
  ['PH', 0.6, 2.4],
  ['EG', 0.5, 2.5],
  ['NO', 0.5, 0.6],
  ['IE', 0.5, 0.8],
  ['PT', 0.4, 1],
  ['CL', 0.4, 1.5],
  ['CO', 0.4, 1.8],
  ['NZ', 0.3, 1],
  ['KE', 0.2, 3],
];
const PLATFORMS: readonly [string, number, number, readonly string[]][] = [
  // [name, weight, startup failure probability, players]
  ['web', 30, 0.025, ['html5-4.2', 'html5-4.3', 'shaka-4.7']],
  ['android', 22, 0.03, ['exoplayer-2.19', 'exoplayer-2.18']],
  ['ios', 20, 0.015, ['avplayer-17', 'avplayer-16']],
  ['smarttv', 10, 0.06, ['tizen-6', 'webos-22']],
  ['roku', 8, 0.04, ['roku-os-12']],
  ['firetv', 5, 0.035, ['exoplayer-2.18']],
  ['tvos', 3, 0.012, ['avplayer-17']],
  ['chromecast', 2, 0.05, ['cast-receiver-3']],
];
const HOUR_WEIGHTS = [3, 2, 1.5, 1, 1, 1, 1.5, 2, 3, 3.5, 4, 4.5, 5, 5, 5, 5.5, 6, 7, 8.5, 10, 10, 9, 7, 5];
const ERROR_KINDS: readonly [string, number, readonly string[]][] = [
  ['network', 40, ['SEGMENT_TIMEOUT', 'CDN_5XX', 'DNS_FAILURE', 'CONNECTION_RESET']],
  ['playback', 30, ['DECODER_ERROR', 'BUFFER_STALL', 'AUDIO_SYNC']],
  ['drm', 12, ['LICENSE_EXPIRED', 'HDCP_MISMATCH']],
  ['ads', 18, ['AD_TIMEOUT', 'VAST_EMPTY']],
];
const STARTUP_KEYS = ['STARTUP_TIMEOUT', 'MANIFEST_404', 'DRM_LICENSE_FAILED', 'PLAYER_INIT'];

/** A 1000-slot lookup list: slot i holds the 1-based index drawn for a uniform u in [i/1000, (i+1)/1000). */
function lookup(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let acc = 0;
  weights.forEach((w, i) => {
    acc += (w / total) * 1000;
    while (out.length < Math.round(acc)) out.push(i + 1);
  });
  while (out.length < 1000) out.push(weights.length);
  return out;
}

// Number lists spliced into the generator's SQL are constants computed here, never request input.
const numList = (xs: readonly number[]) => `[${xs.join(', ')}]`;

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
  if (!Number.isSafeInteger(end) || end < days * 86_400 || end > 1e11) {
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
    await addV2Defaults((sql) => db.exec(sql));
    await db.refresh();
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** A 62-bit mix of the seed (splitmix64), so that nearby seeds give unrelated hash inputs. */
function seedMix(seed: number): string {
  const mask = (1n << 64n) - 1n;
  let z = (BigInt(seed) + 0x9e3779b97f4a7c15n) & mask;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
  return String((z ^ (z >> 31n)) >> 2n);
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

async function generateInto(
  db: Dataset,
  o: Required<Omit<GenerateOptions, 'database' | 'memoryLimit'>>,
): Promise<void> {
  const seed = o.seed;
  const start = o.end - o.days * 86_400;
  // Customer blocks: the first customer gets 75% of the sessions, the others share the rest.
  const n = o.customers.length;
  const sizes = o.customers.map((_, i) =>
    n === 1 ? o.sessions : i === 0 ? Math.round(o.sessions * 0.75) : 0,
  );
  const rest = o.sessions - (sizes[0] ?? 0);
  for (let i = 1; i < n; i++) sizes[i] = Math.floor(rest / (n - 1)) + (i <= rest % (n - 1) ? 1 : 0);
  const offsets = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
  const nSubs = Math.max(10, Math.floor(o.sessions / 8));
  const subWidth = Math.max(7, String(nSubs - 1).length);

  const customerCode = await dictionary(db, 'customer', o.customers);
  const countryCode = await dictionary(
    db,
    'country',
    COUNTRIES.map((c) => c[0]),
  );
  const platformCode = await dictionary(
    db,
    'platform',
    PLATFORMS.map((p) => p[0]),
  );
  const playerCode = await dictionary(
    db,
    'player',
    PLATFORMS.flatMap((p) => p[3]),
  );
  const categoryCode = await dictionary(db, 'category', ['startup', ...ERROR_KINDS.map((k) => k[0])]);
  const keyCode = await dictionary(db, 'key', [...STARTUP_KEYS, ...ERROR_KINDS.flatMap((k) => k[2])]);
  await db.exec(
    `CREATE OR REPLACE TABLE dict_subscriberid AS
     SELECT i::INTEGER AS code, 'u' || lpad(i::VARCHAR, ${subWidth}, '0') AS value FROM range(${nSubs}) r(i)`,
  );
  const code = (m: Map<string, number>, v: string) => m.get(v)!;

  // Uniform draws: one 64-bit hash per (row, slot, seed) yields three independent 20-bit uniforms
  // (hashing is the expensive part, so each hash is used thrice). Pure functions of their inputs.
  const mix = seedMix(seed);
  const hashOf = (key: string, slot: number | string) => `hash(xor((${key}) * 16 + ${slot}, ${mix}::BIGINT))`;
  const uni = (h: string, part: number) => `((${h} // ${1_000_003 ** part}) % 1000003)::DOUBLE / 1000003`;
  // Row uniforms 0..11 come from the hash columns h0..h3 computed once per session row.
  const u = (k: number) => uni(`h${Math.floor(k / 3)}`, k % 3);
  const pickFrom = (uniform: string, weights: readonly number[]) =>
    `list_extract(${numList(lookup(weights))}, 1 + floor(${uniform} * 1000)::INTEGER)`;
  const pick = (k: number, weights: readonly number[]) => pickFrom(u(k), weights);
  // Slot times in hundredths of a second as integers: a list of decimals would be cast per row.
  // `centi / 100` in DOUBLE is exactly how DuckDB casts such a DECIMAL(_, 2) to DOUBLE.
  const slots = numList(daySlots(((start % 86_400) + 86_400) % 86_400).map((v) => Math.round(v * 100)));
  const slotAt = (index: string) => `list_extract(${slots}, ${index})`;
  const platformPlayers = `[${PLATFORMS.map((p) => numList(p[3].map((x) => code(playerCode, x)))).join(', ')}]`;
  const ci =
    o.customers.length === 1
      ? '1'
      : `CASE ${offsets
          .slice(1)
          .map((off, i) => `WHEN i < ${off} THEN ${i + 1}`)
          .join(' ')} ELSE ${n} END`;

  const sessionsSql = `CREATE OR REPLACE TABLE sessions AS
     WITH a AS (
       SELECT i, ${ci} AS ci, ${[0, 1, 2, 3].map((k) => `${hashOf('i', k)} AS h${k}`).join(', ')}
       FROM gen_ids
     ), t AS (
       SELECT *,
         (i - list_extract(${numList(offsets)}, ci) + 0.5) / list_extract(${numList(sizes.map((x) => Math.max(1, x)))}, ci) * ${o.days} AS x
       FROM a
     ), b AS (
       SELECT *, ${hashOf(`floor(pow(${u(0)}, 2.5) * ${nSubs})::BIGINT`, 4)} AS hs,
         floor(pow(${u(0)}, 2.5) * ${nSubs})::INTEGER AS sub,
         ${start}::BIGINT + floor(x)::BIGINT * 86400 + floor(
           ${slotAt('1 + q')}::DOUBLE / 100::DOUBLE
             + (${slotAt('2 + q')} - ${slotAt('1 + q')})::DOUBLE / 100::DOUBLE * (y - q)
         )::BIGINT AS start_ts
       FROM (SELECT *, (x - floor(x)) * 1000 AS y, floor((x - floor(x)) * 1000)::INTEGER AS q FROM t)
     ), b2 AS (
       SELECT *,
         ${pickFrom(
           uni('hs', 0),
           COUNTRIES.map((c) => c[1]),
         )} AS co,
         CASE WHEN ${u(1)} < 0.85 THEN ${pickFrom(
           uni('hs', 1),
           PLATFORMS.map((p) => p[1]),
         )}
              ELSE ${pick(
                2,
                PLATFORMS.map((p) => p[1]),
              )} END AS pl,
         sqrt(-2 * ln(1 - ${u(3)})) * cos(2 * pi() * ${u(4)}) AS z1,
         sqrt(-2 * ln(1 - ${u(5)})) * cos(2 * pi() * ${u(6)}) AS z2
       FROM b
     ), c AS (
       SELECT *,
         ${u(7)} < list_extract(${numList(PLATFORMS.map((p) => p[2]))}, pl) AS failed,
         list_extract(list_extract(${platformPlayers}, pl),
           1 + floor(${u(8)} * len(list_extract(${platformPlayers}, pl)))::INTEGER) AS player
       FROM b2
     ), d AS (
       SELECT *,
         CASE WHEN failed THEN NULL ELSE least(60000, greatest(80, exp(ln(1100) + 0.55 * z1)))::BIGINT END AS startup_ms,
         CASE WHEN failed THEN 0 ELSE least(14400000, 20000 * pow(1 - ${u(9)}, -1 / 1.25))::BIGINT END AS watch_ms
       FROM c
     ), e AS (
       SELECT *,
         CASE WHEN failed OR ${u(10)} >= 0.35 THEN 0
              ELSE least(watch_ms, watch_ms * 0.012 * list_extract(${numList(COUNTRIES.map((c) => c[2]))}, co) * exp(0.9 * z2))::BIGINT
         END AS rebuffer_ms
       FROM d
     )
     SELECT list_extract(${numList(o.customers.map((c) => code(customerCode, c)))}, ci)::INTEGER AS cust,
       's' || (1000000000 + i)::VARCHAR AS session_id, sub AS subscriberid,
       list_extract(${numList(COUNTRIES.map((c) => code(countryCode, c[0])))}, co)::INTEGER AS country,
       list_extract(${numList(PLATFORMS.map((p) => code(platformCode, p[0])))}, pl)::INTEGER AS platform,
       player::INTEGER AS player, start_ts,
       start_ts + CASE WHEN startup_ms IS NULL THEN 1 + floor(${u(11)} * 20)::BIGINT
                       ELSE ceil((startup_ms + watch_ms + rebuffer_ms) / 1000)::BIGINT END AS end_ts,
       startup_ms, watch_ms, rebuffer_ms
     FROM e`;
  // DuckDB's range() is a single-threaded source, and the per-row expressions are the cost: reading
  // the row numbers from a table instead lets every thread evaluate them (row order is preserved).
  await db.exec(`CREATE OR REPLACE TEMP TABLE gen_ids AS SELECT i FROM range(${o.sessions}) r(i)`);
  await db.exec(sessionsSql);
  await db.exec('DROP TABLE gen_ids');

  const kindCats = numList(ERROR_KINDS.map((k) => code(categoryCode, k[0])));
  const kindKeys = `[${ERROR_KINDS.map((k) => numList(k[2].map((x) => code(keyCode, x)))).join(', ')}]`;
  const startupKeys = numList(STARTUP_KEYS.map((x) => code(keyCode, x)));
  const hourKey = 'start_ts // 3600';
  // Error draws: a hash of the session id (chained for more draws), one per hour for bursts, and
  // one per burst event.
  const eu = (k: number) => uni(`g${Math.floor(k / 3)}`, k % 3);
  await db.exec(
    `CREATE OR REPLACE TABLE errors AS
     WITH s0 AS (
       SELECT *, hash(session_id, ${mix}::BIGINT) AS g0, ${hashOf(hourKey, 5)} AS hh FROM sessions
     ), s AS (
       -- Only about one session in ten has an error: filter on the cheap draws before the rest.
       SELECT *, hash(g0) AS g1, hash(hash(g0)) AS g2,
         ${pickFrom(
           uni('hh', 1),
           ERROR_KINDS.map((k) => k[1]),
         )} AS burst_kind,
         ${uni('hh', 2)} AS burst_key_u
       FROM s0 WHERE startup_ms IS NULL OR ${eu(0)} < 0.04 OR ${uni('hh', 0)} < 0.025
     ), e AS (
       SELECT s.*, ${code(categoryCode, 'startup')} AS category,
         list_extract(${startupKeys}, 1 + floor(${eu(1)} * ${STARTUP_KEYS.length})::INTEGER) AS "key",
         start_ts + floor(${eu(2)} * 5)::BIGINT AS ts
       FROM s WHERE startup_ms IS NULL
       UNION ALL BY NAME
       SELECT s.*, list_extract(${kindCats}, k) AS category,
         list_extract(list_extract(${kindKeys}, k), 1 + floor(${eu(3)} * len(list_extract(${kindKeys}, k)))::INTEGER) AS "key",
         start_ts + floor(${eu(4)} * (end_ts - start_ts + 1))::BIGINT AS ts
       FROM (SELECT *, ${pickFrom(
         eu(5),
         ERROR_KINDS.map((k) => k[1]),
       )} AS k
             FROM s WHERE startup_ms IS NOT NULL AND ${eu(0)} < 0.04) s
       UNION ALL BY NAME
       SELECT s.*, list_extract(${kindCats}, burst_kind) AS category,
         list_extract(list_extract(${kindKeys}, burst_kind),
           1 + floor(burst_key_u * len(list_extract(${kindKeys}, burst_kind)))::INTEGER) AS "key",
         start_ts + floor(${uni('hash(g0, j)', 0)} * (end_ts - start_ts + 1))::BIGINT AS ts
       FROM (SELECT *, unnest(range(1 + floor(${eu(6)} * 3)::BIGINT)) AS j
             FROM s WHERE ${uni('hh', 0)} < 0.025 AND startup_ms IS NOT NULL AND ${eu(7)} < 0.6) s
     ), f AS (
       SELECT cust, least(ts, ${o.end - 1}) AS ts, session_id, subscriberid, country, platform, player,
         category::INTEGER AS category, "key"::INTEGER AS "key"
       FROM e
     )
     SELECT *, (row_number() OVER (ORDER BY cust, ts, session_id, subscriberid, category, "key",
                                   country, platform, player) - 1)::BIGINT AS eid
     FROM f ORDER BY eid`,
  );
}
