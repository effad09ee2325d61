// From a URL (typed by the user or made from flags) to a validated query: the query package's
// codec parses and checks it, and every problem is printed with the parameter it concerns and,
// inside a filter, qoefilter or period, a caret under the offending text.
import { type AnyCatalogue, ENDPOINTS, fromURL, type QueryDiagnostic, type QueryNode } from '@playq/query';
import { CliError, EXIT, usageError } from './errors';
import type { Colors } from './format/colors';
import { renderDiagnostic } from './format/diagnostics';
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

// The query package words did-you-mean in its messages; a hint is printed only when it adds to them.
const addsToMessage = (d: QueryDiagnostic): boolean =>
  d.hint !== undefined && !d.message.includes(`"${d.hint}"`);

/**
 * One query diagnostic for a terminal: its code and parameter, the message, and where the grammar
 * knows the position, the parameter's text with a caret.
 *
 * @example
 * renderQueryDiagnostic(url, { code: 'unknown_metric', param: 'metrics', message: '...', severity: 'error' }, colors);
 */
export function renderQueryDiagnostic(url: string, diagnostic: QueryDiagnostic, colors: Colors): string {
  const { hint: _, ...bare } = diagnostic;
  const d: QueryDiagnostic = addsToMessage(diagnostic) ? diagnostic : bare;
  const text = paramText(url, d.param);
  if (d.cause && text !== undefined) {
    const rendered = renderDiagnostic(
      text,
      {
        ...d.cause,
        ...(d.hint && !d.cause.hint && !d.cause.message.includes(d.hint) ? { hint: d.hint } : {}),
      },
      colors,
    );
    return `${colors.dim(`in ${terminalText(d.param ?? '')}:`)}\n${rendered}`;
  }
  const label = d.severity === 'warning' ? colors.yellow('warning') : colors.red('error');
  const where = d.param ? ` ${colors.dim(`(${terminalText(d.param)})`)}` : '';
  // Messages that already end in the suggestion ("…; did you mean "orderby"?") say it once.
  const hint = d.hint && !d.message.includes(d.hint) ? `\n  hint: ${terminalText(d.hint)}` : '';
  return `${label}[${terminalText(d.code)}]${where}: ${terminalText(d.message)}${hint}\n`;
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
 * Parses and validates a query URL; prints warnings to stderr; on errors prints each and throws
 * a CliError with exit code 1.
 *
 * @example
 * const { query, baseUrl } = resolveQueryUrl(ctx, 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=...&metrics=errors');
 */
export function resolveQueryUrl(ctx: Context, url: string, options: ResolveOptions = {}): ResolvedQuery {
  const baseUrl = baseUrlOf(url, { relative: options.relative === true });
  const catalogue = options.catalogue === undefined ? {} : { catalogue: options.catalogue };
  let parsed = fromURL(url, catalogue);
  if (!parsed.ok && options.allowMissingPlanlevel && parsed.errors.every(isMissingPlanlevel)) {
    // Every other check passed; take the query unvalidated and let the client fill in planlevel.
    parsed = fromURL(url, { validate: false });
  }
  if (!parsed.ok) {
    for (const d of parsed.errors) ctx.err(renderQueryDiagnostic(url, d, ctx.errColor));
    const n = parsed.errors.length;
    throw new CliError(`the query is not valid (${n} ${n === 1 ? 'problem' : 'problems'})`, EXIT.failure);
  }
  for (const w of parsed.warnings) ctx.err(renderQueryDiagnostic(url, w, ctx.errColor));
  return { query: parsed.query, warnings: parsed.warnings, baseUrl };
}
