// Validation of the plain parameters: the customer id, the plan level, ordering and paging.
import { isDimension, isMetric, TIMESTAMP } from '../catalogue/catalogue';
import { didYouMean, suggestName } from '../catalogue/suggest-name';
import { orList } from '../util/word-list';
import { CUSTOMER_ID_PATTERN, isCustomerId } from '../wire/customer-id';
import { ENDPOINTS, isEndpoint } from '../wire/endpoints';
import { problem } from './diagnostics';
import type { Context } from './validate';

const PLAN_LEVEL = /^[A-Za-z0-9._-]{1,64}$/;

/** @internal */
export function checkCustomer(cx: Context): void {
  const { q, out } = cx;
  if (!isEndpoint(q.endpoint)) {
    out.push(
      problem(
        'not_found',
        'path',
        `Unknown endpoint "${String(q.endpoint)}": expected ${orList(ENDPOINTS)}.`,
      ),
    );
  }
  if (typeof q.customerId !== 'string' || !CUSTOMER_ID_PATTERN.test(q.customerId)) {
    out.push(
      problem(
        'invalid_customer',
        'customerId',
        'The customer id must be 1 to 128 characters of letters, digits, ".", "_" or "-".',
      ),
    );
  } else if (!isCustomerId(q.customerId)) {
    out.push(problem('invalid_customer', 'customerId', `The customer id cannot be "${q.customerId}".`));
  }
}

/** @internal */
export function checkPlanLevel(cx: Context, required: boolean): void {
  const { q, out } = cx;
  if (!cx.session) {
    if (q.planlevel !== undefined) {
      out.push(problem('invalid_planlevel', 'planlevel', 'planlevel applies only to the session endpoint.'));
    }
    return;
  }
  if (q.planlevel === undefined) {
    if (required) {
      out.push(
        problem(
          'missing_parameter',
          'planlevel',
          'The session endpoint requires planlevel (the customer plan level from the plan host).',
        ),
      );
    }
  } else if (!PLAN_LEVEL.test(q.planlevel)) {
    out.push(
      problem(
        'invalid_planlevel',
        'planlevel',
        `planlevel "${q.planlevel}" is not a plan identifier such as "2".`,
      ),
    );
  }
}

/** @internal */
export function checkOrder(cx: Context): void {
  const { q, out, catalogue } = cx;
  if (q.orderby !== undefined) {
    const allowed = [...cx.numeric, ...cx.fields, ...cx.dims.filter((d) => d !== TIMESTAMP)];
    if (cx.timeseries) allowed.push(TIMESTAMP);
    if (!allowed.includes(q.orderby)) {
      const requested = allowed.length > 0 ? allowed.join(', ') : 'none';
      const known =
        isMetric(q.orderby, catalogue) || isDimension(q.orderby, catalogue) || q.orderby === TIMESTAMP;
      const hint = known ? undefined : suggestName(q.orderby, allowed);
      out.push(
        problem(
          'invalid_orderby',
          'orderby',
          known
            ? `orderby=${q.orderby} is not in this query's metrics or aggby (requested: ${requested}).`
            : `orderby must name a requested metric or dimension (requested: ${requested}), not "${q.orderby}"${didYouMean(hint)}`,
          { hint },
        ),
      );
    }
  }
  if (q.order !== undefined && q.order !== 'asc' && q.order !== 'desc') {
    out.push(problem('invalid_order', 'order', `order must be asc or desc, not "${String(q.order)}".`));
  }
}

/** @internal */
export function checkPaging(cx: Context): void {
  const { q, out, limits } = cx;
  if (!Number.isSafeInteger(q.limit) || q.limit < 1 || q.limit > limits.maxLimit) {
    out.push(
      problem(
        'invalid_limit',
        'limit',
        `limit must be an integer from 1 to ${limits.maxLimit}, not ${q.limit}.`,
      ),
    );
  }
  if (!Number.isSafeInteger(q.offset) || q.offset < 0) {
    out.push(problem('invalid_offset', 'offset', `offset must be a non-negative integer, not ${q.offset}.`));
  }
}
