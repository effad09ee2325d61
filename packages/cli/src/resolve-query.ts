// From a URL (typed by the user or made from flags) to a validated query: the query package's
// codec parses and checks it, and every problem is printed with the parameter it concerns and,
// inside a filter, qoefilter or period, a caret under the offending text.
import { type AnyCatalogue, ENDPOINTS, fromURL, type QueryDiagnostic, type QueryNode } from '@playq/query';
import { CliError, EXIT, usageError } from './errors';
import type { Colors } from './format/colors';
import { renderDiagnostic, renderUnplaced } from './format/diagnostics';
import { terminalText } from './format/terminal-text';
import type { Context } from './io';

export interface ResolvedQuery {
  readonly query: QueryNode;
  readonly warnings: readonly QueryDiagnostic[];
  /** The part of the URL before `/{endpoint}/{customerId}`. */
  readonly baseUrl: string;
}

/**
 * Whether `url` is root-relative (`/mm-apis/metricquery/…`), as the vendor's documentation writes
 * query URLs; `fromURL` reads those too.
 *
 * @example
 * isRelativeUrl('/mm-apis/metricquery/199493832?metrics=errors'); // true
 * isRelativeUrl('//host/x'); // false (protocol-relative: it names a host)
 */
export function isRelativeUrl(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

// Where a relative URL is parsed from; it never appears in anything printed.
const NO_ORIGIN = 'http://relative.invalid';

// `{base}/{endpoint}/{customerId}`: the base is what comes before the endpoint's segment.
const QUERY_PATH = new RegExp(`^(.*)/(${ENDPOINTS.join('|')})/[^/]*/?$`);

/**
 * The base URL of a query URL: everything before its last `/{endpoint}/` segment (any of ENDPOINTS);
 * of a relative URL (with `relative`), its path part.
 *
 * @example
 * baseUrlOf('http://127.0.0.1:8080/api/v1/metricquery/demo?metrics=errors'); // 'http://127.0.0.1:8080/api/v1'
 * baseUrlOf('/mm-apis/metricquery/199493832?metrics=errors', { relative: true }); // '/mm-apis'
 */
export function baseUrlOf(url: string, options: { readonly relative?: boolean } = {}): string {
  const relative = options.relative === true && isRelativeUrl(url);
  let parsed: URL;
  try {
    parsed = relative ? new URL(url, NO_ORIGIN) : new URL(url);
  } catch {
    throw usageError(`not a URL: "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw usageError(`not an http(s) URL: "${url}"`);
  const match = QUERY_PATH.exec(parsed.pathname);
  if (!match) {
    throw usageError(
      `"${url}" is not a query URL: expected {base_url}/<endpoint>/<customer> with <endpoint> one of ${ENDPOINTS.join(', ')}`,
    );
  }
  return relative ? (match[1] ?? '') : `${parsed.origin}${match[1]}`;
}

function paramText(url: string, param: string | undefined): string | undefined {
  if (param === undefined) return undefined;
  try {
    return new URL(url, NO_ORIGIN).searchParams.get(param) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * One query diagnostic for a terminal, as the library words it: where the diagnostic has a
 * position, the parameter's text with a caret under it; otherwise its code and message. The label
 * is the library's (the message names its parameter when it needs to), said once.
 *
 * @example
 * renderQueryDiagnostic(url, { code: 'unknown_metric', param: 'metrics', message: '...', severity: 'error' }, colors);
 */
export function renderQueryDiagnostic(url: string, d: QueryDiagnostic, colors: Colors): string {
  const text = paramText(url, d.param);
  if (d.offset !== undefined && text !== undefined) return renderDiagnostic(text, d, colors);
  return renderUnplaced(d, colors);
}

export interface ResolveOptions {
  /**
   * Accept a session query without `planlevel`: the client looks it up on the plan host before
   * sending (docs/query.md), so only a shareable URL must carry it.
   */
  readonly allowMissingPlanlevel?: boolean;
  /** The catalogue to check names against (default: the default catalogue). */
  readonly catalogue?: AnyCatalogue;
  /** Accept a root-relative URL (`/mm-apis/metricquery/…`); its base URL is then a path. */
  readonly relative?: boolean;
}

const isMissingPlanlevel = (d: QueryDiagnostic): boolean =>
  d.code === 'missing_parameter' && d.param === 'planlevel';

/**
 * A query URL checked: its query, or every problem the library finds in it, printing nothing.
 *
 * @example
 * const r = checkQueryUrl('/api/v1/metricquery/demo?metrics=latncy', { relative: true });
 * if (!r.ok) r.problems[0].code; // 'missing_parameter' (no period), then 'unknown_metric'
 */
export function checkQueryUrl(
  url: string,
  options: ResolveOptions = {},
):
  | (ResolvedQuery & { readonly ok: true })
  | { readonly ok: false; readonly problems: readonly QueryDiagnostic[] } {
  const baseUrl = baseUrlOf(url, { relative: options.relative === true });
  const catalogue = options.catalogue === undefined ? {} : { catalogue: options.catalogue };
  let parsed = fromURL(url, catalogue);
  if (!parsed.ok && options.allowMissingPlanlevel && parsed.errors.every(isMissingPlanlevel)) {
    // Every other check passed; take the query unvalidated and let the client fill in planlevel.
    parsed = fromURL(url, { validate: false });
  }
  if (!parsed.ok) {
    // A planlevel that would be looked up is no problem of the URL's.
    const problems = options.allowMissingPlanlevel
      ? parsed.errors.filter((d) => !isMissingPlanlevel(d))
      : parsed.errors;
    return { ok: false, problems };
  }
  return { ok: true, query: parsed.query, warnings: parsed.warnings, baseUrl };
}

/**
 * A query URL checked as every command takes it: each problem printed (exit 1), each warning
 * printed, the query returned.
 *
 * @example
 * const { query, baseUrl } = resolveQueryUrl(ctx, 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=...&metrics=errors');
 */
export function resolveQueryUrl(ctx: Context, url: string, options: ResolveOptions = {}): ResolvedQuery {
  const checked = checkQueryUrl(url, options);
  if (!checked.ok) {
    for (const d of checked.problems) ctx.err(renderQueryDiagnostic(url, d, ctx.errColor));
    const n = checked.problems.length;
    throw new CliError(`the query is not valid (${n} ${n === 1 ? 'problem' : 'problems'})`, EXIT.failure);
  }
  for (const w of checked.warnings) ctx.err(renderQueryDiagnostic(url, w, ctx.errColor));
  return { query: checked.query, warnings: checked.warnings, baseUrl: checked.baseUrl };
}
