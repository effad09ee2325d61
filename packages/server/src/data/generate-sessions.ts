// The generator's `sessions` statement: rows written already encoded and already in (customer,
// time) order. Each customer's sessions are a block of row numbers whose start times follow the
// inverse of the diurnal distribution, so no string join and no sort is needed. A viewer is a
// subscriber (skewed popularity, 1-4 devices each) or an anonymous device; the device fixes the
// platform, device type and player, the subscriber the country and tag.
import { sessionSelect } from './encode';
import type { Draws } from './generate-draws';
import { numList } from './generate-draws';
import {
  ANONYMOUS_SHARE,
  BUSINESS_FAILURE_SHARE,
  CDNS,
  COUNTRIES,
  DEVICES_PER_SUBSCRIBER,
  DROPPED_SHARE,
  LOADED_SHARE,
  lookup,
  PLATFORM_BITRATE_KBPS,
  PLATFORMS,
  SUBSCRIBER_TAGS,
} from './generate-shapes';
import { SESSION_STATUSES, STATUS_SQL_TYPE } from './schema';

const position = (status: (typeof SESSION_STATUSES)[number]) => SESSION_STATUSES.indexOf(status) + 1;
const [ENDED, DROPPED, RUNNING, LOADED] = [
  position('ENDED'),
  position('DROPPED'),
  position('RUNNING'),
  position('LOADED'),
];
/** The statuses as one constant ENUM list, indexed by position. */
const STATUS_VALUES = `[${SESSION_STATUSES.map((v) => `'${v}'`).join(', ')}]::${STATUS_SQL_TYPE}[]`;

/** What the statements need: the options, the population sizes and every dictionary's codes. */
export interface GenContext {
  readonly sessions: number;
  readonly days: number;
  readonly start: number;
  readonly end: number;
  readonly d: Draws;
  /** Per customer (in option order): its code, first row number and row count. */
  readonly customers: readonly { readonly code: number; readonly offset: number; readonly size: number }[];
  readonly nSubs: number;
  readonly nAnonDevices: number;
  readonly nAssets: number;
  /** Second-of-day at 1001 quantiles of the diurnal density, in hundredths of a second. */
  readonly slots: readonly number[];
  /** Codes by value of each small dictionary, and asset names' codes by asset index. */
  code(dict: string, value: string): number;
  readonly assetNameCodes: readonly number[];
  /** The relation of row numbers `i` the sessions are drawn from, in storage order. */
  readonly ids: string;
  /** The drawn sessions (a relation) with the planted effects on sessions applied; as they are without. */
  plant(rows: string): string;
  /** The drawn error events (a relation) with the planted effects on events applied; as they are without. */
  plantEvents(rows: string): string;
}

/** Which customer block row `i` is in (1-based). */
function customerIndex(g: GenContext): string {
  if (g.customers.length === 1) return '1';
  const cases = g.customers.slice(1).map((c, k) => `WHEN i < ${c.offset} THEN ${k + 1}`);
  return `CASE ${cases.join(' ')} ELSE ${g.customers.length} END`;
}

/** Row hashes, customer, start time and the viewer (subscriber or anonymous device). */
function viewerCtes(g: GenContext): string {
  const { d } = g;
  const slotAt = (index: string) => `list_extract(${numList(g.slots)}, ${index})`;
  const sizes = numList(g.customers.map((c) => Math.max(1, c.size)));
  return `a AS (
      SELECT i, ${customerIndex(g)} AS ci, ${[0, 1, 2, 3, 4].map((k) => `${d.hash('i', k)} AS h${k}`).join(', ')}
      FROM ${g.ids}
    ), t AS (
      SELECT *, (i - list_extract(${numList(g.customers.map((c) => c.offset))}, ci) + 0.5)
        / list_extract(${sizes}, ci) * ${g.days} AS x
      FROM a
    ), b AS (
      SELECT *, ${d.u16('h0', 2)} < ${ANONYMOUS_SHARE} AS anon,
        floor(pow(${d.u32('h0')}, 2.5) * ${g.nSubs})::BIGINT AS sub,
        floor(pow(${d.u32('h0')}, 1.5) * ${g.nAnonDevices})::BIGINT AS anon_dev,
        ${g.start}::BIGINT + floor(x)::BIGINT * 86400 + floor(
          ${slotAt('1 + q')}::DOUBLE / 100::DOUBLE
            + (${slotAt('2 + q')} - ${slotAt('1 + q')})::DOUBLE / 100::DOUBLE * (y - q)
        )::BIGINT AS start_ts
      FROM (SELECT *, (x - floor(x)) * 1000 AS y, floor((x - floor(x)) * 1000)::INTEGER AS q FROM t)
    ), v AS (
      SELECT *, ${d.hash('sub', 5)} AS hs FROM b
    ), w AS (
      SELECT *, CASE WHEN anon THEN ${4 * g.nSubs} + anon_dev
        ELSE sub * 4 + floor(pow(${d.u16('h0', 3)}, 1.7) * ${d.pick(d.u16('hs', 2), DEVICES_PER_SUBSCRIBER)})::BIGINT END AS dk
      FROM v
    ), vd AS (
      SELECT *, ${d.hash('dk', 6)} AS hd FROM w
    )`;
}

