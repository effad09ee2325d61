// Building a data set from records in memory (tests with hand-computed answers, embedding): the
// same checks and v1 defaults as files, with problems named `sessions[i].column`.
import type { DuckDBValue } from '@duckdb/node-api';
import { fillRawTable, stagedTable } from '../../data/check';
import { encodeRawTables } from '../../data/encode';
import {
  type ColumnSpec,
  type SessionStatus,
  sqlType,
  TABLE_COLUMNS,
  type TableName,
} from '../../data/schema';
import { Dataset } from './dataset';
import { DatasetLoadError } from './load';

/**
 * A session row as in the files (docs/server.md#data). The fields added in v2 are optional here: left
 * out, they take their v1 defaults (status `ENDED`, device_id = subscriber_id, ...; docs/server.md).
 */
export interface SessionRecord {
  readonly customer_id: string;
  readonly session_id: string;
  /** `null` for an anonymous viewer. */
  readonly subscriber_id: string | null;
  readonly device_id?: string;
  readonly country: string;
  readonly platform: string;
  readonly device?: string | null;
  readonly player: string;
  readonly cdn?: string | null;
  readonly asset_id?: string | null;
  readonly asset_name?: string | null;
  readonly subscriber_tag?: string | null;
  readonly status?: SessionStatus;
  readonly start_ts: number;
  /** `null` while the session is `RUNNING` or `LOADED`. */
  readonly end_ts: number | null;
  readonly startup_ms: number | null;
  readonly watch_ms: number;
  readonly rebuffer_ms: number;
  readonly rebuffer_count?: number;
  readonly cdn_changes?: number;
  readonly business_failure?: boolean;
  /** Bytes of media downloaded; default 0. */
  readonly bytes_downloaded?: number;
}

/** An error event row as in the files (docs/server.md#data); `fatal` and `business` default to false. */
export interface ErrorRecord {
  readonly customer_id: string;
  readonly ts: number;
  readonly session_id: string | null;
  readonly subscriber_id: string | null;
  readonly country: string;
  readonly platform: string;
  readonly player: string;
  readonly category: string;
  readonly key: string;
  readonly fatal?: boolean;
  readonly business?: boolean;
}

function checkValue(table: TableName, i: number, spec: ColumnSpec, v: unknown): void {
  if (v === undefined && spec.v1Default !== undefined) return;
  const ok =
    (v === null && spec.nullable) ||
    (spec.kind === 'integer' && typeof v === 'number' && Number.isSafeInteger(v)) ||
    (spec.kind === 'string' && typeof v === 'string') ||
    (spec.kind === 'boolean' && typeof v === 'boolean') ||
    (spec.kind === 'status' && typeof v === 'string');
  if (ok) return;
  const what = { string: 'a string', integer: 'an integer', boolean: 'a boolean', status: 'a status' }[
    spec.kind
  ];
  throw new DatasetLoadError(
    `${table}[${i}].${spec.name}: expected ${spec.nullable ? 'null or ' : ''}${what}, got ${JSON.stringify(v) ?? 'undefined'}`,
    undefined,
    spec.name,
    i + 1,
  );
}

/**
 * Builds a dataset from records in memory: handy for tests with hand-computed answers.
 *
 * @example
 * ```ts
 * const db = await datasetFromRecords({
 *   sessions: [{ customer_id: 'demo', session_id: 's1', subscriber_id: 'u1', country: 'US', platform: 'web',
 *     player: 'html5', start_ts: 0, end_ts: 60, startup_ms: 1000, watch_ms: 59000, rebuffer_ms: 0 }],
 *   errors: [],
 * });
 * ```
 */
export async function datasetFromRecords(data: {
  readonly sessions: readonly SessionRecord[];
  readonly errors: readonly ErrorRecord[];
}): Promise<Dataset> {
  const db = await Dataset.open();
  try {
    await db.transaction(async (run, all) => {
      for (const table of ['sessions', 'errors'] as const) {
        const rows = (data[table] ?? []) as unknown as readonly Record<string, unknown>[];
        await stageRecords(run, table, rows);
        const types = new Map(
          TABLE_COLUMNS[table].map((s) => [s.name, sqlType(s.kind === 'status' ? 'string' : s.kind)]),
        );
        await fillRawTable(
          run,
          all,
          { table, ...stagedTable(`stage_${table}`), types, defaultNulls: true },
          (p) => {
            return new DatasetLoadError(
              `${table}[${p.row}].${p.column}: ${p.message}`,
              undefined,
              p.column,
              p.row + 1,
            );
          },
        );
      }
      await encodeRawTables(run);
      await run('DROP TABLE raw_sessions');
      await run('DROP TABLE raw_errors');
    });
    await db.refresh();
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Checks each record's value types in JS, then inserts them (a left-out v2 field as NULL). */
async function stageRecords(
  run: (sql: string, params?: DuckDBValue[]) => Promise<void>,
  table: TableName,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const specs = TABLE_COLUMNS[table];
  rows.forEach((row, i) => {
    for (const s of specs) checkValue(table, i, s, row?.[s.name]);
  });
  const type = (s: ColumnSpec) => sqlType(s.kind === 'status' ? 'string' : s.kind);
  await run(
    `CREATE OR REPLACE TEMP TABLE stage_${table} (${specs.map((s) => `"${s.name}" ${type(s)}`).join(', ')})`,
  );
  for (let at = 0; at < rows.length; at += 200) {
    const values: DuckDBValue[] = [];
    const tuples = rows.slice(at, at + 200).map((row) => {
      const slots = specs.map((s) => {
        const v = row[s.name];
        values.push(
          v === null || v === undefined
            ? null
            : s.kind === 'integer'
              ? BigInt(v as number)
              : (v as string | boolean),
        );
        return `$${values.length}::${type(s)}`;
      });
      return `(${slots.join(', ')})`;
    });
    await run(`INSERT INTO stage_${table} VALUES ${tuples.join(', ')}`, values);
  }
}
