// Generated catalogues: random metric and dimension names with random units, levels, endpoints,
// concurrency support, restricted combinations and session fields, so properties can be checked
// for every catalogue a deployment might declare, not only the default one.
import fc from 'fast-check';
import {
  type AnyCatalogue,
  type CatalogueDefinition,
  type DimensionDefinition,
  defineCatalogue,
  type MetricDefinition,
  type MetricUnit,
} from '../catalogue/define-catalogue';
import type { Endpoint } from '../model';

export interface CatalogueConstraints {
  /** Most metrics (default 8; at least 1 is always made). */
  readonly maxMetrics?: number;
  /** Most dimensions (default 6). */
  readonly maxDimensions?: number;
}

const UNITS: readonly MetricUnit[] = ['seconds', 'minutes', 'percent', 'count', 'sessions', 'score', 'ratio'];
const HEAD = 'abcdefghijklmnopqrstuvwxyz_'.split('');
const TAIL = 'abcdefghijklmnopqrstuvwxyz0123456789_'.split('');

const name = fc
  .tuple(fc.constantFrom(...HEAD), fc.string({ unit: fc.constantFrom(...TAIL), maxLength: 14 }))
  .map(([h, t]) => h + t)
  .filter((n) => n !== 'timestamp');

const endpoints: fc.Arbitrary<readonly Endpoint[] | undefined> = fc.constantFrom(
  undefined,
  ['metricquery'] as const,
  ['session'] as const,
);

const metricDefinition = (first: boolean): fc.Arbitrary<MetricDefinition> =>
  fc
    .record({
      unit: fc.constantFrom(...UNITS),
      level: fc.constantFrom('session' as const, 'group' as const),
      description: fc.string({ maxLength: 30 }),
      // The first metric is on both endpoints, so every endpoint has something to ask for.
      endpoints: first ? fc.constant(undefined) : endpoints,
      concurrency: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(dropUndefined);

/**
 * A catalogue definition with distinct lower-case names, as a deployment would write it.
 *
 * @example
 * fc.assert(fc.property(catalogueDefinition(), (d) => catalogueProblems(d).length === 0));
 */
export function catalogueDefinition(
  constraints: CatalogueConstraints = {},
): fc.Arbitrary<CatalogueDefinition> {
  const maxMetrics = Math.max(1, constraints.maxMetrics ?? 8);
  const maxDimensions = Math.max(0, constraints.maxDimensions ?? 6);
  return fc.uniqueArray(name, { minLength: 1, maxLength: maxMetrics + maxDimensions }).chain((names) => {
    const metricCount = Math.max(1, Math.min(maxMetrics, Math.ceil(names.length / 2)));
    const metricNames = names.slice(0, metricCount);
    const dimensionNames = names.slice(metricCount, metricCount + maxDimensions);
    return fc.record({
      metrics: fc
        .tuple(...metricNames.map((_, i) => metricDefinition(i === 0)))
        .map((defs) => Object.fromEntries(defs.map((d, i) => [metricNames[i]!, d]))),
      dimensions: fc
        .tuple(...dimensionNames.map(() => dimensionDefinition(metricNames)))
        .map((defs) => Object.fromEntries(defs.map((d, i) => [dimensionNames[i]!, d]))),
    });
  });
}

function dimensionDefinition(metricNames: readonly string[]): fc.Arbitrary<DimensionDefinition> {
  return fc
    .record({
      description: fc.string({ maxLength: 30 }),
      endpoints,
      combinesWith: fc.option(fc.shuffledSubarray([...metricNames], { minLength: 1 }), { nil: undefined }),
      sessionField: fc.option(fc.boolean(), { nil: undefined }),
    })
    .map(dropUndefined);
}

/**
 * A generated, checked catalogue (see `catalogueDefinition`).
 *
 * @example
 * fc.assert(fc.property(catalogue().chain((c) => queryNode({ catalogue: c }).map((q) => [c, q] as const)),
 *   ([c, q]) => validate(q, { catalogue: c }).length === 0));
 */
export function catalogue(constraints: CatalogueConstraints = {}): fc.Arbitrary<AnyCatalogue> {
  return catalogueDefinition(constraints).map((d) => defineCatalogue(d as never) as AnyCatalogue);
}

function dropUndefined<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v;
  return out as T;
}
