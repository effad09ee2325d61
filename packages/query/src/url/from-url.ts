// Parses a query URL back into a query node: where the endpoint and customer id are, which
// parameters it carries (repeats and unknown names refused), and each parameter's text read by its
// row of the parameter table. Reports problems as diagnostics and never throws, so it is safe on
// whatever a user pastes.
import { parseFilter, parsePeriod, parseQoeFilter } from '@playq/grammar';
import type { AnyCatalogue } from '../catalogue/define-catalogue';
import { didYouMean, suggestName } from '../catalogue/suggest-name';
import type { QueryLimits } from '../limits';
import type { QueryNode } from '../model';
import type { Parameter } from '../parameters/parameter';
import { PARAMETERS } from '../parameters/parameter-table';
import type { TextParsers } from '../parameters/text-parsers';
import type { QueryDiagnostic } from '../problem-code';
import { deepFreeze } from '../util/deep-freeze';
import { orList } from '../util/word-list';
import type { SourceSpans } from '../validate/context';
import { fromGrammar, isError, problem } from '../validate/diagnostics';
import { validateNode } from '../validate/validate';
import { DOT_SEGMENT_CUSTOMER_MESSAGE, hasDotSegmentCustomer } from '../wire/customer-id';
import { ENDPOINTS, type Endpoint, isEndpoint } from '../wire/endpoints';

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

const GRAMMAR_PARSERS: TextParsers = Object.freeze({
  filter: parseFilter,
  qoefilter: parseQoeFilter,
  period: parsePeriod,
});

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
  return fromURLWith(PARAMETERS, url, options);
}

/** `fromURL` over a given parameter table (a test adds a row to it). @internal */
export function fromURLWith(
  table: readonly Parameter[],
  url: string | URL,
  options: FromURLOptions,
): FromURLResult {
  const where = locate(url);
  if (!where.ok) return { ok: false, errors: [where.problem], warnings: [] };
  const errors: QueryDiagnostic[] = [];
  const warnings: QueryDiagnostic[] = [];
  const report = (d: QueryDiagnostic) => (isError(d) ? errors : warnings).push(d);
  if (where.problem !== undefined) report(where.problem);

  const values = collect(where.search, table, options, report);
  const node: Record<string, unknown> = {
    type: 'query',
    endpoint: where.endpoint,
    customerId: where.customerId,
  };
  const spans = read(values, table, node, report);
  const query = deepFreeze(node as unknown as QueryNode);
  if (options.validate !== false) {
    const opts = {
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.catalogue === undefined ? {} : { catalogue: options.catalogue }),
    };
    for (const d of validateNode(query, opts, spans, table)) report(d);
  }
  if (errors.length > 0) return { ok: false, errors, warnings };
  return { ok: true, query, warnings, baseUrl: where.baseUrl };
}

type Report = (d: QueryDiagnostic) => void;

type Location =
  | {
      readonly ok: true;
      readonly endpoint: Endpoint;
      readonly customerId: string;
      readonly baseUrl: string;
      readonly search: URLSearchParams;
      /** A customer id that is not valid percent-encoding (kept as written). */
      readonly problem?: QueryDiagnostic;
    }
  | { readonly ok: false; readonly problem: QueryDiagnostic };

const DUMMY_ORIGIN = 'http://playq.invalid';
const ENDINGS = (prefix: string) => orList(ENDPOINTS.map((e) => `${prefix}/${e}/<customerId>`));

