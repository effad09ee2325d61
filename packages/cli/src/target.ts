// What `playq query` (and `explain`) is asked to run: a pasted URL, or an endpoint and customer id
// with query flags, resolved into one validated query and the base URL to send it to.
import { ENDPOINTS, hasHttpScheme, isEndpoint } from '@playq/query';
import type { Command } from 'commander';
import { usageError } from './errors';
import type { Context } from './io';
import { checkPeriodFlag } from './period-hint';
import { flagsToUrl, type QueryFlags, resolveBaseUrl, SHAPE_FLAGS } from './query-flags';
import { isRelativeUrl, type ResolvedQuery, type ResolveOptions, resolveQueryUrl } from './resolve-query';

export interface Target extends ResolvedQuery {
  /** The URL as the flags or the user wrote it. */
  readonly url: string;
}

/**
 * Whether a target is a query URL: absolute http(s), or root-relative as the vendor's docs write it.
 *
 * @example
 * isUrlTarget('/mm-apis/metricquery/199493832?metrics=errors'); // true
 * isUrlTarget('metricquery'); // false
 */
export function isUrlTarget(target: string): boolean {
  return hasHttpScheme(target) || isRelativeUrl(target);
}

/**
 * The query-shaping flags given on the command line, as the user typed them (`--limit`), for a
 * refusal that names them.
 *
 * @example
 * givenShapeFlags(command, { metrics: ['errors'], limit: 5 }); // ['--metrics', '--limit']
 */
export function givenShapeFlags(command: Command, flags: QueryFlags): string[] {
  const shape = new Set<string>(SHAPE_FLAGS);
  return command.options
    .filter((o) => shape.has(o.attributeName()) && flags[o.attributeName() as keyof QueryFlags] !== undefined)
    .map((o) => o.long ?? o.flags);
}

/**
 * Resolves `<url>` or `<endpoint> <customerId>` plus flags into a validated query. A root-relative
 * URL is resolved against the origin of the base URL (--base-url, PLAYQ_BASE_URL or the default),
 * as a browser would.
 *
 * @example
 * resolveTarget(ctx, 'metricquery', 'demo', { last: 86400, metrics: ['errors'] });
 */
export function resolveTarget(
  ctx: Context,
  target: string,
  customerId: string | undefined,
  flags: QueryFlags,
  options: ResolveOptions = {},
): Target {
  if (isUrlTarget(target)) {
    if (customerId !== undefined) throw usageError(`unexpected argument "${customerId}" after a query URL`);
    if (isRelativeUrl(target)) {
      const url = new URL(target, resolveBaseUrl(flags, ctx.io.env)).href;
      return { ...resolveQueryUrl(ctx, url, options), url };
    }
    if (flags.baseUrl !== undefined)
      throw usageError(
        '--base-url goes with an endpoint and customer id, or a /relative URL, not with a full URL',
      );
    return { ...resolveQueryUrl(ctx, target, options), url: target };
  }
  if (!isEndpoint(target)) {
    throw usageError(
      `"${target}" is neither a query URL (http(s)://… or /…) nor an endpoint (${ENDPOINTS.join(', ')})`,
    );
  }
  if (customerId === undefined) throw usageError(`missing the customer id after "${target}"`);
  checkPeriodFlag(flags.period);
  const baseUrl = resolveBaseUrl(flags, ctx.io.env);
  const url = flagsToUrl(target, customerId, flags, baseUrl, Date.now() / 1000, options.catalogue);
  return { ...resolveQueryUrl(ctx, url, options), url };
}
