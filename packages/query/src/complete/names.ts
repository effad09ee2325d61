// The names completion offers, behind a small interface (name, description, unit), so completion
// reads any catalogue, the default one or a deployment's own, without knowing its full shape.

import { DEFAULT_CATALOGUE } from '../catalogue/default-catalogue';
import type { AnyCatalogue } from '../catalogue/define-catalogue';

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

/**
 * The names of a catalogue (made with `defineCatalogue`) as completion offers them.
 *
 * @example
 * namesOf(extendCatalogue(DEFAULT_CATALOGUE, { metrics: { rebuffers: { … } } })).metrics.at(-1)?.name; // 'rebuffers'
 */
export function namesOf(catalogue: AnyCatalogue): CompletionNames {
  const known = seen.get(catalogue);
  if (known !== undefined) return known;
  const names: CompletionNames = Object.freeze({
    metrics: Object.freeze(
      catalogue.metricNames.map((n: string) => {
        const m = catalogue.metrics[n]!;
        return Object.freeze({ name: m.name, description: m.description, unit: m.unit });
      }),
    ),
    dimensions: Object.freeze(
      catalogue.dimensionNames.map((n: string) => {
        const d = catalogue.dimensions[n]!;
        return Object.freeze({ name: d.name, description: d.description });
      }),
    ),
  });
  seen.set(catalogue, names);
  return names;
}

const seen = new WeakMap<AnyCatalogue, CompletionNames>();

/** The metric and dimension names of the default catalogue. */
export const DEFAULT_COMPLETION_NAMES: CompletionNames = namesOf(DEFAULT_CATALOGUE);

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
