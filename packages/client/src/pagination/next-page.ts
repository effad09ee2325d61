// Where the page after a page starts: one rule for walking a result, owned here and used by the
// client's page stream and by the TanStack Query options.
import type { Page } from '../response/envelope';

/**
 * The offset of the page after `page`, or `undefined` when `page` is the last one: it is empty,
 * or the next offset is past the result's records (`pagecount` pages of `limit`).
 * @internal
 */
export function nextPageOffset(
  page: Pick<Page<unknown>, 'offset' | 'limit' | 'totalrecords' | 'records'>,
): number | undefined {
  if (page.records.length === 0) return undefined;
  const next = page.offset + page.limit;
  return next < page.totalrecords ? next : undefined;
}
