// A seeded, deterministic synthetic data set, made entirely inside DuckDB: every random draw is a
// hash of (row, seed, salt), so the same options give the same rows on every run and thread count.
// Shapes: a skewed country and platform mix, diurnal UTC traffic, lognormal startup times,
// heavy-tailed watch times, startup failures, and error bursts of one category/key per hour.
import { listValue } from '@duckdb/node-api';
import { CUSTOMER_ID_PATTERN, DEMO_CUSTOMERS } from './customers';
import { Dataset } from './dataset';
import { encodeRawTables } from './encode';

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

// These literals are generator constants from this file, never request input.
const str = (s: string) => `'${s.replaceAll("'", "''")}'`;
const strList = (xs: readonly string[]) => `[${xs.map(str).join(', ')}]`;
const numList = (xs: readonly number[]) => `[${xs.join(', ')}]`;

function checkOptions(options: GenerateOptions): Required<Omit<GenerateOptions, 'database'>> {
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
  const db = await Dataset.open(options.database);
  try {
    await generateInto(db, opts);
    await encodeRawTables(db);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

async function generateInto(db: Dataset, o: Required<Omit<GenerateOptions, 'database'>>): Promise<void> {
  const start = o.end - o.days * 86_400;
  const dayStart = Math.floor(start / 86_400) * 86_400;
  const spanDays = Math.ceil((o.end - dayStart) / 86_400);
  const nSubs = Math.max(10, Math.floor(o.sessions / 8));
  const custWeights = o.customers.map((_, i) =>
    i === 0 ? (o.customers.length === 1 ? 1 : 0.75) : 0.25 / (o.customers.length - 1),
  );
  const seed = o.seed;
  // u(k): a uniform draw in [0, 1) for salt k, a pure function of (i, seed, k).
  const u = (k: number, key = 'i') => `((hash(${key}, ${seed}::BIGINT, ${k}) % 1000003)::DOUBLE / 1000003)`;
  const pick = (k: number, weights: readonly number[], key = 'i') =>
    `list_extract(${numList(lookup(weights))}, 1 + floor(${u(k, key)} * 1000)::INTEGER)`;
  const platformPlayers = `[${PLATFORMS.map((p) => strList(p[3])).join(', ')}]`;

  await db.exec(
    `CREATE OR REPLACE TEMP TABLE gen_s AS
     WITH a AS (
       SELECT i,
         ${pick(1, custWeights)} AS ci,
         floor(pow(${u(2)}, 2.5) * ${nSubs})::BIGINT AS sub,
         ${dayStart}::BIGINT + floor(${u(3)} * ${spanDays})::BIGINT * 86400
           + (${pick(4, HOUR_WEIGHTS)} - 1) * 3600 + floor(${u(5)} * 3600)::BIGINT AS t0
       FROM range(${o.sessions}) r(i)
     ), b AS (
       SELECT i, ci, sub,
         ${start} + (((t0 - ${start}) % ${o.end - start}) + ${o.end - start}) % ${o.end - start} AS start_ts,
         ${pick(
           6,
           COUNTRIES.map((c) => c[1]),
           'sub',
         )} AS co,
         CASE WHEN ${u(7)} < 0.85 THEN ${pick(
           8,
           PLATFORMS.map((p) => p[1]),
           'sub',
         )}
              ELSE ${pick(
                9,
                PLATFORMS.map((p) => p[1]),
              )} END AS pl,
         sqrt(-2 * ln(1 - ${u(10)})) * cos(2 * pi() * ${u(11)}) AS z1,
         sqrt(-2 * ln(1 - ${u(12)})) * cos(2 * pi() * ${u(13)}) AS z2
       FROM a
     ), c AS (
       SELECT *,
         ${u(14)} < list_extract(${numList(PLATFORMS.map((p) => p[2]))}, pl) AS failed,
         list_extract(list_extract(${platformPlayers}, pl),
           1 + floor(${u(15)} * len(list_extract(${platformPlayers}, pl)))::INTEGER) AS player
       FROM b
     ), d AS (
       SELECT *,
         CASE WHEN failed THEN NULL ELSE least(60000, greatest(80, exp(ln(1100) + 0.55 * z1)))::BIGINT END AS startup_ms,
         CASE WHEN failed THEN 0 ELSE least(14400000, 20000 * pow(1 - ${u(16)}, -1 / 1.25))::BIGINT END AS watch_ms
       FROM c
     )
     , e AS (
       SELECT i, ci, sub, co, pl, player, start_ts, startup_ms, watch_ms,
         CASE WHEN failed OR ${u(17)} >= 0.35 THEN 0
              ELSE least(watch_ms, watch_ms * 0.012 * list_extract(${numList(COUNTRIES.map((c) => c[2]))}, co) * exp(0.9 * z2))::BIGINT
         END AS rebuffer_ms
       FROM d
     )
     SELECT *,
       start_ts + CASE WHEN startup_ms IS NULL THEN 1 + floor(${u(18)} * 20)::BIGINT
                       ELSE ceil((startup_ms + watch_ms + rebuffer_ms) / 1000)::BIGINT END AS end_ts
     FROM e`,
  );
  const countries = strList(COUNTRIES.map((c) => c[0]));
  const platforms = strList(PLATFORMS.map((p) => p[0]));
  await db.exec(
    `CREATE OR REPLACE TABLE raw_sessions AS
     SELECT list_extract($1::VARCHAR[], ci) AS customer_id, printf('s%09d', i) AS session_id,
       printf('u%07d', sub) AS subscriber_id, list_extract(${countries}, co) AS country,
       list_extract(${platforms}, pl) AS platform, player, start_ts, end_ts, startup_ms, watch_ms, rebuffer_ms
     FROM gen_s ORDER BY i`,
    [listValue([...o.customers])],
  );
  const kindCats = strList(ERROR_KINDS.map((k) => k[0]));
  const kindKeys = `[${ERROR_KINDS.map((k) => strList(k[2])).join(', ')}]`;
  const hourKey = 'start_ts // 3600';
  await db.exec(
    `CREATE OR REPLACE TABLE raw_errors AS
     WITH s AS (
       SELECT i, start_ts, end_ts, startup_ms, player, list_extract($1::VARCHAR[], ci) AS customer_id,
         printf('s%09d', i) AS session_id, printf('u%07d', sub) AS subscriber_id,
         list_extract(${countries}, co) AS country, list_extract(${platforms}, pl) AS platform,
         hash(${hourKey}, ${seed}::BIGINT, 30) % 40 = 0 AS burst_hour,
         ${pick(
           31,
           ERROR_KINDS.map((k) => k[1]),
           hourKey,
         )} AS burst_kind,
         ${u(32, hourKey)} AS burst_key_u
       FROM gen_s
     ), e AS (
       SELECT s.*, 'startup' AS category,
         list_extract(${strList(STARTUP_KEYS)}, 1 + floor(${u(33)} * ${STARTUP_KEYS.length})::INTEGER) AS "key",
         start_ts + floor(${u(34)} * 5)::BIGINT AS ts
       FROM s WHERE startup_ms IS NULL
       UNION ALL BY NAME
       SELECT s.*, list_extract(${kindCats}, k) AS category,
         list_extract(list_extract(${kindKeys}, k), 1 + floor(${u(35)} * len(list_extract(${kindKeys}, k)))::INTEGER) AS "key",
         start_ts + floor(${u(36)} * (end_ts - start_ts + 1))::BIGINT AS ts
       FROM (SELECT *, ${pick(
         37,
         ERROR_KINDS.map((k) => k[1]),
       )} AS k FROM s WHERE startup_ms IS NOT NULL AND ${u(38)} < 0.04) s
       UNION ALL BY NAME
       SELECT s.*, list_extract(${kindCats}, burst_kind) AS category,
         list_extract(list_extract(${kindKeys}, burst_kind),
           1 + floor(burst_key_u * len(list_extract(${kindKeys}, burst_kind)))::INTEGER) AS "key",
         start_ts + floor(((hash(i, j, ${seed}::BIGINT) % 1000003)::DOUBLE / 1000003) * (end_ts - start_ts + 1))::BIGINT AS ts
       FROM (SELECT *, unnest(range(1 + floor(${u(39)} * 3)::BIGINT)) AS j
             FROM s WHERE burst_hour AND startup_ms IS NOT NULL AND ${u(40)} < 0.6) s
     )
     SELECT customer_id, least(ts, ${o.end - 1}) AS ts, session_id, subscriber_id, country, platform, player,
       category, "key"
     FROM e`,
    [listValue([...o.customers])],
  );
  await db.exec('DROP TABLE gen_s');
}
