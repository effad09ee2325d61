// Terse scenario rows for the test service: `session({ country: 'BR', startup_ms: 2000 })` and
// `errorEvent({ session_id: 's1' })`, times as ISO text, a Date or epoch seconds. Every column left
// out takes the service's default (docs/testing.md, "Scenarios"); the service checks the values.
import type { ErrorRow, SessionRow } from '@playq/server';

/** A time: ISO 8601 text (`'2025-12-02T10:00:00Z'`), a `Date`, or epoch seconds. Whole seconds only. */
export type ScenarioTime = string | number | Date;

/** A session row with its times as `ScenarioTime`. */
export type SessionFields = Omit<SessionRow, 'start_ts' | 'end_ts'> & {
  readonly start_ts?: ScenarioTime;
  /** `null` for a session without an end (status `RUNNING` or `LOADED`). */
  readonly end_ts?: ScenarioTime | null;
};

/** An error event row with its time as `ScenarioTime`. */
export type ErrorFields = Omit<ErrorRow, 'ts'> & { readonly ts?: ScenarioTime };

/**
 * Epoch seconds of a time given as ISO text, a `Date` or epoch seconds (a number is kept as it
 * is, for the service to check). Text that is not a time, or a time between whole seconds, is a
 * TypeError naming the field.
 */
export function epochSeconds(time: ScenarioTime, what = 'time'): number {
  if (typeof time === 'number') return time;
  const ms = time instanceof Date ? time.getTime() : typeof time === 'string' ? Date.parse(time) : Number.NaN;
  if (!Number.isFinite(ms) || (typeof time === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(time))) {
    throw new TypeError(
      `@playq/testing: ${what} must be ISO 8601 text, a Date or epoch seconds, got ${JSON.stringify(time)}`,
    );
  }
  if (ms % 1000 !== 0) {
    throw new TypeError(`@playq/testing: ${what} must be a whole second, got ${JSON.stringify(time)}`);
  }
  return ms / 1000;
}

/**
 * A session row of a scenario: the fields given (columns of the data files), times converted to
 * epoch seconds; the service fills in the rest.
 *
 * @example
 * const rows = { sessions: [session({ country: 'BR', startup_ms: 2000, start_ts: '2025-12-02T10:00:00Z' })] };
 */
export function session(fields: SessionFields = {}): SessionRow {
  const { start_ts, end_ts, ...rest } = fields;
  return {
    ...rest,
    ...(start_ts === undefined ? {} : { start_ts: epochSeconds(start_ts, 'session start_ts') }),
    ...(end_ts === undefined
      ? {}
      : { end_ts: end_ts === null ? null : epochSeconds(end_ts, 'session end_ts') }),
  };
}

/**
 * An error event row of a scenario: the fields given, `ts` converted to epoch seconds; the service
 * fills in the rest (from the session `session_id` names, when it is one of the scenario's).
 *
 * @example
 * const rows = { sessions: [session()], errors: [errorEvent({ session_id: 's1', fatal: true })] };
 */
export function errorEvent(fields: ErrorFields = {}): ErrorRow {
  const { ts, ...rest } = fields;
  return { ...rest, ...(ts === undefined ? {} : { ts: epochSeconds(ts, 'errorEvent ts') }) };
}
