// `--metrics`/`--dimensions` on `playq validate`: the names to accept instead of the catalogue's,
// as a catalogue of their own so that the query package's checks (and did-you-means) apply as is.
import {
  type AnyCatalogue,
  catalogueProblems,
  type DimensionDefinition,
  defineCatalogue,
  type MetricDefinition,
  type MetricInfo,
} from '@playq/query';
import { usageError } from './errors';

export interface NameFlags {
  readonly metrics?: readonly string[] | undefined;
  readonly dimensions?: readonly string[] | undefined;
}

// A name given on the command line has no unit or level; any valid one serves to check names.
const GIVEN_METRIC: MetricDefinition = {
  unit: 'count',
  level: 'session',
  description: 'given with --metrics',
};

/**
 * `base`, or when names are given, a catalogue of exactly those metrics and/or dimensions (the
 * other kind taken from `base`). A name that cannot be a catalogue name is a usage error.
 *
 * @example
 * namesCatalogue(DEFAULT_CATALOGUE, { dimensions: ['region', 'site'] }).dimensionNames; // ['region', 'site']
 */
export function namesCatalogue(base: AnyCatalogue, flags: NameFlags): AnyCatalogue {
  if (flags.metrics === undefined && flags.dimensions === undefined) return base;
  const baseMetrics = base.metrics as Readonly<Record<string, MetricInfo>>;
  const metrics: Record<string, MetricDefinition> = {};
  for (const name of flags.metrics ?? base.metricNames) {
    const info = baseMetrics[name];
    metrics[name] =
      info === undefined || flags.metrics !== undefined
        ? GIVEN_METRIC
        : { unit: info.unit, level: info.level, description: info.description };
  }
  const dimensions: Record<string, DimensionDefinition> = {};
  for (const name of flags.dimensions ?? base.dimensionNames) {
    dimensions[name] = {
      description: flags.dimensions === undefined ? 'from the catalogue' : 'given with --dimensions',
    };
  }
  const problems = catalogueProblems({ metrics, dimensions });
  if (problems.length > 0) throw usageError(`--metrics/--dimensions: ${problems.join(' ')}`);
  return defineCatalogue({ metrics, dimensions });
}
