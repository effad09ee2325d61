// The server's SQL for each dimension: its code column in the encoded tables (dictionary
// `dict_<column>`, codes in ascending value order, a null value kept as a NULL code) and whether
// only error events carry it. Only identifiers from this table reach SQL text.

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

export const DIMENSION_SQL = Object.freeze({
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
});

export type ServerDimension = keyof typeof DIMENSION_SQL;

export function dimensionSql(name: string): DimensionSql | undefined {
  return Object.hasOwn(DIMENSION_SQL, name) ? DIMENSION_SQL[name as ServerDimension] : undefined;
}

export function isServerDimension(name: string): name is ServerDimension {
  return dimensionSql(name) !== undefined;
}
