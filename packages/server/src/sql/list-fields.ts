// The server's SQL for each field of a session list record (docs/server.md, "The session list"):
// a metric's field is printed from its own value in the catalogue (metric-sql.ts); the others are
// the session's columns over one population row (time columns already pro rata with
// `concurrency=1`), or for a coded text field its code column, decoded on the page. Only
// identifiers from here and from the metric table reach the list's SQL.
import { DEFAULT_CATALOGUE, type ListFieldName } from '@playq/query';
import { DIMENSION_SQL, isServerDimension, type ServerDimension } from './dimension-sql';
import { DEFAULT_METRICS, type ListFieldSql, type MetricTable } from './metric-sql';

export type { ListFieldSql } from './metric-sql';

const num = (sql: string): ListFieldSql => Object.freeze({ kind: 'number', sql });
const text = (sql: string): ListFieldSql => Object.freeze({ kind: 'text', sql });
const coded = (column: string, dictionary: string): ListFieldSql =>
  Object.freeze({ kind: 'text', sql: column, dictionary });
const dimension = (name: ServerDimension): ListFieldSql =>
  coded(DIMENSION_SQL[name].column, DIMENSION_SQL[name].dictionary);

/**
 * The list fields that are neither metrics nor dimensions (the catalogue's `fields`). Constants
 * are DOUBLE (`1000.0::DOUBLE`): DuckDB's DECIMAL arithmetic costs several times as much per row.
 */
const FIELD_SQL: Readonly<Record<string, ListFieldSql>> = Object.freeze({
  starttime: num('start_ts::DOUBLE'),
  endtime: num('coalesce(end_ts, 0)::DOUBLE'),
  watchtime: num('(watch_ms + rebuffer_ms) / 1000.0::DOUBLE'),
  sessionid: text('session_id'),
  status: text('status::VARCHAR'),
  deviceid: coded('device_id', 'dict_device_id'),
});

/** The list fields this service answers: every list field of the default catalogue. */
export type ServerListField = ListFieldName;

/** A list field's SQL: a metric's own value, a field of the session, or a dimension. */
export function listFieldSql(name: string, metrics: MetricTable = DEFAULT_METRICS): ListFieldSql | undefined {
  if (!metrics.catalogue.listFieldNames.includes(name)) return undefined;
  if (Object.hasOwn(metrics.catalogue.metrics, name)) return metrics.listField(name);
  if (Object.hasOwn(FIELD_SQL, name)) return FIELD_SQL[name];
  return isServerDimension(name) ? dimension(name) : undefined;
}

/** Every list field of the default catalogue, keyed by name. */
export const LIST_FIELD_SQL: { readonly [K in ServerListField]: ListFieldSql } = Object.freeze(
  Object.fromEntries(DEFAULT_CATALOGUE.listFieldNames.map((n) => [n, listFieldSql(n)!])),
) as { readonly [K in ServerListField]: ListFieldSql };

export function isServerListField(
  name: string,
  metrics: MetricTable = DEFAULT_METRICS,
): name is ServerListField {
  return listFieldSql(name, metrics) !== undefined;
}
