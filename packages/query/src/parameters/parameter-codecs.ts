// The parameter table's rows as URL-building code needs them: one per query parameter, in
// canonical URL order, with the endpoints it applies to, whether it is required, its default, how
// its text is read and printed, its allowed values or bounds and the problem code of a bad value.
// Their words (help, placeholders, messages) are in parameter-help.ts; parameter-table.ts joins both.
import { GRANULARITIES } from '../limits';
import {
  DEFAULT_GRANULARITY,
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  DEFAULT_SESSION_TYPE,
  type QueryNode,
} from '../model';
import { isTimeSeries } from '../time-series';
import { AGGREGATE_ENDPOINTS, ENDPOINTS } from '../wire/endpoints';
import {
  enumParameter,
  grammarParameter,
  integerParameter,
  listParameter,
  switchParameter,
  textParameter,
} from './define-parameter';
import { filterText, periodText, qoeFilterText } from './parameter-texts';

const SESSION = ['session'] as const;
const PLAN_LEVEL = /^[A-Za-z0-9._-]{1,64}$/;

/** The codec half of each row of the parameter table, in canonical URL order. */
export const PARAMETER_CODECS = Object.freeze([
  textParameter({
    name: 'planlevel',
    endpoints: SESSION,
    required: SESSION,
    code: 'invalid_planlevel',
    pattern: PLAN_LEVEL,
    patternMessage: (v) => `planlevel "${v}" is not a plan identifier such as "2".`,
  }),
  grammarParameter({
    name: 'period',
    endpoints: ENDPOINTS,
    required: ENDPOINTS,
    code: 'invalid_period',
    parse: (p, text) => p.period(text),
    print: periodText,
    ast: 'period',
  }),
  listParameter({
    name: 'metrics',
    endpoints: ENDPOINTS,
    required: ENDPOINTS,
    code: 'unknown_metric',
  }),
  listParameter({
    name: 'aggby',
    endpoints: ENDPOINTS,
    code: 'unknown_dimension',
  }),
  {
    ...enumParameter({
      name: 'granularity',
      // A session list is not a time series.
      endpoints: AGGREGATE_ENDPOINTS,
      code: 'invalid_granularity',
      values: GRANULARITIES.map((g) => ({ text: g, value: g })),
      default: DEFAULT_GRANULARITY,
      keepDefault: true,
      anyCase: true,
      suggest: true,
      // Checked with the time-series rules, which also know whether the query is one.
      checkedElsewhere: true,
      shape: 'a string',
    }),
    // A time series without a granularity has the default: `auto`, which its URL leaves out.
    absent(node: Record<string, unknown>) {
      if (isTimeSeries({ aggby: node.aggby as QueryNode['aggby'] })) node.granularity = DEFAULT_GRANULARITY;
    },
  },
  enumParameter({
    name: 'agg',
    endpoints: SESSION,
    required: SESSION,
    code: 'invalid_agg',
    values: [
      { text: '1', value: 1, meaning: 'aggregated by aggby' },
      { text: '2', value: 2, meaning: 'one record per error event' },
    ],
  }),
  enumParameter({
    name: 'sessiontype',
    endpoints: ENDPOINTS,
    code: 'invalid_sessiontype',
    values: [
      { text: 'ended', value: 'ended', meaning: 'sessions by end' },
      { text: 'started', value: 'started', meaning: 'sessions by start' },
    ],
    default: DEFAULT_SESSION_TYPE,
    anyCase: true,
    suggest: true,
  }),
  switchParameter({
    name: 'allstatus',
    endpoints: ENDPOINTS,
    code: 'invalid_allstatus',
    values: [
      { text: '0', value: 0 },
      { text: '1', value: 1, meaning: 'every status' },
    ],
    default: 0,
    anyCase: true,
    suggest: true,
  }),
  switchParameter({
    name: 'concurrency',
    endpoints: ENDPOINTS,
    code: 'invalid_concurrency',
    values: [
      { text: '0', value: 0 },
      { text: '1', value: 1, meaning: 'active sessions' },
    ],
    default: 0,
    anyCase: true,
    suggest: true,
  }),
  switchParameter({
    name: 'businesserror',
    endpoints: ENDPOINTS,
    code: 'invalid_businesserror',
    values: [
      { text: 'true', value: true, meaning: 'business errors counted' },
      { text: 'false', value: false },
    ],
    default: false,
    anyCase: true,
    suggest: true,
  }),
  grammarParameter({
    name: 'filter',
    endpoints: ENDPOINTS,
    code: 'invalid_filter',
    parse: (p, text) => p.filter(text),
    print: filterText,
    ast: 'filter',
    omitEmpty: true,
  }),
  grammarParameter({
    name: 'qoefilter',
    endpoints: ENDPOINTS,
    code: 'invalid_qoefilter',
    parse: (p, text) => p.qoefilter(text),
    print: qoeFilterText,
    ast: 'qoefilter',
    omitEmpty: true,
  }),
  textParameter({
    name: 'orderby',
    endpoints: ENDPOINTS,
    code: 'invalid_orderby',
    shape: 'a name',
  }),
  enumParameter({
    name: 'order',
    endpoints: ENDPOINTS,
    code: 'invalid_order',
    values: [
      { text: 'asc', value: 'asc', meaning: 'ascending' },
      { text: 'desc', value: 'desc', meaning: 'descending' },
    ],
    anyCase: true,
    shape: 'asc or desc',
  }),
  integerParameter({
    name: 'limit',
    endpoints: ENDPOINTS,
    code: 'invalid_limit',
    default: DEFAULT_LIMIT,
    min: 1,
    max: (limits) => limits.maxLimit,
    range: (limits) => `an integer from 1 to ${limits.maxLimit}`,
  }),
  integerParameter({
    name: 'offset',
    endpoints: ENDPOINTS,
    code: 'invalid_offset',
    default: DEFAULT_OFFSET,
    min: 0,
    range: () => 'a non-negative integer',
  }),
] as const);

/** The name of a query parameter. */
export type ParameterName = (typeof PARAMETER_CODECS)[number]['name'];

// The table and the query model name the same fields: a parameter missing from either is a type error.
type NodeParameters = Exclude<keyof QueryNode, 'type' | 'endpoint' | 'customerId'>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameFields: Same<ParameterName, NodeParameters> = true;
void sameFields;

/** The canonical order of query parameters (the table's, derived from it). */
export const PARAMETER_ORDER: readonly ParameterName[] = Object.freeze(PARAMETER_CODECS.map((p) => p.name));
