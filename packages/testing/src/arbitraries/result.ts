// Arbitraries of what the service answers for a given query: records holding exactly the fields
// the query asked for (a session list's in its order), and envelopes whose counts agree with
// `limit` and `offset`. Built from the query, so `fc.property(queryNode(), q => ...)` chains into
// realistic answers that shrink well.
import {
  granularitySeconds,
  isListEndpoint,
  isMetric,
  isPerEventQuery,
  isTimeSeries,
  listFieldType,
  METRICS,
  pageCount,
  type QueryNode,
  type ResultEnvelope as WireEnvelope,
} from '@playq/query';
import { queryNode } from '@playq/query/arbitraries';
import * as fc from 'fast-check';

/** A result record: metrics are numbers, dimensions (and session string fields) strings. */
export type ResultRecord = Readonly<Record<string, number | string>>;

/** The result envelope of spec 2.1 (owned by `@playq/query`) with generated records. */
export type ResultEnvelope = WireEnvelope<ResultRecord>;

export interface RecordConstraints {
  /** Upper bound of count metrics (viewercount, users, errors). Default 1,000,000. */
  readonly maxCount?: number;
}

export interface EnvelopeConstraints extends RecordConstraints {
  /** Most records on the generated page, whatever `limit` says. Default 20. */
  readonly maxRecords?: number;
  /** How many records beyond the page the full result may hold. Default 10,000. */
  readonly maxExtraRecords?: number;
  /** Fewest records on the page, where the query allows any (a totals query past offset 0 has none). Default 0. */
  readonly minRecords?: number;
}

const SAMPLE_VALUES: Readonly<Record<string, readonly string[]>> = {
  country: ['US', 'GB', 'DE', 'FR', 'BR', 'IN', 'JP', 'United States'],
  platform: ['ios', 'android', 'web', 'tv'],
  player: ['shaka 4.7', 'exo 2.19', 'avplayer 17', 'hls.js 1.5'],
  category: ['network', 'decode', 'drm', 'manifest'],
  key: ['timeout', 'http_404', 'license_denied', 'codec_unsupported'],
};

function dimensionValue(name: string): fc.Arbitrary<string> {
  const samples = SAMPLE_VALUES[name];
  const free = fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme-ascii' });
  return samples
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...samples) }, { weight: 1, arbitrary: free })
    : free;
}

const nonNegative = (max: number) =>
  fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true }).map((v) => v + 0);

function metricValue(name: string, constraints: RecordConstraints): fc.Arbitrary<number> {
  const maxCount = constraints.maxCount ?? 1_000_000;
  switch (isMetric(name) ? METRICS[name].unit : undefined) {
    case 'count':
      return fc.nat({ max: maxCount });
    case 'seconds':
      return nonNegative(120);
    case 'percent':
    case 'score':
      return nonNegative(100);
    default:
      return nonNegative(maxCount);
  }
}

function periodOf(query: QueryNode) {
  const period = query.period;
  if (period?.type !== 'period') {
    throw new TypeError(
      '@playq/testing: arbitraries need a valid query; its period is missing or did not parse',
    );
  }
  return period;
}

/** Epoch-second fields of a session list; the other number fields are metrics or durations. */
const EPOCH_FIELDS: ReadonlySet<string> = new Set(['starttime', 'endtime']);

/** A session list's field: its session's own metric value, an epoch second, a duration, a string. */
function listFieldValue(
  query: QueryNode,
  name: string,
  constraints: RecordConstraints,
): fc.Arbitrary<number | string> {
  if (listFieldType(name) === 'string') {
    return name === 'sessionid' ? fc.uuid() : fc.oneof(fc.constant(''), dimensionValue(name));
  }
  if (isMetric(name)) return metricValue(name, constraints);
  if (!EPOCH_FIELDS.has(name)) return nonNegative(86_400);
  const { start, end } = periodOf(query);
  return fc.integer({ min: start, max: Math.max(start, end - 1) });
}

/** The fields a record of this query carries besides `totalpages`, with their generators. */
function fieldArbitraries(
  query: QueryNode,
  constraints: RecordConstraints,
): Record<string, fc.Arbitrary<number | string>> {
  const fields: Record<string, fc.Arbitrary<number | string>> = {};
  if (isListEndpoint(query.endpoint)) {
    for (const name of query.metrics) fields[name] = listFieldValue(query, name, constraints);
    return fields;
  }
  for (const name of query.metrics)
    fields[name] = isMetric(name) ? metricValue(name, constraints) : dimensionValue(name);
  if (isTimeSeries(query)) {
    const { start, end } = periodOf(query);
    const g = granularitySeconds(query.granularity ?? 'auto', { start, end });
    const first = Math.floor(start / g);
    const last = Math.floor((end - 1) / g);
    fields.timestamp = fc.integer({ min: first, max: last }).map((bucket) => bucket * g);
  } else if (!(query.endpoint === 'session' && query.agg === 2)) {
    for (const name of query.aggby) fields[name] = dimensionValue(name);
  }
  return fields;
}

/**
 * One result record for a query: the requested metrics as numbers of the right kind, the `aggby`
 * dimensions (or the `timestamp` bucket of a time series) and, on the session endpoint,
 * `totalpages`. A session list's record holds its requested fields in order, typed by the
 * catalogue (`listFieldType`).
 *
 * @example
 * fc.assert(fc.property(metricQueryNode().chain((q) => record(q).map((r) => [q, r] as const)), ([q, r]) => {
 *   for (const m of q.metrics) expect(typeof r[m]).toBe('number');
 * }));
 */