/** The endpoint, customer id and base URL of a query URL: its last two path segments and what precedes them. */
function locate(url: string | URL): Location {
  if (typeof url === 'string' && hasDotSegmentCustomer(url)) {
    return { ok: false, problem: problem('invalid_customer', 'customerId', DOT_SEGMENT_CUSTOMER_MESSAGE) };
  }
  const read = parseURL(url);
  if (read === undefined) {
    return { ok: false, problem: problem('not_found', 'path', `Not a URL: expected ${ENDINGS('…')}.`) };
  }
  const { parsed, absolute } = read;
  const segments = parsed.pathname.split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  const endpoint = segments[segments.length - 2];
  const id = segments[segments.length - 1];
  if (segments.length < 3 || !isEndpoint(endpoint) || !id) {
    const message = `The path "${parsed.pathname}" does not end in ${ENDINGS('')}.`;
    return { ok: false, problem: problem('not_found', 'path', message) };
  }
  const baseUrl = (absolute ? parsed.origin : '') + segments.slice(0, -2).join('/');
  const common = { ok: true as const, endpoint, baseUrl, search: parsed.searchParams };
  try {
    return { ...common, customerId: decodeURIComponent(id) };
  } catch {
    const message = 'The customer id in the path is not valid percent-encoding.';
    return { ...common, customerId: id, problem: problem('invalid_customer', 'customerId', message) };
  }
}

/** The URL parsed once: as given when absolute, else as a path under a dummy origin; `undefined` when neither. */
function parseURL(url: string | URL): { parsed: URL; absolute: boolean } | undefined {
  try {
    if (typeof url !== 'string') return { parsed: new URL(url.href), absolute: true };
    try {
      return { parsed: new URL(url), absolute: true };
    } catch {
      return { parsed: new URL(url, DUMMY_ORIGIN), absolute: false };
    }
  } catch {
    return undefined;
  }
}

/** The URL's parameters by name: unknown names and repeats refused, empty values ignored with a warning. */
function collect(
  search: URLSearchParams,
  table: readonly Parameter[],
  options: FromURLOptions,
  report: Report,
): Map<string, string> {
  const values = new Map<string, string>();
  const seen = new Set<string>();
  for (const [name, value] of search) {
    const row = rowOf(table, name);
    if (row === undefined) {
      const hint = suggestName(
        name,
        table.map((p) => p.name),
      );
      const severity = options.ignoreUnknownParameters ? 'warning' : 'error';
      report(
        problem('unknown_parameter', name, `Unknown query parameter "${name}"${didYouMean(hint)}`, {
          hint,
          severity,
        }),
      );
      continue;
    }
    // One rule for repeats, empty or not: `limit=&limit=` is a duplicate too.
    if (seen.has(name)) {
      report(problem('duplicate_parameter', name, `The parameter "${name}" is given more than once.`));
      continue;
    }
    seen.add(name);
    if (value === '') {
      report(
        problem(row.code, name, `The parameter "${name}" is empty and was ignored.`, { severity: 'warning' }),
      );
      continue;
    }
    values.set(name, value);
  }
  return values;
}

const INDEXES = new WeakMap<readonly Parameter[], ReadonlyMap<string, Parameter>>();

function rowOf(table: readonly Parameter[], name: string): Parameter | undefined {
  let index = INDEXES.get(table);
  if (index === undefined) INDEXES.set(table, (index = new Map(table.map((p) => [p.name, p]))));
  return index.get(name);
}

/** Each parameter's text read by its row, in table order, into the node; the grammar's spans kept. */
function read(
  values: ReadonlyMap<string, string>,
  table: readonly Parameter[],
  node: Record<string, unknown>,
  report: Report,
): SourceSpans {
  const spans: Record<string, () => unknown> = {};
  for (let i = 0; i < table.length; i++) {
    const row = table[i]!;
    if (row.empty !== undefined) node[row.name] = row.empty;
    const text = values.get(row.name);
    if (text === undefined) {
      row.absent?.(node);
      continue;
    }
    const r = row.decode(text, GRAMMAR_PARSERS);
    if (r.problem !== undefined) {
      const { message, suggest } = r.problem;
      const hint = suggest === undefined ? undefined : suggestName(text, suggest);
      report(problem(row.code, row.name, message, { hint }));
    }
    if (r.value !== undefined) node[row.name] = r.value;
    if (r.warnings !== undefined) for (const w of r.warnings) report(fromGrammar(row.code, row.name, w));
    if (r.spans !== undefined) spans[row.name] = r.spans;
  }
  return spans as SourceSpans;
}
