// The names completion offers, behind a small interface (name, description, unit), so completion
// reads any catalogue, the default one or a deployment's own, without knowing its full shape.

import { CATALOGUE } from '../catalogue/catalogue';

/** A name completion can offer, with what an editor shows beside it. */
export interface NameEntry {
  readonly name: string;
  readonly description: string;
  /** A metric's unit (`seconds`, `percent`, ...). */
  readonly unit?: string;
}

/** The names completion offers: metrics (for qoefilter) and dimensions (for filter). */
export interface CompletionNames {
  readonly metrics: readonly NameEntry[];
  readonly dimensions: readonly NameEntry[];
}

/** The metric and dimension names of the default catalogue. */
export const DEFAULT_COMPLETION_NAMES: CompletionNames = Object.freeze({
  metrics: Object.freeze(
    CATALOGUE.metricNames.map((n) => {
      const m = CATALOGUE.metrics[n];
      return Object.freeze({ name: m.name, description: m.description, unit: m.unit });
    }),
  ),
  dimensions: Object.freeze(
    CATALOGUE.dimensionNames.map((n) => {
      const d = CATALOGUE.dimensions[n];
      return Object.freeze({ name: d.name, description: d.description });
    }),
  ),
});

/**
 * The entry for a name, looked up case-insensitively (names are lower case in canonical text).
 *
 * @example
 * describeName('metric', 'Latency')?.unit; // 'seconds'
 */
export function describeName(
  kind: 'metric' | 'dimension',
  name: string,
  names: CompletionNames = DEFAULT_COMPLETION_NAMES,
): NameEntry | undefined {
  const lower = String(name).toLowerCase();
  const list = kind === 'metric' ? names.metrics : names.dimensions;
  return list.find((e) => e.name === lower);
}
