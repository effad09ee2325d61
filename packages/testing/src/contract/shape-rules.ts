// Pure rules over answers already fetched: is this a result envelope, are these records what the
// query asked for, is this error a problem document. Each returns findings, never throws, so the
// same rules judge live answers in `checkContract` and generated ones in the arbitraries' tests.
import { redactSecrets } from '@playq/client';
import {
  type AnyCatalogue,
  DEFAULT_CATALOGUE,
  type Endpoint,
  isDimension,
  isListEndpoint,
  isMetric,
  isPerEventQuery,
  isTimeSeries,
  listFieldType,
  type MetricInfo,
  pageCount,
} from '@playq/query';
import type { Finding } from './types';

// Names, units and levels come from the one catalogue in @playq/query: the wire's vocabulary.
const unitOf = (name: string, catalogue: AnyCatalogue) =>
  isMetric(name, catalogue) ? (catalogue.metrics as Record<string, MetricInfo>)[name]!.unit : undefined;

/** What a query asked for, so an answer can be judged against it. */
export interface EnvelopeExpectation {
  readonly endpoint: Endpoint;
  readonly metrics: readonly string[];
  /** Dimension names, `['timestamp']` for a time series, `[]` for none. */
  readonly aggby: readonly string[];
  readonly limit: number;
  readonly offset: number;
  /** Session endpoint: 2 returns one record per error event, ignoring `aggby`. */
  readonly agg?: 1 | 2;
  /** Time series: the bucket width in seconds, to check alignment; and the queried period. */
  readonly bucketSeconds?: number;
  /** The catalogue that says which names are metrics (numbers) and their units; default the default one. */
  readonly catalogue?: AnyCatalogue;
  readonly period?: { readonly start: number; readonly end: number };
}

const spec = (message: string): Finding => ({ basis: 'spec', message });
const design = (message: string): Finding => ({ basis: 'design', message });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNonNegativeInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** At most this many findings per rule, so one systematic fault does not drown the report. */
const MAX_FINDINGS = 5;

/**
 * Judge a result envelope (spec 2.1) and its records (spec 2.2) against the query that produced it.
 *
 * @example
 * envelopeFindings({ totalcount: 0, pagecount: 0, totalrecords: 0, response: [] },
 *   { endpoint: 'metricquery', metrics: ['viewercount'], aggby: ['country'], limit: 1000, offset: 0 });
 * // => []
 */
export function envelopeFindings(body: unknown, expected: EnvelopeExpectation): Finding[] {
  if (!isObject(body)) return [spec(`the answer is not a JSON object (got ${describe(body)})`)];
  const findings: Finding[] = [];
  for (const field of ['totalcount', 'pagecount', 'totalrecords'] as const) {
    if (!isNonNegativeInteger(body[field])) {
      findings.push(
        spec(`envelope field \`${field}\` is not a non-negative integer (got ${describe(body[field])})`),
      );
    }
  }
  if (!Array.isArray(body.response)) {
    findings.push(spec(`envelope field \`response\` is not an array (got ${describe(body.response)})`));
    return findings;
  }
  const records = body.response as unknown[];
  const { totalcount, pagecount } = body;
  if (isNonNegativeInteger(totalcount) && totalcount !== records.length) {
    findings.push(spec(`totalcount is ${totalcount} but \`response\` holds ${records.length} records`));
  }
  findings.push(...pageCountFindings(body, expected), ...pageSizeFindings(body, expected));
  findings.push(
    ...recordsFindings(records, expected, isNonNegativeInteger(pagecount) ? pagecount : undefined),
  );
  return findings;
}

/**
 * `pagecount` against `ceil(totalrecords / limit)` (0 pages for an empty result, as playq counts).
 *
 * @example
 * pageCountFindings({ pagecount: 3, totalrecords: 25 }, { limit: 10 }); // => []
 */
export function pageCountFindings(body: unknown, expected: Pick<EnvelopeExpectation, 'limit'>): Finding[] {
  if (!isObject(body)) return [];
  const { pagecount, totalrecords } = body;
  if (!isNonNegativeInteger(totalrecords) || !isNonNegativeInteger(pagecount)) return [];
  const wantPages = pageCount(totalrecords, expected.limit);
  if (pagecount === wantPages) return [];
  if (totalrecords === 0 && pagecount === 1) {
    return [design('pagecount is 1 for an empty result; playq reports 0 pages')];
  }
  return [
    spec(
      `pagecount is ${pagecount} but ${totalrecords} records at limit=${expected.limit} make ${wantPages} pages`,
    ),
  ];
}

