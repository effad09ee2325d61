// `client.insights`: which dimension values drag a metric down. It asks the overall value and one
// breakdown per candidate dimension (one page each, a few at a time), ranks the values by negative
// impact (impact.ts) and gives each cause the session list behind it (@playq/query's drillDown).
import {
  type AnyCatalogue,
  type DimensionInfo,
  drillDown,
  isAdditiveMetric,
  isDimension,
  isMetric,
  type MetricInfo,
  metricDirection,
  type QueryDiagnostic,
  type QueryNode,
  toURL,
  validate,
} from '@playq/query';
import { PlayqValidationError } from '../errors/client-errors';
import type { PlayqRecord } from '../query/query-input';
import type { Page } from '../response/envelope';
import { type BreakdownValue, type OverallValue, type RankedValue, rankValues } from './impact';
import { breakdownLimit, breakdownQuery, overallQuery, POPULATION } from './population-queries';
import { runBounded } from './request-pool';

export interface InsightsOptions {
  readonly signal?: AbortSignal;
  /** Overrides the client's `deadlineMs` for each request. */
  readonly deadlineMs?: number;
  /**
   * The candidate dimensions, in the order ties are broken. Default: every dimension of the
   * catalogue that combines with the metric, except identifiers (`subscriberid`, `assetid`) and
   * those the filter pins to one value.
   */
  readonly dimensions?: readonly string[];
  /** Values with fewer attempts are left out. Default 30. */
  readonly minAttempts?: number;
  /** Values with a smaller share of the attempts (0..1) are left out. Default 0.005 (0.5%). */
  readonly minShare?: number;
  /** The most causes returned. Default 10. */
  readonly maxCauses?: number;
  /** The most requests the call may send (1 + the candidate dimensions); more is refused before sending. Default 16. */
  readonly maxRequests?: number;
  /** Requests in flight at once. Default 4. */
  readonly concurrency?: number;
  /**
   * Whether the top cause is refined: its population broken down by the other candidates (D − 1
   * more requests), its worst parts in `causes[0].within`. Default `true`.
   */
  readonly refine?: boolean;
}

/** One dimension value that drags the metric down, and the way to its sessions. */
export interface InsightCause extends RankedValue {
  /** The session list of exactly the sessions behind the value (`client.pages(cause.drillDown)`). */
  readonly drillDown: QueryNode;
  /** The session list's URL. */
  readonly url: string;
  /**
   * The top cause only, when refined: the values of the other candidates that drag it down,
   * shares and impacts measured within its population and against its value.
   */
  readonly within?: readonly InsightCause[];
}

export interface Insights {
  readonly metric: string;
  readonly better: 'lower' | 'higher';
  /** `value`: the metric itself is compared; `per attempt`: a count or sum, compared per attempt. */
  readonly basis: 'value' | 'per attempt';
  readonly overall: OverallValue;
  /** Highest impact first, at most `maxCauses`. */
  readonly causes: readonly InsightCause[];
  /** The candidate dimensions broken down. */
  readonly dimensions: readonly string[];
  readonly minAttempts: number;
  readonly minShare: number;
  /** Requests sent (retries aside): 1 + D, and D − 1 more when the top cause is refined. */
  readonly requests: number;
}

/** What insights need of the client. @internal */
export interface InsightsContext {
  readonly catalogue: AnyCatalogue;
  readonly baseUrl: string;
  /** One page of a query, validated and sent through the client's executor. */
  readonly run: (
    node: QueryNode,
    options: { readonly signal: AbortSignal; readonly deadlineMs: number | undefined },
  ) => Promise<Page<PlayqRecord>>;
}

const DEFAULTS = {
  minAttempts: 30,
  minShare: 0.005,
  maxCauses: 10,
  maxRequests: 16,
  concurrency: 4,
  refine: true,
};

