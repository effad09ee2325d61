// @playq/query/arbitraries: fast-check generators of valid query nodes for both endpoints and of
// their canonical URLs, built on the grammar's AST arbitraries with names from the catalogue.
// Every node they make passes `validate` without errors or warnings. fast-check is a peer
// dependency, so callers share one instance with these arbitraries.
import fc from 'fast-check';
import { dimensionInfo, metricInfo } from '../catalogue/catalogue';
import { DEFAULT_CATALOGUE } from '../catalogue/default-catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { DEFAULT_LIMITS, GRANULARITIES, granularitySeconds, type QueryLimits } from '../limits';
import type { AggMode, Endpoint, Granularity, QueryNode } from '../model';

export { type CatalogueConstraints, catalogue, catalogueDefinition } from './catalogue';
export { sessionListNode } from './session-list';

import { toURL } from '../url/to-url';
import { commonParts, nodeOf, REQUIRED_PARTS } from './common-parts';

export interface QueryNodeConstraints {
  /** Customer ids to pick from (default: generated ids of the allowed alphabet). */
  readonly customerIds?: readonly string[];
  /** Limits the generated queries respect (default `DEFAULT_LIMITS`). */
  readonly limits?: Partial<QueryLimits>;
  /** At most this many filter clauses (default 3; 0 for no filter). */
  readonly maxClauses?: number;
  /** At most this many qoefilter conditions (default 3; 0 for no qoefilter). */
  readonly maxConditions?: number;
  /** Earliest period start, epoch seconds (default 0). */
  readonly minTime?: number;
  /** Latest period end, epoch seconds (default 4102444800, 2100-01-01). */
  readonly maxTime?: number;
  /** The catalogue names come from (default the default catalogue); see `catalogue()` to generate one. */
  readonly catalogue?: AnyCatalogue;
  /** Whether to set sessiontype, allstatus, concurrency and businesserror now and then (default `true`). */
  readonly switches?: boolean;
}

export interface SessionQueryNodeConstraints extends QueryNodeConstraints {
  /** Plan levels to pick from (default '1' to '5'). */
  readonly planLevels?: readonly string[];
  /** Whether to include `planlevel` (default `true`; `false` for queries a client completes). */
  readonly withPlanLevel?: boolean;
}

export interface CanonicalURLConstraints extends SessionQueryNodeConstraints {
  /** Base addresses to pick from (default a few with and without path prefixes). */
  readonly baseUrls?: readonly string[];
}

const permutation = <T>(items: readonly T[]) =>
  fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });

type Shape = 'total' | 'breakdown' | 'timeseries';

interface Plan {
  readonly endpoint: Endpoint;
  readonly catalogue: AnyCatalogue;
  readonly agg?: AggMode;
  readonly numeric: readonly string[];
  readonly shape: Shape;
  /** Whether the query is in concurrency mode (all its metrics support it). */
  readonly concurrency: boolean;
}

const on = (endpoint: Endpoint) => (info: { readonly endpoints: readonly Endpoint[] }) =>
  info.endpoints.includes(endpoint);

/** Dimensions valid on the endpoint that combine with every one of the metrics. */
function compatibleDims(plan: Plan): string[] {
  return plan.catalogue.dimensionNames.filter((d: string) => {
    const info = dimensionInfo(plan.catalogue, d);
    return on(plan.endpoint)(info) && plan.numeric.every((m) => info.combinesWith.includes(m));
  });
}

function build(endpoint: Endpoint, c: SessionQueryNodeConstraints): fc.Arbitrary<QueryNode> {
  const cat = c.catalogue ?? DEFAULT_CATALOGUE;
  const limits: QueryLimits = { ...DEFAULT_LIMITS, ...c.limits };
  const metrics: string[] = cat.metricNames.filter((m: string) => on(endpoint)(metricInfo(cat, m)));
  if (metrics.length === 0) return fc.constant(undefined).filter(() => false) as never;
  // agg=2 is one record per error event: only the errors metric makes sense there.
  const perEvent = endpoint === 'session' && metrics.includes('errors');
  const aggArb: fc.Arbitrary<AggMode | undefined> =
    endpoint !== 'session'
      ? fc.constant(undefined)
      : perEvent
        ? fc.constantFrom<AggMode>(1, 2)
        : fc.constant(1);
  return fc
    .tuple(
      aggArb,
      fc.shuffledSubarray(metrics, { minLength: 1 }),
      fc.constantFrom<Shape>('total', 'breakdown', 'timeseries'),
      c.switches === false ? fc.constant(false) : fc.boolean(),
    )
    .chain(([agg, chosen, shape, concurrent]) => {
      const numeric = agg === 2 ? ['errors'] : chosen;
      const concurrency = concurrent && numeric.every((m) => metricInfo(cat, m).concurrency);
      const plan: Plan = { endpoint, catalogue: cat, agg, numeric, shape, concurrency };
      const dims = compatibleDims(plan);
      const fieldChoices =
        endpoint === 'session' ? dims.filter((d) => dimensionInfo(cat, d).metricOn.includes('session')) : [];
      return fc
        .tuple(
          fc.shuffledSubarray(fieldChoices),
          fc.shuffledSubarray(dims, { minLength: dims.length > 0 ? 1 : 0 }),
        )
        .chain(([fields, extra]) => {
          // With agg=1 a field in metrics is grouped on, so it must be in aggby: no time series then.
          let s: Shape =
            agg === 1 && fields.length > 0 && plan.shape !== 'breakdown' ? 'breakdown' : plan.shape;
          if (s === 'breakdown' && fields.length + extra.length === 0) s = 'total';
          const aggby: string[] =
            s === 'timeseries'
              ? ['timestamp']
              : s === 'breakdown'
                ? [...fields, ...extra.filter((d) => !fields.includes(d))]
                : [];
          return fc
            .tuple(permutation([...plan.numeric, ...fields]), permutation(aggby))
            .chain(([metricList, aggbyList]) => finish(plan, dims, metricList, aggbyList, s, limits, c));
        });
    });
}

