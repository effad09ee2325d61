// Parses a query URL back into a query node. Accepts any parameter order and either `+` or `%20`
// for spaces; reports duplicates, unknown parameters and malformed values as diagnostics and never
// throws, so it is safe on whatever a user pastes.
import {
  type FilterSpans,
  parseFilter,
  parsePeriod,
  parseQoeFilter,
  type QoeFilterSpans,
} from '@playq/grammar';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { didYouMean, suggestName } from '../catalogue/suggest-name';
import { GRANULARITIES, isGranularity, type QueryLimits } from '../limits';
import {
  type AggMode,
  DEFAULT_GRANULARITY,
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  type Endpoint,
  type QueryNode,
  type SortOrder,
} from '../model';
import type { ProblemCode, QueryDiagnostic } from '../problem-code';
import { deepFreeze } from '../util/deep-freeze';
import { orList } from '../util/word-list';
import { fromGrammar, isError, problem } from '../validate/diagnostics';
import { validateNode } from '../validate/validate';
import { DOT_SEGMENT_CUSTOMER_MESSAGE, hasDotSegmentCustomer } from '../wire/customer-id';
import { ENDPOINTS, isEndpoint } from '../wire/endpoints';
import { isTimeSeries } from '../wire/time-series';
import { PARAMETER_ORDER, type ParameterName } from './to-url';

export interface FromURLOptions {
  /** Run `validate` on the parsed query (default `true`); its errors make the result fail. */
  readonly validate?: boolean;
  /** Drop unknown parameters with a warning instead of failing (default `false`). */
  readonly ignoreUnknownParameters?: boolean;
  /** Limits for validation; missing fields take `DEFAULT_LIMITS`. */
  readonly limits?: Partial<QueryLimits>;
  /** The catalogue to validate names against (default: the default catalogue). */
  readonly catalogue?: AnyCatalogue;
}

export type FromURLResult =
  | {
      readonly ok: true;
      readonly query: QueryNode;
      /** Problems that do not stop the query, such as a repeated filter value. */
      readonly warnings: readonly QueryDiagnostic[];
      /** Everything before `/{endpoint}/{customerId}`: the service's base address. */
      readonly baseUrl: string;
    }
  | {
      readonly ok: false;
      readonly errors: readonly QueryDiagnostic[];
      readonly warnings: readonly QueryDiagnostic[];
    };

/** The problem code a malformed or empty value of each parameter is reported with. */
const CODE_OF: { readonly [P in ParameterName]: ProblemCode } = {
  planlevel: 'invalid_planlevel',
  period: 'invalid_period',
  metrics: 'unknown_metric',
  aggby: 'unknown_dimension',
  granularity: 'invalid_granularity',
  agg: 'invalid_agg',
  sessiontype: 'invalid_sessiontype',
  allstatus: 'invalid_allstatus',
  concurrency: 'invalid_concurrency',
  businesserror: 'invalid_businesserror',
  filter: 'invalid_filter',
  qoefilter: 'invalid_qoefilter',
  orderby: 'invalid_orderby',
  order: 'invalid_order',
  limit: 'invalid_limit',
  offset: 'invalid_offset',
};

const KNOWN = new Set<string>(PARAMETER_ORDER);
const DUMMY_ORIGIN = 'http://playq.invalid';
// Strict: no spaces, no sign but '-', no leading zeros ("05" and " 5" are refused, not guessed at).
const INTEGER = /^-?(0|[1-9]\d*)$/;

/**
 * Parse a query URL (absolute, or a path with a query string) into a query node. The endpoint and
 * customer id are the last two path segments, so any base path works.
 *
 * @example
 * const r = fromURL('https://example.com/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors');
 * if (r.ok) r.query.metrics; // ['errors']
 * else r.errors; // [{ code, param, message, ... }]
 */
