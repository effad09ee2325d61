// The playground's query form as a query: the form's fields become builder calls (the same
// builder users write), and the result is shown three ways: the canonical URL, the TypeScript
// `playq explain` prints, and the validation problems.

import {
  bucketCount,
  builderCode,
  DEFAULT_LIMITS,
  ENDPOINTS,
  type Endpoint,
  granularitySeconds,
  isGranularity,
  isTimeSeries,
  metricQuery,
  type QueryDiagnostic,
  type QueryNode,
  sessionList,
  sessionQuery,
  toURL,
  validate,
} from '@playq/query';

/** The endpoints the playground queries: every one, the session list included. */
export const FORM_ENDPOINTS = ENDPOINTS;
export type FormEndpoint = Endpoint;

export interface FormState {
  readonly baseUrl: string;
  readonly customerId: string;
  /** Default `metricquery`. */
  readonly endpoint?: FormEndpoint;
  /** How far back the period reaches, in hours (see {@link formPeriod} for where it ends). */
  readonly lastHours: number;
  readonly metrics: string;
  /** Dimensions separated by commas, `timestamp` for a time series, or '' for none. */
  readonly aggby: string;
  readonly granularity: 'auto' | 'minute' | '5minute' | '10minute' | 'hour' | 'day';
  readonly filter: string;
  readonly qoefilter: string;
  /** A requested metric or dimension, or '' for the service's default order. */
  readonly orderby?: string;
  readonly order?: 'asc' | 'desc';
  /** The page size; a time series asks for every bucket of its period instead. */
  readonly limit: number;
  /** Session endpoint: `1` (groups) or `2` (one record per error event). */
  readonly agg?: 1 | 2;
  /** Session endpoint: '' lets the client look the plan level up. */
  readonly planLevel?: string;
  /** Milliseconds since the epoch. */
  readonly now: number;
}

export interface FormQuery {
  readonly node: QueryNode;
  /** '' while the form has errors. */
  readonly url: string;
  /** '' while the form has errors. */
  readonly code: string;
  readonly problems: readonly QueryDiagnostic[];
}

const HOUR = 3600;
const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * The form's period. A time series ends at the end of its last whole bucket, as `playq --last`
 * does, so no bucket still filling is drawn; anything else ends at the end of the current hour
 * (at `now` itself when that is a whole hour, such as the end of the served data).
 *
 * @example
 * formPeriod({ lastHours: 24, aggby: 'country', granularity: 'auto', now: Date.UTC(2026, 0, 1, 10, 30) });
 * // { start: 1767178800, end: 1767265200 } (2025-12-31 11:00 to 2026-01-01 11:00 UTC)
 */
export function formPeriod(form: Pick<FormState, 'lastHours' | 'aggby' | 'granularity' | 'now'>): {
  start: number;
  end: number;
} {
  const now = Math.floor(form.now / 1000);
  const span = form.lastHours * HOUR;
  if (form.aggby.trim() === 'timestamp' && isGranularity(form.granularity)) {
    const bucket = granularitySeconds(form.granularity, { start: 0, end: span });
    const end = Math.floor(now / bucket) * bucket;
    return { start: end - span, end };
  }
  const end = Math.ceil(now / HOUR) * HOUR;
  return { start: end - span, end };
}

/**
 * The page size that holds every bucket of a time series over the period (at most the service's
 * largest page; the playground fetches any further pages).
 *
 * @example
 * seriesLimit({ start: 0, end: 7 * 86_400 }, 'hour'); // 168
 */
export function seriesLimit(
  period: { start: number; end: number },
  granularity: FormState['granularity'],
): number {
  return Math.min(Math.max(bucketCount(period.start, period.end, granularity), 1), DEFAULT_LIMITS.maxLimit);
}

// The builder's entry for the form's endpoint (names typed into a form are checked by validate()).
// biome-ignore lint/suspicious/noExplicitAny: the three entries' builders, driven by form text
function startOf(form: FormState): any {
  if (form.endpoint === 'listsessions') return sessionList(form.customerId);
  if (form.endpoint !== 'session') return metricQuery(form.customerId);
  const b = sessionQuery(form.customerId).agg(form.agg ?? 1);
  return (form.planLevel ?? '') === '' ? b : b.planLevel(form.planLevel ?? '');
}

/** The query a form describes, its canonical URL, its builder code and its problems. */
export function formQuery(form: FormState): FormQuery {
  const { start, end } = formPeriod(form);
  let b = startOf(form)
    .between(start, end)
    .metrics(...list(form.metrics));
  const aggby = list(form.aggby);
  const series = isTimeSeries({ aggby });
  if (series) b = b.timeseries(form.granularity);
  else if (aggby.length > 0) b = b.aggBy(...aggby);
  if (form.filter.trim() !== '') b = b.where(form.filter);
  if (form.qoefilter.trim() !== '') b = b.having(form.qoefilter);
  if ((form.orderby ?? '') !== '') b = b.orderBy(form.orderby, form.order ?? 'desc');
  b = b.limit(
    series && isGranularity(form.granularity) ? seriesLimit({ start, end }, form.granularity) : form.limit,
  );
  const node: QueryNode = b.toQuery();
  const problems = validate(node, { requirePlanLevel: false });
  const valid = !problems.some((p) => p.severity === 'error');
  return {
    node,
    url: valid ? toURL(node, { baseUrl: form.baseUrl }) : '',
    code: valid ? builderCode(node) : '',
    problems,
  };
}
