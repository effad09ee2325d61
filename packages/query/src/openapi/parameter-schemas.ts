// The query parameters of each endpoint, from the parameter table: one OpenAPI parameter per row
// that applies there, its schema from the row's kind (enum texts, integer bounds, patterns), its
// default and its line of help; lists of names take the catalogue's names as an enum.
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { DEFAULT_LIMITS } from '../limits';
import type { Parameter } from '../parameters/parameter';
import { PARAMETERS } from '../parameters/parameter-table';
import { CUSTOMER_ID_PATTERN } from '../wire/customer-id';
import { type Endpoint, isListEndpoint, LIST_AGGBY } from '../wire/endpoints';
import type { Json, JsonSchema } from './openapi-types';
import { dimensionsOn, metricsOn } from './record-schemas';

/**
 * What a `period` text looks like: `start` and `end`, whole epoch seconds, either order, spaces
 * allowed around the parts (the grammar's leniency; canonical URLs write `start=<s>,end=<s>`).
 */
export const PERIOD_PATTERN = '^\\s*(start|end)\\s*=\\s*\\d+\\s*,\\s*(start|end)\\s*=\\s*\\d+\\s*$';

/** The names a list or name parameter takes on an endpoint, from the catalogue. */
export function namesOf(catalogue: AnyCatalogue, endpoint: Endpoint, parameter: string): string[] {
  // A session list takes list fields (metrics, orderby) and lists one record per session.
  if (isListEndpoint(endpoint)) return parameter === 'aggby' ? [LIST_AGGBY] : [...catalogue.listFieldNames];
  const metrics = metricsOn(catalogue, endpoint).map((m) => m.name);
  const dimensions = dimensionsOn(catalogue, endpoint);
  // On the session endpoint, some dimensions may also be listed in `metrics` (string fields).
  const fields = dimensions.filter((d) =>
    (catalogue.dimensions[d]!.metricOn as readonly string[]).includes(endpoint),
  );
  if (parameter === 'metrics') return [...metrics, ...fields];
  if (parameter === 'aggby') return [...dimensions, catalogue.timestamp];
  return [...metrics, ...dimensions, catalogue.timestamp];
}

/** One of some names; none at all (a catalogue without list fields) is no string. */
function nameSchema(names: readonly string[]): JsonSchema {
  return names.length > 0 ? { type: 'string', enum: [...names] } : { type: 'string', not: {} };
}

/** The schema of a row's value on an endpoint. */
function valueSchema(row: Parameter, catalogue: AnyCatalogue, endpoint: Endpoint): JsonSchema {
  const withDefault = (schema: JsonSchema, value: Json | undefined): JsonSchema =>
    value === undefined ? schema : { ...schema, default: value };
  switch (row.kind) {
    case 'enum':
    case 'switch':
      return withDefault({ type: 'string', enum: (row.values ?? []).map((v) => v.text) }, row.defaultText);
    case 'integer': {
      const max = row.max?.(DEFAULT_LIMITS);
      const bounds = { minimum: row.min ?? 0, ...(max === undefined ? {} : { maximum: max }) };
      return withDefault({ type: 'integer', ...bounds }, Number(row.defaultText));
    }
    case 'list': {
      const names = namesOf(catalogue, endpoint, row.name);
      return { type: 'array', minItems: 1, items: nameSchema(names) };
    }
    case 'text':
      if (row.pattern !== undefined) return { type: 'string', pattern: row.pattern.source };
      return nameSchema(namesOf(catalogue, endpoint, row.name));
    case 'grammar':
      return row.name === 'period' ? { type: 'string', pattern: PERIOD_PATTERN } : { type: 'string' };
  }
}

/** What a parameter's description adds to its line of help. */
const MORE: Readonly<Record<string, string>> = {
  filter:
    'Dimension clauses, each `[dimension=value|value]` (alternatives within a clause, clauses intersected). See docs/grammar.md.',
  qoefilter: 'Metric conditions joined by AND, e.g. `bufferingratio>5 AND latency<2`. See docs/grammar.md.',
};

/** One OpenAPI parameter object for a row of the table on an endpoint. */
function parameterObject(row: Parameter, catalogue: AnyCatalogue, endpoint: Endpoint): Json {
  const schema = valueSchema(row, catalogue, endpoint);
  // Help quotes examples in single quotes (`'start=<epoch_s>,end=<epoch_s>'`): code spans in Markdown.
  const quoted = row.help.replace(/'([^']*)'/g, '`$1`');
  const help = quoted.charAt(0).toUpperCase() + quoted.slice(1);
  return {
    name: row.name,
    in: 'query',
    required: row.required.includes(endpoint),
    description: MORE[row.name] === undefined ? `${help}.` : `${help}. ${MORE[row.name]}`,
    // Lists travel comma-separated in one parameter: `metrics=a,b`.
    ...(row.kind === 'list' ? { style: 'form', explode: false } : {}),
    schema,
  };
}

/** The path parameter every query endpoint has. */
export function customerIdParameter(): Json {
  return {
    name: 'customerId',
    in: 'path',
    required: true,
    description: 'The customer id.',
    schema: { type: 'string', pattern: CUSTOMER_ID_PATTERN.source },
  };
}

/** The parameters of an endpoint: its customer id, then the table's rows in canonical order. */
export function endpointParameters(catalogue: AnyCatalogue, endpoint: Endpoint): Json[] {
  const rows = PARAMETERS.filter((row) => (row.endpoints as readonly string[]).includes(endpoint));
  return [
    customerIdParameter(),
    ...rows.map((row) => parameterObject(row as Parameter, catalogue, endpoint)),
  ];
}