export function fromURL(url: string | URL, options: FromURLOptions = {}): FromURLResult {
  const errors: QueryDiagnostic[] = [];
  const warnings: QueryDiagnostic[] = [];
  const report = (d: QueryDiagnostic) => (isError(d) ? errors : warnings).push(d);

  if (typeof url === 'string' && hasDotSegmentCustomer(url)) {
    return fail([problem('invalid_customer', 'customerId', DOT_SEGMENT_CUSTOMER_MESSAGE)]);
  }
  let parsed: URL;
  let absolute = true;
  try {
    if (typeof url === 'string') {
      try {
        parsed = new URL(url);
      } catch {
        absolute = false;
        parsed = new URL(url, DUMMY_ORIGIN);
      }
    } else {
      parsed = new URL(url.href);
    }
  } catch {
    return fail([
      problem(
        'not_found',
        'path',
        `Not a URL: expected ${orList(ENDPOINTS.map((e) => `…/${e}/<customerId>`))}.`,
      ),
    ]);
  }

  const segments = parsed.pathname.split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  const endpointSegment = segments[segments.length - 2];
  const idSegment = segments[segments.length - 1];
  if (segments.length < 3 || !isEndpoint(endpointSegment) || !idSegment) {
    const ends = orList(ENDPOINTS.map((e) => `/${e}/<customerId>`));
    return fail([problem('not_found', 'path', `The path "${parsed.pathname}" does not end in ${ends}.`)]);
  }
  const endpoint: Endpoint = endpointSegment;
  let customerId: string;
  try {
    customerId = decodeURIComponent(idSegment);
  } catch {
    report(
      problem('invalid_customer', 'customerId', 'The customer id in the path is not valid percent-encoding.'),
    );
    customerId = idSegment;
  }
  const basePath = segments.slice(0, -2).join('/');
  const baseUrl = (absolute ? parsed.origin : '') + basePath;

  // Collect the parameters, refusing repeats and unknown names.
  const values = new Map<ParameterName, string>();
  const seen = new Set<ParameterName>();
  for (const [name, value] of parsed.searchParams) {
    if (!KNOWN.has(name)) {
      const hint = suggestName(name, PARAMETER_ORDER);
      report(
        problem('unknown_parameter', name, `Unknown query parameter "${name}"${didYouMean(hint)}`, {
          hint,
          severity: options.ignoreUnknownParameters ? 'warning' : 'error',
        }),
      );
      continue;
    }
    const key = name as ParameterName;
    // One rule for repeats, empty or not: `limit=&limit=` is a duplicate too.
    if (seen.has(key)) {
      report(problem('duplicate_parameter', key, `The parameter "${key}" is given more than once.`));
      continue;
    }
    seen.add(key);
    if (value === '') {
      report(
        problem(CODE_OF[key], key, `The parameter "${key}" is empty and was ignored.`, {
          severity: 'warning',
        }),
      );
      continue;
    }
    values.set(key, value);
  }

  const node: MutableNode = {
    type: 'query',
    endpoint,
    customerId,
    metrics: [],
    aggby: [],
    limit: DEFAULT_LIMIT,
    offset: DEFAULT_OFFSET,
  };
  // The grammar's spans are computed on first read (a second lex): only a positioned diagnostic reads them.
  let filterParse: { readonly spans: FilterSpans } | undefined;
  let qoefilterParse: { readonly spans: QoeFilterSpans } | undefined;

  const planlevel = values.get('planlevel');
  if (planlevel !== undefined) node.planlevel = planlevel;

  const period = values.get('period');
  if (period !== undefined) {
    const r = parsePeriod(period);
    if (r.ok) {
      node.period = r.value;
      for (const w of r.warnings) report(fromGrammar('invalid_period', 'period', w));
    } else node.period = Object.freeze({ type: 'invalid', text: period, errors: r.errors });
  }

  const list = (key: 'metrics' | 'aggby'): string[] => {
    const text = values.get(key);
    if (text === undefined) return [];
    const names: string[] = [];
    let empty = false;
    for (const part of text.split(',')) {
      const name = part.trim();
      if (name === '') empty = true;
      else names.push(name);
    }
    if (empty) report(problem(CODE_OF[key], key, `${key} has an empty name in "${text}".`));
    return names;
  };
  node.metrics = list('metrics');
  node.aggby = list('aggby');

  readGranularity(values.get('granularity'), node, report);
  readAgg(values.get('agg'), node, report);
  readSwitches(values, node, report);

  const filter = values.get('filter');
  if (filter !== undefined) {
    const r = parseFilter(filter);
    if (r.ok) {
      node.filter = r.value;
      filterParse = r;
      for (const w of r.warnings) report(fromGrammar('invalid_filter', 'filter', w));
    } else node.filter = Object.freeze({ type: 'invalid', text: filter, errors: r.errors });
  }

  const qoefilter = values.get('qoefilter');
  if (qoefilter !== undefined) {
    const r = parseQoeFilter(qoefilter);
    if (r.ok) {
      node.qoefilter = r.value;
      qoefilterParse = r;
      for (const w of r.warnings) report(fromGrammar('invalid_qoefilter', 'qoefilter', w));
    } else node.qoefilter = Object.freeze({ type: 'invalid', text: qoefilter, errors: r.errors });
  }

  const orderby = values.get('orderby');
  if (orderby !== undefined) node.orderby = orderby;

  const order = values.get('order');
  if (order !== undefined) {
    const o = order.toLowerCase();
    if (o === 'asc' || o === 'desc') node.order = o satisfies SortOrder;
    else report(problem('invalid_order', 'order', `order must be asc or desc, not "${order}".`));
  }

  for (const key of ['limit', 'offset'] as const) {
    const text = values.get(key);
    if (text === undefined) continue;
    if (INTEGER.test(text)) node[key] = Number(text);
    else {
      report(
        problem(
          CODE_OF[key],
          key,
          `${key} must be an integer without spaces or leading zeros, not "${text}".`,
        ),
      );
    }
  }

  const query = deepFreeze(node);
  if (options.validate !== false) {
    const opts = {
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.catalogue === undefined ? {} : { catalogue: options.catalogue }),
    };
    const spans = {
      ...(filterParse === undefined ? {} : { filter: () => filterParse.spans }),
      ...(qoefilterParse === undefined ? {} : { qoefilter: () => qoefilterParse.spans }),
    };
    for (const d of validateNode(query, opts, spans)) report(d);
  }
  if (errors.length > 0) return { ok: false, errors, warnings };
  return { ok: true, query, warnings, baseUrl };

  function fail(list: QueryDiagnostic[]): FromURLResult {
    return { ok: false, errors: list, warnings: [] };
  }
}

