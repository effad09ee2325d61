// Planted effects in generated data: each effect's filter (playq's filter language), metric, factor
// and span checked, and the SQL that changes the matching sessions after they are drawn (their
// columns, or which of them are startup failures) or their error events after those are drawn.
// A non-matching row goes through untouched. Whatever changes is rounded by one rule: the running
// count (or sum) over a customer's matching rows, in storage order, stays within half a unit of
// factor times the original running count, so their total is too.
import { type Diagnostic, formatDiagnostic, parseFilter } from '@playq/grammar';
import { checkText, type QueryDiagnostic, type TimeInput, toEpochSeconds } from '@playq/query';
import { PLANTABLE_METRICS, type PlantPlan, plantPlan } from '../../data/effect-plan';
import { VALUE_RANGES } from '../../data/value-bounds';
import { DIMENSION_SQL } from '../../sql/dimension-sql';

/** An effect planted in generated data (docs/testing.md, "Planted effects"). */
export interface PlantedEffect {
  /** The sessions it changes, in playq's filter language: `'[cdn=akamai][country=BR]'`. */
  readonly where: string;
  /** A metric of the default catalogue over sessions that scaling columns scales (`PLANTABLE_METRICS`). */
  readonly metric: string;
  /** What the metric over the matching sessions is multiplied by: a number above 0, at most 1000. */
  readonly factor: number;
  /** Start of the span (inclusive): sessions that end at or after it (or, not ended, start). */
  readonly from?: TimeInput;
  /** End of the span (exclusive). */
  readonly to?: TimeInput;
}

/** @internal An effect checked: its conditions as dimension -> values, its plan and its span. */
export interface CheckedEffect {
  readonly clauses: readonly { readonly dimension: string; readonly values: readonly string[] }[];
  readonly plan: PlantPlan;
  readonly factor: number;
  readonly from?: number;
  readonly to?: number;
}

/** The largest factor an effect takes. */
export const MAX_EFFECT_FACTOR = 1000;

/** The first problem of a filter text, positioned as the library prints a diagnostic. */
function filterProblem(text: string): string | undefined {
  const problems = checkText('filter', text).filter((d) => d.severity === 'error');
  const first = problems[0];
  return first === undefined ? undefined : formatDiagnostic(text, asDiagnostic(first));
}

function asDiagnostic(d: QueryDiagnostic): Diagnostic {
  if (d.cause) return d.cause;
  return {
    code: d.code,
    message: d.message,
    severity: d.severity,
    offset: d.offset ?? 0,
    length: d.length ?? 0,
    line: d.line ?? 1,
    column: d.column ?? 1,
    ...(d.hint === undefined ? {} : { hint: d.hint }),
  } as Diagnostic;
}

/**
 * @internal The effects checked; `fail` throws with the part named (`effects[1].metric: …`).
 * Unknown metrics and those that cannot be planted are refused with the list of those that can.
 */
export function checkEffects(effects: unknown, fail: (what: string) => never): readonly CheckedEffect[] {
  if (effects === undefined) return [];
  if (!Array.isArray(effects)) fail('effects must be an array of { where, metric, factor, from?, to? }');
  return effects.map((e: unknown, i) => {
    const at = `effects[${i}]`;
    if (e === null || typeof e !== 'object' || Array.isArray(e))
      fail(`${at} must be an object { where, metric, factor, from?, to? }`);
    const effect = e as Record<string, unknown>;
    for (const key of Object.keys(effect))
      if (!['where', 'metric', 'factor', 'from', 'to'].includes(key))
        fail(`${at}.${key}: not a part of an effect (where, metric, factor, from, to)`);
    return checkEffect(effect, at, fail);
  });
}

function checkEffect(
  effect: Record<string, unknown>,
  at: string,
  fail: (what: string) => never,
): CheckedEffect {
  const { where, metric, factor } = effect;
  if (typeof where !== 'string') fail(`${at}.where must be a filter text such as '[country=BR]'`);
  const problem = filterProblem(where);
  if (problem !== undefined) fail(`${at}.where: ${problem}`);
  const parsed = parseFilter(where);
  if (!parsed.ok) fail(`${at}.where: invalid filter`);
  const clauses = parsed.value.clauses.map((c) => ({ dimension: c.dimension, values: c.values }));
  const errorOnly = clauses.find((c) => DIMENSION_SQL[c.dimension as keyof typeof DIMENSION_SQL]?.errorOnly);
  if (errorOnly)
    fail(`${at}.where: ${errorOnly.dimension} is a dimension of error events; an effect changes sessions`);
  const plan = typeof metric === 'string' ? plantPlan(metric) : undefined;
  if (plan === undefined)
    fail(
      `${at}.metric: ${JSON.stringify(metric)} cannot be planted; the metrics that can: ${PLANTABLE_METRICS.join(', ')}`,
    );
  if (typeof factor !== 'number' || !(factor > 0) || factor > MAX_EFFECT_FACTOR)
    fail(`${at}.factor must be a number above 0 and at most ${MAX_EFFECT_FACTOR}, got ${String(factor)}`);
  const time = (part: 'from' | 'to') => {
    const v = effect[part];
    if (v === undefined) return {};
    const r = toEpochSeconds(v as TimeInput);
    if (!r.ok) fail(`${at}.${part}: ${r.message}`);
    return { [part]: r.seconds };
  };
  const span = { ...time('from'), ...time('to') };
  if (span.from !== undefined && span.to !== undefined && span.to <= span.from)
    fail(`${at}: to (${span.to}) must come after from (${span.from})`);
  return Object.freeze({ clauses, plan, factor, ...span });
}