/** Dimension codes: country, platform, device type, player, CDN, tag, asset. */
function dimensionCte(g: GenContext): string {
  const { d } = g;
  const codes = (dict: string, values: readonly string[]) => numList(values.map((v) => g.code(dict, v)));
  const countries = COUNTRIES.map((c) => c[1]);
  const players = `[${PLATFORMS.map((p) => codes('player', p[3])).join(', ')}]`;
  // Device type per platform: one flat list of 1000-slot lookups, already holding the codes.
  const deviceSlots = PLATFORMS.flatMap((p) =>
    lookup(p[4].map((x) => x[1])).map((k) => g.code('device', p[4][k - 1]![0])),
  );
  // Log-uniform rank (Zipf with exponent 1): the top asset has ~1/ln(n) of the plays, a long tail the rest.
  const popular = `(floor(pow(${g.nAssets + 1}, ${d.u16('h4', 2)}))::BIGINT - 1)`;
  return `dims AS (
      SELECT *,
        CASE WHEN anon THEN ${d.pick(d.u16('hd', 3), countries)} ELSE ${d.pick(d.u16('hs', 0), countries)} END AS co,
        ${d.pick(
          d.u16('hd', 0),
          PLATFORMS.map((p) => p[1]),
        )} AS pl,
        CASE WHEN anon THEN NULL ELSE list_extract(${codes(
          'subscribertag',
          SUBSCRIBER_TAGS.map((t) => t[0]),
        )},
          ${d.pick(
            d.u16('hs', 1),
            SUBSCRIBER_TAGS.map((t) => t[1]),
          )}) END AS subscribertag,
        list_extract(${codes(
          'cdn',
          CDNS.map((c) => c[0]),
        )}, ${d.pick(
          d.u16('h3', 3),
          CDNS.map((c) => c[1]),
        )}) AS cdn_pick,
        -- A prime stride (> the asset count) scatters popularity over the ids.
        (${popular} * 7919) % ${g.nAssets} AS asset,
        sqrt(-2 * ln(1 - ${d.u16('h1', 0)})) * cos(2 * pi() * ${d.u16('h1', 1)}) AS z1,
        sqrt(-2 * ln(1 - ${d.u16('h1', 2)})) * cos(2 * pi() * ${d.u16('h1', 3)}) AS z2
      FROM vd
    ), dims2 AS (
      SELECT *,
        list_extract(${numList(deviceSlots)}, (pl - 1) * 1000 + 1 + floor(${d.u16('hd', 1)} * 1000)::INTEGER) AS device,
        list_extract(list_extract(${players}, pl),
          1 + floor(${d.u16('hd', 2)} * len(list_extract(${players}, pl)))::INTEGER) AS player
      FROM dims
    )`;
}

/** Outcome: never played (LOADED), failed start (business or not), or a play with its times. */
function playCtes(g: GenContext): string {
  const { d } = g;
  const failure = numList(PLATFORMS.map((p) => p[2]));
  const buffering = numList(COUNTRIES.map((c) => c[2]));
  return `p AS (
      SELECT *, ${d.u16('h3', 2)} < ${LOADED_SHARE} AS never,
        ${d.u16('h3', 2)} >= ${LOADED_SHARE} AND ${d.u16('h2', 0)} < list_extract(${failure}, pl) AS failed
      FROM dims2
    ), p2 AS (
      SELECT *,
        CASE WHEN never OR failed THEN NULL ELSE least(60000, greatest(80, exp(ln(1100) + 0.55 * z1)))::BIGINT END AS startup0,
        CASE WHEN never OR failed THEN 0 ELSE least(14400000, 20000 * pow(1 - ${d.u16('h2', 2)}, -1 / 1.25))::BIGINT END AS watch0
      FROM p
    ), p3 AS (
      SELECT *,
        CASE WHEN startup0 IS NULL OR ${d.u16('h2', 3)} >= 0.35 THEN 0
             ELSE least(watch0, watch0 * 0.012 * list_extract(${buffering}, co) * exp(0.9 * z2))::BIGINT END AS rebuf0
      FROM p2
    ), p4 AS (
      SELECT *, CASE WHEN never THEN NULL WHEN failed THEN start_ts + 1 + floor(${d.u16('h3', 0)} * 20)::BIGINT
        ELSE start_ts + ceil((startup0 + watch0 + rebuf0) / 1000)::BIGINT END AS natural_end,
        (${g.end} - start_ts) * 1000 AS elapsed_ms
      FROM p3
    ), p5 AS (
      -- At the end of the data, a play still going is RUNNING (its times so far), a start still
      -- pending is LOADED.
      -- Status as its 1-based position in SESSION_STATUSES: no string per row.
      SELECT *, CASE
          WHEN never OR (natural_end >= ${g.end} AND (failed OR elapsed_ms <= startup0)) THEN ${LOADED}
          WHEN natural_end >= ${g.end} THEN ${RUNNING}
          WHEN failed OR ${d.u16('h3', 1)} < ${DROPPED_SHARE} THEN ${DROPPED}
          ELSE ${ENDED} END AS st
      FROM p4
    )`;
}