/** @internal */
export async function insights(
  node: QueryNode,
  options: InsightsOptions,
  context: InsightsContext,
): Promise<Insights> {
  const settings = checkOptions(options);
  const { catalogue } = context;
  const metric = checkQuery(node, catalogue);
  const better = metricDirection(metric, catalogue)!;
  const dimensions = options.dimensions ?? defaultCandidates(node, metric, catalogue);
  checkDimensions(dimensions, metric, catalogue);
  // The most the call sends: the overall value, a breakdown per candidate, and the refinement.
  const most = 1 + dimensions.length + (settings.refine ? Math.max(0, dimensions.length - 1) : 0);
  if (most > settings.maxRequests) {
    throw new RangeError(
      `@playq/client: insights may send ${most} requests (the overall value, ${dimensions.length} breakdowns${settings.refine ? ` and ${dimensions.length - 1} to refine the top cause` : ''}), more than maxRequests (${settings.maxRequests}); name fewer dimensions, set refine: false or raise maxRequests`,
    );
  }
  const limit = breakdownLimit(settings.minShare);
  const ranking = {
    metric,
    better,
    perAttempt: isAdditiveMetric(metric, catalogue),
    minAttempts: settings.minAttempts,
    minShare: settings.minShare,
    limit,
    maxCauses: settings.maxCauses,
  };
  const send = (q: QueryNode) => (signal: AbortSignal) =>
    context.run(q, { signal, deadlineMs: options.deadlineMs });
  const [total, ...pages] = await runBounded(
    [
      send(overallQuery(node, [metric, POPULATION])),
      ...dimensions.map((d) => send(breakdownQuery(node, metric, d, limit))),
    ],
    settings.concurrency,
    options.signal,
  );
  const overall = {
    value: numberOf(total!.records[0], metric),
    attempts: numberOf(total!.records[0], POPULATION),
  };
  const level = { node, dimensions, pages: pages.map((p) => p.records) };
  const causes = causesOf(level, overall, ranking, context);
  const refined = settings.refine
    ? await refineTop(causes, level, ranking, send, settings.concurrency, options.signal, context)
    : 0;
  const requests = 1 + dimensions.length + refined;
  return {
    metric,
    better,
    basis: ranking.perAttempt ? 'per attempt' : 'value',
    overall,
    causes,
    dimensions: [...dimensions],
    minAttempts: settings.minAttempts,
    minShare: settings.minShare,
    requests,
  };
}

type Ranking = Parameters<typeof causesOf>[2];
type Send = (q: QueryNode) => (signal: AbortSignal) => Promise<Page<PlayqRecord>>;

/**
 * The top cause refined, in place: its own population broken down by the other candidates and
 * ranked against its value, so a cause that lives in a combination (one CDN in one country) shows.
 * Returns the requests it sent.
 */
async function refineTop(
  causes: InsightCause[],
  level: Level,
  ranking: Ranking,
  send: Send,
  concurrency: number,
  signal: AbortSignal | undefined,
  context: InsightsContext,
): Promise<number> {
  const top = causes[0];
  const rest = level.dimensions.filter((d) => d !== top?.dimension);
  if (top === undefined || rest.length === 0) return 0;
  const within = withValue(level.node, top.dimension, top.value);
  const pages = await runBounded(
    rest.map((d) => send(breakdownQuery(within, ranking.metric, d, ranking.limit))),
    concurrency,
    signal,
  );
  const parts = { node: within, dimensions: rest, pages: pages.map((p) => p.records) };
  causes[0] = {
    ...top,
    within: causesOf(parts, { value: top.metricValue, attempts: top.attempts }, ranking, context),
  };
  return rest.length;
}

interface Level {
  readonly node: QueryNode;
  readonly dimensions: readonly string[];
  /** The records of the breakdown by each dimension, in order. */
  readonly pages: readonly (readonly PlayqRecord[])[];
}

/** The ranked causes of one level (the query's population, or a cause's), with their drill-downs. */
function causesOf(
  level: Level,
  overall: OverallValue,
  rank: {
    readonly metric: string;
    readonly better: 'lower' | 'higher';
    readonly perAttempt: boolean;
    readonly minAttempts: number;
    readonly minShare: number;
    readonly limit: number;
    readonly maxCauses: number;
  },
  context: InsightsContext,
): InsightCause[] {
  const { metric } = rank;
  const { catalogue } = context;
  const values: BreakdownValue[] = level.pages.flatMap((records, i) => {
    const dimension = level.dimensions[i]!;
    return records.flatMap((r): BreakdownValue[] => {
      const value = r[dimension];
      // A missing value (`""`) is no cause: a filter cannot select it, so it has no sessions to list.
      if (typeof value !== 'string' || value === '') return [];
      return [{ dimension, value, metricValue: numberOf(r, metric), attempts: numberOf(r, POPULATION) }];
    });
  });
  const ranked = rankValues(overall, values, { ...rank, dimensions: level.dimensions }).slice(
    0,
    rank.maxCauses,
  );
  return ranked.map((cause) => {
    const breakdown = breakdownQuery(level.node, metric, cause.dimension, rank.limit);
    const drilled = drillDown(
      breakdown,
      { [cause.dimension]: cause.value, [metric]: cause.metricValue },
      { catalogue, limit: level.node.limit },
    );
    if (!drilled.ok) throw new PlayqValidationError(drilled.errors);
    return { ...cause, drillDown: drilled.query, url: toURL(drilled.query, { baseUrl: context.baseUrl }) };
  });
}

/** The query narrowed to one value of a dimension (replacing the filter's clause on it). */
function withValue(node: QueryNode, dimension: string, value: string): QueryNode {
  const kept =
    node.filter?.type === 'filter' ? node.filter.clauses.filter((c) => c.dimension !== dimension) : [];
  return {
    ...node,
    filter: { type: 'filter', clauses: [...kept, { type: 'clause', dimension, values: [value] }] },
  };
}

const dimensionInfo = (catalogue: AnyCatalogue, name: string): DimensionInfo =>
  (catalogue.dimensions as Record<string, DimensionInfo>)[name]!;
