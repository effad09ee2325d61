// The server's SQL for each dimension: its code column in the encoded tables (dictionary
// `dict_<column>`, codes in ascending value order, a null value kept as a NULL code), whether only
// error events carry it, and whether its dictionary is small enough to keep in memory. Keyed by the
// default catalogue's dimension names (a dimension added there fails this file's typecheck until
// it has a row). Only identifiers from here reach SQL.
import type { DimensionName } from '@playq/query';

export interface DimensionSql {
  /** Column of the encoded `sessions`/`errors` tables (quoted where it is a SQL keyword). */
  readonly column: string;
  /** Dictionary table mapping codes to values. */
  readonly dictionary: string;
  /** Present only on error records (`category`, `key`). */
  readonly errorOnly: boolean;
  /**
   * Few enough values to keep the dictionary in JS, for filter resolution (subscribers, devices
   * and assets can run to millions: they stay in SQL).
   */
  readonly inMemory: boolean;
}

const dim = <const M extends boolean>(
  column: string,
  inMemory: M,
  errorOnly = false,
): DimensionSql & { readonly inMemory: M } =>
  Object.freeze({
    column: column === 'key' ? '"key"' : column,
    dictionary: `dict_${column}`,
    errorOnly,
    inMemory,
  });

export const DIMENSION_SQL = Object.freeze({
  country: dim('country', true),
  platform: dim('platform', true),
  device: dim('device', true),
  player: dim('player', true),
  cdn: dim('cdn', true),
  assetid: dim('assetid', false),
  assetname: dim('assetname', false),
  subscriberid: dim('subscriberid', false),
  subscribertag: dim('subscribertag', true),
  category: dim('category', true, true),
  key: dim('key', true, true),
} satisfies { readonly [K in DimensionName]: DimensionSql });

export type ServerDimension = DimensionName;

/** The dimensions whose dictionaries a dataset keeps in memory. */
export type SmallDimension = {
  [K in ServerDimension]: (typeof DIMENSION_SQL)[K]['inMemory'] extends true ? K : never;
}[ServerDimension];

/** The in-memory dimensions in table order (derived from `inMemory`). */
export const SMALL_DIMENSIONS: readonly SmallDimension[] = Object.freeze(
  (Object.keys(DIMENSION_SQL) as ServerDimension[]).filter(
    (d): d is SmallDimension => DIMENSION_SQL[d].inMemory,
  ),
);

/** The other dimensions (dictionaries that can run to millions), in table order. */
export const LARGE_DIMENSIONS: readonly ServerDimension[] = Object.freeze(
  (Object.keys(DIMENSION_SQL) as ServerDimension[]).filter((d) => !DIMENSION_SQL[d].inMemory),
);

export function dimensionSql(name: string): DimensionSql | undefined {
  return Object.hasOwn(DIMENSION_SQL, name) ? DIMENSION_SQL[name as ServerDimension] : undefined;
}

export function isServerDimension(name: string): name is ServerDimension {
  return dimensionSql(name) !== undefined;
}

export function isSmallDimension(name: string): name is SmallDimension {
  return dimensionSql(name)?.inMemory === true;
}