function finish(
  plan: Plan,
  dims: readonly string[],
  metrics: string[],
  aggby: string[],
  shape: Shape,
  limits: QueryLimits,
  c: SessionQueryNodeConstraints,
): fc.Arbitrary<QueryNode> {
  const granularityArb: fc.Arbitrary<Granularity | undefined> =
    shape === 'timeseries' ? fc.constantFrom(...GRANULARITIES) : fc.constant(undefined);
  const qoeMetrics = plan.catalogue.metricNames.filter(
    (m: string) => !plan.concurrency || metricInfo(plan.catalogue, m).concurrency,
  );
  return granularityArb.chain((granularity) => {
    // Keep a time series within the bucket limit: n buckets of g seconds touch at most n + 1.
    const maxSpan =
      granularity === undefined || granularity === 'auto'
        ? Infinity
        : (limits.maxBuckets - 1) * granularitySeconds(granularity);
    const session = plan.endpoint === 'session';
    const bounds = { dims, qoeMetrics, maxSpan, limits, concurrency: plan.concurrency };
    return fc
      .record(
        {
          ...commonParts(c, bounds),
          orderby: fc.constantFrom(...metrics, ...aggby),
          planlevel:
            session && c.withPlanLevel !== false
              ? fc.constantFrom(...(c.planLevels ?? ['1', '2', '3', '4', '5']))
              : fc.constant(undefined),
        },
        { requiredKeys: [...REQUIRED_PARTS, 'planlevel'] },
      )
      .map((r) => nodeOf({ endpoint: plan.endpoint, metrics, aggby, granularity, agg: plan.agg }, r));
  });
}

/**
 * A valid query node for the metric endpoint: catalogue names only, category and key with the
 * errors metric alone, a period within the limits, and a bucket count within the limit.
 *
 * @example
 * fc.assert(fc.property(metricQueryNode(), (q) => validate(q).length === 0));
 */
export function metricQueryNode(constraints: QueryNodeConstraints = {}): fc.Arbitrary<QueryNode> {
  return build('metricquery', constraints);
}

/**
 * A valid query node for the session endpoint, with `agg` and (unless `withPlanLevel: false`)
 * `planlevel`, and session fields in `metrics` grouped on when `agg=1`.
 *
 * @example
 * fc.sample(sessionQueryNode({ planLevels: ['2'] }), 1)[0].planlevel; // '2'
 */
export function sessionQueryNode(constraints: SessionQueryNodeConstraints = {}): fc.Arbitrary<QueryNode> {
  return build('session', constraints);
}

/**
 * A valid query node for either endpoint.
 *
 * @example
 * fc.assert(fc.property(queryNode(), (q) => deepEqual(fromURL(toURL(q, { baseUrl })).query, q)));
 */
export function queryNode(constraints: SessionQueryNodeConstraints = {}): fc.Arbitrary<QueryNode> {
  return fc.oneof(metricQueryNode(constraints), sessionQueryNode(constraints));
}

/**
 * The canonical URL of a valid query node under one of the base addresses.
 *
 * @example
 * fc.sample(canonicalQueryURL({ baseUrls: ['http://127.0.0.1:8080/api/v1'] }), 1);
 * // ['http://127.0.0.1:8080/api/v1/metricquery/demo?period=start%3D…']
 */
export function canonicalQueryURL(constraints: CanonicalURLConstraints = {}): fc.Arbitrary<string> {
  const bases = constraints.baseUrls ?? [
    'https://analytics.example.com/api/v1',
    'http://127.0.0.1:8080/api/v1',
    'https://example.com',
    'https://example.com/deep/prefix/v2',
  ];
  return fc
    .tuple(fc.constantFrom(...bases), queryNode(constraints))
    .map(([baseUrl, q]) => toURL(q, { baseUrl }));
}
