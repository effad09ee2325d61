// The result changed under a walk over its pages: a page repeated records of the page before it
// (the data shifted between requests, or a faulty proxy served a stale page), or `totalrecords`
// changed. Records already handed out may then be duplicated or missing; restart the walk.
import { brandClass, errorBrand, hasBrand, PlayqError } from './playq-error';

/**
 * A walk over pages found the result inconsistent: `kind: 'overlap'` when the page at `offset`
 * repeats records of the page before it, `'total_changed'` when its `totalrecords` differs from
 * the first page's. Restarting the walk from the start (`all()` does so with `restarts`) is the fix.
 *
 * @example
 * ```ts
 * try {
 *   for await (const record of client.records(query)) write(record);
 * } catch (error) {
 *   if (PlayqConsistencyError.isInstance(error)) startOver();
 * }
 * ```
 */
export class PlayqConsistencyError extends PlayqError {
  static override readonly brand: symbol = errorBrand('PlayqConsistencyError');
  static override isInstance(value: unknown): value is PlayqConsistencyError {
    return hasBrand(value, PlayqConsistencyError.brand);
  }
  readonly kind: 'overlap' | 'total_changed';
  /** The offset of the page that showed the problem. */
  readonly offset: number;
  /** `totalrecords` of the first page of the walk. */
  readonly firstTotal: number;
  /** `totalrecords` of the page that showed the problem. */
  readonly total: number;
  /** Restarting the walk may succeed. */
  readonly retryable = true;
  constructor(init: {
    kind: 'overlap' | 'total_changed';
    offset: number;
    firstTotal: number;
    total: number;
  }) {
    super(
      init.kind === 'overlap'
        ? `@playq/client: the page at offset ${init.offset} repeats records of the page before it; the result changed during the walk, restart it`
        : `@playq/client: totalrecords changed from ${init.firstTotal} to ${init.total} at offset ${init.offset}; the result changed during the walk, restart it`,
    );
    this.kind = init.kind;
    this.offset = init.offset;
    this.firstTotal = init.firstTotal;
    this.total = init.total;
  }
}
brandClass(PlayqConsistencyError, 'PlayqConsistencyError');
