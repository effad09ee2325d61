// The record and envelope schemas of each query endpoint, from a catalogue: every metric valid
// there a number (its unit and definition in the description), every dimension a string, a time
// series' `timestamp` an integer of epoch seconds, and the session endpoint's `totalpages`.
import { listFieldType } from '../catalogue/catalogue';
import type { AnyCatalogue, FieldInfo, MetricInfo } from '../catalogue/define-catalogue';
import { type Endpoint, isListEndpoint } from '../wire/endpoints';
import { envelopeSchemaName, recordSchemaName, ref } from './openapi-names';
import type { Json, JsonSchema } from './openapi-types';

const UNIT_WORDS: Readonly<Record<string, string>> = {
  seconds: 'seconds',
  minutes: 'minutes',
  percent: 'percent (0 to 100)',
  count: 'a count',
  sessions: 'sessions',
  score: 'a score',
  ratio: 'a ratio',
  megabytes: 'megabytes (10^6 bytes)',
  epoch_seconds: 'epoch seconds',
};

/** A metric's description with its unit: `Unit: seconds. Mean startup time over sessions with a first frame, in seconds.` */
export function metricDescription(metric: MetricInfo): string {
  return `Unit: ${UNIT_WORDS[metric.unit] ?? metric.unit}. ${metric.description}`;
}

/** The metrics of a catalogue valid on an endpoint, in catalogue order. */
export function metricsOn(catalogue: AnyCatalogue, endpoint: Endpoint): MetricInfo[] {
  return (catalogue.metricNames as string[])
    .map((name) => catalogue.metrics[name] as MetricInfo)
    .filter((m) => m.endpoints.includes(endpoint));
}

/** The dimension names of a catalogue valid on an endpoint, in catalogue order. */
export function dimensionsOn(catalogue: AnyCatalogue, endpoint: Endpoint): string[] {
  return (catalogue.dimensionNames as string[]).filter((name) =>
    (catalogue.dimensions[name]!.endpoints as readonly string[]).includes(endpoint),
  );
}

/** The fields a record of an endpoint may carry, each with its schema. */
function recordProperties(catalogue: AnyCatalogue, endpoint: Endpoint): Record<string, Json> {
  if (isListEndpoint(endpoint)) return listProperties(catalogue);
  const properties: Record<string, Json> = {};
  for (const metric of metricsOn(catalogue, endpoint)) {
    properties[metric.name] = { type: 'number', description: metricDescription(metric) };
  }
  for (const name of dimensionsOn(catalogue, endpoint)) {
    properties[name] = { type: 'string', description: catalogue.dimensions[name]!.description };
  }
  properties[catalogue.timestamp] = {
    type: 'integer',
    minimum: 0,
    description: 'A time series: the start of the bucket, in epoch seconds.',
  };
  // The session endpoint repeats the envelope's page count in each record (the specification's).
  if (endpoint === 'session') {
    properties.totalpages = { type: 'integer', minimum: 0, description: 'Pages in the whole result.' };
  }
  return properties;
}

/** A session list's record: each list field a number or a string ("" for none). */
function listProperties(catalogue: AnyCatalogue): Record<string, Json> {
  const properties: Record<string, Json> = {};
  for (const name of catalogue.listFieldNames as readonly string[]) {
    const description = Object.hasOwn(catalogue.metrics, name)
      ? `The session's own value. ${metricDescription(catalogue.metrics[name] as MetricInfo)}`
      : Object.hasOwn(catalogue.fields, name)
        ? (catalogue.fields[name] as FieldInfo).description
        : catalogue.dimensions[name]!.description;
    properties[name] = { type: listFieldType(name, catalogue)!, description };
  }
  return properties;
}

/** The schema of one record of an endpoint: the requested fields, nothing else. */
export function recordSchema(catalogue: AnyCatalogue, endpoint: Endpoint): JsonSchema {
  return {
    type: 'object',
    description: isListEndpoint(endpoint)
      ? 'One session: exactly the fields requested in `metrics` (numbers or strings, as each is typed here).'
      : 'One record: exactly the requested metrics (numbers) and aggby dimensions (strings; a time series carries `timestamp` instead).',
    properties: recordProperties(catalogue, endpoint),
    additionalProperties: false,
  };
}

/** The result envelope of an endpoint: one page of records and the counts of the whole result. */
export function envelopeSchema(endpoint: Endpoint): JsonSchema {
  const count = (description: string) => ({ type: 'integer', minimum: 0, description });
  return {
    type: 'object',
    description: 'One page of a result.',
    required: ['totalcount', 'pagecount', 'totalrecords', 'response'],
    properties: {
      totalcount: count('Records in this page.'),
      pagecount: count('Pages in the whole result: ceil(totalrecords / limit).'),
      totalrecords: count('Records in the whole result.'),
      response: { type: 'array', items: ref('schemas', recordSchemaName(endpoint)) },
    },
    additionalProperties: false,
  };
}

/** The `components.schemas` entries of every endpoint's records and envelope. */
export function resultSchemas(catalogue: AnyCatalogue, endpoints: readonly Endpoint[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const endpoint of endpoints) {
    out[recordSchemaName(endpoint)] = recordSchema(catalogue, endpoint);
    out[envelopeSchemaName(endpoint)] = envelopeSchema(endpoint);
  }
  return out;
}
