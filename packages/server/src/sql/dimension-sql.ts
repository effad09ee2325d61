// The server's SQL for each dimension: its code column in the encoded tables (dictionary
// `dict_<column>`, codes in ascending value order, a null value kept as a NULL code) and whether
// only error events carry it. Keyed by the default catalogue's dimension names (a dimension added
// there fails this file's typecheck until it has a column). Only identifiers from here reach SQL.
import type { DimensionName } from '@playq/query';

export interface DimensionSql {
  /** Column of the encoded `sessions`/`errors` tables (quoted where it is a SQL keyword). */
  readonly column: string;
  /** Dictionary table mapping codes to values. */
  readonly dictionary: string;
  /** Present only on error records (`category`, `key`). */
  readonly errorOnly: boolean;
}

const dim = (column: string, errorOnly = false): DimensionSql =>
  Object.freeze({ column: column === 'key' ? '"key"' : column, dictionary: `dict_${column}`, errorOnly });

export const DIMENSION_SQL: { readonly [K in DimensionName]: DimensionSql } = Object.freeze({
  country: dim('country'),
  platform: dim('platform'),
  device: dim('device'),
  player: dim('player'),
  cdn: dim('cdn'),
  assetid: dim('assetid'),
  assetname: dim('assetname'),
  subscriberid: dim('subscriberid'),
  subscribertag: dim('subscribertag'),
  category: dim('category', true),
  key: dim('key', true),
} satisfies { readonly [K in DimensionName]: DimensionSql });

export type ServerDimension = DimensionName;

export function dimensionSql(name: string): DimensionSql | undefined {
  return Object.hasOwn(DIMENSION_SQL, name) ? DIMENSION_SQL[name as ServerDimension] : undefined;
}

export function isServerDimension(name: string): name is ServerDimension {
  return dimensionSql(name) !== undefined;
}
