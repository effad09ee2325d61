// The catalogue as data: each metric's unit, level, endpoints, direction and definition, each dimension's
// combinations, in definition order, for `playq catalogue` and the MCP server alike.
import type { AnyCatalogue, DimensionInfo, MetricInfo } from '@playq/query';

/**
 * The catalogue's metric and dimension entries in definition order.
 *
 * @example
 * catalogueEntries(DEFAULT_CATALOGUE).metrics[0].name; // 'attempts'
 */
export function catalogueEntries(catalogue: AnyCatalogue) {
  const metrics = catalogue.metricNames.map(
    (n: string) => (catalogue.metrics as Record<string, MetricInfo>)[n]!,
  );
  const dimensions = catalogue.dimensionNames.map(
    (n: string) => (catalogue.dimensions as Record<string, DimensionInfo>)[n]!,
  );
  return { metrics, dimensions };
}

/**
 * The catalogue as plain JSON, in definition order: what `playq catalogue --json` prints and the
 * MCP catalogue tool and resource return.
 *
 * @example
 * catalogueJson(DEFAULT_CATALOGUE).metrics[0]; // { name: 'attempts', unit: 'count', level: 'group', ... }
 */
export function catalogueJson(catalogue: AnyCatalogue) {
  const { metrics, dimensions } = catalogueEntries(catalogue);
  return {
    metrics: metrics.map(({ name, unit, level, endpoints, concurrency, better, description }) => ({
      name,
      unit,
      level,
      endpoints,
      concurrency,
      // Left out where neither way is better, as in a catalogue file.
      ...(better === undefined ? {} : { better }),
      description,
    })),
    dimensions: dimensions.map(({ name, endpoints, restricted, combinesWith, metricOn, description }) => ({
      name,
      endpoints,
      combinesWith: restricted ? combinesWith : 'all',
      sessionField: metricOn.includes('session'),
      description,
    })),
    timestamp: 'the aggby of a time series (with granularity)',
  };
}
