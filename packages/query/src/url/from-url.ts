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
import { type ValidateOptions, validateNode } from '../validate/validate';
import { DOT_SEGMENT_CUSTOMER_MESSAGE, hasDotSegmentCustomer } from '../wire/customer-id';
import { ENDPOINTS, type Endpoint, isEndpoint, isListEndpoint, LIST_AGGBY } from '../wire/endpoints';

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
  const found = new Found();
  if (where.problem !== undefined) found.report(where.problem);
  const plan = planOf(table);
  const texts = collect(where.search, plan, options, found);
  const node: Record<string, unknown> = {
    type: 'query',
    endpoint: where.endpoint,
    customerId: where.customerId,
  };
  // The parameters that are never absent (`[]`, a default) first, so that nodes share a shape.
  for (let i = 0; i < plan.always.length; i++) node[plan.always[i]!] = plan.empty[i];
  const spans = read(texts, plan, node, found);
  // A session list's only aggby is its default: stored as absent, as the builder leaves it.
  if (isListEndpoint(where.endpoint) && sameList(node.aggby, [LIST_AGGBY])) node.aggby = [];
  const query = deepFreeze(node as unknown as QueryNode);
  if (options.validate !== false) {
    const problems = validateNode(query, validateOptions(options), spans, table);
    for (let i = 0; i < problems.length; i++) found.report(problems[i]!);
  }
  if (found.errors.length > 0) return { ok: false, errors: found.errors, warnings: found.warnings };
  return { ok: true, query, warnings: found.warnings, baseUrl: where.baseUrl };
}

/** The problems found so far, sorted into errors and warnings. */
class Found {
  readonly errors: QueryDiagnostic[] = [];
  readonly warnings: QueryDiagnostic[] = [];

  report(d: QueryDiagnostic): void {
    (isError(d) ? this.errors : this.warnings).push(d);
  }
}

const NO_OPTIONS: ValidateOptions = Object.freeze({});

/** What of `fromURL`'s options validation reads. */
function validateOptions(options: FromURLOptions): ValidateOptions {
  if (options.limits === undefined && options.catalogue === undefined) return NO_OPTIONS;
  const opts: { limits?: Partial<QueryLimits>; catalogue?: AnyCatalogue } = {};
  if (options.limits !== undefined) opts.limits = options.limits;
  if (options.catalogue !== undefined) opts.catalogue = options.catalogue;
  return opts;
}

const sameList = (a: unknown, b: readonly string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

/** Where a URL's query is: its endpoint, customer id, base URL and parameters. */
type Location =
  | {
      readonly ok: true;
      readonly endpoint: Endpoint;
      readonly customerId: string;
      readonly baseUrl: string;
      readonly search: URLSearchParams;
      /** A customer id that is not valid percent-encoding (kept as written). */
      readonly problem: QueryDiagnostic | undefined;
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
  const customerId = decodeSegment(id);
  return {
    ok: true,
    endpoint,
    customerId: customerId ?? id,
    baseUrl,
    search: parsed.searchParams,
    problem: customerId === undefined ? badCustomerEncoding() : undefined,
  };
}

/** A path segment percent-decoded, `undefined` when it is not valid percent-encoding. */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const badCustomerEncoding = () =>
  problem('invalid_customer', 'customerId', 'The customer id in the path is not valid percent-encoding.');

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

/** Where reading a table's rows starts from, worked out once per table. */
interface Plan {
  readonly rows: readonly Parameter[];
  /** Each name's row index. */
  readonly index: ReadonlyMap<string, number>;
  /** The names, for a did-you-mean. */
  readonly names: readonly string[];
  /** The rows whose node value is never absent (lists, integers) and that value (`[]`, the default). */
  readonly always: readonly string[];
  readonly empty: readonly unknown[];
  /** Each row's hook for a URL that leaves it out (most have none), read without touching the row. */
  readonly absent: readonly (((node: Record<string, unknown>) => void) | undefined)[];
}

const PLANS = new WeakMap<readonly Parameter[], Plan>();

function planOf(table: readonly Parameter[]): Plan {
  let plan = PLANS.get(table);
  if (plan === undefined) {
    const names = table.map((row) => row.name);
    const always = table.filter((row) => row.empty !== undefined);
    plan = {
      rows: table,
      index: new Map(names.map((name, i) => [name, i])),
      names,
      always: always.map((row) => row.name),
      empty: always.map((row) => row.empty),
      absent: table.map((row) => row.absent?.bind(row)),
    };
    PLANS.set(table, plan);
  }
  return plan;
}

/**
 * The URL's parameter texts by row index: unknown names and repeats refused, empty values
 * ignored with a warning (kept as `''`, so that a repeat of an empty one is refused too).
 */
function collect(
  search: URLSearchParams,
  plan: Plan,
  options: FromURLOptions,
  found: Found,
): (string | undefined)[] {
  const texts = new Array<string | undefined>(plan.rows.length).fill(undefined);
  for (const [name, value] of search) {
    const i = plan.index.get(name);
    if (i === undefined) {
      found.report(unknownParameter(name, plan.names, options));
      continue;
    }
    // One rule for repeats, empty or not: `limit=&limit=` is a duplicate too.
    if (texts[i] !== undefined) {
      found.report(problem('duplicate_parameter', name, `The parameter "${name}" is given more than once.`));
      continue;
    }
    texts[i] = value;
    if (value === '') {
      const message = `The parameter "${name}" is empty and was ignored.`;
      found.report(problem(plan.rows[i]!.code, name, message, { severity: 'warning' }));
    }
  }
  return texts;
}

function unknownParameter(name: string, names: readonly string[], options: FromURLOptions): QueryDiagnostic {
  const hint = suggestName(name, names);
  const severity = options.ignoreUnknownParameters ? 'warning' : 'error';
  const message = `Unknown query parameter "${name}"${didYouMean(hint)}`;
  return problem('unknown_parameter', name, message, { hint, severity });
}

const NO_SPANS: SourceSpans = Object.freeze({});

/** Each parameter's text read by its row, in table order, into the node; the grammar's spans kept. */
function read(
  texts: readonly (string | undefined)[],
  plan: Plan,
  node: Record<string, unknown>,
  found: Found,
): SourceSpans {
  let spans: Record<string, () => unknown> | undefined;
  const rows = plan.rows;
  for (let i = 0; i < rows.length; i++) {
    const text = texts[i];
    if (text === undefined || text === '') {
      plan.absent[i]?.(node);
      continue;
    }
    const row = rows[i]!;
    const r = row.decode(text, GRAMMAR_PARSERS);
    if (r.problem !== undefined) {
      const { message, suggest } = r.problem;
      const hint = suggest === undefined ? undefined : suggestName(text, suggest);
      found.report(problem(row.code, row.name, message, { hint }));
    }
    if (r.value !== undefined) node[row.name] = r.value;
    if (r.warnings !== undefined)
      for (const w of r.warnings) found.report(fromGrammar(row.code, row.name, w));
    if (r.spans !== undefined) {
      spans ??= {};
      spans[row.name] = r.spans;
    }
  }
  return spans ?? NO_SPANS;
}
