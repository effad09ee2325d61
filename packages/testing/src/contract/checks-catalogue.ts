// Checks of vocabulary: does the deployment answer every name of the run's catalogue on the metric
// endpoint, each metric as a number in its unit and each dimension as a breakdown. The catalogue
// is the caller's (`options.catalogue`, `playq contract --catalogue`) or the vendor's public
// dictionary; a refused name then fails, or is a design finding, respectively.
import { type AnyCatalogue, DEFAULT_CATALOGUE, type DimensionInfo, type MetricInfo } from '@playq/query';
import { metricBase } from './base-queries';
import type { CheckDefinition } from './check-kit';
import type { ContractContext } from './context';
import type { Probe } from './gentle-fetch';
import { envelopeFindings } from './shape-rules';
import type { Finding, FindingBasis } from './types';

/** Rows per breakdown probe: a breakdown's shape shows in a few records. */
const DIMENSION_PROBE_LIMIT = 5;

interface Vocabulary {
  readonly catalogue: AnyCatalogue;
  /** `spec` for a catalogue the caller gave (a claim about the deployment), else `design`. */
  readonly basis: FindingBasis;
  readonly metrics: readonly MetricInfo[];
  readonly dimensions: readonly DimensionInfo[];
}

function vocabulary(ctx: ContractContext): Vocabulary {
  const catalogue = ctx.options.catalogue ?? DEFAULT_CATALOGUE;
  const onMetricEndpoint = <T extends { readonly endpoints: readonly string[] }>(entries: object) =>
    (Object.values(entries) as T[]).filter((e) => e.endpoints.includes('metricquery'));
  return {
    catalogue,
    basis: ctx.options.catalogue === undefined ? 'design' : 'spec',
    metrics: onMetricEndpoint<MetricInfo>(catalogue.metrics),
    dimensions: onMetricEndpoint<DimensionInfo>(catalogue.dimensions),
  };
}

/** What a refusal said: the status and, when the answer is a problem document, its detail. */
function refusal(probe: Probe): string {
  if (probe.networkError) return `a network error (${probe.networkError})`;
  const detail = (probe.json as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' ? `${probe.status}: ${detail}` : String(probe.status);
}

/** The metric a dimension is probed with: the first of the catalogue it combines with. */
function partnerOf(dimension: DimensionInfo, metrics: readonly MetricInfo[]): string | undefined {
  return metrics.find((m) => dimension.combinesWith.includes(m.name))?.name;
}

export const CATALOGUE_CHECKS: readonly CheckDefinition[] = [
  {
    name: 'catalogue.metrics',
    title: 'every metric of the catalogue is answered on the metric endpoint, a number in its unit',
    async run(ctx) {
      const { basis, metrics } = vocabulary(ctx);
      const names = metrics.map((m) => m.name);
      if (names.length === 0) return { findings: [], note: 'the catalogue has no metric-endpoint metric' };
      const all = await metricBase(ctx, names, []);
      if (all.probe.status === 200) {
        return {
          findings: envelopeFindings(all.probe.json, all.expected),
          note: `${names.length} metrics answered in one query`,
        };
      }
      // Some name was refused: ask for each alone, so that the report names every one.
      const findings: Finding[] = [];
      for (const name of names) {
        const one = await metricBase(ctx, [name], []);
        if (one.probe.status !== 200) {
          findings.push({ basis, message: `metric \`${name}\` is refused with ${refusal(one.probe)}` });
        }
      }
      if (findings.length === 0) {
        findings.push({
          basis,
          message: `the ${names.length} metrics together are refused with ${refusal(all.probe)}, though each alone is answered`,
        });
      }
      return { findings, note: '' };
    },
  },
  {
    name: 'catalogue.dimensions',
    title: 'every dimension of the catalogue breaks a metric down on the metric endpoint',
    async run(ctx) {
      const { basis, metrics, dimensions } = vocabulary(ctx);
      const findings: Finding[] = [];
      for (const dimension of dimensions) {
        const metric = partnerOf(dimension, metrics);
        if (metric === undefined) {
          findings.push({
            basis: 'design',
            message: `dimension \`${dimension.name}\` combines with no metric of the metric endpoint, so it cannot be queried there`,
          });
          continue;
        }
        const q = await metricBase(ctx, [metric], [dimension.name], { limit: DIMENSION_PROBE_LIMIT });
        if (q.probe.status === 200) findings.push(...envelopeFindings(q.probe.json, q.expected));
        else {
          findings.push({
            basis,
            message: `${metric} by \`${dimension.name}\` is refused with ${refusal(q.probe)}`,
          });
        }
      }
      return { findings, note: `${dimensions.length} dimensions answered as breakdowns` };
    },
  },
];