/**
 * The encoded `sessions` rows drawn from the row numbers `g.ids`, in their order: a customer's
 * rows in row-number order are in (start time, session id) order.
 */
export function sessionsSelect(g: GenContext): string {
  const { d } = g;
  const running = `st = ${RUNNING}`;
  const scale = `(elapsed_ms - startup0)::DOUBLE / greatest(1, watch0 + rebuf0)`;
  const bitrates = numList(PLATFORMS.map((p) => PLATFORM_BITRATE_KBPS[p[0]] ?? 3000));
  return `WITH ${viewerCtes(g)}, ${dimensionCte(g)}, ${playCtes(g)}, q AS (
      SELECT *,
        CASE WHEN st = ${LOADED} THEN NULL ELSE startup0 END AS startup_ms,
        CASE WHEN st = ${LOADED} THEN 0 WHEN ${running} THEN floor(watch0 * least(1, ${scale}))::BIGINT ELSE watch0 END AS watch_ms,
        CASE WHEN st = ${LOADED} THEN 0 WHEN ${running} THEN floor(rebuf0 * least(1, ${scale}))::BIGINT ELSE rebuf0 END AS rebuffer_ms
      FROM p5
    ), x AS (
      SELECT i, list_extract(${numList(g.customers.map((c) => c.code))}, ci) AS cust,
        's' || (1000000000 + i)::VARCHAR AS session_id,
        -- ids of one width: a customer's block of row numbers is in id order
        i - list_extract(${numList(g.customers.map((c) => c.offset))}, ci) + 1 AS sid_rank0,
        CASE WHEN anon THEN NULL ELSE sub END AS subscriberid, dk AS device_id,
        list_extract(${numList(COUNTRIES.map((c) => g.code('country', c[0])))}, co) AS country,
        list_extract(${numList(PLATFORMS.map((p) => g.code('platform', p[0])))}, pl) AS platform,
        device, player, CASE WHEN never THEN NULL ELSE cdn_pick END AS cdn,
        asset AS assetid, list_extract(${numList(g.assetNameCodes)}, asset + 1) AS assetname, subscribertag,
        list_extract(${STATUS_VALUES}, st) AS status, start_ts, CASE WHEN st IN (${ENDED}, ${DROPPED}) THEN natural_end END AS end_ts,
        startup_ms, watch_ms, rebuffer_ms,
        CASE WHEN rebuffer_ms > 0 THEN greatest(1, round(rebuffer_ms / (1500 + 6000 * ${d.u16('h4', 1)}))) ELSE 0 END AS rebuffer_count,
        CASE WHEN startup_ms IS NULL THEN 0 ELSE list_extract([3, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1],
          1 + floor(${d.u16('h4', 0)} * (CASE WHEN rebuffer_ms > 0 THEN 0.5 ELSE 1 END) / 0.005)::INTEGER) END AS cdn_changes0,
        failed AND st = ${DROPPED} AND ${d.u16('h2', 1)} < ${BUSINESS_FAILURE_SHARE} AS business_failure,
        -- ms x kbit/s / 8 = bytes
        floor(watch_ms * list_extract(${bitrates}, pl) * (0.6 + 0.8 * ${d.u16('h4', 3)}) / 8)::BIGINT AS bytes_downloaded
      FROM q
    )
    SELECT ${sessionSelect('x', 'x.sid_rank0::INTEGER AS sid_rank')} FROM ${g.plant('(SELECT *, coalesce(cdn_changes0, 0) AS cdn_changes FROM x)')} x`;
}
