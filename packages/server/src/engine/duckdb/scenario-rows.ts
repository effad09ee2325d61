// Scenario data: a few partial rows, each column left out taking a documented default, made into a
// dataset through `datasetFromRecords` (the loader's checks, problems named `sessions[i].column`).
import { suggestName } from '@playq/query';
import { ERROR_COLUMNS, SESSION_COLUMNS, type TableName } from '../../data/schema';
import type { Dataset } from './dataset';
import { DatasetLoadError } from './load';
import { datasetFromRecords, type ErrorRecord, type SessionRecord } from './records';

/** A session row of a scenario: any columns of the data files; the others take their defaults. */
export type SessionRow = { -readonly [K in keyof SessionRecord]?: SessionRecord[K] };
/** An error event row of a scenario: any columns of the data files; the others take their defaults. */
export type ErrorRow = { -readonly [K in keyof ErrorRecord]?: ErrorRecord[K] };

/** The rows of a scenario (docs/testing.md, "Scenarios"). */
export interface ScenarioRows {
  readonly sessions: readonly SessionRow[];
  readonly errors?: readonly ErrorRow[];
  /**
   * Epoch seconds: the default `start_ts` of the first session; each later one starts a minute
   * after the one before. Default `SCENARIO_START` (2025-12-02T00:00:00Z).
   */
  readonly start?: number;
}

/** The default start of scenario rows: 2025-12-02T00:00:00Z, the first day of the test service's default period. */
export const SCENARIO_START = 1_764_633_600;

/** The defaults of the columns a scenario row leaves out that the data files require. */
export const SCENARIO_DEFAULTS = {
  customer_id: 'demo',
  country: 'US',
  platform: 'web',
  player: 'html5',
  startup_ms: 1000,
  category: 'playback',
  key: 'PLAYBACK_ERROR',
} as const;

const STEP_SECONDS = 60;
const number = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function checkKeys(table: TableName, i: number, row: unknown, known: ReadonlySet<string>): void {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) {
    throw new DatasetLoadError(
      `${table}[${i}]: expected an object of columns, got ${JSON.stringify(row) ?? 'undefined'}`,
      undefined,
      undefined,
      i + 1,
    );
  }
  for (const key of Object.keys(row)) {
    if (!known.has(key)) {
      const near = [...known].find((c) => c.startsWith(`${key}_`)) ?? suggestName(key, [...known]);
      const hint = near ? `did you mean "${near}"?` : `columns: ${[...known].join(', ')}`;
      throw new DatasetLoadError(
        `${table}[${i}].${key}: not a column of ${table} (${hint})`,
        undefined,
        key,
        i + 1,
      );
    }
  }
}

/**
 * The scenario's rows with every left-out column filled in (docs/testing.md, "Scenarios"). A
 * session: customer `demo`, id `s1`, `s2`, … (its position, from 1), subscriber `u1`, `u2`, …,
 * country `US`, platform `web`, player `html5`, status `ENDED`, start `start` plus a minute per
 * position, startup 1000 ms (null when `LOADED`), no watch or rebuffering time, an end the whole
 * startup, watch and rebuffering time after its start (at least 1 s; null when `RUNNING` or
 * `LOADED`); the optional file columns their file defaults. An error event: its session's
 * customer, start, subscriber, country, platform and player when `session_id` names a session of
 * the scenario, else those of a session's defaults (no session, no subscriber, `ts` `start` plus
 * a minute per position); category `playback`, key `PLAYBACK_ERROR`, not fatal, not business.
 */
