// Small helpers for the base URLs a user configures (`{base_url}`, `{plan_url}`): the same test for
// "is this an http(s) URL" and the same trailing-slash rule everywhere a path is appended.

/** Where `playq serve` answers by default: the base URL tools assume when none is given. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8080/api/v1';

/**
 * The text without its trailing slashes, so that a path can be appended with one `/`.
 *
 * @example
 * withoutTrailingSlash('http://127.0.0.1:8080/api/v1//'); // 'http://127.0.0.1:8080/api/v1'
 */
export function withoutTrailingSlash(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 47) end--;
  return end === url.length ? url : url.slice(0, end);
}

/**
 * Whether a text starts with an `http://` or `https://` scheme (any case): how a command line
 * tells a pasted URL from an endpoint name, before parsing it.
 *
 * @example
 * hasHttpScheme('HTTPS://example.com/api/v1/metricquery/demo'); // true
 * hasHttpScheme('metricquery'); // false
 */
export function hasHttpScheme(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

/**
 * Whether a value parses as an absolute URL with the http or https scheme.
 *
 * @example
 * isHttpUrl('http://127.0.0.1:8080/api/v1'); // true
 * isHttpUrl('ftp://example.com'); // false
 * isHttpUrl('/api/v1'); // false
 */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}
