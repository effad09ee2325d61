// The server's SQL for each field of a session list record (docs/server.md, "The session list"):
// the session's own value over one population row (time columns already pro rata with
// `concurrency=1`), or for a coded text field its code column, decoded on the page. Only
// identifiers from this table reach the list's SQL.
import type { ListFieldName } from '@playq/query';
import { DIMENSION_SQL, type ServerDimension } from './dimension-sql';
import { SESSION_CBRSIZE, SESSION_PLAYDUR, SESSION_TOTALDURATION } from './metric-sql';
import { QOE_SCORE, SESSION_BUFFERING_RATIO } from './qoe-score';

export interface ListFieldSql {
  /** `number`: a JSON number; `text`: a JSON string, "" for null. */
  readonly kind: 'number' | 'text';
  /**
   * SQL over a population row (unqualified `sessions` columns) and the session's error counts
   * `n_errors`/`n_fatal`; for a coded text field, its code column (ordering by code is ordering by
   * value, a null code first).
   */
  readonly sql: string;
  /** The dictionary a coded text field is decoded through on the page. */
  readonly dictionary?: string;
  /** The field reads the session's error counts (a join the list makes only when needed). */
  readonly errors?: true;
}

const num = (sql: string, errors = false): ListFieldSql =>
  Object.freeze({ kind: 'number', sql, ...(errors ? { errors: true } : {}) });
const text = (sql: string): ListFieldSql => Object.freeze({ kind: 'text', sql });
const coded = (column: string, dictionary: string): ListFieldSql =>
  Object.freeze({ kind: 'text', sql: column, dictionary });
const dimension = (name: ServerDimension): ListFieldSql =>
  coded(DIMENSION_SQL[name].column, DIMENSION_SQL[name].dictionary);

/**
 * Every list field of the default catalogue (a name added there fails this file's typecheck until
 * its SQL exists); the catalogue's dimensions that sessions carry are list fields too. Constants
 * are DOUBLE (`1000.0::DOUBLE`): DuckDB's DECIMAL arithmetic costs several times as much per row.
 */
export const LIST_FIELD_SQL = Object.freeze({
  latency: num('coalesce(startup_ms / 1000.0::DOUBLE, 0)'),
  bufferingratio: num(SESSION_BUFFERING_RATIO),
  cirrbufferingratio: num(SESSION_BUFFERING_RATIO),
  buffcount: num('rebuffer_count::DOUBLE'),
  playdur: num(SESSION_PLAYDUR),
  totalduration: num(SESSION_TOTALDURATION),
  cbrsize: num(SESSION_CBRSIZE),
  qualityofexperience: num(QOE_SCORE),
  errors: num('coalesce(n_errors, 0)::DOUBLE', true),
  fatalerrors: num('coalesce(n_fatal, 0)::DOUBLE', true),
  cdn_change_rate: num('cdn_changes::DOUBLE'),
  starttime: num('start_ts::DOUBLE'),
  endtime: num('coalesce(end_ts, 0)::DOUBLE'),
  watchtime: num('(watch_ms + rebuffer_ms) / 1000.0::DOUBLE'),
  sessionid: text('session_id'),
  status: text('status::VARCHAR'),
  deviceid: coded('device_id', 'dict_device_id'),
  assetid: dimension('assetid'),
  assetname: dimension('assetname'),
  subscriberid: dimension('subscriberid'),
  country: dimension('country'),
  platform: dimension('platform'),
  device: dimension('device'),
  player: dimension('player'),
  cdn: dimension('cdn'),
  subscribertag: dimension('subscribertag'),
} satisfies { readonly [K in ListFieldName]: ListFieldSql });

/** The list fields this service answers: every list field of the default catalogue. */
export type ServerListField = ListFieldName;

export function listFieldSql(name: string): ListFieldSql | undefined {
  return Object.hasOwn(LIST_FIELD_SQL, name) ? LIST_FIELD_SQL[name as ServerListField] : undefined;
}

export function isServerListField(name: string): name is ServerListField {
  return listFieldSql(name) !== undefined;
}