const text = (v: string) => `'${v.replaceAll("'", "''")}'`;
/** A factor as SQL: a double literal. */
const double = (f: number) => `${String(f)}::DOUBLE`;

/** The condition a coded session row (or an event row with its session's columns) meets when the effect applies to it. */
function matchSql(e: CheckedEffect): string {
  const conditions = e.clauses.map((c) => {
    const dim = DIMENSION_SQL[c.dimension as keyof typeof DIMENSION_SQL];
    return `${dim.column} IN (SELECT code FROM ${dim.dictionary} WHERE value IN (${c.values.map(text).join(', ')}))`;
  });
  const when = 'coalesce(end_ts, start_ts)';
  if (e.from !== undefined) conditions.push(`${when} >= ${e.from}`);
  if (e.to !== undefined) conditions.push(`${when} < ${e.to}`);
  return conditions.length === 0 ? 'true' : `coalesce(${conditions.join(' AND ')}, false)`;
}

/**
 * `floor(f × running + ½) − floor(f × (running − 1) + ½)`: how many units the row at `running` (its
 * 1-based position among the rows counted) takes when they become f times as many, so that every
 * running total stays within half a unit of f times the original one.
 */
const share = (f: string, running: string) =>
  `(floor(${f} * ${running} + 0.5) - floor(${f} * (${running} - 1) + 0.5))`;

/** The running count, in storage order, of a customer's rows meeting `condition`. */
const runningCount = (condition: string) =>
  `count(*) FILTER (WHERE ${condition}) OVER (PARTITION BY cust ORDER BY i ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;

/**
 * @internal Rows `rel` (the generator's coded sessions, with their row number `i`) with every
 * effect on sessions (their columns or their startup failures) applied in turn, each on the
 * previous one's rows.
 */
export function plantedSql(rel: string, effects: readonly CheckedEffect[]): string {
  const planted = effects.reduce(
    (from, e) =>
      e.plan.changes === 'columns'
        ? plantColumns(from, e, e.plan)
        : e.plan.changes === 'failures'
          ? plantFailures(from, e)
          : from,
    rel,
  );
  // A window per customer hands rows out by customer: back to storage order.
  return planted === rel ? rel : `(SELECT * FROM ${planted} p ORDER BY i)`;
}

/**
 * @internal Coded error events `rel` (each with its session's columns) with every effect on
 * events applied in turn: each event of a matching session repeated or dropped.
 */
export function plantedEventsSql(rel: string, effects: readonly CheckedEffect[]): string {
  return effects.reduce((from, e) => (e.plan.changes === 'events' ? plantEvents(from, e) : from), rel);
}

/** The order events are counted in: every column an event's row is told apart by. */
const EVENT_ORDER = 'cust, ts, session_id, category, "key", fatal, business';

/**
 * Each matching event repeated `share` times. Events are counted within their kind (fatal or not,
 * business or not), so that every count of events the catalogue has (all, the fatal ones, those
 * not of business) moves by the factor within a unit per kind.
 */
function plantEvents(rel: string, e: CheckedEffect): string {
  const running = `count(*) FILTER (WHERE planted) OVER (PARTITION BY cust, fatal, business ORDER BY ${EVENT_ORDER}
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;
  const copies = `CASE WHEN planted THEN ${share(double(e.factor), 'running')} ELSE 1 END`;
  return `(SELECT * EXCLUDE (planted, running, copy)
    FROM (SELECT *, unnest(range((${copies})::BIGINT)) AS copy
      FROM (SELECT *, ${running} AS running FROM (SELECT *, ${matchSql(e)} AS planted FROM ${rel} r0) r1) r2) r3)`;
}