type MutableNode = { -readonly [K in keyof QueryNode]: QueryNode[K] };
type Report = (d: QueryDiagnostic) => void;

function readGranularity(text: string | undefined, node: MutableNode, report: Report): void {
  if (text === undefined) {
    if (isTimeSeries({ aggby: node.aggby })) node.granularity = DEFAULT_GRANULARITY;
    return;
  }
  const g = text.toLowerCase();
  if (isGranularity(g)) node.granularity = g;
  else
    report(
      problem(
        'invalid_granularity',
        'granularity',
        `granularity must be one of ${GRANULARITIES.join(', ')}, not "${text}".`,
        { hint: suggestName(g, GRANULARITIES) },
      ),
    );
}

function readAgg(text: string | undefined, node: MutableNode, report: Report): void {
  if (text === undefined) return;
  if (text === '1' || text === '2') node.agg = Number(text) as AggMode;
  else report(problem('invalid_agg', 'agg', `agg must be 1 or 2, not "${text}".`));
}

/** The four switches from the vendor's docs; a default value is accepted and not stored. */
function readSwitches(values: Map<ParameterName, string>, node: MutableNode, report: Report): void {
  // Most URLs carry none of them: skip the work then.
  if (!SWITCHES.some((key) => values.has(key))) return;
  const read = (key: ParameterName, allowed: readonly string[]): string | undefined => {
    const text = values.get(key);
    if (text === undefined) return undefined;
    const v = text.toLowerCase();
    if (allowed.includes(v)) return v;
    report(
      problem(CODE_OF[key], key, `${key} must be ${allowed.join(' or ')}, not "${text}".`, {
        hint: suggestName(v, allowed),
      }),
    );
    return undefined;
  };
  if (read('sessiontype', SESSION_TYPES) === 'started') node.sessiontype = 'started';
  if (read('allstatus', ['0', '1']) === '1') node.allstatus = 1;
  if (read('concurrency', ['0', '1']) === '1') node.concurrency = 1;
  if (read('businesserror', ['false', 'true']) === 'true') node.businesserror = true;
}

const SESSION_TYPES: readonly string[] = ['ended', 'started'];
const SWITCHES: readonly ParameterName[] = ['sessiontype', 'allstatus', 'concurrency', 'businesserror'];