/**
 * The number of records on a page against `limit`, `offset` and `totalrecords`.
 *
 * @example
 * pageSizeFindings({ totalrecords: 25, response: [{}, {}, {}, {}, {}] }, { limit: 10, offset: 20 }); // => []
 */
export function pageSizeFindings(
  body: unknown,
  expected: Pick<EnvelopeExpectation, 'limit' | 'offset'>,
): Finding[] {
  if (!isObject(body) || !Array.isArray(body.response)) return [];
  const size = body.response.length;
  const findings: Finding[] = [];
  if (size > expected.limit) {
    findings.push(spec(`the page holds ${size} records, more than limit=${expected.limit}`));
  }
  if (isNonNegativeInteger(body.totalrecords)) {
    const want = Math.max(0, Math.min(expected.limit, body.totalrecords - expected.offset));
    if (size !== want && size <= expected.limit) {
      findings.push(
        spec(
          `offset=${expected.offset} limit=${expected.limit} of ${body.totalrecords} records should return ${want}, got ${size}`,
        ),
      );
    }
  }
  return findings;
}

/**
 * Judge the records of one page: keys, value types, and the session endpoint's `totalpages`.
 *
 * @example
 * recordsFindings([{ viewercount: 3, country: 'US' }],
 *   { endpoint: 'metricquery', metrics: ['viewercount'], aggby: ['country'], limit: 10, offset: 0 });
 * // => []
 */
export function recordsFindings(
  records: readonly unknown[],
  expected: EnvelopeExpectation,
  pagecount?: number,
): Finding[] {
  const findings: Finding[] = [];
  // agg=2 answers one record per error event and ignores aggby, a time series' included.
  const perEvent = isPerEventQuery(expected);
  const timeSeries = isTimeSeries(expected);
  const grouping = perEvent || timeSeries ? [] : expected.aggby;
  const wanted = new Set([...expected.metrics, ...grouping]);
  if (expected.endpoint === 'session') wanted.add('totalpages');
  let totalpages: unknown;
  for (const [index, record] of records.entries()) {
    if (findings.length >= MAX_FINDINGS) break;
    const where = `record ${index}`;
    if (!isObject(record)) {
      findings.push(spec(`${where} is not a flat JSON object (got ${describe(record)})`));
      continue;
    }
    for (const name of wanted) {
      if (!(name in record)) findings.push(spec(`${where} lacks the requested field \`${name}\``));
    }
    const extra = Object.keys(record).filter((key) => !wanted.has(key));
    if (timeSeries) {
      // The specification does not name the timestamp key; playq calls it `timestamp`.
      if (extra.length !== 1) {
        findings.push(
          spec(
            `${where} of a time series should hold one timestamp field besides the metrics, found ${extra.length}`,
          ),
        );
      } else if (extra[0] !== 'timestamp') {
        findings.push(
          design(`${where} carries its time bucket as \`${extra[0]}\`; playq names it \`timestamp\``),
        );
      } else {
        findings.push(...timestampFindings(record.timestamp, where, expected));
      }
    } else if (extra.length > 0) {
      findings.push(
        spec(`${where} carries fields that were not requested: ${extra.map((k) => `\`${k}\``).join(', ')}`),
      );
    }
    if (isListEndpoint(expected.endpoint) && extra.length === 0)
      findings.push(...keyOrderFindings(record, where, expected));
    for (const name of wanted) {
      if (!(name in record)) continue;
      findings.push(...valueFindings(name, record[name], where, expected));
    }
    if (expected.endpoint === 'session' && 'totalpages' in record) {
      if (index === 0) totalpages = record.totalpages;
      else if (record.totalpages !== totalpages) {
        findings.push(
          spec(
            `${where} has totalpages=${describe(record.totalpages)}, record 0 has ${describe(totalpages)}`,
          ),
        );
      }
      if (pagecount !== undefined && record.totalpages !== pagecount && index === 0) {
        findings.push(
          design(
            `totalpages=${describe(record.totalpages)} differs from the envelope's pagecount=${pagecount}`,
          ),
        );
      }
    }
  }
  return findings.slice(0, MAX_FINDINGS * 2);
}