export function record(query: QueryNode, constraints: RecordConstraints = {}): fc.Arbitrary<ResultRecord> {
  const fields = fieldArbitraries(query, constraints);
  if (query.endpoint === 'session') fields.totalpages = fc.nat({ max: 10_000 });
  return fc.record(fields);
}

/** The field records are sorted by, its direction, and the fields that break ties, in turn. */
function orderOf(query: QueryNode): { by?: string; desc: boolean; ties: readonly string[] } {
  if (isListEndpoint(query.endpoint)) {
    // A session list: the first requested field unless told, descending unless told, ties by sessionid.
    const by = query.orderby ?? query.metrics[0];
    return {
      ...(by === undefined ? {} : { by }),
      desc: (query.order ?? 'desc') === 'desc',
      ties: ['sessionid'],
    };
  }
  const series = isTimeSeries(query);
  const by = query.orderby ?? (series ? 'timestamp' : query.metrics.find((m) => isMetric(m)));
  const desc = (query.order ?? (by !== undefined && isMetric(by) ? 'desc' : 'asc')) === 'desc';
  return { ...(by === undefined ? {} : { by }), desc, ties: series ? ['timestamp'] : query.aggby };
}

/** The record order the reference service uses, so generated pages look like real ones. */
function sortRecords(query: QueryNode, records: Record<string, number | string>[]): void {
  const { by, desc, ties } = orderOf(query);
  if (!by) return;
  const compare = (a: number | string | undefined, b: number | string | undefined) =>
    a === b ? 0 : a === undefined ? -1 : b === undefined ? 1 : a < b ? -1 : 1;
  records.sort((a, b) => {
    const primary = compare(a[by], b[by]);
    if (primary !== 0) return desc ? -primary : primary;
    for (const t of ties) {
      const c = compare(a[t], b[t]);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/** A session list's records differ in `sessionid` when it is requested. */
const listKeys = (query: QueryNode): string[] => (query.metrics.includes('sessionid') ? ['sessionid'] : []);

/**
 * A result envelope for a query: the page that `limit` and `offset` select from a full result of
 * some size, with `totalcount`, `pagecount` and (on the session endpoint) `totalpages` agreeing.
 *
 * @example
 * fc.assert(fc.property(queryNode().chain((q) => envelope(q).map((e) => [q, e] as const)), ([q, e]) => {
 *   expect(e.totalcount).toBe(e.response.length);
 *   expect(e.response.length).toBeLessThanOrEqual(q.limit);
 * }));
 */
export function envelope(
  query: QueryNode,
  constraints: EnvelopeConstraints = {},
): fc.Arbitrary<ResultEnvelope> {
  const fields = fieldArbitraries(query, constraints);
  const maxOnPage = Math.min(query.limit, constraints.maxRecords ?? 20);
  const maxExtra = constraints.maxExtraRecords ?? 10_000;
  const series = isTimeSeries(query);
  const list = isListEndpoint(query.endpoint);
  // One record per group (time bucket, dimension values), per error event, or per listed session.
  const groupKeys = series
    ? ['timestamp']
    : isPerEventQuery(query)
      ? []
      : list
        ? listKeys(query)
        : [...query.aggby];
  const recordArb = fc.record(fields);
  // A query without grouping has one result record at most (the totals), at offset 0.
  const single = groupKeys.length === 0 && !isPerEventQuery(query) && !list;
  const minRecords = Math.min(constraints.minRecords ?? 0, single ? (query.offset === 0 ? 1 : 0) : maxOnPage);
  const pageArb = single
    ? fc.array(recordArb, {
        minLength: minRecords,
        maxLength: query.offset === 0 ? Math.min(1, maxOnPage) : 0,
      })
    : groupKeys.length === 0
      ? // One record per error event or per session without its id: records need not differ.
        fc.array(recordArb, { minLength: minRecords, maxLength: maxOnPage })
      : fc.uniqueArray(recordArb, {
          minLength: minRecords,
          maxLength: maxOnPage,
          selector: (r) => groupKeys.map((k) => String(r[k])).join('\u0000'),
        });
  return fc.tuple(pageArb, fc.nat({ max: maxExtra })).map(([page, extra]) => {
    const records = page.map((r) => ({ ...r }));
    sortRecords(query, records);
    const onPage = records.length;
    // A full page may be followed by more records; a partial page is the last; an empty page
    // lies at or past the end.
    let totalrecords: number;
    if (single) totalrecords = onPage === 1 ? 1 : Math.min(extra, 1, query.offset);
    else if (onPage === 0) totalrecords = Math.min(query.offset, extra);
    else if (onPage === query.limit) totalrecords = query.offset + onPage + extra;
    else totalrecords = query.offset + onPage;
    const pagecount = pageCount(totalrecords, query.limit);
    const response =
      query.endpoint === 'session' ? records.map((r) => ({ ...r, totalpages: pagecount })) : records;
    return { totalcount: onPage, pagecount, totalrecords, response };
  });
}

/**
 * A valid query together with an answer to it: the pair most tests of answer-handling code want.
 *
 * @example
 * fc.assert(fc.property(queryWithEnvelope(), ({ query, envelope }) => {
 *   expect(myTable(query, envelope).rows).toHaveLength(envelope.totalcount);
 * }));
 */
export function queryWithEnvelope(
  constraints: EnvelopeConstraints & { readonly query?: fc.Arbitrary<QueryNode> } = {},
): fc.Arbitrary<{ readonly query: QueryNode; readonly envelope: ResultEnvelope }> {
  const queries = constraints.query ?? queryNode();
  return queries.chain((query) => envelope(query, constraints).map((env) => ({ query, envelope: env })));
}
