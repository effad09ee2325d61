// What `playq query` (and `explain`) is asked to run: a pasted URL, or an endpoint and customer id
// with query flags, resolved into one validated query and the base URL to send it to.
import { usageError } from './errors';
import type { Context } from './io';
import { flagsToUrl, type QueryFlags, resolveBaseUrl } from './query-flags';
import { type ResolvedQuery, type ResolveOptions, resolveQueryUrl } from './resolve-query';

export interface Target extends ResolvedQuery {
  /** The URL as the flags or the user wrote it. */
  readonly url: string;
}

const ENDPOINTS = ['metricquery', 'session'];

/**
 * Resolves `<url>` or `<endpoint> <customerId>` plus flags into a validated query.
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
  if (/^https?:\/\//i.test(target)) {
    if (customerId !== undefined) throw usageError(`unexpected argument "${customerId}" after a query URL`);
    if (flags.baseUrl !== undefined)
      throw usageError('--base-url goes with an endpoint and customer id, not with a URL');
    return { ...resolveQueryUrl(ctx, target, options), url: target };
  }
  if (!ENDPOINTS.includes(target)) {
    throw usageError(
      `"${target}" is neither a query URL (http:// or https://) nor an endpoint (metricquery or session)`,
    );
  }
  if (customerId === undefined) throw usageError(`missing the customer id after "${target}"`);
  const baseUrl = resolveBaseUrl(flags, ctx.io.env);
  const url = flagsToUrl(target, customerId, flags, baseUrl, Date.now() / 1000, options.catalogue);
  return { ...resolveQueryUrl(ctx, url, options), url };
}
