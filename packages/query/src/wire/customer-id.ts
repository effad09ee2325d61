// The customer-id rule (letters, digits, `.`, `_`, `-`; 1 to 128 of them) and its one trap: a
// customer id of `.` or `..` is a dot segment that URL parsers resolve away, so a path ending in
// one must be refused before it is parsed, with the same message wherever that happens.
import { ENDPOINTS } from './endpoints';
import { PLAN_LOOKUP_SEGMENT } from './paths';

/** The customer-id rule, shared by every package that checks one. */
export const CUSTOMER_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** What a caller is told about a dot-segment customer id. */
export const DOT_SEGMENT_CUSTOMER_MESSAGE = 'The customer id may not be "." or "..".';

/**
 * Whether a string is a valid customer id: 1 to 128 letters, digits, `.`, `_` or `-`, and not a
 * path segment that URL parsers resolve away (`.`, `..`).
 *
 * @example
 * isCustomerId('acme-01'); // true
 * isCustomerId('a/b'); // false
 */
export function isCustomerId(id: unknown): id is string {
  return typeof id === 'string' && CUSTOMER_ID_PATTERN.test(id) && id !== '.' && id !== '..';
}

// `.` and `..`, maybe percent-encoded, as the last segment after an endpoint or the plan lookup.
const DOT_CUSTOMER = new RegExp(`/(${[...ENDPOINTS, PLAN_LOOKUP_SEGMENT].join('|')})/(\\.|%2e){1,2}/?$`, 'i');

/**
 * Whether a URL's path (or the whole URL text) ends in an endpoint or the plan lookup followed by
 * a dot-segment customer id, which `new URL()` would silently remove. Anything from `?` or `#` on
 * is ignored.
 *
 * @example
 * hasDotSegmentCustomer('/api/v1/metricquery/..?metrics=errors'); // true
 * hasDotSegmentCustomer('/api/v1/metricquery/demo'); // false
 */
export function hasDotSegmentCustomer(url: string): boolean {
  return DOT_CUSTOMER.test(pathPart(url));
}

/** The text before the query string or fragment (no regex split: this runs on every parse). */
function pathPart(url: string): string {
  const q = url.indexOf('?');
  const h = url.indexOf('#');
  const end = q === -1 ? h : h === -1 ? q : Math.min(q, h);
  return end === -1 ? url : url.slice(0, end);
}
