// The generator's context: its dictionaries (written to the database) and what its statements need
// to know of the population (customer blocks, sizes, the diurnal slots, the codes), made once per
// data set for the tables (generate.ts) and for the streamed files (generate-files.ts) alike.
import { listValue } from '@duckdb/node-api';
import { draws } from '../../data/generate-draws';
import type { GenContext } from '../../data/generate-sessions';
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
} from '../../data/generate-shapes';
import type { Dataset } from './dataset';
import { type CheckedEffect, plantedEventsSql, plantedSql } from './generate-effects';

/** Checked generator options (see `GenerateOptions`). */
export interface Checked {
  readonly sessions: number;
  readonly seed: number;
  readonly days: number;
  readonly end: number;
  readonly customers: readonly string[];
  readonly effects: readonly CheckedEffect[];
}

/** Synthetic ids follow from their code, zero-padded to one width so that value order is code order. */
const idWidth = (n: number) => Math.max(7, String(n - 1).length);
/** @internal Subscriber `code`'s id, e.g. `u0000042`, among `n` subscribers. */
export const subscriberIdSql = (code: string, n: number) =>
  `'u' || lpad((${code})::VARCHAR, ${idWidth(n)}, '0')`;
/** @internal Device `code`'s id, e.g. `d0000042`, among `n` devices. */
export const deviceIdSql = (code: string, n: number) => `'d' || lpad((${code})::VARCHAR, ${idWidth(n)}, '0')`;

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
  await db.exec(
    `CREATE OR REPLACE TABLE dict_subscriberid AS
     SELECT i::INTEGER AS code, ${subscriberIdSql('i', nSubs)} AS value FROM range(${nSubs}) r(i)`,
  );
  // Device ids are many and follow from their code: a view, not a table.
  await db.exec(
    `CREATE OR REPLACE VIEW dict_device_id AS
     SELECT i::INTEGER AS code, ${deviceIdSql('i', nDevices)} AS value FROM range(${nDevices}) r(i)`,
  );
  return { small, assetNameCodes: indexes.map((i) => names.get(assetName(i))!) };
}

/** The population sizes of a data set of `sessions` sessions. */
export function populationSizes(sessions: number) {
  const nSubs = Math.max(10, Math.floor(sessions / 8));
  const nAnonDevices = Math.max(10, Math.floor(sessions / 20));
  return { nSubs, nAnonDevices, nDevices: 4 * nSubs + nAnonDevices, nAssets: assetCount(sessions) };
}

/**
 * Writes the dictionaries into `db` and returns the context of the generator's statements, drawing
 * sessions from the row numbers `ids` (a relation with column `i`).
 */
export async function generationContext(db: Dataset, o: Checked, ids: string): Promise<GenContext> {
  const start = o.end - o.days * 86_400;
  const sizes = customerSizes(o);
  const offsets = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
  const { nSubs, nAnonDevices, nDevices, nAssets } = populationSizes(o.sessions);
  const dicts = await dictionaries(db, o, nSubs, nDevices, nAssets);
  const code = (dict: string, value: string) => {
    const c = dicts.small.get(dict)?.get(value);
    if (c === undefined) throw new Error(`@playq/server: generator: no code for ${dict} ${value}`);
    return c;
  };
  return {
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
    ids,
    plant: (rows) => plantedSql(rows, o.effects),
    plantEvents: (rows) => plantedEventsSql(rows, o.effects),
  };
}
