// A seeded, deterministic synthetic data set, made entirely inside DuckDB (see generate-draws.ts):
// the same options give the same rows on every run and thread count. The shapes (generate-shapes.ts,
// docs/server.md "Data"): skewed countries and platforms, diurnal UTC traffic, subscribers with
// several devices and ~15% anonymous viewers, lognormal startup times, heavy-tailed watch times,
// a status mix, startup failures with a business share, CDN switches, long-tailed asset
// popularity, fatal, business and burst error events.
import { CUSTOMER_ID_PATTERN, MAX_EPOCH_SECONDS } from '@playq/query';
import { DEMO_CUSTOMERS } from '../../data/credentials';
import { sessionOrder } from '../../data/encode';
import { errorsSql } from '../../data/generate-errors';
import { sessionsSelect } from '../../data/generate-sessions';
import { Dataset } from './dataset';
import { type Checked, generationContext } from './generate-context';
import { checkEffects, type PlantedEffect } from './generate-effects';

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
  /**
   * Effects planted in the data: the matching sessions' columns behind each metric are changed so
   * that the metric over them is `factor` times its value without the effect; every other row is
   * the same as without it (docs/testing.md, "Planted effects").
   */
  readonly effects?: readonly PlantedEffect[];
  /** A DuckDB database file instead of memory. */
  readonly database?: string;
  /** Bound on DuckDB's memory (e.g. `'500MB'`); with `database`, the rest stays on disk. */
  readonly memoryLimit?: string;
}

/** @internal The options with their defaults, checked. */
export function checkOptions(options: GenerateOptions): Checked {
  const fail = (what: string): never => {
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
  const effects = checkEffects(options.effects, fail);
  return { sessions, seed, days, end, customers, effects };
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

async function generateInto(db: Dataset, o: Checked): Promise<void> {
  // DuckDB's range() is a single-threaded source, and the per-row expressions are the cost: reading
  // the row numbers from a table instead lets every thread evaluate them (row order is preserved).
  const g = await generationContext(db, o, 'gen_ids');
  await db.exec(`CREATE OR REPLACE TEMP TABLE gen_ids AS SELECT i FROM range(${o.sessions}) r(i)`);
  // Drawn in (customer, start) order, stored in the encoded tables' order (by end time).
  await db.exec(
    `CREATE OR REPLACE TABLE sessions AS SELECT * FROM (${sessionsSelect(g)}) s ORDER BY ${sessionOrder('s')}`,
  );
  await db.exec('DROP TABLE gen_ids');
  await db.exec(errorsSql(g));
}
