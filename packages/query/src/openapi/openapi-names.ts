// The names a document gives its parts: components per endpoint (`MetricqueryRecord`) and the
// `$ref` pointers that reach them, so every module spells a component's name the same way.
import type { Endpoint } from '../wire/endpoints';

/** `metricquery` -> `Metricquery`. */
export function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The component name of an endpoint's record schema: `MetricqueryRecord`. */
export function recordSchemaName(endpoint: Endpoint): string {
  return `${capitalized(endpoint)}Record`;
}

/** The component name of an endpoint's envelope schema: `MetricqueryEnvelope`. */
export function envelopeSchemaName(endpoint: Endpoint): string {
  return `${capitalized(endpoint)}Envelope`;
}

/** A `$ref` to a component: `ref('schemas', 'Problem')`. */
export function ref(section: 'schemas' | 'responses' | 'headers' | 'parameters', name: string) {
  return { $ref: `#/components/${section}/${name}` } as const;
}