const metricInfo = (catalogue: AnyCatalogue, name: string): MetricInfo =>
  (catalogue.metrics as Record<string, MetricInfo>)[name]!;

function numberOf(record: PlayqRecord | undefined, name: string): number {
  const v = record?.[name];
  return typeof v === 'number' ? v : 0;
}

/**
 * Every dimension that combines with the metric, but identifiers and those the filter pins to one
 * value (a breakdown by them has one value, the whole population). @internal
 */
export function defaultCandidates(node: QueryNode, metric: string, catalogue: AnyCatalogue): string[] {
  const pinned = new Set(
    node.filter?.type === 'filter'
      ? node.filter.clauses.filter((c) => c.values.length === 1).map((c) => c.dimension)
      : [],
  );
  return (catalogue.dimensionNames as readonly string[]).filter((d) => {
    const info = dimensionInfo(catalogue, d);
    return !info.identifier && info.combinesWith.includes(metric) && !pinned.has(d);
  });
}

const problem = (code: QueryDiagnostic['code'], param: string, message: string): QueryDiagnostic => ({
  code,
  param,
  message,
  severity: 'error',
});

/** The one metric insights rank, or a PlayqValidationError saying what the query lacks. */
function checkQuery(node: QueryNode, catalogue: AnyCatalogue): string {
  const fail = (d: QueryDiagnostic): never => {
    throw new PlayqValidationError([d]);
  };
  const errors = validate(node, { catalogue }).filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new PlayqValidationError(errors);
  if (node.endpoint !== 'metricquery') {
    fail(
      problem('unsupported_on_endpoint', 'path', `insights take a metricquery, not a ${node.endpoint} query`),
    );
  }
  if (node.aggby.length > 0) {
    fail(
      problem(
        'invalid_aggby',
        'aggby',
        'insights break the query down themselves: leave aggby out and name the candidates in options.dimensions',
      ),
    );
  }
  if (node.metrics.length !== 1) {
    fail(
      problem(
        'unsupported_parameter',
        'metrics',
        `insights rank one metric; the query names ${node.metrics.length}`,
      ),
    );
  }
  const metric = node.metrics[0]!;
  if (metricDirection(metric, catalogue) === undefined) {
    fail(
      problem(
        'unsupported_metric',
        'metrics',
        `"${metric}" says neither lower nor higher is better (its catalogue entry has no \`better\`), so no value of it is worse than another`,
      ),
    );
  }
  if (!isMetric(POPULATION, catalogue)) {
    fail(
      problem('unknown_metric', 'metrics', 'insights measure shares in attempts, which the catalogue lacks'),
    );
  }
  if (!metricInfo(catalogue, metric).endpoints.includes('metricquery')) {
    fail(problem('unsupported_on_endpoint', 'metrics', `"${metric}" is not valid on metricquery`));
  }
  return metric;
}

function checkDimensions(dimensions: readonly string[], metric: string, catalogue: AnyCatalogue): void {
  if (!Array.isArray(dimensions)) {
    throw new TypeError('@playq/client: insights: dimensions must be an array of dimension names');
  }
  const problems: QueryDiagnostic[] = [];
  for (const d of dimensions) {
    if (typeof d !== 'string' || !isDimension(d, catalogue)) {
      problems.push(problem('unknown_dimension', 'dimensions', `Unknown dimension "${String(d)}"`));
    } else if (!dimensionInfo(catalogue, d).combinesWith.includes(metric)) {
      problems.push(
        problem('incompatible_dimension', 'dimensions', `"${d}" does not combine with "${metric}"`),
      );
    }
  }
  if (new Set(dimensions).size !== dimensions.length) {
    problems.push(problem('duplicate_parameter', 'dimensions', 'a dimension is named twice'));
  }
  if (problems.length > 0) throw new PlayqValidationError(problems);
}

function checkOptions(options: InsightsOptions) {
  const out = { ...DEFAULTS };
  const whole = (name: 'minAttempts' | 'maxCauses' | 'maxRequests' | 'concurrency', min: number) => {
    const v = options[name];
    if (v === undefined) return;
    if (!Number.isSafeInteger(v) || v < min) {
      throw new TypeError(`@playq/client: insights: ${name} must be an integer >= ${min}, got ${String(v)}`);
    }
    out[name] = v;
  };
  whole('minAttempts', 0);
  whole('maxCauses', 1);
  whole('maxRequests', 1);
  whole('concurrency', 1);
  if (options.minShare !== undefined) {
    if (typeof options.minShare !== 'number' || !(options.minShare >= 0 && options.minShare <= 1)) {
      throw new TypeError(
        `@playq/client: insights: minShare must be a number from 0 to 1, got ${String(options.minShare)}`,
      );
    }
    out.minShare = options.minShare;
  }
  if (options.refine !== undefined) {
    if (typeof options.refine !== 'boolean') {
      throw new TypeError(
        `@playq/client: insights: refine must be true or false, got ${String(options.refine)}`,
      );
    }
    out.refine = options.refine;
  }
  return out;
}
