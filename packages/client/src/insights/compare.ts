// `client.compare`: a query's records beside the same query over another period (the previous one
// of the same length, or one given), each with the absolute and relative change of every metric.
// Records are matched by their dimension values (a time series: by the bucket's offset in its
// period); a record present on one side only is kept, its missing side all zeros, and marked.
import { type AnyCatalogue, type QueryNode, resolveGranularity, TIMESTAMP, validate } from '@playq/query';
import { PlayqValidationError } from '../errors/client-errors';
import type { PlayqRecord } from '../query/query-input';
import { runBounded } from './request-pool';

/** A period of epoch seconds, `[start, end)`. */
export interface PeriodBounds {
  readonly start: number;
  readonly end: number;
}

export interface CompareOptions {
  /** `'previous'`: the period of the same length just before; or a period of its own. */
  readonly with: 'previous' | PeriodBounds;
  readonly signal?: AbortSignal;
  /** Overrides the client's `deadlineMs` for each page. */
  readonly deadlineMs?: number;
  /** Pages fetched at once, both sides together. Default 4. */
  readonly concurrency?: number;
}

/** Where a compared record was found. */
export type Presence = 'both' | 'current' | 'other';

/** The metric names of a record type (its number fields but `timestamp`; any name for a loose record). */
export type MetricKeyOf<R> = string extends keyof R
  ? string
  : Exclude<{ [K in keyof R]: R[K] extends number ? K : never }[keyof R], 'timestamp'> & string;

export interface ComparedRecord<R = PlayqRecord> {
  /** The record of the query's period (all metrics 0 when only the other period has it). */
  readonly current: R;
  /** The same group in the other period (all metrics 0 when only the query's period has it). */
  readonly other: R;
  /** Per metric, current − other. */
  readonly change: { readonly [K in MetricKeyOf<R>]: number };
  /** Per metric, (current − other) / |other|; 0 when both are 0, `null` when only other is 0. */
  readonly relativeChange: { readonly [K in MetricKeyOf<R>]: number | null };
  readonly presentIn: Presence;
}

export interface Comparison<R = PlayqRecord> {
  readonly period: PeriodBounds;
  readonly otherPeriod: PeriodBounds;
  /** The query's records in its order, then those of the other period only, in theirs. */
  readonly records: readonly ComparedRecord<R>[];
  /** Pages fetched, both sides (retries aside). */
  readonly requests: number;
}

/** What compare needs of the client. @internal */
export interface CompareContext {
  readonly catalogue: AnyCatalogue;
  /** Every page of a query, validated and sent through the client's executor. */
  readonly pages: (
    node: QueryNode,
    options: { readonly signal: AbortSignal; readonly deadlineMs: number | undefined },
  ) => AsyncIterable<{ readonly records: readonly PlayqRecord[] }>;
}

/** @internal */
export async function compare(
  node: QueryNode,
  options: CompareOptions,
  context: CompareContext,
): Promise<Comparison> {
  const errors = validate(node, { catalogue: context.catalogue }).filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new PlayqValidationError(errors);
  if (node.endpoint !== 'metricquery') {
    throw new PlayqValidationError([
      {
        code: 'unsupported_on_endpoint',
        param: 'path',
        message: `compare takes a metricquery, not a ${node.endpoint} query`,
        severity: 'error',
      },
    ]);
  }
  const period = node.period as PeriodBounds;
  const otherPeriod = resolveOther(options?.with, period);
  const concurrency = options.concurrency ?? 4;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
    throw new TypeError(
      `@playq/client: compare: concurrency must be an integer >= 1, got ${String(concurrency)}`,
    );
  }
  const series = node.aggby.includes(TIMESTAMP);
  // Both sides in the buckets of the query's period, so that bucket offsets line up.
  const granularity = series ? resolveGranularity(node.granularity ?? 'auto', period) : undefined;
  const current: QueryNode = granularity === undefined ? node : { ...node, granularity };
  const other: QueryNode = { ...current, period: { type: 'period', ...otherPeriod } };
  let requests = 0;
  const collect = (q: QueryNode) => async (signal: AbortSignal) => {
    const out: PlayqRecord[] = [];
    for await (const page of context.pages(q, { signal, deadlineMs: options.deadlineMs })) {
      requests++;
      out.push(...page.records);
    }
    return out;
  };
  const [mine, theirs] = await runBounded(
    [collect(current), collect(other)],
    Math.min(2, concurrency),
    options.signal,
  );
  return {
    period: { start: period.start, end: period.end },
    otherPeriod,
    records: joinPeriods(mine!, theirs!, { metrics: node.metrics, aggby: node.aggby, period, otherPeriod }),
    requests,
  };
}

function resolveOther(given: CompareOptions['with'] | undefined, period: PeriodBounds): PeriodBounds {
  if (given === 'previous') return { start: 2 * period.start - period.end, end: period.start };
  if (
    typeof given === 'object' &&
    given !== null &&
    Number.isSafeInteger(given.start) &&
    Number.isSafeInteger(given.end) &&
    given.start < given.end
  ) {
    return { start: given.start, end: given.end };
  }
  throw new TypeError(
    `@playq/client: compare: with must be 'previous' or a period { start, end } of epoch seconds with start < end, got ${JSON.stringify(given)}`,
  );
}

/**
 * The records of two periods side by side, matched by dimension values (a time series: by offset
 * from the period's start). @internal
 */
export function joinPeriods(
  current: readonly PlayqRecord[],
  other: readonly PlayqRecord[],
  shape: {
    readonly metrics: readonly string[];
    readonly aggby: readonly string[];
    readonly period: PeriodBounds;
    readonly otherPeriod: PeriodBounds;
  },
): ComparedRecord[] {
  const key = (r: PlayqRecord, start: number) =>
    JSON.stringify(shape.aggby.map((d) => (d === TIMESTAMP ? Number(r[d]) - start : r[d])));
  const others = new Map<string, PlayqRecord>();
  for (const r of other) others.set(key(r, shape.otherPeriod.start), r);
  const seen = new Set<string>();
  const shift = shape.otherPeriod.start - shape.period.start;
  const zeros = (r: PlayqRecord, by: number): PlayqRecord => {
    const out: Record<string, string | number> = {};
    for (const d of shape.aggby) out[d] = d === TIMESTAMP ? Number(r[d]) + by : r[d]!;
    for (const m of shape.metrics) out[m] = 0;
    return out;
  };
  const out: ComparedRecord[] = [];
  for (const r of current) {
    const k = key(r, shape.period.start);
    const match = others.get(k);
    if (match !== undefined) seen.add(k);
    out.push(pair(r, match ?? zeros(r, shift), match === undefined ? 'current' : 'both', shape.metrics));
  }
  for (const r of other) {
    if (!seen.has(key(r, shape.otherPeriod.start)))
      out.push(pair(zeros(r, -shift), r, 'other', shape.metrics));
  }
  return out;
}

function pair(
  current: PlayqRecord,
  other: PlayqRecord,
  presentIn: Presence,
  metrics: readonly string[],
): ComparedRecord {
  const change: Record<string, number> = {};
  const relativeChange: Record<string, number | null> = {};
  for (const m of metrics) {
    const a = Number(current[m] ?? 0);
    const b = Number(other[m] ?? 0);
    change[m] = a - b;
    relativeChange[m] = b === 0 ? (a === 0 ? 0 : null) : (a - b) / Math.abs(b);
  }
  return { current, other, change, relativeChange, presentIn };
}