export function scenarioRecords(rows: ScenarioRows): {
  sessions: SessionRecord[];
  errors: ErrorRecord[];
} {
  if (rows === null || typeof rows !== 'object' || !Array.isArray(rows.sessions)) {
    throw new TypeError('@playq/server: data.rows must be { sessions: [...], errors?: [...] }');
  }
  if (rows.errors !== undefined && !Array.isArray(rows.errors)) {
    throw new TypeError('@playq/server: data.rows.errors must be an array of error rows');
  }
  const from = rows.start ?? SCENARIO_START;
  if (!Number.isSafeInteger(from)) {
    throw new TypeError(`@playq/server: data.rows.start must be epoch seconds, got ${String(rows.start)}`);
  }
  const sessionColumns = new Set(SESSION_COLUMNS.map((c) => c.name));
  const sessions = rows.sessions.map((row, i): SessionRecord => {
    checkKeys('sessions', i, row, sessionColumns);
    const status = row.status ?? 'ENDED';
    const open = status === 'RUNNING' || status === 'LOADED';
    const startup =
      row.startup_ms !== undefined
        ? row.startup_ms
        : status === 'LOADED'
          ? null
          : SCENARIO_DEFAULTS.startup_ms;
    const watch = row.watch_ms ?? 0;
    const rebuffer = row.rebuffer_ms ?? 0;
    const start = row.start_ts ?? from + STEP_SECONDS * i;
    const took = Math.ceil((number(startup) + number(watch) + number(rebuffer)) / 1000);
    return {
      ...row,
      customer_id: row.customer_id ?? SCENARIO_DEFAULTS.customer_id,
      session_id: row.session_id ?? `s${i + 1}`,
      subscriber_id: row.subscriber_id !== undefined ? row.subscriber_id : `u${i + 1}`,
      country: row.country ?? SCENARIO_DEFAULTS.country,
      platform: row.platform ?? SCENARIO_DEFAULTS.platform,
      player: row.player ?? SCENARIO_DEFAULTS.player,
      status,
      start_ts: start,
      end_ts: row.end_ts !== undefined ? row.end_ts : open ? null : number(start) + Math.max(1, took),
      startup_ms: startup,
      watch_ms: watch,
      rebuffer_ms: rebuffer,
    };
  });
  const byId = new Map(sessions.map((s) => [`${s.customer_id}\u0000${s.session_id}`, s]));
  const errorColumns = new Set(ERROR_COLUMNS.map((c) => c.name));
  const errors = (rows.errors ?? []).map((row, i): ErrorRecord => {
    checkKeys('errors', i, row, errorColumns);
    const sessionId = row.session_id ?? null;
    const session =
      sessionId === null
        ? undefined
        : row.customer_id === undefined
          ? sessions.find((s) => s.session_id === sessionId)
          : byId.get(`${row.customer_id}\u0000${sessionId}`);
    return {
      ...row,
      customer_id: row.customer_id ?? session?.customer_id ?? SCENARIO_DEFAULTS.customer_id,
      ts: row.ts ?? session?.start_ts ?? from + STEP_SECONDS * i,
      session_id: sessionId,
      subscriber_id: row.subscriber_id !== undefined ? row.subscriber_id : (session?.subscriber_id ?? null),
      country: row.country ?? session?.country ?? SCENARIO_DEFAULTS.country,
      platform: row.platform ?? session?.platform ?? SCENARIO_DEFAULTS.platform,
      player: row.player ?? session?.player ?? SCENARIO_DEFAULTS.player,
      category: row.category ?? SCENARIO_DEFAULTS.category,
      key: row.key ?? SCENARIO_DEFAULTS.key,
    };
  });
  return { sessions, errors };
}

/**
 * A dataset of scenario rows: the left-out columns filled in (`scenarioRecords`), then the same
 * checks as loaded files; a bad value is a `DatasetLoadError` naming its row and column
 * (`sessions[2].watch_ms: …`).
 *
 * @example
 * ```ts
 * const db = await datasetFromRows({ sessions: [{ country: 'BR', startup_ms: 2000 }, { country: 'BR' }] });
 * ```
 */
export async function datasetFromRows(rows: ScenarioRows): Promise<Dataset> {
  return datasetFromRecords(scenarioRecords(rows));
}