/** A session that may become a startup failure: a play that has ended (normally or not). */
const CAN_FAIL = `startup_ms IS NOT NULL AND status IN ('ENDED', 'DROPPED')`;
/** A startup failure: no startup time, not refused for business reasons (`totalstartupfailure`). */
const FAILURE = 'startup_ms IS NULL AND NOT coalesce(business_failure, false)';
/** A failure that may become a play: a start that failed (not one still pending or never made). */
const CAN_PLAY = `${FAILURE} AND status = 'DROPPED'`;

/**
 * Startup failures among the matching sessions made factor times as many: for a factor above 1,
 * that many more of their ended plays (spread over them in storage order) become failures (no
 * startup time, nothing played, dropped; their end unchanged); below 1, that many of their failed
 * starts become plays of a startup time of 1–2 s that played nothing. Their attempts stay.
 */
function plantFailures(rel: string, e: CheckedEffect): string {
  const f = double(e.factor);
  const total = (condition: string) =>
    `count(*) FILTER (WHERE planted AND ${condition}) OVER (PARTITION BY cust)`;
  // The fraction of the candidates that change: extra failures over the plays that can fail, or
  // failures to remove over the failures that can play.
  const fraction = (gain: string, pool: string) =>
    `CASE WHEN ${pool} = 0 THEN 0 ELSE least(1, greatest(0, ${gain}) / ${pool}) END`;
  const toFail = `planted AND ${CAN_FAIL} AND ${share(fraction(`(${f} - 1) * failures`, 'can_fail'), 'running_fail')} > 0`;
  const toPlay = `planted AND ${CAN_PLAY} AND ${share(fraction(`(1 - ${f}) * failures`, 'can_play'), 'running_play')} > 0`;
  const zeroed = ['watch_ms', 'rebuffer_ms', 'rebuffer_count', 'cdn_changes', 'bytes_downloaded'].map(
    (c) => `CASE WHEN to_fail THEN 0 ELSE ${c} END AS ${c}`,
  );
  const helpers = [
    'planted',
    'failures',
    'can_fail',
    'can_play',
    'running_fail',
    'running_play',
    'to_fail',
    'to_play',
  ];
  return `(SELECT * EXCLUDE (${helpers.join(', ')}) REPLACE (
      CASE WHEN to_fail THEN NULL WHEN to_play THEN 1000 + i % 1000 ELSE startup_ms END AS startup_ms,
      ${zeroed.join(', ')},
      CASE WHEN to_fail THEN 'DROPPED' ELSE status END AS status)
    FROM (SELECT *, ${toFail} AS to_fail, ${toPlay} AS to_play
      FROM (SELECT *, ${total(FAILURE)} AS failures, ${total(CAN_FAIL)} AS can_fail, ${total(CAN_PLAY)} AS can_play,
          ${runningCount(`planted AND ${CAN_FAIL}`)} AS running_fail,
          ${runningCount(`planted AND ${CAN_PLAY}`)} AS running_play
        FROM (SELECT *, ${matchSql(e)} AS planted FROM ${rel} r0) r1) r2) r3)`;
}

function plantColumns(rel: string, e: CheckedEffect, plan: PlantPlan & { changes: 'columns' }): string {
  const f = double(e.factor);
  const running = plan.scaled.map(
    (c) =>
      `sum(CASE WHEN planted THEN ${c} END) OVER (PARTITION BY cust ORDER BY i ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "running_${c}"`,
  );
  // DuckDB's least() skips nulls: a null (a session that never played) is kept as it is.
  const rounded = (c: string) =>
    `CASE WHEN ${c} IS NULL THEN NULL ELSE least(${VALUE_RANGES[c]?.max ?? 0}, (floor(${f} * "running_${c}" + 0.5) - floor(${f} * ("running_${c}" - ${c}) + 0.5))::BIGINT) END`;
  const balance = plan.balance;
  const replaced = plan.scaled.map((c) => {
    // With a balancing column, the scaled one takes at most their sum.
    const value = balance === undefined ? rounded(c) : `least(${rounded(c)}, ${c} + ${balance})`;
    return `CASE WHEN planted THEN ${value} ELSE ${c} END AS ${c}`;
  });
  if (balance !== undefined) {
    const c = plan.scaled[0]!;
    replaced.push(
      `CASE WHEN planted THEN ${balance} + ${c} - least(${rounded(c)}, ${c} + ${balance}) ELSE ${balance} END AS ${balance}`,
    );
  }
  const helpers = ['planted', ...plan.scaled.map((c) => `"running_${c}"`)];
  return `(SELECT * EXCLUDE (${helpers.join(', ')}) REPLACE (${replaced.join(', ')})
    FROM (SELECT *, ${running.join(', ')} FROM (SELECT *, ${matchSql(e)} AS planted FROM ${rel} r0) r1) r2)`;
}
