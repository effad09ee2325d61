// Where one page of a paged list sits (the list's own limit/offset paging): which rows of the
// total it shows, and the offsets of the pages before and after it, for the sessions' page
// controls.

/**
 * One page's place in the list: rows `first`–`last` (1-based; `last < first` for an empty page)
 * of `total`, and the offsets of its neighbours.
 */
export interface PageWindow {
  readonly first: number;
  readonly last: number;
  readonly total: number;
  /** The offset of the page before, absent on the first page. */
  readonly previous?: number;
  /** The offset of the page after, absent when this page reaches the end. */
  readonly next?: number;
}

/**
 * The window of a page of `shown` records asked for at `offset` with page size `limit`, out of
 * `total` (the answer's `totalrecords`).
 *
 * @example
 * pageWindow({ offset: 20, limit: 20, shown: 20, total: 45 });
 * // { first: 21, last: 40, total: 45, previous: 0, next: 40 }
 */
export function pageWindow(page: {
  readonly offset: number;
  readonly limit: number;
  readonly shown: number;
  readonly total: number;
}): PageWindow {
  const { offset, limit, shown, total } = page;
  const last = offset + shown;
  return {
    first: offset + 1,
    last,
    total,
    ...(offset > 0 ? { previous: Math.max(0, offset - limit) } : {}),
    ...(shown > 0 && last < total ? { next: last } : {}),
  };
}

/**
 * The line beside the page controls.
 *
 * @example
 * pageText({ first: 21, last: 40, total: 45 }); // 'Sessions 21–40 of 45'
 * pageText({ first: 1, last: 0, total: 0 }); // 'No sessions'
 */
export function pageText(w: PageWindow): string {
  if (w.total === 0) return 'No sessions';
  if (w.last < w.first) return `No sessions past ${w.total}`;
  return w.first === w.last
    ? `Session ${w.first} of ${w.total}`
    : `Sessions ${w.first}–${w.last} of ${w.total}`;
}