function valueFindings(
  name: string,
  value: unknown,
  where: string,
  expected: EnvelopeExpectation,
): Finding[] {
  if (name === 'totalpages') {
    return isNonNegativeInteger(value)
      ? []
      : [spec(`${where}: totalpages is not an integer (got ${describe(value)})`)];
  }
  // On the session endpoint the dimension names listed under `metrics` come back as strings; a
  // session list's fields are typed by the catalogue (its metrics and number fields are numbers).
  const catalogue = expected.catalogue ?? DEFAULT_CATALOGUE;
  if (isStringField(name, expected.endpoint, catalogue)) {
    return typeof value === 'string'
      ? []
      : [
          spec(
            `${where}: ${isListEndpoint(expected.endpoint) && !isDimension(name, catalogue) ? 'field' : 'dimension'} \`${name}\` is not a string (got ${describe(value)})`,
          ),
        ];
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return [spec(`${where}: metric \`${name}\` is not a finite number (got ${describe(value)})`)];
  }
  if (value < 0) return [design(`${where}: metric \`${name}\` is negative (${value})`)];
  const unit = unitOf(name, catalogue);
  if (unit === 'count' && !Number.isInteger(value)) {
    return [design(`${where}: count metric \`${name}\` is not an integer (${value})`)];
  }
  if ((unit === 'percent' || unit === 'score') && value > 100) {
    return [design(`${where}: ${name} ${value} is above 100 (playq reports a ${unit} of at most 100)`)];
  }
  return [];
}

function isStringField(name: string, endpoint: Endpoint, catalogue: AnyCatalogue): boolean {
  if (isListEndpoint(endpoint)) return listFieldType(name, catalogue) !== 'number';
  return isDimension(name, catalogue) || (endpoint === 'session' && !isMetric(name, catalogue));
}

/** A session list's record holds the requested fields in the order they were asked for. */
function keyOrderFindings(
  record: Record<string, unknown>,
  where: string,
  expected: EnvelopeExpectation,
): Finding[] {
  const keys = Object.keys(record);
  const wanted = [...new Set(expected.metrics)];
  if (keys.length !== wanted.length || keys.every((key, i) => key === wanted[i])) return [];
  return [
    design(`${where} holds its fields in the order ${keys.join(', ')}; requested ${wanted.join(', ')}`),
  ];
}

function timestampFindings(value: unknown, where: string, expected: EnvelopeExpectation): Finding[] {
  if (!isNonNegativeInteger(value)) {
    return [design(`${where}: timestamp is not integer epoch seconds (got ${describe(value)})`)];
  }
  const findings: Finding[] = [];
  if (expected.bucketSeconds && value % expected.bucketSeconds !== 0) {
    findings.push(
      design(`${where}: timestamp ${value} is not aligned to ${expected.bucketSeconds}s buckets`),
    );
  }
  const period = expected.period;
  const bucket = expected.bucketSeconds ?? 0;
  if (period && (value + bucket <= period.start || value >= period.end)) {
    findings.push(design(`${where}: timestamp ${value} lies outside the queried period`));
  }
  return findings;
}

const PROBLEM_CODE_SHAPE = /^[a-z][a-z_]*$/;

/**
 * Judge an error answer: RFC 9457 problem details as the playq design fixes them. Every finding is
 * a design finding (the specification defines no error format), except echoing a secret.
 *
 * @example
 * problemFindings(400, { 'content-type': 'application/problem+json' },
 *   { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'x', code: 'missing_parameter' });
 * // => []
 */
export function problemFindings(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: unknown,
  options: { readonly secrets?: readonly string[]; readonly knownCodes?: ReadonlySet<string> } = {},
): Finding[] {
  const findings: Finding[] = [];
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  for (const secret of options.secrets ?? []) {
    // Any spelling counts: as sent, trimmed, encoded or JSON-escaped (the client's redaction rule).
    if (redactSecrets(text, [secret]) !== text) findings.push(spec('the error body echoes a credential'));
  }
  const type = headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/problem+json')) {
    findings.push(design(`content-type is \`${type || '(none)'}\`, not application/problem+json`));
  }
  if (!isObject(body)) {
    findings.push(design(`the body is not a JSON problem document (got ${describe(body)})`));
    return findings;
  }
  for (const field of ['type', 'title', 'detail', 'code'] as const) {
    if (typeof body[field] !== 'string') findings.push(design(`problem field \`${field}\` is not a string`));
  }
  if (body.status !== status) {
    findings.push(
      design(`problem field \`status\` is ${describe(body.status)}, the HTTP status is ${status}`),
    );
  }
  if (typeof body.code === 'string') {
    const known = options.knownCodes;
    if (known ? !known.has(body.code) : !PROBLEM_CODE_SHAPE.test(body.code)) {
      findings.push(design(`problem code \`${body.code}\` is not one of playq's codes`));
    }
  }
  return findings;
}

/** A short, secret-free description of a value for a finding's message. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  return String(value);
}
